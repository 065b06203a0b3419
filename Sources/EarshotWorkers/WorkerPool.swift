import EarshotCore
import Foundation

/// How a pool of worker processes runs: the command that starts a worker, how many, how many
/// jobs each holds at once, and how long one may hold work without a word.
public struct WorkerPoolSettings: Sendable {
    /// The executable and its arguments; the worker reads one request line per job on standard
    /// input and writes its answers (and any signs of life) as lines on standard output.
    public var command: [String]
    /// Worker processes started (never more than there are jobs).
    public var size: Int
    /// Jobs sent to a worker before it has answered the first: 2 keeps a fast worker busy while
    /// its last answer crosses the pipe.
    public var depth: Int
    /// Seconds a worker with work may stay silent before it is taken for stalled (stopped by
    /// SIGSTOP, hung) and killed.
    public var stallLimit: Double
    /// Seconds workers have to finish their current job after a stop signal.
    public var grace: Double

    public init(command: [String], size: Int, depth: Int = 1, stallLimit: Double = WorkerPoolSettings.defaultStallLimit,
                grace: Double = 2) {
        self.command = command
        self.size = size
        self.depth = max(1, depth)
        self.stallLimit = stallLimit
        self.grace = grace
    }

    /// 120 seconds, or `EARSHOT_WORKER_STALL` (at least 0.1): a test stops a worker and wants
    /// to see it noticed within a second.
    public static var defaultStallLimit: Double {
        ProcessInfo.processInfo.environment["EARSHOT_WORKER_STALL"].flatMap(Double.init).map { max(0.1, $0) } ?? 120
    }
}

/// Why a job will not be answered by any worker.
public enum WorkerLoss: Sendable, Equatable {
    /// Its worker ended while the job was the oldest it had not answered (a crash, a kill).
    case ended(WorkerEnding)
    /// Its worker said nothing for this many seconds while holding it, and was killed.
    case stalled(seconds: Double)
    /// No worker could start (two in a row ended before answering anything); the last one ended so.
    case noWorker(WorkerEnding?)
}

/// A pool of worker processes that share out a list of jobs, used by `earshot render` and
/// `earshot test --jobs`: each worker is started in a process group of its own, holds up to
/// `depth` jobs, and answers them with lines on its standard output.
///
/// What the pool does for its user:
/// - A worker that ends (a crash, a kill) costs the job it was on, which is reported lost; the
///   jobs it had not started go to another worker, and a new worker takes its place. A worker
///   that ends before answering anything counts as a failure to start; after two no worker is
///   started again, and once none is left the jobs left are lost (`noWorker`) rather than
///   started again and again.
/// - A worker that holds work and writes nothing for `stallLimit` seconds is killed (its whole
///   group, with SIGKILL, which reaches a stopped process too); its job is lost as `stalled`.
/// - On SIGINT, SIGTERM or SIGHUP to the parent the pool stops sending work and closes the
///   workers' input; they have `grace` seconds to finish their current job (its answer is
///   still taken), then their groups get SIGTERM, and SIGKILL a second later. A second signal
///   skips the grace. `run` then returns the signal; every answer already taken stays taken.
/// - An error thrown by a callback stops every worker at once and is rethrown.
///
/// Every job a stopped or ended worker held unanswered is handed to `abandoned`, so the caller
/// can remove what that worker may have left half-written.
public final class WorkerPool<Job> {
    private let settings: WorkerPoolSettings
    private var workers: [WorkerProcess<Job>] = []
    private var startFailures = 0
    private var stopDeadline: Date?
    private var killDeadline: Date?
    private var cancelled = false

    public init(_ settings: WorkerPoolSettings) {
        self.settings = settings
    }

    /// Stops the run from inside a callback: no more work is sent, and the workers' groups are
    /// stopped at once.
    public func cancel() {
        cancelled = true
    }

    /// Shares `jobs` out, in their order, until every one is answered or lost, or a stop signal
    /// arrives; returns that signal, or nil.
    ///
    /// - `request`: the line a worker reads for a job.
    /// - `answer`: called with each line a worker writes and the jobs it holds unanswered, oldest
    ///   first; returns the index among them of the job the line answers, or nil for a line
    ///   that answers none (a sign of life, which still counts as progress).
    /// - `lost`: a job no worker will answer, and why.
    /// - `abandoned`: every job a stopped or ended worker held unanswered, lost or given to
    ///   another worker.
    /// - `tick`: after every wake of the loop (at least once a second), for progress.
    public func run(_ jobs: [Job], request: (Job) -> String, answer: (String, [Job]) throws -> Int?,
                    lost: (Job, WorkerLoss) throws -> Void, abandoned: (Job) -> Void = { _ in },
                    tick: () -> Void = {}) throws -> Int32? {
        let interruption = InterruptionSignals()
        defer { interruption.restore() }
        var queue = jobs[...]
        do {
            for _ in 0..<min(max(settings.size, 1), jobs.count) { workers.append(try WorkerProcess(command: settings.command)) }
            func noticeSignals() {
                if interruption.consumeWake() { beginStop(grace: interruption.count > 1 ? 0 : settings.grace) }
                if cancelled && stopDeadline == nil { beginStop(grace: 0) }
            }
            while true {
                noticeSignals()
                let stopping = interruption.signal != nil || cancelled
                if !stopping {
                    for depth in 1...settings.depth {
                        for worker in workers where worker.requestDescriptor >= 0 && worker.pending.count < depth {
                            guard let job = queue.first else { break }
                            queue.removeFirst()
                            if !worker.send(request(job), for: job) { queue.insert(job, at: queue.startIndex) }
                        }
                    }
                    if queue.isEmpty { workers.forEach { $0.closeRequests() } }
                }
                if workers.isEmpty { break }

                let ready = wait(wakeDescriptor: interruption.wakeDescriptor)
                noticeSignals()
                for worker in ready {
                    guard let lines = worker.readLines() else {
                        try ended(worker, queue: &queue, stopping: interruption.signal != nil || cancelled, lost: lost,
                                  abandoned: abandoned)
                        continue
                    }
                    for line in lines {
                        guard let index = try answer(line, worker.pending) else { continue }
                        worker.pending.remove(at: index)
                        worker.answeredAny = true
                    }
                }
                if interruption.signal == nil && !cancelled {
                    for worker in workers where !worker.pending.isEmpty
                        && Date().timeIntervalSince(worker.lastProgress) > settings.stallLimit {
                        worker.signalGroup(SIGKILL)
                        _ = remove(worker, abandoned: abandoned)
                        try lost(worker.pending[0], .stalled(seconds: settings.stallLimit))
                        queue.insert(contentsOf: worker.pending.dropFirst(), at: queue.startIndex)
                        try replenish(&queue, lastEnding: nil, lost: lost)
                    }
                }
                stopLate(abandoned: abandoned)
                tick()
            }
        } catch {
            for worker in workers {
                worker.signalGroup(SIGKILL)
                _ = remove(worker, abandoned: abandoned)
            }
            throw error
        }
        return interruption.signal
    }

    /// A worker's output ended: it exited or was killed.
    private func ended(_ worker: WorkerProcess<Job>, queue: inout ArraySlice<Job>, stopping: Bool,
                       lost: (Job, WorkerLoss) throws -> Void, abandoned: (Job) -> Void) throws {
        let ending = remove(worker, abandoned: abandoned)
        guard !stopping else { return }
        // Of what it had not answered, the first was cut short (if it died of a signal) and the
        // rest never started.
        if ending.signal != 0, let first = worker.pending.first {
            try lost(first, .ended(ending))
            queue.insert(contentsOf: worker.pending.dropFirst(), at: queue.startIndex)
        } else {
            queue.insert(contentsOf: worker.pending, at: queue.startIndex)
            if !worker.answeredAny && (ending.status != 0 || !worker.pending.isEmpty) { startFailures += 1 }
        }
        try replenish(&queue, lastEnding: ending, lost: lost)
    }

    /// Starts a worker in place of one that ended while work is left. After two failures to
    /// start no more are started, and once no worker is left the work left is lost.
    private func replenish(_ queue: inout ArraySlice<Job>, lastEnding: WorkerEnding?,
                           lost: (Job, WorkerLoss) throws -> Void) throws {
        while !queue.isEmpty && workers.count < max(settings.size, 1) && startFailures < 2 {
            guard let worker = try? WorkerProcess<Job>(command: settings.command) else {
                startFailures += 1
                continue
            }
            workers.append(worker)
        }
        if !queue.isEmpty && workers.isEmpty {
            for job in queue { try lost(job, .noWorker(lastEnding)) }
            queue = []
        }
    }

    /// Forgets a worker, hands on what it held, and reaps its process.
    private func remove(_ worker: WorkerProcess<Job>, abandoned: (Job) -> Void) -> WorkerEnding {
        workers.removeAll { $0 === worker }
        let ending = worker.reap()
        worker.pending.forEach(abandoned)
        return ending
    }

    /// Waits until a worker has output (or ended), the wake descriptor is readable, or a second
    /// (less when the stall limit or a deadline is nearer).
    private func wait(wakeDescriptor: Int32) -> [WorkerProcess<Job>] {
        var descriptors = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        descriptors += workers.map { pollfd(fd: $0.responseDescriptor, events: Int16(POLLIN), revents: 0) }
        var milliseconds = Int32(min(1, settings.stallLimit / 2) * 1000)
        for deadline in [stopDeadline, killDeadline].compactMap({ $0 }) {
            milliseconds = min(milliseconds, max(0, Int32(deadline.timeIntervalSinceNow * 1000)))
        }
        let count = (try? SystemCall.poll(&descriptors, milliseconds: milliseconds)) ?? 0
        guard count > 0 else { return [] }
        return zip(workers, descriptors.dropFirst()).filter { $0.1.revents != 0 }.map(\.0)
    }

    /// Stops sending work: workers finish what they have and exit; after `grace` seconds their
    /// groups are stopped.
    private func beginStop(grace: Double) {
        for worker in workers { worker.closeRequests() }
        let deadline = Date().addingTimeInterval(grace)
        stopDeadline = min(stopDeadline ?? deadline, deadline)
    }

    /// Past the grace, SIGTERM to every group left (a worker's own handlers remove its
    /// temporary files), and a second later SIGKILL.
    private func stopLate(abandoned: (Job) -> Void) {
        guard let stopDeadline, Date() >= stopDeadline else { return }
        for worker in workers where !worker.terminated {
            worker.signalGroup(SIGTERM)
            worker.terminated = true
        }
        if killDeadline == nil { killDeadline = Date().addingTimeInterval(1) }
        if let killDeadline, Date() >= killDeadline {
            for worker in workers {
                worker.signalGroup(SIGKILL)
                _ = remove(worker, abandoned: abandoned)
            }
        }
    }
}
