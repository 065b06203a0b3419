#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C calls by their own names: inside `SystemCall` its methods of the same names hide them.
private func cOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func cClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func cUnlink(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }
private func cRename(_ source: String, _ target: String) -> Int32 { rename(source, target) }
private func cLstat(_ path: String, _ info: inout stat) -> Int32 { lstat(path, &info) }
private func cPoll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
    poll(descriptors, count, milliseconds)
}

/// The one place Earshot makes the operating system's raw calls on descriptors and processes.
///
/// A call that a signal can interrupt (`EINTR`: every stop signal Earshot catches is installed
/// without `SA_RESTART`, and a worker pool's wake-up signal interrupts its readers) is made
/// again here, once for every caller: a read or write is never taken for an error or an end of
/// file because a signal arrived. `close` is the exception: on Linux the descriptor is gone
/// even when it reports EINTR, and closing again could close a descriptor another thread just
/// opened. A failure is a `SystemCall.Failure` with the error number; callers put the file's
/// name and what they were doing around it.
///
/// It compiles against Glibc, Musl and Darwin alike, so the portable core has no platform's
/// module in its own files.
public enum SystemCall {
    /// A call that failed, with its error number.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let code: Int32

        public init(code: Int32) { self.code = code }

        /// The system's words for the error ("Permission denied").
        public var reason: String { String(cString: strerror(code)) }
        public var description: String { reason }
        /// Would-block on a non-blocking descriptor.
        public var wouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }
    }

    /// Runs `call` until it does not fail with EINTR; a failure is thrown with its error number.
    @inline(__always)
    static func retrying<Value: BinaryInteger>(_ call: () -> Value) throws(Failure) -> Value {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR { throw Failure(code: code) }
        }
    }

    /// Opens `path`; `mode` is used when `flags` create the file.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(Failure) -> Int32 {
        try retrying { cOpen(path, flags, mode) }
    }

    /// Closes a descriptor, never again after EINTR (see the type's comment). A failure to close
    /// a file that was written can mean its last bytes were not stored (NFS, a full quota).
    public static func close(_ descriptor: Int32) throws(Failure) {
        if cClose(descriptor) != 0 && errno != EINTR { throw Failure(code: errno) }
    }

    /// Reads at most `buffer.count` bytes; 0 at the end of the file.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try retrying { cRead(descriptor, base, buffer.count) }
    }

    /// Reads into `bytes` from its start; returns how many were read, 0 at the end of the file.
    public static func read(_ descriptor: Int32, into bytes: inout [UInt8]) throws(Failure) -> Int {
        try bytes.withUnsafeMutableBufferPointer { buffer throws(Failure) in
            try read(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Reads the descriptor to its end, failing with `tooLarge` past `limit` bytes.
    public static func readToEnd<E: Error>(_ descriptor: Int32, limit: Int, chunk: Int = 1 << 20,
                                           tooLarge: () -> E) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = try read(descriptor, into: &piece)
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw tooLarge() }
            bytes.append(contentsOf: piece[0..<count])
        }
    }

    /// Writes some of `bytes`; returns how many were written.
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        return try retrying { cWrite(descriptor, base, bytes.count) }
    }

    /// Writes all of `bytes`, again after a short write.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var written = 0
        while written < bytes.count {
            written += try write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[written...]))
        }
    }

    /// Writes all of `bytes`.
    public static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) throws(Failure) {
        try Array(bytes).withUnsafeBufferPointer { buffer throws(Failure) in try writeAll(descriptor, UnsafeRawBufferPointer(buffer)) }
    }

    /// Waits up to `milliseconds` (-1: without end) for one of `descriptors` to be ready; after
    /// EINTR it waits again for the whole time (a caller woken by a signal is woken through a
    /// descriptor it polls, as the worker pool's wake pipe is).
    public static func poll(_ descriptors: inout [pollfd], milliseconds: Int32) throws(Failure) -> Int {
        let count = nfds_t(descriptors.count)
        return try descriptors.withUnsafeMutableBufferPointer { buffer throws(Failure) in
            Int(try retrying { cPoll(buffer.baseAddress, count, milliseconds) })
        }
    }

    /// Waits for child `pid` to end; returns its raw wait status.
    public static func waitForExit(_ pid: pid_t) throws(Failure) -> Int32 {
        var status: Int32 = 0
        _ = try retrying { waitpid(pid, &status, 0) }
        return status
    }

    /// Waits for child `pid` to end; returns its raw wait status and the resources it used.
    public static func waitForExitWithUsage(_ pid: pid_t) throws(Failure) -> (status: Int32, usage: rusage) {
        var status: Int32 = 0
        var usage = rusage()
        _ = try retrying { wait4(pid, &status, 0, &usage) }
        return (status, usage)
    }

    /// Starts `command` (an executable's path and its arguments) in a process group of its own,
    /// with the stop signals (SIGINT, SIGTERM, SIGPIPE, SIGHUP) at their default action and none
    /// blocked, whatever the caller has; `descriptors` maps the caller's descriptors onto the
    /// child's (`[(pipe, 0)]`: the pipe's end is its standard input); `environment` (`NAME=value`
    /// lines) replaces the caller's when given. Returns its pid; a failure carries posix_spawn's
    /// error number.
    public static func spawnInOwnGroup(_ command: [String], descriptors: [(from: Int32, to: Int32)],
                                       environment: [String]? = nil) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (from, to) in descriptors { posix_spawn_file_actions_adddup2(&actions, from, to) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        let variables = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for variable in variables ?? [] { free(variable) } }
        var child: pid_t = 0
        let status = if let variables {
            posix_spawn(&child, command[0], &actions, &attributes, arguments, variables)
        } else {
            posix_spawn(&child, command[0], &actions, &attributes, arguments, environ)
        }
        guard status == 0 else { throw Failure(code: status) }
        return child
    }

    /// Takes an exclusive advisory lock on an open file, waiting for it.
    public static func lockExclusively(_ descriptor: Int32) throws(Failure) {
        _ = try retrying { flock(descriptor, LOCK_EX) }
    }

    /// What a signal does when it arrives: a C function of its number.
    public typealias SignalHandler = @convention(c) (Int32) -> Void

    /// Sets the disposition of signal `number` (`SIG_DFL`, `SIG_IGN` or a handler), for a
    /// caller whose own names (a property called `signal`) hide the C function.
    public static func setDisposition(of number: Int32, to handler: SignalHandler?) {
        _ = signal(number, handler)
    }

    // MARK: Names in folders

    /// Removes the name `path` (a file or a link, never a folder); false when it could not, most
    /// often because it is already gone. For cleaning up, where a failure leaves nothing to do.
    @discardableResult
    public static func unlink(_ path: String) -> Bool {
        path.withCString { cUnlink($0) } == 0
    }

    /// `unlink` for a signal handler: the C string as it is, no allocation, the result ignored.
    @inline(__always)
    public static func unlinkFromSignalHandler(_ path: UnsafePointer<CChar>) {
        _ = cUnlink(path)
    }

    /// Renames `source` to `target` in one step, replacing a file already at `target`.
    public static func rename(_ source: String, to target: String) throws(Failure) {
        if cRename(source, target) != 0 { throw Failure(code: errno) }
    }

    /// What a name in a folder is, as `lstat` sees it: a link is itself, not what it points to.
    public struct LinkStatus: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case regular, directory, symbolicLink, characterDevice, blockDevice, fifo, socket
        }
        public var kind: Kind
        /// The owner's user id.
        public var owner: UInt32
        /// The file system's device and the inode: together they name one file.
        public var device: UInt64
        public var inode: UInt64
    }

    /// The status of the name `path` itself (a link not followed); nil when nothing is there
    /// (or it cannot be seen).
    public static func linkStatus(_ path: String) -> LinkStatus? {
        var info = stat()
        guard cLstat(path, &info) == 0 else { return nil }
        let kind: LinkStatus.Kind
        switch info.st_mode & S_IFMT {
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        default: kind = .regular
        }
        return LinkStatus(kind: kind, owner: UInt32(info.st_uid), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    // MARK: Signals

    /// Whether signal `number` is ignored now (`SIG_IGN`), as a process started with `nohup`
    /// inherits SIGHUP. Reads the disposition without changing it.
    public static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        // SIG_IGN is the handler address 1 on every platform built for.
        return unsafeBitCast(handler(of: current), to: Int.self) == 1
    }

    /// Stops the process by `number`'s default action (SIGTSTP: the shell sees the job stopped
    /// as by Ctrl-Z), then, once continued, puts back the disposition that was there.
    public static func stopByDefaultAction(_ number: Int32) {
        var previous = sigaction()
        var stopping = sigaction()
        setHandler(of: &stopping, to: SIG_DFL)
        sigemptyset(&stopping.sa_mask)
        sigaction(number, &stopping, &previous)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        kill(getpid(), number)
        // Here again after SIGCONT.
        sigaction(number, &previous, nil)
    }

    /// The C library's field for a `sigaction`'s plain handler: each spells it its own way.
    private static func handler(of action: sigaction) -> SignalHandler? {
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler
        #else
        action.__sigaction_u.__sa_handler
        #endif
    }

    private static func setHandler(of action: inout sigaction, to handler: SignalHandler?) {
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
    }

    /// Writes one byte from a signal handler: nothing but the async-signal-safe `write`, its
    /// result ignored (a full wake pipe already holds a wake-up).
    @inline(__always)
    public static func writeFromSignalHandler(_ descriptor: Int32, byte: UInt8) {
        var value = byte
        _ = cWrite(descriptor, &value, 1)
    }
}
