/// A clock the speech scheduler reads and sets timers on: the virtual clock when rendering, the
/// monotonic real clock when playing live.
///
/// Times are seconds since the clock started. The scheduler makes the same decisions on either
/// clock; only when the work runs differs.
public protocol TimelineClock: AnyObject, Sendable {
    /// Seconds since the clock started; never decreases.
    var now: Double { get }

    /// Runs `action` at `time`, or as soon as possible if `time` has passed. Work due at the same
    /// time runs in the order it was scheduled.
    @discardableResult
    func schedule(at time: Double, _ action: @escaping @Sendable () -> Void) -> ScheduledWork

    /// Cancels work that has not run yet; cancelling work that already ran does nothing.
    func cancel(_ work: ScheduledWork)
}

/// A handle to work scheduled on a `TimelineClock`, used to cancel it.
public struct ScheduledWork: Sendable, Hashable {
    /// Unique per clock, increasing in scheduling order (the tie-breaker for equal times).
    public let sequence: UInt64

    public init(sequence: UInt64) { self.sequence = sequence }
}
