import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot-bench web-sizes [--sizes N,N,...] [--no-live]`: how reading a web page grows with
/// its size (issue #44; docs/web.md, "Limits of a page"). For each size (default 5,000, 20,000
/// and 100,000 buttons in one body):
///
/// - the saved tree, generated as `import` writes it: `earshot read --no-audio TREE`, its time
///   and its peak resident set (VmHWM, read from /proc while it runs);
/// - unless `--no-live`, the page itself in Chromium: `earshot read --no-audio PAGE.html`, the
///   same figures (Chromium's processes not counted in the memory).
///
/// Then each size against the smallest: the ratio of the times and of the memory beside the
/// ratio of the sizes. It fails when a time grows more than twice as fast as the size (what a
/// quadratic step, such as the reduction's old queue, would give).
enum WebSizesBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "web-sizes",
                  summary: "a page of 5k / 20k / 100k buttons, saved and live: time and peak memory of read, against the size",
                  options: Options.self, run: run)
    }

    struct Options: CommandOptions {
        @Option(.counts("sizes", "Button counts of the pages (default 5000,20000,100000)."))
        var sizes: [Int]?
        @Flag("no-live", "Only the saved trees, not the live pages.")
        var noLive: Bool
    }

    static func run(_ parsed: Parsed<Options>) throws {
        _ = try parsed.positiveCounts([])
        let sizes = (parsed.sizes ?? [5_000, 20_000, 100_000]).sorted()
        let live = !parsed.noLive
        let earshot = try BenchmarkFiles.earshotBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-web-sizes-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var failures: [String] = []
        for kind in live ? ["saved tree", "live page"] : ["saved tree"] {
            var figures: [(size: Int, run: MeasuredRun)] = []
            for size in sizes {
                let input: URL
                if kind == "saved tree" {
                    input = folder.appendingPathComponent("buttons-\(size).axtree.json")
                    try AtomicFile.write(savedTree(buttons: size).json, to: input.path)
                } else {
                    input = folder.appendingPathComponent("buttons-\(size).html")
                    try AtomicFile.write(page(buttons: size), to: input.path)
                }
                let run = try measuredRead(earshot, input: input.path, in: folder)
                guard run.stops == size else {
                    throw BenchmarkFailure(reasons: ["\(kind) of \(size) buttons: read gave \(run.stops) stops"])
                }
                figures.append((size, run))
                print(String(format: "web-sizes: %@ of %d buttons: read in %.2f s, peak resident set %.1f MB", kind, size, run.seconds, run.peakMegabytes))
            }
            let first = figures[0]
            for figure in figures.dropFirst() {
                let sizeRatio = Double(figure.size) / Double(first.size)
                let timeRatio = figure.run.seconds / first.run.seconds
                let memoryRatio = figure.run.peakMegabytes / first.run.peakMegabytes
                print(String(format: "web-sizes: %@, %d against %d buttons: %.1fx the size, %.1fx the time, %.1fx the memory",
                             kind, figure.size, first.size, sizeRatio, timeRatio, memoryRatio))
                if timeRatio > 2 * sizeRatio {
                    failures.append(String(format: "%@: %d buttons took %.1fx the time of %d for %.1fx the size", kind, figure.size, timeRatio, first.size, sizeRatio))
                }
            }
        }
        if !failures.isEmpty { throw BenchmarkFailure(reasons: failures) }
        print("web-sizes: PASS")
    }

    /// A saved tree of `buttons` buttons in one body, as `import` would write it for `page`.
    static func savedTree(buttons: Int) -> WebPageTree {
        var nodes = [WebPageTree.Node(id: "1", role: "RootWebArea", name: "Buttons", children: ["2"]),
                     WebPageTree.Node(id: "2", role: "generic", children: (0..<buttons).map { "\($0 * 2 + 3)" }, tag: "body")]
        nodes.reserveCapacity(buttons * 2 + 2)
        for number in 0..<buttons {
            let id = number * 2 + 3
            nodes.append(WebPageTree.Node(id: "\(id)", role: "button", name: "Button \(number + 1)",
                                          properties: ["focusable": .bool(true)], children: ["\(id + 1)"], tag: "button",
                                          box: Frame(x: 8, y: 8 + Double(number) * 21, width: 80, height: 21)))
            nodes.append(WebPageTree.Node(id: "\(id + 1)", role: "StaticText", name: "Button \(number + 1)",
                                          box: Frame(x: 14, y: 9 + Double(number) * 21, width: 60, height: 17)))
        }
        return WebPageTree(url: "file:///buttons.html", title: "Buttons", language: "en", viewport: (1280, 800), browser: nil,
                           refused: [], nodes: nodes)
    }

    /// The page itself: `buttons` buttons in its body.
    static func page(buttons: Int) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Buttons</title></head>\n<body>\n"
        html.reserveCapacity(buttons * 40 + 200)
        for number in 1...buttons { html += "<button type=\"button\">Button \(number)</button>\n" }
        return html + "</body></html>\n"
    }

    struct MeasuredRun {
        var seconds: Double
        var peakMegabytes: Double
        var stops: Int
    }

    /// `earshot read --no-audio --voice en INPUT`: its time from spawn to end, its peak resident
    /// set (VmHWM, read from /proc every 2 ms), and its count of stops.
    static func measuredRead(_ earshot: String, input: String, in folder: URL) throws -> MeasuredRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: earshot)
        process.arguments = ["read", "--no-audio", "--voice", "en", input]
        process.currentDirectoryURL = folder
        let output = folder.appendingPathComponent("read-output.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        let peak = WebBenchmark.peakMegabytes(of: process)
        let seconds = WebBenchmark.seconds(ContinuousClock.now - started)
        guard process.terminationStatus == 0, peak > 0 else {
            throw BenchmarkFailure(reasons: ["earshot read \(input) exited with \(process.terminationStatus), or its memory could not be read"])
        }
        // The last stop line says the count: `100000/100000 button-100000: …`.
        let text = try String(contentsOf: output, encoding: .utf8)
        let last = text.split(separator: "\n").last ?? ""
        let stops = Int(last.prefix { $0.isNumber }) ?? 0
        return MeasuredRun(seconds: seconds, peakMegabytes: peak, stops: stops)
    }
}
