import Foundation

/// A speech device for desk checks without a speech engine: it plays nothing, gives each
/// utterance the length eSpeak NG would take to say it, estimated from its text
/// (`SpeechDurationEstimate`), and each earcon the exact length of its sound.
///
/// With a `VirtualClock` a scenario then runs anywhere the core builds, with no C library and no
/// audio; the scheduler makes its usual decisions on the estimated times. Transcripts made with
/// it carry `durationsEstimated`, and their written forms say so on their first line.
public final class EstimatedSpeechDevice: SpeechDevice, Sendable {
    /// eSpeak NG's output rate: estimated lengths are whole samples at it, as real ones are.
    public static let speechSampleRate = 22050

    public let estimate: SpeechDurationEstimate
    /// The engine rate the profile speaks at, in words per minute.
    public let rate: Int
    /// The profile's text normalization: the estimate counts what the engine would be given.
    public let normalizer: any TextNormalizer
    /// The length of every earcon of the profile, in samples at `speechSampleRate`.
    public let earconSamples: [EarconName: Int]

    public init(estimate: SpeechDurationEstimate, rate: Int, normalizer: any TextNormalizer,
                earconSamples: [EarconName: Int]) {
        self.estimate = estimate
        self.rate = rate
        self.normalizer = normalizer
        self.earconSamples = earconSamples
    }

    /// The length of every earcon of the profile in seconds, for outputs.
    public var earconLengths: [EarconName: Double] {
        earconSamples.mapValues { Double($0) / Double(Self.speechSampleRate) }
    }

    /// The device for a voice profile: its `durationEstimate`, engine rate, normalization and
    /// earcons (tones, or the WAV files that replace them).
    public convenience init(profile: VoiceProfile) throws {
        var lengths: [EarconName: Int] = [:]
        for definition in try EarconDefinition.decodeAll(profile: profile) {
            let samples = try definition.file.map { try Self.wavSampleCount($0, for: definition) }
                ?? definition.toneSampleCount(sampleRate: Self.speechSampleRate)
            lengths[definition.name] = samples
        }
        self.init(estimate: try SpeechDurationEstimate(profile: profile), rate: profile.engine.rate,
                  normalizer: try profile.textNormalizerOrIdentity(), earconSamples: lengths)
    }

    public var durationsAreEstimated: Bool { true }

    /// The estimated length of `utterance` in whole samples at `speechSampleRate`.
    public func sampleCount(of utterance: Utterance) -> Int {
        if let earcon = utterance.earcon { return earconSamples[earcon] ?? 0 }
        let seconds = estimate.seconds(for: normalizer.normalize(utterance.text), rate: rate)
        return PCMBuffer.sampleCount(seconds: seconds, sampleRate: Self.speechSampleRate)
    }

    /// The estimated length of `utterance`, to the sample.
    public func duration(of utterance: Utterance) -> TimelineDuration {
        .samples(sampleCount(of: utterance), rate: Self.speechSampleRate)
    }

    public func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? {
        duration(of: utterance)
    }

    public func stop(_ utterance: Utterance, at time: TimelineInstant) {}

    /// The samples in the `data` chunk of a 16-bit mono WAV file (the audio layer checks the
    /// format when it plays the file; here only its length matters).
    static func wavSampleCount(_ path: String, for definition: EarconDefinition) throws -> Int {
        func fail(_ problem: String) -> Error {
            let message = "earcon \"\(definition.name)\" file \(path) \(problem)"
            guard let location = definition.location else { return FileIOError(path: path, reason: problem) }
            return DataFileError(message, at: location)
        }
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else {
            throw fail("cannot be read")
        }
        func uint32(at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
            throw fail("is not a WAV file")
        }
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = uint32(at: offset + 4)
            if bytes[offset..<offset + 4].elementsEqual("data".utf8) {
                return min(size, bytes.count - offset - 8) / 2
            }
            offset += 8 + size + size % 2
        }
        throw fail("has no data chunk")
    }
}
