import EarshotWorkers
import Foundation
import Testing

/// The worker-process pool of `render` and `test`, with small shell workers: answers, a worker
/// killed, a stalled worker, failures to start, and a stop signal to the parent.
/// Serialized: a stop signal is caught by the whole process while a pool runs.
@Suite("The worker-process pool", .serialized)
struct WorkerPoolTests {
    /// A worker that answers each line with `ok LINE`; `die` kills it, `hang` starts a child
    /// that sleeps (its pid goes to `pids`) and waits for it.
    static func worker(pids: String = "/dev/null") -> [String] {
        let script = """
        while read line; do
          case "$line" in
            die) kill -9 $$ ;;
            hang) sleep 30 & echo $! >> \(pids); wait ;;
          esac
          echo "ok $line"
        done
        """
        return ["/bin/sh", "-c", script]
    }

    /// What a run did: the answers, the jobs lost and why, the jobs abandoned.
    struct Run {
        var answered: [String] = []
        var lost: [String: WorkerLoss] = [:]
        var abandoned: [String] = []
        var signal: Int32?
        var seconds = 0.0
    }

    static func run(_ jobs: [String], _ settings: WorkerPoolSettings,
                    onAnswer: (String, WorkerPool<String>) -> Void = { _, _ in }) throws -> Run {
        var run = Run()
        let pool = WorkerPool<String>(settings)
        let start = Date()
        run.signal = try pool.run(
            jobs, request: { $0 },
            answer: { line, pending in
                guard line.hasPrefix("ok "), let index = pending.firstIndex(of: String(line.dropFirst(3))) else { return nil }
                run.answered.append(pending[index])
                onAnswer(pending[index], pool)
                return index
            },
            lost: { job, loss in run.lost[job] = loss },
            abandoned: { run.abandoned.append($0) })
        run.seconds = Date().timeIntervalSince(start)
        return run
    }

    /// Whether a process is still there a second after it was killed (a zombie counts as gone:
    /// it no longer runs; a signal to a group takes a moment to reach each member).
    static func running(_ pid: pid_t) -> Bool {
        let deadline = Date().addingTimeInterval(1)
        repeat {
            guard kill(pid, 0) == 0 else { return false }
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
                .split(separator: ")").last?.split(separator: " ").first
            if state == "Z" { return false }
            usleep(10_000)
        } while Date() < deadline
        return true
    }

    static func pids(in path: String) -> [pid_t] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    static func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("earshot-pool-\(UUID().uuidString)").path
    }

    @Test("every job is answered once, by several workers holding two each")
    func answers() throws {
        let jobs = (1...40).map { "job\($0)" }
        let run = try Self.run(jobs, WorkerPoolSettings(command: Self.worker(), size: 3, depth: 2))
        #expect(run.answered.sorted() == jobs.sorted())
        #expect(run.lost.isEmpty && run.abandoned.isEmpty && run.signal == nil)
    }

    @Test("a worker killed loses the job it was on; the jobs it held go to a new worker")
    func killedWorker() throws {
        let jobs = ["a", "b", "die", "c", "d", "e"]
        let run = try Self.run(jobs, WorkerPoolSettings(command: Self.worker(), size: 1, depth: 2))
        #expect(run.lost == ["die": .ended(WorkerEnding(signal: SIGKILL, status: 0))])
        #expect(run.answered == ["a", "b", "c", "d", "e"])
        #expect(run.abandoned.first == "die", "what the dead worker held is handed back: \(run.abandoned)")
    }

    @Test("a stalled worker is killed with its whole process group within the stall limit; the rest go on")
    func stalledWorker() throws {
        let pids = Self.temporaryFile()
        defer { unlink(pids) }
        let jobs = ["a", "hang", "b", "c"]
        let run = try Self.run(jobs, WorkerPoolSettings(command: Self.worker(pids: pids), size: 1, stallLimit: 0.5))
        #expect(run.lost == ["hang": .stalled(seconds: 0.5)])
        #expect(run.answered == ["a", "b", "c"])
        #expect(run.seconds < 10, "noticed after \(run.seconds) s")
        let sleeper = try #require(Self.pids(in: pids).first)
        #expect(!Self.running(sleeper), "the worker's child \(sleeper) was left running")
    }

    @Test("workers that cannot start: after two, the jobs left are lost, not retried for ever")
    func cannotStart() throws {
        let run = try Self.run(["a", "b", "c"], WorkerPoolSettings(command: ["/bin/sh", "-c", "read line; exit 3"], size: 1))
        #expect(run.answered.isEmpty)
        #expect(run.lost.count == 3)
        #expect(run.lost.values.allSatisfy { $0 == .noWorker(WorkerEnding(signal: 0, status: 3)) }, "\(run.lost)")
    }

    @Test("SIGINT to the parent: no more work, the answers taken stand, the workers' groups are stopped after the grace",
          arguments: [SIGINT, SIGTERM])
    func stopSignal(_ signal: Int32) throws {
        let pids = Self.temporaryFile()
        defer { unlink(pids) }
        // One worker hangs on its job; the other answers, and its first answer raises the signal.
        let jobs = ["hang", "a", "b", "c", "d", "e", "f"]
        var raised = false
        let run = try Self.run(jobs, WorkerPoolSettings(command: Self.worker(pids: pids), size: 2, grace: 0.5)) { _, _ in
            if !raised {
                raised = true
                raise(signal)
            }
        }
        #expect(run.signal == signal)
        #expect(run.answered.first == "a" && run.answered.count < 6, "\(run.answered)")
        #expect(run.lost.isEmpty, "a stopped run loses nothing: what is not answered was not run")
        #expect(run.abandoned.contains("hang"))
        #expect(run.seconds < 5, "stopped after \(run.seconds) s")
        let sleeper = try #require(Self.pids(in: pids).first)
        #expect(!Self.running(sleeper), "the hanging worker's child \(sleeper) was left running")
    }

    @Test("an error thrown by a callback stops every worker at once and is rethrown")
    func callbackError() throws {
        struct Stop: Error {}
        let pids = Self.temporaryFile()
        defer { unlink(pids) }
        let pool = WorkerPool<String>(WorkerPoolSettings(command: Self.worker(pids: pids), size: 2))
        let start = Date()
        #expect(throws: Stop.self) {
            _ = try pool.run(["hang", "a"], request: { $0 }, answer: { line, _ in
                // Wait until the other worker has started its child, then fail.
                while Self.pids(in: pids).isEmpty { usleep(10_000) }
                throw Stop()
            }, lost: { _, _ in })
        }
        #expect(Date().timeIntervalSince(start) < 5)
        let sleeper = try #require(Self.pids(in: pids).first)
        #expect(!Self.running(sleeper))
    }
}
