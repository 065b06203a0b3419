import Foundation

/// The process's one registry of temporary files: every hidden `.NAME.PID.RAND.tmp` a writer
/// creates (`AtomicFile`, the WAV writer, a report page's audio, a copy) is registered from the
/// moment it exists until it is renamed into place or removed, and SIGINT, SIGTERM and SIGHUP
/// remove every registered file before the process dies of the signal.
///
/// A SIGKILL (or a power cut) runs no handler; what it leaves is swept by the next Earshot
/// process that writes into the same folder: a hidden file named `.NAME.PID.RAND.tmp`, with
/// or without a suffix (`.wav`, a nested writer's own `.PID.RAND.tmp`), whose process `PID`
/// no longer exists, is removed (`sweep(folderOf:)`, once per folder and process).
///
/// The registry is fixed slots of C strings in memory allocated once, so that the handler does
/// nothing but `unlink` (async-signal-safe) and re-raise the signal.
public enum TemporaryFiles {
    /// A registered temporary file; `release` it once it is renamed into place or removed.
    public struct Entry: Sendable {
        public let path: String
        let slot: Int?
    }

    static let slots = 64
    static let width = Int(PATH_MAX) + 1
    /// `slots` C strings; a slot whose first byte is 0 is free.
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slots * width)
        buffer.initialize(repeating: 0, count: slots * width)
        return buffer
    }()
    static let lock = NSLock()
    /// The signals whose arrival empties the registry.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Signals the process was started with ignored (a shell's background job without job
    /// control ignores SIGINT): they stay ignored.
    nonisolated(unsafe) static var inheritedIgnored: Set<Int32>?
    nonisolated(unsafe) static var sweptFolders = Set<String>()

    /// Puts `path` in a free slot (nil slot when all are taken or the path is too long: the
    /// sweep is then the only cleanup).
    public static func register(_ path: String) -> Entry {
        let bytes = Array(path.utf8)
        lock.lock()
        defer { lock.unlock() }
        guard !bytes.isEmpty, bytes.count < width else { return Entry(path: path, slot: nil) }
        for slot in 0..<slots where paths[slot * width] == 0 {
            let start = paths + slot * width
            for (offset, byte) in bytes.enumerated().dropFirst() { start[offset] = CChar(bitPattern: byte) }
            start[bytes.count] = 0
            // The first byte last: the slot is in use only once the whole path is there.
            start[0] = CChar(bitPattern: bytes[0])
            return Entry(path: path, slot: slot)
        }
        return Entry(path: path, slot: nil)
    }

    /// The file no longer needs removing: it was renamed into place or removed.
    public static func release(_ entry: Entry) {
        guard let slot = entry.slot else { return }
        lock.lock()
        paths[slot * width] = 0
        lock.unlock()
    }

    /// Removes the file and releases its entry.
    public static func remove(_ entry: Entry) {
        SystemCall.unlink(entry.path)
        release(entry)
    }

    /// The paths registered now (for tests and diagnostics).
    public static var registered: [String] {
        lock.lock()
        defer { lock.unlock() }
        return (0..<slots).compactMap { slot in
            let start = paths + slot * width
            return start[0] == 0 ? nil : String(cString: start)
        }
    }

    /// Installs the handler that empties the registry for SIGINT, SIGTERM and SIGHUP, and
    /// unblocks them (a test harness may start the process with them blocked). A signal the
    /// process inherited as ignored stays ignored. Called at start and by whoever replaced the
    /// handlers for a while (playback, a worker pool) when it is done.
    public static func installHandlers() {
        lock.lock()
        defer { lock.unlock() }
        if inheritedIgnored == nil {
            var ignored = Set<Int32>()
            for number in signals {
                if SystemCall.isIgnored(number) { ignored.insert(number) }
            }
            inheritedIgnored = ignored
        }
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals where !(inheritedIgnored ?? []).contains(number) {
            signal(number, handler)
            sigaddset(&set, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The handler: unlinks every registered path, restores the default action and raises the
    /// signal again, so the process dies of it (its exit status says so). `errno` is put back as
    /// the interrupted code had it: a handler that returns (ThreadSanitizer delivers the raised
    /// signal after the handler, not inside `raise`) must not change it under that code.
    public static let handler: @convention(c) (Int32) -> Void = { number in
        let interrupted = errno
        defer { errno = interrupted }
        removeAllRegistered()
        signal(number, SIG_DFL)
        raise(number)
    }

    /// Unlinks every registered path; async-signal-safe (no lock, no allocation).
    public static func removeAllRegistered() {
        for slot in 0..<slots {
            let start = paths + slot * width
            if start[0] != 0 { SystemCall.unlinkFromSignalHandler(start) }
        }
    }

    /// Removes the temporaries a killed Earshot process left in the folder of `path` (links in
    /// `path` itself not followed), once per folder and process.
    public static func sweep(folderOf path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        sweep(folder: folder.isEmpty ? "." : folder)
    }

    /// Removes the temporaries a killed Earshot process left in `folder`, once per process.
    public static func sweep(folder: String) {
        lock.lock()
        let first = sweptFolders.insert(folder).inserted
        lock.unlock()
        guard first, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let pid = ownerProcess(ofTemporary: name), isGone(pid) else { continue }
            SystemCall.unlink((folder as NSString).appendingPathComponent(name))
        }
    }

    /// Removes the folders in `base` that a process now gone made for itself: this user's
    /// folders (not links) named `PREFIX` + `PID-RAND` (`earshot-voice-`, `earshot-browser-`),
    /// whose PID no longer runs, with all they hold. Once per base folder, prefix and process,
    /// as `sweep(folder:)`: a process that makes many such folders lists the base once.
    public static func sweep(foldersIn base: String, prefix: String) {
        lock.lock()
        let first = sweptFolders.insert(prefix + "\u{0}" + base).inserted
        lock.unlock()
        guard first, let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, isGone(pid) else { continue }
            let path = (base as NSString).appendingPathComponent(name)
            guard let info = SystemCall.linkStatus(path), info.kind == .directory, info.owner == geteuid() else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// True when `pid` is not this process and no longer runs: what it left is anyone's to sweep.
    public static func isGone(_ pid: Int32) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// The process that made a temporary named `.NAME.PID.RAND.tmp[...]`, or nil for any other name.
    public static func ownerProcess(ofTemporary name: String) -> Int32? {
        guard name.hasPrefix("."), name.utf8.count > 1 else { return nil }
        // Each `.DIGITS.DIGITS.tmp` in the name, the first with a NAME before it.
        let parts = name.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4 else { return nil }
        for index in 1..<(parts.count - 2) where parts[index + 2] == "tmp" {
            guard let pid = Int32(parts[index]), pid > 0, UInt32(parts[index + 1]) != nil,
                  parts[..<index].contains(where: { !$0.isEmpty }) else { continue }
            return pid
        }
        return nil
    }
}
