import Dispatch
import Foundation

/// The real clock for live playback: monotonic time since the clock was made, with work run on
/// one serial dispatch queue in time order.
///
/// Uses `DispatchTime` (the monotonic uptime clock), so changing the wall clock does not move it.
public final class LiveClock: TimelineClock, @unchecked Sendable {
    private let origin: UInt64
    private let queue: DispatchQueue
    // Guarded by `lock`: the work items not yet run, by handle, for cancelling.
    private let lock = NSLock()
    private var nextSequence: UInt64 = 0
    private var items: [ScheduledWork: DispatchWorkItem] = [:]

    /// `label` names the serial queue that runs scheduled work.
    public init(label: String = "earshot.live-clock") {
        origin = DispatchTime.now().uptimeNanoseconds
        queue = DispatchQueue(label: label)
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
        let work: ScheduledWork = lock.withLock {
            nextSequence += 1
            return ScheduledWork(sequence: nextSequence)
        }
        let item = DispatchWorkItem { [weak self] in
            self?.lock.withLock { _ = self?.items.removeValue(forKey: work) }
            action()
        }
        lock.withLock { items[work] = item }
        let nanoseconds = UInt64(max(0, time) * 1_000_000_000)
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: origin + nanoseconds), execute: item)
        return work
    }

    public func cancel(_ work: ScheduledWork) {
        let item = lock.withLock { items.removeValue(forKey: work) }
        item?.cancel()
    }
}
