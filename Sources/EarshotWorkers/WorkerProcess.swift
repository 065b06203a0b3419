import EarshotCore
import Foundation

/// One running worker process, seen from the parent: its pipes, the jobs it was sent and has
/// not answered yet, and the bytes of an answer line still arriving.
///
/// The worker runs in a process group of its own, so a Ctrl-C at the terminal reaches only the
/// parent, which then stops its workers; stopping a worker signals its whole group, so nothing
/// it started is left running.
final class WorkerProcess<Job> {
    let pid: pid_t
    /// The worker's standard input (requests go here); -1 once closed.
    private(set) var requestDescriptor: Int32
    /// The worker's standard output (answers come from here); -1 once it ended.
    private(set) var responseDescriptor: Int32
    /// Jobs sent and not yet answered, oldest first.
    var pending: [Job] = []
    /// Whether the worker has answered at least one job (it got as far as starting its work).
    var answeredAny = false
    /// When the worker was last given work or last wrote anything (an answer, or a sign of
    /// life): a worker with work that stays silent past the stall limit is stopped.
    var lastProgress = Date()
    /// SIGTERM was sent to the group when the pool's grace ran out.
    var terminated = false
    /// Where each read lands; kept, since a run reads thousands of times.
    private var readBuffer = [UInt8](repeating: 0, count: 65536)
    private var received: [UInt8] = []

    /// Starts `command` (an executable and its arguments) in a process group of its own, with
    /// the stop signals at their default action and none blocked, whatever the parent has.
    init(command: [String]) throws {
        var toWorker: [Int32] = [-1, -1]
        var fromWorker: [Int32] = [-1, -1]
        guard pipe(&toWorker) == 0, pipe(&fromWorker) == 0 else {
            throw FileIOError(path: command[0], reason: "cannot create pipes for a worker (\(String(cString: strerror(errno))))")
        }
        // The parent's ends must not leak into other workers, or a worker would never see its
        // input end when the parent closes it.
        for descriptor in toWorker + fromWorker { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }

        let child: pid_t
        do {
            child = try SystemCall.spawnInOwnGroup(command, descriptors: [(toWorker[0], STDIN_FILENO), (fromWorker[1], STDOUT_FILENO)])
        } catch {
            close(toWorker[0])
            close(fromWorker[1])
            close(toWorker[1])
            close(fromWorker[0])
            throw FileIOError(path: command[0], reason: "cannot start a worker (\(error.reason))")
        }
        close(toWorker[0])
        close(fromWorker[1])
        pid = child
        requestDescriptor = toWorker[1]
        responseDescriptor = fromWorker[0]
    }

    /// Sends one request line for `job`; false if the worker is gone.
    func send(_ line: String, for job: Job) -> Bool {
        guard requestDescriptor >= 0 else { return false }
        do {
            try Array((line + "\n").utf8).withUnsafeBytes { try AtomicFile.writeAll($0, to: requestDescriptor, path: "a worker's input") }
        } catch {
            return false
        }
        if pending.isEmpty { lastProgress = Date() }
        pending.append(job)
        return true
    }

    /// Reads what is available; returns the complete lines, or nil at end of output.
    func readLines() -> [String]? {
        let count: Int
        do {
            count = try SystemCall.read(responseDescriptor, into: &readBuffer)
        } catch {
            return error.wouldBlock ? [] : nil
        }
        if count == 0 { return nil }
        lastProgress = Date()
        received += readBuffer[0..<count]
        var lines: [String] = []
        while let newline = received.firstIndex(of: 0x0A) {
            lines.append(String(decoding: received[0..<newline], as: UTF8.self))
            received.removeSubrange(0...newline)
        }
        return lines
    }

    /// Closes the worker's input: it finishes what it was sent and exits.
    func closeRequests() {
        if requestDescriptor >= 0 {
            close(requestDescriptor)
            requestDescriptor = -1
        }
    }

    private func closeResponses() {
        if responseDescriptor >= 0 {
            close(responseDescriptor)
            responseDescriptor = -1
        }
    }

    /// Sends `signal` to the worker's process group (the worker and whatever it started).
    func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }

    /// Waits for the process to end and returns how it ended.
    func reap() -> WorkerEnding {
        closeRequests()
        closeResponses()
        let status = (try? SystemCall.waitForExit(pid)) ?? 0
        let signal = status & 0x7F
        if signal != 0 { return WorkerEnding(signal: signal, status: 0) }
        return WorkerEnding(signal: 0, status: (status >> 8) & 0xFF)
    }
}

/// How a worker process ended: by a signal (a crash, or killed) or with an exit status.
public struct WorkerEnding: Sendable, Equatable, CustomStringConvertible {
    public var signal: Int32
    public var status: Int32

    public init(signal: Int32, status: Int32) {
        self.signal = signal
        self.status = status
    }

    public var description: String {
        signal != 0 ? "killed by signal \(signal)" : "exited with status \(status)"
    }
}
