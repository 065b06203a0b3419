import EarshotCore
import Foundation

/// The temporary WAV a report page is made from (`.PAGE.html.PID.RAND.tmp.wav` beside the
/// page), removed however the command ends: when the page is written or fails, on SIGINT,
/// SIGTERM or SIGHUP (the handler removes it, then the process dies of the signal), and, after
/// a SIGKILL that no handler sees, by the next command that writes a page of that name (a
/// temporary file whose process is gone is swept).
public enum TemporaryAudio {
    /// Runs `body` with a fresh temporary WAV path for `page`, removing the file afterwards.
    public static func forPage<T>(_ page: String, _ body: (String) throws -> T) throws -> T {
        try forPage(page, count: 1) { try body($0[0]) }
    }

    /// Runs `body` with `count` fresh temporary paths for `page` (`.wav`, `.2.wav`, ...).
    public static func forPage<T>(_ page: String, count: Int, _ body: ([String]) throws -> T) throws -> T {
        AtomicFile.sweepStaleTemporaries(for: page)
        let base = AtomicFile.temporaryPath(for: page)
        let paths = (0..<count).map { $0 == 0 ? base + ".wav" : base + ".\($0 + 1).wav" }
        let slots = paths.map(SignalCleanup.register)
        defer {
            for path in paths { unlink(path) }
            slots.forEach(SignalCleanup.unregister)
        }
        return try body(paths)
    }
}

/// Paths removed by a signal handler: fixed slots of C strings in memory allocated once, so
/// that the handler does nothing but `unlink` (async-signal-safe) and re-raise the signal.
enum SignalCleanup {
    static let slots = 32
    static let width = Int(PATH_MAX) + 1
    /// `slots` C strings; a slot whose first byte is 0 is free.
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slots * width)
        buffer.initialize(repeating: 0, count: slots * width)
        return buffer
    }()
    static let lock = NSLock()

    /// Puts `path` in a free slot and makes sure the handlers are installed; returns the slot
    /// (nil when all are taken or the path is too long: the sweep is then the only cleanup).
    static func register(_ path: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        // Installed at each registration: playback's own handlers restore the default after it.
        // Unblocked too: a test harness or a shell may start the process with them blocked.
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, removeAndDie)
            sigaddset(&set, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        let bytes = Array(path.utf8)
        guard bytes.count < width else { return nil }
        for slot in 0..<slots where paths[slot * width] == 0 {
            let start = paths + slot * width
            for (offset, byte) in bytes.enumerated().dropFirst() { start[offset] = CChar(bitPattern: byte) }
            start[bytes.count] = 0
            // The first byte last: the slot is in use only once the whole path is there.
            start[0] = CChar(bitPattern: bytes[0])
            return slot
        }
        return nil
    }

    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        paths[slot * width] = 0
        lock.unlock()
    }
}

/// The handler: unlinks every registered path, restores the default action and raises again.
private func removeAndDie(_ number: Int32) {
    for slot in 0..<SignalCleanup.slots {
        let start = SignalCleanup.paths + slot * SignalCleanup.width
        if start[0] != 0 { unlink(start) }
    }
    signal(number, SIG_DFL)
    raise(number)
}
