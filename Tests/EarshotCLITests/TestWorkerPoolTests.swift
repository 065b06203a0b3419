import Foundation
import Testing

/// `earshot test --jobs N` runs its scenarios in the worker pool `render` uses: a worker killed
/// or stalled costs only the scenario it was running, and Ctrl-C stops the workers and keeps
/// what was written.
@Suite("earshot test in worker processes: a worker killed, a stalled worker, SIGINT", .serialized)
struct TestWorkerPoolTests {
    /// A copy of the sample suite with each scenario five times over (with its golden): 20
    /// scenarios that pass.
    static func suite() throws -> URL {
        let folder = try TestSuiteCommandTests.samplesCopy().appendingPathComponent("suite")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".transcript.txt") }
        for golden in goldens {
            let name = String(golden.dropLast(".transcript.txt".count))
            for copy in 2...5 {
                try FileManager.default.copyItem(at: folder.appendingPathComponent(name + ".json"),
                                                 to: folder.appendingPathComponent("\(name)-\(copy).json"))
                try FileManager.default.copyItem(at: folder.appendingPathComponent(golden),
                                                 to: folder.appendingPathComponent("\(name)-\(copy).transcript.txt"))
            }
        }
        #expect(goldens.count == 4)
        return folder
    }

    /// The pids of the parent's `test --worker` children, waiting up to 30 s for one.
    static func workers(of parent: Process) throws -> [pid_t] {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let found = try CLIRunner.run(executable: "/usr/bin/pgrep", arguments: ["-P", String(parent.processIdentifier), "-f", "test --worker"],
                                          environment: [:])
            let pids = found.stdout.split(separator: "\n").compactMap { pid_t($0) }
            if !pids.isEmpty { return pids }
            usleep(20_000)
        }
        return []
    }

    /// Runs `earshot test` on `folder` with `arguments`, does `meanwhile` once a worker runs,
    /// and returns the exit, the lines printed and the seconds from `meanwhile` to the end.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:],
                    meanwhile: (Process, [pid_t]) throws -> Void) throws -> (process: Process, stdout: String, seconds: Double) {
        let output = folder.deletingLastPathComponent().appendingPathComponent("stdout-\(UUID().uuidString).txt")
        let process = try CLIRunner.start(["test"] + arguments + [folder.path], currentDirectory: folder,
                                          environment: environment, output: output)
        let workers = try workers(of: process)
        #expect(!workers.isEmpty, "a worker started")
        let started = Date()
        try meanwhile(process, workers)
        process.waitUntilExit()
        return (process, try String(contentsOf: output, encoding: .utf8), Date().timeIntervalSince(started))
    }

    @Test("a worker killed: the scenario it ran fails with the reason, the others pass")
    func killedWorker() throws {
        let folder = try Self.suite()
        // The workers take their first scenarios and hold them until the file exists: the
        // kill lands while one is held, however fast a worker would have got through them all
        // (the copies of a scenario take it little time, and CI once saw it done before a kill
        // 20 ms after it started).
        let hold = folder.deletingLastPathComponent().appendingPathComponent("hold-\(UUID().uuidString)")
        let result = try Self.run(["-j", "2"], in: folder, environment: ["EARSHOT_WORKER_HOLD": hold.path]) { _, workers in
            usleep(300_000)  // the pool has sent its first scenarios; held, they wait
            kill(workers[0], SIGKILL)
            try Data().write(to: hold)
        }
        #expect(result.process.terminationStatus == 1, "\(result.stdout)")
        let failures = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 1, "\(result.stdout)")
        #expect(result.stdout.contains("error: the test worker stopped while running it (killed by signal 9)"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("19 passed, 1 failed\n"), "\(result.stdout)")
    }

    @Test("a stalled worker is killed within the stall limit: its scenario fails with the reason, the others pass")
    func stalledWorker() throws {
        let folder = try Self.suite()
        // Held as above: the worker is stopped with a scenario taken and not answered.
        let hold = folder.deletingLastPathComponent().appendingPathComponent("hold-\(UUID().uuidString)")
        let result = try Self.run(["-j", "2"], in: folder, environment: ["EARSHOT_WORKER_STALL": "3", "EARSHOT_WORKER_HOLD": hold.path]) { _, workers in
            usleep(300_000)
            kill(workers[0], SIGSTOP)
            try Data().write(to: hold)
        }
        #expect(result.process.terminationStatus == 1, "\(result.stdout)")
        #expect(result.seconds < 20, "\(result.seconds) s")
        let failures = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 1, "\(result.stdout)")
        #expect(result.stdout.contains("error: the test worker made no progress for 3 s and was stopped"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("19 passed, 1 failed\n"), "\(result.stdout)")
    }

    @Test("SIGINT to the parent: the workers' groups are stopped, the pages written are kept whole, the run ends by the signal")
    func interrupted() throws {
        let folder = try Self.suite()
        let report = folder.deletingLastPathComponent().appendingPathComponent("report")
        var workers: [pid_t] = []
        let result = try Self.run(["-j", "2", "--report", report.path], in: folder) { process, started in
            workers = started
            // Wait for a page or two, then stop the run in the middle.
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                let pages = (try? FileManager.default.contentsOfDirectory(atPath: report.path))?.filter { $0.hasSuffix(".html") } ?? []
                if pages.count >= 2 { break }
                usleep(20_000)
            }
            kill(process.processIdentifier, SIGINT)
        }
        #expect(result.process.terminationReason == .uncaughtSignal)
        #expect(result.process.terminationStatus == SIGINT)
        #expect(result.seconds < 10, "stopped \(result.seconds) s after SIGINT")
        for worker in workers {
            #expect(kill(worker, 0) != 0, "worker \(worker) is still there")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: report.path)
        let pages = files.filter { $0.hasSuffix(".html") }
        #expect(!pages.contains("index.html"), "a stopped run writes no index: \(files)")
        #expect(pages.count >= 2 && pages.count < 20, "\(files)")
        for page in pages {
            let text = try String(contentsOf: report.appendingPathComponent(page), encoding: .utf8)
            #expect(text.hasSuffix("</html>\n"), "\(page) is whole")
        }
        #expect(files.allSatisfy { !$0.contains(".tmp") }, "no temporary file left: \(files)")
        // The verdicts printed (in file order, so maybe none yet) are counted in the last line.
        let passed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") }
        #expect(result.stdout.hasSuffix("test: stopped by signal \(SIGINT) after \(passed.count) of 20 scenarios; their golden transcripts and report pages are written\n"),
                "\(result.stdout)")
    }
}
