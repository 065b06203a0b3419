import EarshotPlayback
import Foundation

/// `earshot-bench render [LINES]`: seconds of audio rendered per wall-clock second on the shared
/// benchmark corpus (`../shared/bench/mkcorpus.py LINES`, default 2000) by `earshot render
/// --jobs 1`, `--jobs 2`, a shell loop running `espeak-ng -w` once per line, and `xargs -P 2`
/// over `espeak-ng`; and the peak memory of each render worker.
///
/// Targets: `--jobs 1` at least 2x the shell loop, `--jobs 2` at least 1.8x `--jobs 1`, under
/// 50 MB per worker. Every `earshot render` run uses `--force` so that nothing is skipped.
enum RenderBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "render",
                  summary: "earshot render --jobs 1/2 vs an espeak-ng shell loop and xargs -P 2 (audio s per wall s, worker memory)",
                  run: run)
    }

    struct Figure {
        var name: String
        var wallSeconds: Double
        var audioSeconds: Double
        var files: Int
        var speed: Double { audioSeconds / wallSeconds }
    }

    static func run(_ arguments: [String]) throws {
        guard arguments.count <= 1, let lines = arguments.first.map({ Int($0) }) ?? 2000, lines > 0 else {
            throw UsageError("usage: earshot-bench render [LINES]  (corpus lines, default 2000)")
        }
        let earshot = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("earshot").path
        guard FileManager.default.isExecutableFile(atPath: earshot) else {
            throw FileIOError(path: earshot, reason: "the earshot binary is not built beside earshot-bench (swift build -c release)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-render-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = (folder as NSString).appendingPathComponent("corpus.txt")
        try AtomicFile.write(BenchmarkCorpus.generated(count: lines).joined(separator: "\n") + "\n", to: corpus)
        let profile = try VoiceLibrary.locate().profile("ko").engine
        let espeak = "espeak-ng -v \(profile.voice) -s \(profile.rate) -p \(profile.pitch) -a \(profile.volume)"
        print("render: corpus of \(lines) lines (mkcorpus.py \(lines)), voice ko, \(ProcessInfo.processInfo.activeProcessorCount) cores")

        var figures: [Figure] = []
        var workerPeaks: [Int] = []
        for jobs in [1, 2] {
            let out = (folder as NSString).appendingPathComponent("jobs\(jobs)")
            var peak = 0
            let wall = try timed {
                peak = try runSamplingWorkers(earshot, ["render", corpus, "-o", out, "--jobs", "\(jobs)", "--force", "-q"])
            }
            workerPeaks.append(peak)
            let entries = ManifestEntry.readAll(path: (out as NSString).appendingPathComponent("manifest.jsonl"))
            figures.append(Figure(name: "earshot render --jobs \(jobs)", wallSeconds: wall,
                                  audioSeconds: entries.reduce(0) { $0 + $1.duration }, files: entries.count))
        }

        let loop = (folder as NSString).appendingPathComponent("loop")
        try FileManager.default.createDirectory(atPath: loop, withIntermediateDirectories: true)
        let loopWall = try timed {
            _ = try shell("i=0; while IFS= read -r line; do i=$((i+1)); [ -z \"$line\" ] && continue; \(espeak) -w '\(loop)'/$i.wav -- \"$line\"; done < '\(corpus)'")
        }
        figures.append(try wavFigure(name: "shell loop of espeak-ng -w", folder: loop, wall: loopWall))

        let parallel = (folder as NSString).appendingPathComponent("xargs")
        try FileManager.default.createDirectory(atPath: parallel, withIntermediateDirectories: true)
        let xargsWall = try timed {
            _ = try shell("nl -ba -w1 -s'\t' '\(corpus)' | xargs -d '\\n' -P 2 -n 1 sh -c 'n=\"${1%%\t*}\"; t=\"${1#*\t}\"; [ -z \"$t\" ] || \(espeak) -w \"\(parallel)/$n.wav\" -- \"$t\"' _")
        }
        figures.append(try wavFigure(name: "xargs -P 2 espeak-ng -w", folder: parallel, wall: xargsWall))

        for figure in figures {
            print(String(format: "render: %-28@ %5d files, %8.1f s of audio in %6.2f s wall: %7.1f audio s per wall s",
                         figure.name as NSString, figure.files, figure.audioSeconds, figure.wallSeconds, figure.speed))
        }
        for (jobs, peak) in zip([1, 2], workerPeaks) {
            print(String(format: "render: --jobs %d: peak memory of one worker (VmHWM) %.1f MB", jobs, Double(peak) / 1024))
        }
        let one = figures[0].speed, two = figures[1].speed, shellLoop = figures[2].speed
        let checks = [
            (String(format: "--jobs 1 is %.2fx the shell loop (target >= 2x)", one / shellLoop), one / shellLoop >= 2),
            (String(format: "--jobs 2 is %.2fx --jobs 1 (target >= 1.8x)", two / one), two / one >= 1.8),
            (String(format: "peak worker memory %.1f MB (target < 50 MB)", Double(workerPeaks.max() ?? 0) / 1024), (workerPeaks.max() ?? 0) < 50 * 1024),
        ]
        for (text, met) in checks { print("render: \(met ? "met" : "NOT MET"): \(text)") }
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
