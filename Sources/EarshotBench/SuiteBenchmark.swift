import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot-bench suite [RUNS]`: the wall time of `earshot test` on the bundled samples (every
/// scenario in samples/scenarios, samples/suite and samples/audit, real speech), with `--jobs 1`
/// and `--jobs 2`, and with `--jobs 1` plus the audit options (`--standard kwcag22 --baseline
/// samples/audit/baseline.json`: their cost should be noise), as the user runs it: the release `earshot` binary beside this one, from the
/// repository root. Median and best of RUNS runs each (default 5), alternating so both see the
/// same machine; prints the speed-up, and the machine's own ceiling: two `--jobs 1` runs at once
/// against one (2.00x when both cores are fully available; a shared virtual machine gives less).
enum SuiteBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "suite", summary: "earshot test on the bundled samples: wall time with --jobs 1 and --jobs 2",
                  arguments: [("RUNS", "Runs of each command (default 5).")], options: NoOptions.self, run: run)
    }

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let runs = try parsed.positiveCounts([("RUNS", 5)])[0]
        let earshot = try BenchmarkFiles.earshotBinary()
        let root = BenchmarkFiles.repositoryRoot
        var times: [Int: [Double]] = [1: [], 2: []]
        // The audit options on the same run: a standard's table and a baseline.
        var audited: [Double] = []
        var lines: [Int: String] = [:]
        var pairs: [Double] = []
        for _ in 0..<runs {
            for jobs in [1, 2] {
                // Without their baseline the audit flows fail (exit 1), as they should.
                let (seconds, output) = try time(earshot, ["test", "--jobs", "\(jobs)", "samples"], in: root, allowFailure: true)
                times[jobs]!.append(seconds)
                lines[jobs] = output
            }
            audited.append(try time(earshot, ["test", "--jobs", "1", "--standard", "kwcag22", "--baseline",
                                              "samples/audit/baseline.json", "samples"], in: root).0)
            // The ceiling: the same single-job run twice at once, as two processes.
            let started = Date()
            let group = DispatchGroup()
            for _ in 0..<2 {
                DispatchQueue.global().async(group: group) { _ = try? time(earshot, ["test", "--jobs", "1", "samples"], in: root) }
            }
            group.wait()
            pairs.append(Date().timeIntervalSince(started))
        }
        guard lines[1] == lines[2] else { throw BenchmarkFailure(reasons: ["--jobs 1 and --jobs 2 printed different lines"]) }
        let summary = lines[1]!.split(separator: "\n").last ?? ""
        let one = median(times[1]!), two = median(times[2]!)
        print("earshot test samples: \(summary)")
        let bestOne = times[1]!.min()!, bestTwo = times[2]!.min()!
        print("--jobs 1: \(fixedDecimal(one, places: 3)) s   --jobs 2: \(fixedDecimal(two, places: 3)) s   (median of \(runs))")
        print("--jobs 1: \(fixedDecimal(bestOne, places: 3)) s   --jobs 2: \(fixedDecimal(bestTwo, places: 3)) s   (best of \(runs))")
        print("--jobs 1 --standard kwcag22 --baseline samples/audit/baseline.json: \(fixedDecimal(median(audited), places: 3)) s (median), \(fixedDecimal(audited.min()!, places: 3)) s (best)")
        print("speed-up: \(fixedDecimal(one / two, places: 2))x median, \(fixedDecimal(bestOne / bestTwo, places: 2))x best, on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("machine ceiling: two --jobs 1 runs at once do twice the work \(fixedDecimal(2 * one / median(pairs), places: 2))x as fast as one (median)")
    }

    static func time(_ executable: String, _ arguments: [String], in folder: URL, allowFailure: Bool = false) throws -> (Double, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        let started = Date()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        guard process.terminationStatus == 0 || allowFailure && process.terminationStatus == 1 else {
            throw BenchmarkFailure(reasons: ["\((executable as NSString).lastPathComponent) \(arguments.first ?? "") exited with \(process.terminationStatus)"])
        }
        return (seconds, String(decoding: data, as: UTF8.self))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
