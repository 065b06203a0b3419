import Dispatch
import Foundation

/// The real clock for live playback: monotonic time since the clock was made, with work run in
/// time order from one serial dispatch queue, each piece inside `executor`.
///
/// Uses `DispatchTime` (the monotonic uptime clock), so changing the wall clock does not move it.
public final class LiveClock: TimelineClock, @unchecked Sendable {
    public let executor: TimelineExecutor
    private let origin: UInt64
    private let queue: DispatchQueue
    // Changed inside `executor` only: the work not yet run, by handle. A piece of work runs only
    // if it is still here when its turn in the executor comes, so cancelling is exact.
    private var nextSequence: UInt64 = 0
    private var items: [ScheduledWork: DispatchWorkItem] = [:]

    /// `label` names the serial queue that fires scheduled work; `executor` is the context to
    /// share with the timeline's other parts (a new one by default).
    public init(label: String = "earshot.live-clock", executor: TimelineExecutor = TimelineExecutor()) {
        origin = DispatchTime.now().uptimeNanoseconds
        queue = DispatchQueue(label: label)
        self.executor = executor
    }

    /// The uptime clock's nanoseconds since this clock was made, as they are.
    public var now: TimelineInstant {
        TimelineInstant(nanoseconds: Int64(clamping: DispatchTime.now().uptimeNanoseconds - origin))
    }

    /// Sleeps in steps of at most 5 ms while the queue runs what falls due.
    public func wait(until time: TimelineInstant) {
        while true {
            let left = time - now
            guard left > .zero else { return }
            Thread.sleep(forTimeInterval: min(0.005, left.seconds))
        }
    }

    public func wait(until isDone: () -> Bool, before limit: TimelineInstant) -> Bool {
        while !isDone() {
            let left = limit - now
            if left <= .zero { return false }
            Thread.sleep(forTimeInterval: min(0.005, max(0.0005, left.seconds)))
        }
        return true
    }

    @discardableResult
    public func schedule(at time: TimelineInstant, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        executor.run {
            nextSequence += 1
            let work = ScheduledWork(sequence: nextSequence)
            let item = DispatchWorkItem { [weak self] in
                guard let self else { return }
                executor.run {
                    guard items.removeValue(forKey: work) != nil else { return }
                    action()
                }
            }
            items[work] = item
            // A deadline past the uptime clock's range never comes: the work waits to be cancelled.
            let (deadline, overflow) = origin.addingReportingOverflow(UInt64(max(0, time.nanoseconds)))
            queue.asyncAfter(deadline: overflow ? .distantFuture : DispatchTime(uptimeNanoseconds: deadline), execute: item)
            return work
        }
    }

    public func cancel(_ work: ScheduledWork) {
        executor.run { items.removeValue(forKey: work)?.cancel() }
    }
}
