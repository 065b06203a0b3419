import Foundation

/// The one serial context of a timeline: its clock's queue of work, the speech scheduler and the
/// desk check all change their state only inside `run`, so a gesture from the caller's thread, a
/// timer the clock fires and a device's report of an utterance's end are handled one at a time,
/// in the order they enter, with no lock of their own and no order between locks to keep.
///
/// `run` may be entered again from inside itself (a gesture's speech ends the read-all the desk
/// check keeps; the scheduler reports to its observer, which may put work on the clock), so
/// calls between the three parts need no "with the lock held" variants. Work handed to
/// `afterwards` runs when the outermost `run` returns, outside the context: it is how the
/// scheduler tells its observer what it decided without the observer holding up the timeline.
///
/// Never wait for time to pass inside `run`: a live clock's queue could not run what is due
/// (`TimelineClock.wait` is called from outside, as `DeskCheck.wait` does).
public final class TimelineExecutor: @unchecked Sendable {
    // `NSRecursiveLock` gives mutual exclusion that its holder may enter again; `depth` and
    // `deferred` are only touched while it is held.
    private let lock = NSRecursiveLock()
    private var depth = 0
    private var deferred: [() -> Void] = []

    public init() {}

    /// Runs `body` inside the context, waiting for any other thread's `run` to end first.
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        depth += 1
        let result: T
        do {
            result = try body()
        } catch {
            let later = leave()
            lock.unlock()
            for work in later { work() }
            throw error
        }
        let later = leave()
        lock.unlock()
        for work in later { work() }
        return result
    }

    /// Runs `work` when the outermost `run` now in progress returns, after the context is left;
    /// at once when called outside `run`.
    public func afterwards(_ work: @escaping () -> Void) {
        lock.lock()
        let inside = depth > 0
        if inside { deferred.append(work) }
        lock.unlock()
        if !inside { work() }
    }

    /// Leaves one level; the outermost level takes the deferred work to run once unlocked.
    private func leave() -> [() -> Void] {
        depth -= 1
        guard depth == 0, !deferred.isEmpty else { return [] }
        defer { deferred.removeAll() }
        return deferred
    }
}
