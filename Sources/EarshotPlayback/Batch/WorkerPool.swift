import Foundation

/// The render workers of one run: starting them, waiting for their answers, stopping them.
final class WorkerPool {
    private let command: [String]
    private(set) var workers: [RenderWorkerProcess] = []
    /// Workers that ended before answering anything: a sign the engine cannot start at all.
    var startFailures = 0
    private var shutdownDeadline: Date?

    init(command: [String], size: Int) throws {
        self.command = command
        for _ in 0..<size { workers.append(try RenderWorkerProcess(command: command)) }
    }

    /// Starts one more worker (to replace one that ended); a failure to start counts as a start failure.
    func add() {
        if let worker = try? RenderWorkerProcess(command: command) {
            workers.append(worker)
        } else {
            startFailures += 1
        }
    }

    /// Forgets a worker and reaps its process; returns how it ended.
    @discardableResult
    func remove(_ worker: RenderWorkerProcess) -> WorkerEnding {
        workers.removeAll { $0 === worker }
        return worker.reap()
    }

    /// Waits until a worker has output (or ended), the wake descriptor is readable, or `timeout`.
    func wait(wakeDescriptor: Int32, timeout: Double) -> [RenderWorkerProcess] {
        var descriptors = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        descriptors += workers.map { pollfd(fd: $0.responseDescriptor, events: Int16(POLLIN), revents: 0) }
        var milliseconds = Int32(timeout * 1000)
        if let shutdownDeadline {
            milliseconds = min(milliseconds, max(0, Int32(shutdownDeadline.timeIntervalSinceNow * 1000)))
        }
        let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard count > 0 else { return [] }
        return zip(workers, descriptors.dropFirst()).filter { $0.1.revents != 0 }.map(\.0)
    }

    /// Stops sending work: workers finish what they have and exit; after `grace` seconds the
    /// caller kills what is left.
    func beginShutdown(grace: Double) {
        for worker in workers { worker.closeRequests() }
        let deadline = Date().addingTimeInterval(grace)
        shutdownDeadline = min(shutdownDeadline ?? deadline, deadline)
    }

    func shutdownDeadlinePassed() -> Bool {
        guard let shutdownDeadline else { return false }
        return Date() >= shutdownDeadline
    }
}

/// The write end of the pipe that wakes the render loop when a stop signal arrives. A signal
/// handler can reach nothing but globals; this one is created once and never changes.
private let signalWakePipe: (read: Int32, write: Int32) = {
    var descriptors: [Int32] = [-1, -1]
    _ = pipe(&descriptors)
    for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    return (descriptors[0], descriptors[1])
}()

/// Catches SIGINT, SIGTERM and SIGHUP during a run so the parent can stop cleanly: each signal
/// writes its number to a pipe the render loop polls.
final class InterruptionSignals {
    static let caught: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The first stop signal received, if any.
    private(set) var signal: Int32?
    /// How many stop signals arrived; a second one means "stop now".
    private(set) var count = 0

    init() {
        _ = signalWakePipe
        Glibc.signal(SIGPIPE, SIG_IGN)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for caught in Self.caught {
            Glibc.signal(caught) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalWakePipe.write, &byte, 1)
            }
            sigaddset(&unblock, caught)
        }
        // A parent (a test runner, some CI shells) may have blocked them; they must arrive here.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    var wakeDescriptor: Int32 { signalWakePipe.read }

    /// Reads pending signal numbers; true if any arrived.
    func consumeWake() -> Bool {
        var byte: UInt8 = 0
        var any = false
        while read(signalWakePipe.read, &byte, 1) == 1 {
            any = true
            count += 1
            if signal == nil { signal = Int32(byte) }
        }
        return any
    }

    /// Puts back the default handlers.
    func restore() {
        for caught in Self.caught { Glibc.signal(caught, SIG_DFL) }
    }
}
