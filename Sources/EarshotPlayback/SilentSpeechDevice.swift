import EarshotAudio
import EarshotCore
import EarshotSpeech

/// Plays nothing, but gives each utterance the length it would have: the speech is synthesized
/// with the real engine and thrown away, an earcon lasts as long as its sound.
///
/// For live sessions without a sound device (`earshot explore --no-audio`): on a `LiveClock` the
/// scheduler then makes the same decisions at the same times as with audio. Synthesis runs inside
/// `start`, under the scheduler's lock, which delays other events by that long (a few
/// milliseconds per sentence).
public final class SilentSpeechDevice: SpeechDevice, Sendable {
    public let speaker: Speaker
    public let earcons: EarconLibrary

    public init(speaker: Speaker, earcons: EarconLibrary) {
        self.speaker = speaker
        self.earcons = earcons
    }

    public func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? {
        if let name = utterance.earcon { return .samples(earcons.sampleCount(of: name), rate: earcons.sampleRate) }
        // Streamed and counted, never held: a long announcement times in flat memory.
        let samples = try speaker.stream(utterance.spoken) { _ in }
        return .samples(samples, rate: speaker.sampleRate)
    }

    public func stop(_ utterance: Utterance, at time: TimelineInstant) {}
}
