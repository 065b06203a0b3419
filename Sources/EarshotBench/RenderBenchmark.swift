import EarshotAudio
import EarshotCommandLine
import EarshotCore
import EarshotRender
import Foundation

/// `earshot-bench render [LINES] [RUNS]`: seconds of audio rendered per wall-clock second on the
/// benchmark corpus (`scripts/mkcorpus.py LINES`, default 2000) by `earshot render
/// --jobs 1`, `--jobs 2`, a shell loop running `espeak-ng -w` once per line, and `xargs -P 2`
/// over `espeak-ng`; and the peak memory of each render worker.
///
/// Each configuration runs RUNS times (default 3), the configurations taking turns within each
/// round so that a slow spell of the machine touches all of them; the figures are medians. One
/// more configuration measures what the machine itself allows two workers: two separate
/// `earshot render --jobs 1` processes, each on half the corpus, started together. `--jobs 2`
/// cannot beat that pair, so its ratio to `--jobs 1` is the machine's ceiling for the
/// scaling target.
///
/// Targets: `--jobs 1` at least 2x the shell loop, `--jobs 2` at least 1.8x `--jobs 1`, under
/// 50 MB per worker. Every `earshot render` run uses `--force` so that nothing is skipped.
///
/// Every configuration writes its files to the same place: `/dev/shm` where it exists, so
/// that the figures measure rendering rather than the disk (set `EARSHOT_BENCH_DIR` to measure
/// a disk). On the development machine's disk (ext4 without a journal) creating files right
/// after thousands were deleted scans the recently freed inodes, which made runs vary by a
/// third; on a disk all output therefore stays until the end (about 2 GB per round for 2000
/// lines), in memory each round's output is removed when the round ends.
enum RenderBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "render",
                  summary: "earshot render --jobs 1/2 vs an espeak-ng shell loop and xargs -P 2 (audio s per wall s, median of runs; worker memory)",
                  arguments: [("LINES", "Corpus lines (default 2000)."), ("RUNS", "Runs of each (default 3).")], options: NoOptions.self, run: run)
    }

    struct Figure {
        var name: String
        var wallSeconds: Double
        var audioSeconds: Double
        var files: Int
        var speed: Double { audioSeconds / wallSeconds }
    }

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let counts = try parsed.positiveCounts([("LINES", 2000), ("RUNS", 3)])
        let (lines, runs) = (counts[0], counts[1])
        let earshot = try BenchmarkFiles.earshotBinary()
        let (base, inMemory) = outputBase()
        let folder = (base as NSString).appendingPathComponent("earshot-bench-render-\(getpid())")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpusLines = try BenchmarkCorpus.generated(count: lines)
        let corpus = (folder as NSString).appendingPathComponent("corpus.txt")
        try AtomicFile.write(corpusLines.joined(separator: "\n") + "\n", to: corpus)
        let halves = [(folder as NSString).appendingPathComponent("half-1.txt"), (folder as NSString).appendingPathComponent("half-2.txt")]
        try AtomicFile.write(corpusLines.prefix(lines / 2).joined(separator: "\n") + "\n", to: halves[0])
        try AtomicFile.write(corpusLines.dropFirst(lines / 2).joined(separator: "\n") + "\n", to: halves[1])
        let profile = try VoiceLibrary.locate().profile("ko").engine
        let espeak = "espeak-ng -v \(profile.voice) -s \(profile.rate) -p \(profile.pitch) -a \(profile.volume)"
        print("render: corpus of \(lines) lines (mkcorpus.py \(lines)), voice ko, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(runs) runs each, output under \(folder)\(inMemory ? " (tmpfs)" : "")")

        let names = ["earshot render --jobs 1", "earshot render --jobs 2", "two --jobs 1 on halves at once",
                     "shell loop of espeak-ng -w", "xargs -P 2 espeak-ng -w"]
        var figures: [[Figure]] = Array(repeating: [], count: names.count)
        var workerPeaks: [Int] = [0, 0]
        for round in 1...runs {
            let roundFolder = (folder as NSString).appendingPathComponent("run-\(round)")
            for jobs in [1, 2] {
                let out = (roundFolder as NSString).appendingPathComponent("jobs\(jobs)")
                var peak = 0
                let wall = try timed {
                    peak = try runSamplingWorkers(earshot, ["render", corpus, "-o", out, "--jobs", "\(jobs)", "--force", "-q"])
                }
                workerPeaks[jobs - 1] = max(workerPeaks[jobs - 1], peak)
                figures[jobs - 1].append(manifestFigure(name: names[jobs - 1], folders: [out], wall: wall))
            }

            let pair = ["pair-1", "pair-2"].map { (roundFolder as NSString).appendingPathComponent($0) }
            let pairWall = try timed {
                let processes = try zip(halves, pair).map { half, out in
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: earshot)
                    process.arguments = ["render", half, "-o", out, "--jobs", "1", "--force", "-q"]
                    try process.run()
                    return process
                }
                for process in processes { process.waitUntilExit() }
            }
            figures[2].append(manifestFigure(name: names[2], folders: pair, wall: pairWall))

            let loop = (roundFolder as NSString).appendingPathComponent("loop")
            try FileManager.default.createDirectory(atPath: loop, withIntermediateDirectories: true)
            let loopWall = try timed {
                _ = try shell("i=0; while IFS= read -r line; do i=$((i+1)); [ -z \"$line\" ] && continue; \(espeak) -w '\(loop)'/$i.wav -- \"$line\"; done < '\(corpus)'")
            }
            figures[3].append(try wavFigure(name: names[3], folder: loop, wall: loopWall))

            let parallel = (roundFolder as NSString).appendingPathComponent("xargs")
            try FileManager.default.createDirectory(atPath: parallel, withIntermediateDirectories: true)
            let xargsWall = try timed {
                _ = try shell("nl -ba -w1 -s'\t' '\(corpus)' | xargs -d '\\n' -P 2 -n 1 sh -c 'n=\"${1%%\t*}\"; t=\"${1#*\t}\"; [ -z \"$t\" ] || \(espeak) -w \"\(parallel)/$n.wav\" -- \"$t\"' _")
            }
            figures[4].append(try wavFigure(name: names[4], folder: parallel, wall: xargsWall))
            // In memory nothing is left to reclaim; on a disk, deleting thousands of files would
            // slow the file creation of the next round (see the type comment).
            if inMemory { try? FileManager.default.removeItem(atPath: roundFolder) }
            let speeds = figures.map { String(format: "%.0f", $0.last!.speed) }.joined(separator: " / ")
            print("render: run \(round): audio s per wall s (jobs 1 / jobs 2 / pair / loop / xargs): \(speeds)")
        }

        var medians: [Double] = []
        for runsOfOne in figures {
            let sorted = runsOfOne.sorted { $0.speed < $1.speed }
            let median = sorted[sorted.count / 2]
            medians.append(sorted.count % 2 == 1 ? median.speed : (sorted[sorted.count / 2 - 1].speed + median.speed) / 2)
            print(String(format: "render: %-31@ %5d files, %8.1f s of audio: median %7.1f audio s per wall s (runs: %@)",
                         median.name as NSString, median.files, median.audioSeconds, medians.last!,
                         runsOfOne.map { String(format: "%.0f", $0.speed) }.joined(separator: ", ") as NSString))
        }
        for (jobs, peak) in zip([1, 2], workerPeaks) {
            print(String(format: "render: --jobs %d: peak memory of one worker (VmHWM) %.1f MB", jobs, Double(peak) / 1024))
        }
        let one = medians[0], two = medians[1], pairSpeed = medians[2], shellLoop = medians[3]
        print(String(format: "render: the machine's ceiling for two workers: two separate --jobs 1 renders at once are %.2fx --jobs 1; --jobs 2 reaches %.0f%% of that pair",
                     pairSpeed / one, 100 * two / pairSpeed))
        let checks = [
            (String(format: "--jobs 1 is %.2fx the shell loop (target >= 2x)", one / shellLoop), one / shellLoop >= 2),
            (String(format: "--jobs 2 is %.2fx --jobs 1 (target >= 1.8x)", two / one), two / one >= 1.8),
            (String(format: "peak worker memory %.1f MB (target < 50 MB)", Double(workerPeaks.max() ?? 0) / 1024), (workerPeaks.max() ?? 0) < 50 * 1024),
        ]
        for (text, met) in checks { print("render: \(met ? "met" : "NOT MET"): \(text)") }
    }

    /// Where the runs write: `EARSHOT_BENCH_DIR` if set, else /dev/shm (memory), else the
    /// temporary folder; and whether that is a tmpfs.
    static func outputBase() -> (path: String, inMemory: Bool) {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["EARSHOT_BENCH_DIR"], "/dev/shm", NSTemporaryDirectory()].compactMap { $0 }
        let path = candidates.first { FileManager.default.isWritableFile(atPath: $0) } ?? NSTemporaryDirectory()
        // The file system of the longest mount point that contains the path (/proc/mounts).
        let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var best: (point: String, type: String) = ("", "")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { continue }
            let point = String(fields[1])
            let contains = resolved == point || resolved.hasPrefix(point.hasSuffix("/") ? point : point + "/")
            if contains && point.count > best.point.count { best = (point, String(fields[2])) }
        }
        return (path, best.type == "tmpfs")
    }

    /// The files and seconds of audio listed by the manifests `earshot render` wrote in `folders`.
    static func manifestFigure(name: String, folders: [String], wall: Double) -> Figure {
        let entries = folders.flatMap { ManifestEntry.readAll(path: ($0 as NSString).appendingPathComponent("manifest.jsonl")) }
        return Figure(name: name, wallSeconds: wall, audioSeconds: entries.reduce(0) { $0 + $1.duration }, files: entries.count)
    }

    /// Runs `earshot` and samples the peak resident memory (VmHWM, kB) of its worker processes
    /// (its children) until it exits; returns the largest.
    static func runSamplingWorkers(_ executable: String, _ arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        var peak = 0
        while process.isRunning {
            for pid in children(of: process.processIdentifier) {
                peak = max(peak, highWaterMark(of: pid))
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FileIOError(path: executable, reason: "earshot render exited with status \(process.terminationStatus)")
        }
        return peak
    }

    static func children(of parent: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && pid_t(fields[1]) == parent ? pid : nil
        }
    }

    static func highWaterMark(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Audio seconds of the WAV files espeak-ng wrote (their data after the 44-byte header).
    static func wavFigure(name: String, folder: String, wall: Double) throws -> Figure {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".wav") }
        var seconds = 0.0
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file)
            let wav = try WAVFile.read(path: path)
            seconds += wav.duration
        }
        return Figure(name: name, wallSeconds: wall, audioSeconds: seconds, files: files.count)
    }

    static func timed(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @discardableResult
    static func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FileIOError(path: "/bin/bash", reason: "command failed (status \(process.terminationStatus)): \(command)")
        }
        return process.terminationStatus
    }
}
