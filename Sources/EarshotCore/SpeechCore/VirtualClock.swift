import Foundation

/// A clock for rendering: time starts at zero and moves only when told to, running due work in
/// time order (ties in scheduling order), so the same input always gives the same output and an
/// hour of speech renders in milliseconds.
///
/// Modelled on swift-nio's `EmbeddedEventLoop`. Time never moves backwards: advancing to an
/// earlier time does nothing, and work scheduled in the past runs at the current time. Its state
/// changes inside `executor` only; each job runs there as a `run` of its own, so what a job's
/// scheduler reports reaches its observer before the next job runs.
public final class VirtualClock: TimelineClock, @unchecked Sendable {
    public let executor: TimelineExecutor
    // Changed inside `executor` only.
    private var current = TimelineInstant.zero
    private var nextSequence: UInt64 = 0
    /// Jobs ordered by (time, sequence); cancelled jobs stay until they reach the top.
    private var queue = JobHeap()
    /// Sequences of jobs scheduled and neither run nor cancelled.
    private var live: Set<UInt64> = []

    /// `executor` is the context to share with the timeline's other parts (a new one by default).
    public init(executor: TimelineExecutor = TimelineExecutor()) {
        self.executor = executor
    }

    public var now: TimelineInstant { executor.run { current } }

    /// The time of the earliest work not yet run, if any.
    public var nextDueTime: TimelineInstant? {
        executor.run {
            discardCancelledTop()
            return queue.top?.time
        }
    }

    /// Number of scheduled jobs that have not run.
    public var pendingCount: Int { executor.run { live.count } }

    @discardableResult
    public func schedule(at time: TimelineInstant, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        executor.run {
            nextSequence += 1
            live.insert(nextSequence)
            queue.push(Job(time: max(time, current), sequence: nextSequence, action: action))
            return ScheduledWork(sequence: nextSequence)
        }
    }

    public func cancel(_ work: ScheduledWork) {
        executor.run { _ = live.remove(work.sequence) }
    }

    /// Moves time forward to `time`, running every job due by then in order, including jobs that
    /// those jobs schedule. Does nothing if `time` is earlier than now.
    public func advance(to time: TimelineInstant) {
        while runNextJob(dueBy: time) {}
        executor.run { current = max(current, time) }
    }

    /// Moves time forward by `duration` (negative amounts do nothing).
    public func advance(by duration: TimelineDuration) {
        advance(to: now + max(.zero, duration))
    }

    public func wait(until time: TimelineInstant) { advance(to: time) }

    public func wait(until isDone: () -> Bool, before limit: TimelineInstant) -> Bool {
        while !isDone() {
            guard let due = nextDueTime else { return isDone() }
            if due > limit { return false }
            advance(to: due)
        }
        return true
    }

    /// Runs all scheduled work, including work it schedules, and leaves time at the last job.
    public func runUntilIdle() {
        while runNextJob(dueBy: .distantFuture) {}
    }

    /// Runs the earliest job due by `limit` (ties: the first scheduled), with the time set to
    /// it; false when none is due. The job is taken and run in one `run`, so work cancelled
    /// before it runs never runs.
    private func runNextJob(dueBy limit: TimelineInstant) -> Bool {
        executor.run {
            discardCancelledTop()
            guard let top = queue.top, top.time <= limit else { return false }
            let job = queue.pop()
            live.remove(job.sequence)
            current = max(current, job.time)
            job.action()
            return true
        }
    }

    private func discardCancelledTop() {
        while let top = queue.top, !live.contains(top.sequence) { _ = queue.pop() }
    }
}
/// One piece of scheduled work.
private struct Job {
    var time: TimelineInstant
    var sequence: UInt64
    var action: @Sendable () -> Void

    func runsBefore(_ other: Job) -> Bool {
        time < other.time || (time == other.time && sequence < other.sequence)
    }
}

/// A binary min-heap of jobs by (time, sequence).
private struct JobHeap {
    private var items: [Job] = []

    var top: Job? { items.first }

    mutating func push(_ job: Job) {
        items.append(job)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].runsBefore(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the top; the heap must not be empty.
    mutating func pop() -> Job {
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var first = parent
                if left < items.count && items[left].runsBefore(items[first]) { first = left }
                if right < items.count && items[right].runsBefore(items[first]) { first = right }
                if first == parent { break }
                items.swapAt(parent, first)
                parent = first
            }
        }
        return top
    }
}
