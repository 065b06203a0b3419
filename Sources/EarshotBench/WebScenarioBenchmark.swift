import EarshotCommandLine
import EarshotCore
import EarshotWeb
import Foundation

/// `earshot-bench web-check [RUNS] [--baseline EARSHOT]`: what a scenario on a web page costs
/// (docs/web.md, "What a page costs"), median of RUNS (default 5) of each command, as a user
/// runs it:
///
/// - `earshot check -q samples/web/shop-cart.json` (a 14 s scenario on the shop page),
/// - `earshot test -q samples/web` (its scenarios, one process: four when the figures in docs/web.md were taken, six since the settings dialog) and with `--jobs 2`,
/// - for scale: `earshot read --no-audio samples/web/shop.html` (Chromium's start and the page's
///   own load and tree, nothing played) and `earshot check -q` of a screen scenario
///   (`samples/scenarios/cart-immediate.json`, no browser),
///
/// each with how many times it started Chromium (counted through `$EARSHOT_CHROMIUM`: a script
/// that writes a line to a log and runs the browser). With `--baseline`, another `earshot`
/// binary (an earlier build) runs the same commands, interleaved with this build's, so one run
/// prints figures that compare.
enum WebScenarioBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "web-check",
                  summary: "a web scenario's check and the web samples' test: wall time and Chromium starts, against --baseline EARSHOT",
                  arguments: [("RUNS", "Runs of each command (default 5).")], options: Options.self, run: run)
    }

    struct Options: CommandOptions {
        @Option("baseline", "EARSHOT", "Another build's earshot binary, run interleaved with this one's.")
        var baseline: String?
    }

    struct Command {
        var name: String
        var arguments: [String]
    }

    static func run(_ parsed: Parsed<Options>) throws {
        let runs = try parsed.positiveCounts([("RUNS", 5)])[0]
        let baseline = parsed.baseline
        let samples = BenchmarkFiles.repositoryRoot.appendingPathComponent("samples")
        let web = samples.appendingPathComponent("web")
        let commands = [
            Command(name: "check shop-cart.json", arguments: ["check", "-q", web.appendingPathComponent("shop-cart.json").path]),
            Command(name: "test samples/web", arguments: ["test", "-q", web.path]),
            Command(name: "test --jobs 2 samples/web", arguments: ["test", "-q", "--jobs", "2", web.path]),
            Command(name: "read --no-audio shop.html", arguments: ["read", "--no-audio", web.appendingPathComponent("shop.html").path]),
            Command(name: "check a screen scenario",
                    arguments: ["check", "-q", samples.appendingPathComponent("scenarios/cart-immediate.json").path]),
        ]
        let binaries = [("this build", try BenchmarkFiles.earshotBinary())] + (baseline.map { [("baseline", $0)] } ?? [])
        let counter = try LaunchCounter()
        defer { counter.remove() }
        print("web-check: \(runs) runs of each command, median wall time and Chromium starts per run; "
              + binaries.map { "\($0.0): \($0.1)" }.joined(separator: "; "))
        var times: [String: [Double]] = [:]
        var launches: [String: Int] = [:]
        for _ in 0..<runs {
            for command in commands {
                // Interleaved, so that the machine's load falls on both builds alike.
                for (label, binary) in binaries {
                    let key = label + "|" + command.name
                    let started = ContinuousClock.now
                    let status = try runQuietly(binary, command.arguments, environment: counter.environment)
                    // `check -q` of the screen scenario expects its findings: exit 0 or 1 both ran.
                    guard status == 0 || (status == 1 && command.name == "check a screen scenario") else {
                        throw BenchmarkFailure(reasons: ["\(label): earshot \(command.arguments.joined(separator: " ")) exited \(status)"])
                    }
                    times[key, default: []].append(WebBenchmark.seconds(ContinuousClock.now - started))
                    launches[key] = try counter.take()
                }
            }
        }
        for command in commands {
            var parts: [String] = []
            for (label, _) in binaries {
                let key = label + "|" + command.name
                let values = times[key] ?? []
                let started = launches[key] ?? 0
                parts.append(String(format: "%@ %.2f s (fastest %.2f), %d Chromium start%@", label, WebBenchmark.median(values),
                                    values.min() ?? 0, started, started == 1 ? "" : "s"))
            }
            print("web-check: \(command.name): " + parts.joined(separator: "; "))
        }
        for (label, _) in binaries {
            let check = WebBenchmark.median(times[label + "|check shop-cart.json"] ?? [])
            let read = WebBenchmark.median(times[label + "|read --no-audio shop.html"] ?? [])
            let screen = WebBenchmark.median(times[label + "|check a screen scenario"] ?? [])
            print(String(format: "web-check: %@: the web check beyond its page's load (read) and a screen scenario's check: %.2f s (target: under 0.5 s)",
                         label, check - read - screen))
        }
    }

    /// Runs `binary` with `arguments`, its output thrown away; returns its exit status.
    static func runQuietly(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// `$EARSHOT_CHROMIUM` as a script that counts the browser's starts in a log, in a folder
    /// the browser's unprivileged user (Earshot as root runs it as `nobody`) can write in.
    struct LaunchCounter {
        let folder: URL
        var log: URL { folder.appendingPathComponent("launches.log") }
        var environment: [String: String] { ["EARSHOT_CHROMIUM": folder.appendingPathComponent("chromium").path] }

        init() throws {
            folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("earshot-bench-web-check-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let browser = try PageCapture.findBrowser(environment: ProcessInfo.processInfo.environment.filter { $0.key != "EARSHOT_CHROMIUM" })
            let script = folder.appendingPathComponent("chromium")
            try "#!/bin/sh\necho launch >> '\(log.path)'\nexec '\(browser)' \"$@\"\n".write(to: script, atomically: true, encoding: .utf8)
            try "".write(to: log, atomically: true, encoding: .utf8)
            chmod(folder.path, 0o777)
            chmod(script.path, 0o755)
            chmod(log.path, 0o666)
        }

        /// The starts since the last call.
        func take() throws -> Int {
            let text = try String(contentsOf: log, encoding: .utf8)
            try "".write(to: log, atomically: false, encoding: .utf8)
            return text.split(separator: "\n").count
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }
}
