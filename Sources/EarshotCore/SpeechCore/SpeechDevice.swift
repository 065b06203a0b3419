/// What plays utterances: the speech engine plus a sink (a WAV timeline when rendering, ALSA when
/// live), implemented by the playback layer. Like NVDA's synth drivers it only plays and reports;
/// the scheduler decides what plays next.
///
/// The scheduler calls these inside its clock's `TimelineExecutor`, always one at a time; an
/// implementation must not call back into the scheduler from inside them (report an early end by returning a
/// duration, or later from another thread with `SpeechScheduler.deviceFinished(utteranceID:)`).
public protocol SpeechDevice: AnyObject {
    /// Starts playing `utterance` (speech text, or an earcon when `utterance.earcon` is set) at
    /// clock time `time`.
    ///
    /// Returns its length when known at once (a sound's samples made a duration by
    /// `TimelineDuration.samples(_:rate:)`) (rendering synthesizes here, so it
    /// always knows); the scheduler then ends it on the clock. Returns nil when the length is
    /// only known by playing it; the device then calls `deviceFinished(utteranceID:)` when it
    /// ends. Throwing drops the utterance with `DropReason.deviceFailed` and playback goes on.
    func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration?

    /// Stops `utterance` at clock time `time`: it was cut off. Silence must follow at once.
    func stop(_ utterance: Utterance, at time: TimelineInstant)

    /// True when the lengths `start` returns are estimates, not the lengths of real sound
    /// (`EstimatedSpeechDevice`); the transcript then says so.
    var durationsAreEstimated: Bool { get }
}

extension SpeechDevice {
    public var durationsAreEstimated: Bool { false }
}
