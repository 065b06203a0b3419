import Foundation

/// A value reached only while its lock is held: Synchronization's `Mutex`, with a lock
/// ThreadSanitizer can see.
///
/// On Linux `Mutex` waits on a bare futex, which ThreadSanitizer does not model, so the state a
/// `Mutex` guards was reported as raced whenever two threads happened to reach it (two such
/// reports failed a CI run's ThreadSanitizer phase with nothing else wrong). `NSLock` is a
/// pthread mutex, whose lock and unlock ThreadSanitizer intercepts: a report under it is a real
/// race. Every lock in Earshot and its tests is one of these (`LockTypeTests`).
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    // `value` is only read or written between `lock.lock()` and `lock.unlock()`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: consuming Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held; other threads wait.
    public func withLock<Result: ~Copyable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
