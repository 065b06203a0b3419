import Foundation

/// A clock for rendering: time starts at zero and moves only when told to, running due work in
/// time order (ties in scheduling order), so the same input always gives the same output and an
/// hour of speech renders in milliseconds.
///
/// Modelled on swift-nio's `EmbeddedEventLoop`. Time never moves backwards: advancing to an
/// earlier time does nothing, and work scheduled in the past runs at the current time.
public final class VirtualClock: TimelineClock, @unchecked Sendable {
    // State is guarded by `lock`; actions run with the lock released so they can schedule more.
    private let lock = NSLock()
    private var current: Double = 0
    private var nextSequence: UInt64 = 0
    private var pending: [Job] = []

    private struct Job {
        var time: Double
        var work: ScheduledWork
        var action: @Sendable () -> Void
    }

    public init() {}

    public var now: Double { lock.withLock { current } }

    /// The time of the earliest work not yet run, if any.
    public var nextDueTime: Double? { lock.withLock { pending.map(\.time).min() } }

    /// Number of scheduled jobs that have not run.
    public var pendingCount: Int { lock.withLock { pending.count } }

    @discardableResult
    public func schedule(at time: Double, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        lock.withLock {
            nextSequence += 1
            let work = ScheduledWork(sequence: nextSequence)
            pending.append(Job(time: max(time, current), work: work, action: action))
            return work
        }
    }

    public func cancel(_ work: ScheduledWork) {
        lock.withLock { pending.removeAll { $0.work == work } }
    }

    /// Moves time forward to `time`, running every job due by then in order, including jobs that
    /// those jobs schedule. Does nothing if `time` is earlier than now.
    public func advance(to time: Double) {
        while let job = takeNextJob(dueBy: time) {
            job.action()
        }
        lock.withLock { current = max(current, time) }
    }

    /// Moves time forward by `seconds` (negative amounts do nothing).
    public func advance(by seconds: Double) {
        advance(to: now + max(0, seconds))
    }

    /// Runs all scheduled work, including work it schedules, and leaves time at the last job.
    public func runUntilIdle() {
        while let job = takeNextJob(dueBy: .infinity) {
            job.action()
        }
    }

    /// Removes the earliest due job (ties: the first scheduled) and sets the time to it.
    private func takeNextJob(dueBy limit: Double) -> Job? {
        lock.withLock {
            var best: Int?
            for index in pending.indices where pending[index].time <= limit {
                if let b = best {
                    let candidate = pending[index], chosen = pending[b]
                    if candidate.time < chosen.time
                        || (candidate.time == chosen.time && candidate.work.sequence < chosen.work.sequence) {
                        best = index
                    }
                } else {
                    best = index
                }
            }
            guard let best else { return nil }
            let job = pending.remove(at: best)
            current = max(current, job.time)
            return job
        }
    }
}
