import Foundation
@testable import EarshotCore

/// A speech device for the pure-core tests: each utterance lasts the time the test gives it, so
/// times can be asserted exactly. The real engine joins in the playback layer.
///
/// Durations and gaps are binary fractions (0.25, 0.125, ...) so sums are exact in `Double`.
final class TimedDevice: SpeechDevice {
    var durations: [String: Double]
    var speechDuration: Double
    var earconDuration: Double
    /// Texts that make `start` throw, as a failing engine would.
    var failingTexts: Set<String> = []
    /// When true, `start` returns nil and the test reports the end with `deviceFinished`.
    var reportsEndLater = false
    /// `start #1 at 0.000`, `stop #1 at 0.500`, in call order.
    private(set) var log: [String] = []

    init(speechDuration: Double = 1.0, earconDuration: Double = 0.25, durations: [String: Double] = [:]) {
        self.speechDuration = speechDuration
        self.earconDuration = earconDuration
        self.durations = durations
    }

    struct EngineFailure: Error, CustomStringConvertible {
        var description: String { "engine refused the text" }
    }

    func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? {
        if failingTexts.contains(utterance.text) { throw EngineFailure() }
        log.append("start #\(utterance.id) at \(time)")
        if reportsEndLater { return nil }
        if utterance.kind.isEarcon { return .seconds(earconDuration) }
        return .seconds(durations[utterance.text] ?? speechDuration)
    }

    func stop(_ utterance: Utterance, at time: TimelineInstant) {
        log.append("stop #\(utterance.id) at \(time)")
    }
}

// Times written as seconds in the tests (`clock.schedule(at: 1.5)`, `clock.now == 2`): the
// literal is rounded to the nanosecond as `TimelineInstant(seconds:)` does. Tests only; the
// library's callers say which unit they mean.
extension TimelineInstant: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self.init(seconds: value) }
    public init(integerLiteral value: Int) { self.init(seconds: Double(value)) }
}

extension TimelineDuration: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self = .seconds(value) }
    public init(integerLiteral value: Int) { self = .seconds(Double(value)) }
}

/// A scheduler on a virtual clock with a timed device and the test timing values.
struct SpeechBench {
    static let timing = TimingSettings(hintPause: 0.75, gestureWindow: 1.0, queueGap: 0.125, earconGap: 0.0625)

    let clock = VirtualClock()
    let device: TimedDevice
    let scheduler: SpeechScheduler

    init(device: TimedDevice = TimedDevice(), timing: TimingSettings = SpeechBench.timing) {
        self.device = device
        scheduler = SpeechScheduler(clock: clock, device: device, timing: timing)
    }

    /// Schedules events at their times and runs the clock until nothing is left.
    func run(_ steps: [(Double, SpeechEvent)]) -> SpeechTranscript {
        for (time, event) in steps { scheduler.schedule(event, at: TimelineInstant(seconds: time)) }
        clock.runUntilIdle()
        return scheduler.transcript
    }
}

extension SpeechTranscript {
    /// The fate of the utterance with this text; fails the lookup loudly in the test output.
    func fate(_ text: String) -> UtteranceFate? { entry(text: text)?.fate }

    /// The fate of the earcon with this name (the first one).
    func earconFate(_ name: EarconName) -> UtteranceFate? {
        entries.first { $0.utterance.earcon == name }?.fate
    }
}

func elementSpeech(_ text: String, id: String? = nil, hint: String? = nil, language: String? = nil) -> ElementSpeech {
    ElementSpeech(elementID: id, text: text, hint: hint, language: language)
}

/// Collects what scheduled work did, for asserting order.
final class WorkTrace: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
