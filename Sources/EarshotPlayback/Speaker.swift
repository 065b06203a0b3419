import Foundation

/// A voice ready to speak: its profile, the process's eSpeak NG engine and the profile's text
/// normalizer. Everything Earshot says goes through `synthesize`, so the transcript keeps the
/// original text while the engine hears the normalized one.
public final class Speaker: Sendable {
    public let profile: VoiceProfile
    public let engine: SpeechEngine
    public let normalizer: any TextNormalizer

    /// Loads the profile's normalizer; engine problems surface on the first synthesis.
    public init(profile: VoiceProfile, engine: SpeechEngine) throws {
        self.profile = profile
        self.engine = engine
        self.normalizer = try profile.textNormalizerOrIdentity()
    }

    /// Loads a profile by name or path from the voices folder and starts the engine.
    public convenience init(voice: String, library: VoiceLibrary = .locate(), espeakData: String? = nil) throws {
        let profile = try library.profile(voice)
        try self.init(profile: profile, engine: try SpeechEngine(dataPath: espeakData))
    }

    public var sampleRate: Int { engine.sampleRate }

    /// The text the engine is given for `text`: normalized for the profile's language.
    public func engineText(for text: String) -> String {
        normalizer.normalize(text)
    }

    /// Synthesizes `text` after normalization with the profile's engine settings.
    public func synthesize(
        _ text: String,
        cancellation: SynthesisCancellation? = nil,
        onChunk: ((SynthesisChunk) -> Void)? = nil
    ) throws -> Synthesis {
        try engine.synthesize(engineText(for: text), settings: profile.engine,
                              cancellation: cancellation, onChunk: onChunk)
    }

    /// Selects the profile's engine settings once (voice, rate, pitch), so that a voice eSpeak NG
    /// lacks or data it cannot load fails here, with the engine's message (exit 69), before any
    /// work: never as every utterance of a run dropped.
    public func checkEngine() throws {
        _ = try engine.phonemes("", settings: profile.engine)
    }

    /// Synthesizes `text` after normalization, handing each engine buffer to `onChunk` and
    /// keeping nothing: memory stays flat for a text of any length. Returns the sample count.
    @discardableResult
    public func stream(_ text: String, onChunk: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> Int {
        try engine.stream(engineText(for: text), settings: profile.engine, onChunk: onChunk)
    }

    /// Speaks `text`, then after `hintPause` seconds `hint`, straight into a WAV file (temporary
    /// name, then a rename; nothing is left if it fails): memory stays flat for any length.
    /// Returns the file's length in seconds.
    @discardableResult
    public func write(_ text: String, hint: String?, hintPause: Double, to path: String) throws -> Double {
        let writer = try WAVStreamWriter(path: path, sampleRate: sampleRate)
        do {
            try stream(text) { try writer.append($0) }
            if let hint {
                try writer.append(PCMBuffer.silence(seconds: hintPause, sampleRate: sampleRate).samples)
                try stream(hint) { try writer.append($0) }
            }
            try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
        return Double(writer.sampleCount) / Double(sampleRate)
    }

    /// eSpeak's phonemes for the normalized text.
    public func phonemes(_ text: String) throws -> String {
        try engine.phonemes(engineText(for: text), settings: profile.engine)
    }
}
