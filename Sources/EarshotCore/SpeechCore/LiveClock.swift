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

    public var now: Double {
        Double(DispatchTime.now().uptimeNanoseconds - origin) / 1_000_000_000
    }

    /// Sleeps in steps of at most 5 ms while the queue runs what falls due.
    public func wait(until time: Double) {
        while now < time { Thread.sleep(forTimeInterval: min(0.005, time - now)) }
    }

    public func wait(until isDone: () -> Bool, before limit: Double) -> Bool {
        while !isDone() {
            if now >= limit { return false }
            Thread.sleep(forTimeInterval: min(0.005, max(0.0005, limit - now)))
        }
        return true
    }

    @discardableResult
    public func schedule(at time: Double, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
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
            let nanoseconds = UInt64(max(0, time) * 1_000_000_000)
            queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: origin + nanoseconds), execute: item)
            return work
        }
    }

    public func cancel(_ work: ScheduledWork) {
        executor.run { items.removeValue(forKey: work)?.cancel() }
    }
}
