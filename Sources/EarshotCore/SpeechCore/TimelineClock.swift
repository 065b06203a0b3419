/// A clock the speech scheduler reads and sets timers on: the virtual clock when rendering, the
/// monotonic real clock when playing live.
///
/// Times are `TimelineInstant`s: whole nanoseconds since the clock started, so the scheduler's
/// comparisons (has speech ended by now, is a timer due) are exact. The scheduler makes the same decisions on either
/// clock; only when the work runs differs. Scheduled work runs inside the clock's `executor`, the
/// one serial context the scheduler and the desk check share with it.
public protocol TimelineClock: AnyObject, Sendable {
    /// The serial context this clock's work runs in, and that everything on its timeline enters
    /// to change its state.
    var executor: TimelineExecutor { get }

    /// The time since the clock started; never decreases.
    var now: TimelineInstant { get }

    /// Runs `action` at `time` inside `executor`, or as soon as possible if `time` has passed.
    /// Work due at the same time runs in the order it was scheduled.
    @discardableResult
    func schedule(at time: TimelineInstant, _ action: @escaping @Sendable () -> Void) -> ScheduledWork

    /// Cancels work that has not run yet; cancelling work that already ran does nothing. Work
    /// cancelled inside `executor` never runs, even if its time has come.
    func cancel(_ work: ScheduledWork)

    /// Lets time pass until `time`: a virtual clock runs what is due on the way at once, a real
    /// one sleeps while its queue runs it. Never called inside `executor`.
    func wait(until time: TimelineInstant)

    /// Lets time pass until `isDone()` holds, but not past `limit`: true when it held first,
    /// false when `limit` came first (a virtual clock then stands at or before `limit`, with
    /// everything due by then done). A virtual clock with nothing left to run stops waiting
    /// and answers `isDone()`: no time passing could change it.
    func wait(until isDone: () -> Bool, before limit: TimelineInstant) -> Bool
}

/// A handle to work scheduled on a `TimelineClock`, used to cancel it.
public struct ScheduledWork: Sendable, Hashable {
    /// Unique per clock, increasing in scheduling order (the tie-breaker for equal times).
    public let sequence: UInt64

    public init(sequence: UInt64) { self.sequence = sequence }
}
