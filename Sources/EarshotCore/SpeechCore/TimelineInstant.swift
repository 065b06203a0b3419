/// A point on a timeline clock: whole nanoseconds since the clock started.
///
/// The clocks and the speech scheduler keep time as integers (as swift-nio's `NIODeadline` and
/// `TimeAmount` do), so every comparison they make (has this utterance ended by now? is this
/// timer due?) is exact and needs no epsilon. Seconds as a `Double` are a view for outputs and
/// for records read by people (`seconds`), made here only.
public struct TimelineInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the clock started.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The instant nearest to `seconds` since the start (`TimelineDuration.seconds`'s rounding).
    public init(seconds: Double) { nanoseconds = TimelineDuration.seconds(seconds).nanoseconds }

    /// The clock's start.
    public static let zero = TimelineInstant(nanoseconds: 0)
    /// Later than any instant a clock reaches: a wait with no limit.
    public static let distantFuture = TimelineInstant(nanoseconds: .max)

    /// Seconds since the start, for outputs. Exact enough to come back: `TimelineInstant(seconds:)`
    /// of it gives this instant again for any time below about ten days (a timeline is at most a day).
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (lhs: TimelineInstant, rhs: TimelineInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Later by `duration`; saturates at `distantFuture` (and at the earliest instant), never traps.
    public static func + (lhs: TimelineInstant, rhs: TimelineDuration) -> TimelineInstant {
        TimelineInstant(nanoseconds: saturatingSum(lhs.nanoseconds, rhs.nanoseconds))
    }

    public static func - (lhs: TimelineInstant, rhs: TimelineDuration) -> TimelineInstant {
        lhs + TimelineDuration(nanoseconds: rhs.nanoseconds == .min ? .max : -rhs.nanoseconds)
    }

    /// The time from `rhs` to `lhs`.
    public static func - (lhs: TimelineInstant, rhs: TimelineInstant) -> TimelineDuration {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        if overflow { return TimelineDuration(nanoseconds: lhs.nanoseconds < rhs.nanoseconds ? .min : .max) }
        return TimelineDuration(nanoseconds: difference)
    }

    public var description: String { formatTime(seconds) }
}

/// A length of time on a timeline clock in whole nanoseconds: a gap, a delay, the length of a
/// sound.
public struct TimelineDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = TimelineDuration(nanoseconds: 0)

    /// The duration nearest to `seconds` (halves away from zero); NaN gives zero and lengths
    /// beyond about 292 years stop at the largest. The one place a time in seconds (a profile's
    /// gap, a scenario's wait) becomes nanoseconds.
    public static func seconds(_ seconds: Double) -> TimelineDuration {
        guard !seconds.isNaN else { return .zero }
        let nanoseconds = (seconds * 1_000_000_000).rounded()
        if nanoseconds >= 9.2e18 { return TimelineDuration(nanoseconds: .max) }
        if nanoseconds <= -9.2e18 { return TimelineDuration(nanoseconds: .min) }
        return TimelineDuration(nanoseconds: Int64(nanoseconds))
    }

    /// The length of `count` samples at `rate` per second, rounded up to the whole nanosecond:
    /// the one place a sound's length in samples becomes time. Exact integer arithmetic, so
    /// `TimelineInstant.sampleIndex(rate:)` of the instant a sound ends is the sample it ends at.
    ///
    /// Up, not to the nearest: an instant made of sounds and pauses is then never earlier than
    /// the exact time, so one that falls exactly half-way between two samples (a 0.05 s pause
    /// at 22,050 Hz is 1102.5 samples) still goes to the later sample, as the exact time does
    /// under `sampleIndex`'s halves-up rounding (rounding down lost that half and moved the
    /// rest of a timeline one sample earlier).
    public static func samples(_ count: Int, rate: Int) -> TimelineDuration {
        precondition(rate > 0, "sample rate must be positive")
        let count = Int64(max(0, count)), rate = Int64(rate)
        let whole = count / rate, rest = count % rate
        let (high, overflow) = whole.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return TimelineDuration(nanoseconds: .max) }
        // rest < rate, so rest * 10^9 fits for any rate below 9 * 10^9.
        return TimelineDuration(nanoseconds: saturatingSum(high, (rest * 1_000_000_000 + rate - 1) / rate))
    }

    /// Seconds, for outputs.
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (lhs: TimelineDuration, rhs: TimelineDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: TimelineDuration, rhs: TimelineDuration) -> TimelineDuration {
        TimelineDuration(nanoseconds: saturatingSum(lhs.nanoseconds, rhs.nanoseconds))
    }

    public var description: String { formatTime(seconds) }
}

extension TimelineInstant {
    /// The sample at this instant at `rate` per second: the nearest one (halves up), in exact
    /// integer arithmetic; instants before the start give sample 0.
    public func sampleIndex(rate: Int) -> Int {
        precondition(rate > 0, "sample rate must be positive")
        guard nanoseconds > 0 else { return 0 }
        let rate = Int64(rate)
        let whole = nanoseconds / 1_000_000_000, rest = nanoseconds % 1_000_000_000
        let (high, overflow) = whole.multipliedReportingOverflow(by: rate)
        if overflow { return Int(Int64.max) }
        return Int(saturatingSum(high, (rest * rate + 500_000_000) / 1_000_000_000))
    }
}

private func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard overflow else { return sum }
    return b > 0 ? .max : .min
}
