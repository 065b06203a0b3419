import EarshotAudio
import EarshotCore
import EarshotSpeech
import Foundation

/// The speech device for rendering on a virtual clock: it synthesizes each utterance (or takes
/// its earcon) when the scheduler starts it, and streams the timeline to a WAV file in order:
/// silence up to each start, the sound, and a cut exactly at the cut sample.
///
/// Only the utterance playing now is held in memory (`peakBufferedSamples` records the most it
/// ever held); everything before it is already in the file, so an hour renders in a few
/// megabytes. The same utterances at the same times always give the same bytes.
///
/// Without a writer it still synthesizes, because the scheduler needs real durations; only the
/// length is kept, and a text the speaker has already measured (`Speaker.sampleCount`: the same
/// text in this run, or in an earlier scenario of a suite at the same voice and rate) is not
/// synthesized again.
public final class TimelineRenderer: SpeechDevice {
    public let speaker: Speaker
    public let earcons: EarconLibrary
    public let sampleRate: Int
    private let writer: WAVStreamWriter?

    /// The utterance playing, not yet written: its first sample's index on the timeline, its
    /// length, and its samples (none without a writer: only the length matters then).
    private var held: (id: Int, start: Int, count: Int, samples: [Int16])?
    /// Samples of the timeline already written (or, without a writer, passed).
    public private(set) var timelineSamples = 0
    /// The most samples ever held in memory at once (one utterance or earcon).
    public private(set) var peakBufferedSamples = 0
    /// The first write failure; reported by `finish` (the scheduler's device calls cannot throw it).
    private var writeError: Error?
    /// The first failure of the speech engine itself (exit 69): a run that met one has no
    /// meaningful transcript, and its caller reports this instead of the dropped utterances.
    public private(set) var engineFailure: UserFacingError?
    private var finished = false
    private let silenceBlock = [Int16](repeating: 0, count: 4096)

    public init(speaker: Speaker, earcons: EarconLibrary, output writer: WAVStreamWriter? = nil) {
        precondition(writer == nil || writer!.sampleRate == speaker.sampleRate, "WAV and engine sample rates differ")
        self.speaker = speaker
        self.earcons = earcons
        sampleRate = speaker.sampleRate
        self.writer = writer
    }

    /// A renderer with the profile's earcons at the engine's rate.
    public convenience init(speaker: Speaker, output writer: WAVStreamWriter? = nil) throws {
        try self.init(speaker: speaker, earcons: EarconLibrary(profile: speaker.profile, sampleRate: speaker.sampleRate),
                      output: writer)
    }

    /// The sample at clock time `time` (the nearest one).
    public func sampleIndex(at time: TimelineInstant) -> Int {
        time.sampleIndex(rate: sampleRate)
    }

    public func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? {
        let startSample = sampleIndex(at: time)
        commitHeld(until: startSample)
        var samples: [Int16] = []
        let count: Int
        if let earcon = utterance.earcon {
            guard let buffer = earcons.buffer(for: earcon) else {
                throw EarconMissing(name: earcon)
            }
            samples = buffer.samples
            count = samples.count
        } else {
            do {
                if writer == nil {
                    count = try speaker.sampleCount(of: utterance.spoken)
                } else {
                    samples = try speaker.synthesize(utterance.spoken).audio.samples
                    count = samples.count
                }
            } catch let failure as UserFacingError where failure.category == .unavailable {
                engineFailure = engineFailure ?? failure
                throw failure
            }
        }
        held = (utterance.id, startSample, count, samples)
        peakBufferedSamples = max(peakBufferedSamples, samples.count)
        return .samples(count, rate: sampleRate)
    }

    public func stop(_ utterance: Utterance, at time: TimelineInstant) {
        guard var current = held, current.id == utterance.id else { return }
        let keep = max(0, min(current.count, sampleIndex(at: time) - current.start))
        current.count = keep
        current.samples.removeSubrange(min(keep, current.samples.count)...)
        held = current
    }

    /// Writes what is held, then silence up to `endTime`, and completes the WAV file. Throws the
    /// first write failure of the whole render.
    public func finish(at endTime: TimelineInstant) throws {
        guard !finished else { return }
        finished = true
        // The file ends exactly at the end time's sample, as the captions do (the last sound
        // loses at most the one sample a rounding may add).
        let endSample = sampleIndex(at: endTime)
        commitHeld(until: endSample)
        writeSilence(upTo: endSample)
        if let writeError {
            writer?.discard()
            throw writeError
        }
        try writer?.finish()
    }

    /// Abandons the file (after a failed run).
    public func discard() {
        finished = true
        writer?.discard()
    }

    /// Writes the held utterance, stopping at `limit` if the next sound starts before it ends (a
    /// rounding of one sample at most: the scheduler never overlaps sounds).
    private func commitHeld(until limit: Int?) {
        guard let current = held else { return }
        held = nil
        writeSilence(upTo: current.start)
        var count = current.count
        if let limit, current.start + count > limit { count = max(0, limit - current.start) }
        guard writer != nil else {
            timelineSamples += count
            return
        }
        write(current.samples.prefix(count))
    }

    private func writeSilence(upTo sample: Int) {
        var remaining = sample - timelineSamples
        while remaining > 0 {
            let count = min(remaining, silenceBlock.count)
            write(silenceBlock[..<count])
            remaining -= count
        }
    }

    private func write(_ samples: ArraySlice<Int16>) {
        timelineSamples += samples.count
        guard let writer, writeError == nil, !samples.isEmpty else { return }
        do {
            try writer.append(samples)
        } catch {
            writeError = error
        }
    }
}

/// The profile defines no sound for an earcon the scheduler asked for.
public struct EarconMissing: Error, CustomStringConvertible {
    public var name: EarconName
    public var description: String { "the voice profile has no \"\(name)\" earcon" }
}
