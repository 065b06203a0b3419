import EarshotCommandLine
import EarshotCore
import EarshotWeb
import Foundation

/// `earshot-bench web [RUNS]`: what reading a web page costs (docs/web.md, "What a page costs"),
/// on a generated page of 1,000 elements (headings, paragraphs, links, buttons, labelled fields,
/// check boxes, lists), median of RUNS (default 5):
///
/// - Chromium's own start, apart: launched as `earshot` launches it, to its first answer over the
///   DevTools pipe, and to a blank page ready for an address.
/// - The whole command as a user runs it: `earshot read --no-audio PAGE.html` (the release binary
///   beside this one), from the spawn to its first stop line on standard output.
/// - The capture alone, in this process (`PageCapture.capture`: start, load, tree, close), and
///   with the page's screenshot (`import`, `read --report`).
/// - The tree mapping alone, on the saved tree (`earshot import`): `WebPageTree` to a screen
///   (`WebPageInterpreter`), then NVDA's stops and their speech (`ReadReport`); goal under 50 ms.
///   Reading the file (JSON and decoding) is timed beside it.
/// - axe-core's rules in the page (`PageCapture` with `runsAxe`), on the generated page and on
///   each page of samples/web: the time they add to the capture, median over the runs, for each
///   page on a line of its own, and the median over the samples; beside it the text spacing's
///   measure alone (`PageCapture.timeTextSpacing`), on the same pages.
/// - Memory: the `earshot read` process's peak resident set (VmHWM, read from /proc while it
///   runs), Chromium's processes not counted; and the size of the saved tree.
enum WebBenchmark {
    /// What axe-core adds to a capture: on the generated page (`without`: its capture's median),
    /// then on each page of samples/web, and the median over those. None when axe is not
    /// installed: the line says so.
    static func axeCosts(address: String, without: Double, runs: Int) throws {
        guard case .success(let script) = AxeScript.locate() else {
            print("web: axe-core's rules: not measured, \(AxeScript.missing)")
            return
        }
        func timed(_ address: String, axe: Bool) throws -> (Double, WebPageTree) {
            var times: [Double] = []
            var tree: WebPageTree?
            for _ in 0..<runs {
                let started = ContinuousClock.now
                tree = try PageCapture(testCovers: false, runsAxe: axe, axeScript: .success(script)).capture(address)
                times.append(seconds(ContinuousClock.now - started))
            }
            return (median(times), tree!)
        }
        let (withAxe, tree) = try timed(address, axe: true)
        let rules = tree.axe?.run?.rules.count ?? 0
        print("web: with axe-core's rules: \(ms(withAxe)), so \(ms(withAxe - without)) for \(rules) rules (\(tree.axe?.run.map { "axe \($0.version)" } ?? "axe did not run"))")
        let spacing = try textSpacingCost(address, runs: runs)
        print("web: the text spacing's measure alone (WCAG 1.4.12, docs/web.md \"Text spacing\"): \(ms(spacing.seconds)) (\(spacing.found))")
        let samples = BenchmarkFiles.repositoryRoot.appendingPathComponent("samples/web")
        let pages = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".html") }.sorted()
        var added: [Double] = [], spacings: [Double] = []
        for name in pages {
            let page = try PageCapture.address(of: samples.appendingPathComponent(name).path)
            let (plain, _) = try timed(page, axe: false)
            let (axed, checked) = try timed(page, axe: true)
            added.append(axed - plain)
            let results = checked.axe?.run?.results.count ?? 0
            let spacing = try textSpacingCost(page, runs: runs)
            spacings.append(spacing.seconds)
            print("web: \(name): axe-core's rules add \(ms(axed - plain)) (a capture \(ms(plain)) without, \(ms(axed)) with; \(results) results); the text spacing's measure \(ms(spacing.seconds)) (\(spacing.found))")
        }
        if !added.isEmpty {
            print("web: axe-core's rules on the \(pages.count) pages of samples/web add \(ms(median(added))) to a page (median of the pages' medians; fewest \(ms(added.min()!)), most \(ms(added.max()!)))")
            print("web: the text spacing's measure on the \(pages.count) pages takes \(ms(median(spacings))) (median of the pages' medians; fewest \(ms(spacings.min()!)), most \(ms(spacings.max()!)))")
        }
    }

    /// The text-spacing measure alone on `address` (`PageCapture.timeTextSpacing`), median of
    /// `runs`, with what it found in words.
    static func textSpacingCost(_ address: String, runs: Int) throws -> (seconds: Double, found: String) {
        var times: [Double] = []
        var measured: WebTextSpacing?
        for _ in 0..<runs {
            let run = try PageCapture(testCovers: false).timeTextSpacing(address)
            times.append(run.seconds)
            measured = run.measured
        }
        let found = measured.map { "\($0.clipped.count) cut off, \($0.overlapping.count) overlapping" } ?? "not measured"
        return (median(times), found)
    }

    static var benchmark: Benchmark {
        Benchmark(name: "web",
                  summary: "a 1,000-element web page: Chromium's start apart, read's first stop, the tree mapping alone (< 50 ms), memory",
                  arguments: [("RUNS", "Runs (default 5).")], options: NoOptions.self, run: run)
    }

    static let mappingBudgetMilliseconds = 50.0
    static let elementCount = 1_000
    /// Rounds of the mapping alone: more than the command's runs, as each is short.
    static let mappingRounds = 21

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let runs = try parsed.positiveCounts([("RUNS", 5)])[0]
        let earshot = try BenchmarkFiles.earshotBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-web-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        let (html, elements) = generatedPage(elements: elementCount)
        try AtomicFile.write(html, to: page.path)
        print("web: a generated page of \(elements) elements in its body (\(html.utf8.count / 1024) KB of HTML), \(runs) runs each")

        // Chromium alone, as earshot starts it.
        var firstAnswers: [Double] = [], pagesReady: [Double] = []
        for _ in 0..<runs {
            let times = try PageCapture().timeStart()
            firstAnswers.append(times.firstAnswer)
            pagesReady.append(times.pageReady)
        }
        print("web: Chromium's start: first DevTools answer \(ms(median(firstAnswers))), blank page ready \(ms(median(pagesReady))) (median; fastest \(ms(firstAnswers.min()!)), \(ms(pagesReady.min()!)))")

        // The capture in this process: start, load, tree, close.
        let address = try PageCapture.address(of: page.path)
        var captures: [Double] = []
        var tree: WebPageTree?
        for _ in 0..<runs {
            let started = ContinuousClock.now
            tree = try PageCapture(testCovers: false).capture(address)
            captures.append(seconds(ContinuousClock.now - started))
        }
        print("web: the capture in-process (start, load, accessibility tree and DOM snapshot, close): \(ms(median(captures))), so \(ms(median(captures) - median(pagesReady))) beyond Chromium's start; \(tree!.nodes.count) tree nodes")
        // The same with the page's screenshot, as import and read --report take it.
        var shots: [Double] = []
        var picture: ScreenPicture?
        for _ in 0..<runs {
            let started = ContinuousClock.now
            picture = try PageCapture(screenshot: true, testCovers: false).capture(address).screenshot
            shots.append(seconds(ContinuousClock.now - started))
        }
        print("web: with the screenshot: \(ms(median(shots))), so \(ms(median(shots) - median(captures))) for a \(Int(picture!.width)) by \(Int(picture!.height)) CSS pixel PNG of \(megabytes(picture!.png.count))")
        // The same with the hit test of what covers each focusable element, as lint, import and
        // read --report make it (focus.covered).
        var tested: [Double] = []
        for _ in 0..<runs {
            let started = ContinuousClock.now
            _ = try PageCapture(testCovers: true, runsAxe: false).capture(address)
            tested.append(seconds(ContinuousClock.now - started))
        }
        print("web: with the covers' hit test: \(ms(median(tested))), so \(ms(median(tested) - median(captures))) for it")
        // The same with axe-core's rules in the page, as lint, import and read --report run them
        // (docs/web.md, "axe-core in the page"), here and on each web sample.
        try axeCosts(address: address, without: median(captures), runs: runs)

        // The whole command, to its first stop line.
        var firstStops: [Double] = [], wholes: [Double] = []
        var stopCount = 0
        for _ in 0..<runs {
            let run = try timedRead(earshot, page: page.path, in: folder)
            firstStops.append(run.firstStop)
            wholes.append(run.whole)
            stopCount = run.stops
        }
        print("web: earshot read --no-audio PAGE.html: first stop line after \(ms(median(firstStops))), done after \(ms(median(wholes))) (median; fastest \(ms(firstStops.min()!))); \(stopCount) stops; Chromium's start is \(percent(median(pagesReady), of: median(firstStops))) of it")

        // The mapping alone, on the saved tree.
        let saved = folder.appendingPathComponent("page.axtree.json")
        _ = try SuiteBenchmark.time(earshot, ["import", "-q", page.path, "-o", saved.path], in: folder)
        let savedBytes = try FileManager.default.attributesOfItem(atPath: saved.path)[.size] as? Int ?? 0
        let profile = try VoiceLibrary.locate().profile("en")
        var readings: [Double] = [], mappings: [Double] = []
        var mappedStops = 0
        var savedTree: WebPageTree?
        for _ in 0..<mappingRounds {
            let started = ContinuousClock.now
            let text = try String(contentsOfFile: saved.path, encoding: .utf8)
            savedTree = try WebPageTree.decode(try JSONDocument.parse(text, file: saved.path))
            let read = ContinuousClock.now
            let screen = try WebPageInterpreter.screen(from: savedTree!, defaultName: "page")
            let session = try ReadingSession(voice: profile, asking: nil, for: [screen])
            let report = ReadReport(screen: screen, generator: session.words)
            let mapped = ContinuousClock.now
            guard !report.lines.isEmpty, report.lines.allSatisfy({ !$0.speech.text.isEmpty }) else {
                throw BenchmarkFailure(reasons: ["the saved tree gave no stops"])
            }
            mappedStops = report.lines.count
            readings.append(seconds(read - started))
            mappings.append(seconds(mapped - read))
        }
        let mapping = median(mappings) * 1000
        print(String(format: "web: the tree mapping alone (%d nodes -> screen -> %d NVDA stops and their speech): median %.2f ms, fastest %.2f ms (goal < %.0f ms; %d rounds)",
                     savedTree!.nodes.count, mappedStops, mapping, (mappings.min() ?? 0) * 1000, mappingBudgetMilliseconds, mappingRounds)
              + String(format: "; reading the saved tree before it: median %.2f ms", median(readings) * 1000)
              + " (\(megabytes(savedBytes)) with its screenshot)")

        // Memory: a run of its own, its peak read from /proc while it runs.
        let memory = try peakOfRead(earshot, page: page.path, in: folder)
        print(String(format: "web: earshot read's peak resident set: %.1f MB (VmHWM, sampled every 2 ms; Chromium's processes not counted); this process after the rounds: %.1f MB",
                     memory, ScenarioBenchmark.peakResidentMegabytes()))
        if mapping >= mappingBudgetMilliseconds {
            throw BenchmarkFailure(reasons: [String(format: "the tree mapping took %.1f ms, over the %.0f ms goal", mapping, mappingBudgetMilliseconds)])
        }
        print("web: PASS")
    }

    /// A page of `elements` elements in its body, in sections: a heading, a paragraph with a
    /// link, a list of three links, a labelled field, a check box with its label, a button.
    static func generatedPage(elements: Int) -> (html: String, elements: Int) {
        var body: [String] = []
        var count = 0
        func add(_ markup: String, _ elements: Int) {
            body.append(markup)
            count += elements
        }
        add("<nav aria-label=\"Site\"><a href=\"#s1\">Start</a></nav>", 2)
        add("<main>", 1)
        var section = 0
        while count + 16 <= elements {
            section += 1
            let n = section
            var parts = ["<section id=\"s\(n)\" aria-labelledby=\"h\(n)\">", "<h2 id=\"h\(n)\">Section \(n)</h2>",
                         "<p>Paragraph \(n) tells what the section holds, with <a href=\"#s\(n)\">a link to section \(n)</a> in it.</p>",
                         "<ul>"]
            for item in 1...3 { parts.append("<li><a href=\"#item-\(n)-\(item)\">Item \(item) of section \(n)</a></li>") }
            parts.append("</ul>")
            parts.append("<label for=\"field-\(n)\">Field \(n)</label> <input id=\"field-\(n)\" type=\"text\" value=\"value \(n)\">")
            parts.append("<label><input type=\"checkbox\"\(n % 2 == 0 ? " checked" : "")> Option \(n)</label>")
            parts.append("<button type=\"button\">Button \(n)</button>")
            parts.append("</section>")
            // section, h2, p, a, ul, 3 li, 3 a, label, input, label, input, button: 16
            add(parts.joined(separator: "\n"), 16)
        }
        // Plain paragraphs up to the count (the main element closes the body's elements).
        while count < elements {
            add("<p>Filler paragraph \(count).</p>", 1)
        }
        add("</main>", 0)
        let html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>A thousand elements</title></head>\n<body>\n"
            + body.joined(separator: "\n") + "\n</body></html>\n"
        return (html, count)
    }

    /// Runs `earshot read --no-audio --voice en PAGE`, timing its first stop line and its end.
    static func timedRead(_ earshot: String, page: String, in folder: URL) throws -> (firstStop: Double, whole: Double, stops: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: earshot)
        process.arguments = ["read", "--no-audio", "--voice", "en", page]
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        var output = Data()
        var firstStop: Double?
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
            if firstStop == nil, String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast().contains(where: { $0.hasPrefix("1/") }) {
                firstStop = seconds(ContinuousClock.now - started)
            }
        }
        process.waitUntilExit()
        let whole = seconds(ContinuousClock.now - started)
        guard process.terminationStatus == 0, let firstStop else {
            throw BenchmarkFailure(reasons: ["earshot read \(page) exited with \(process.terminationStatus) and printed no first stop"])
        }
        // The first stop line says the count: `1/688 link-1: …`.
        let first = String(decoding: output, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("1/") } ?? ""
        let stops = Int(first.dropFirst(2).prefix { $0.isNumber }) ?? 0
        return (firstStop, whole, stops)
    }

    /// The peak resident set of one `earshot read` of the page, in megabytes: VmHWM, read from
    /// /proc every 2 ms until the process ends (the last reading is the peak up to then).
    static func peakOfRead(_ earshot: String, page: String, in folder: URL) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: earshot)
        process.arguments = ["read", "--no-audio", "--voice", "en", page]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let peak = WebBenchmark.peakMegabytes(of: process)
        guard process.terminationStatus == 0, peak > 0 else {
            throw BenchmarkFailure(reasons: ["earshot read \(page) exited with \(process.terminationStatus), or its memory could not be read"])
        }
        return peak
    }

    /// The peak resident set (VmHWM) of a started process, in megabytes, read from /proc every
    /// 2 ms until it ends (0 when /proc could not be read); waits for its exit.
    static func peakMegabytes(of process: Process) -> Double {
        let status = "/proc/\(process.processIdentifier)/status"
        var peak = 0.0
        while process.isRunning {
            if let text = try? String(contentsOfFile: status, encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
                peak = max(peak, kilobytes / 1024)
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        return peak
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double { SuiteBenchmark.median(values) }
    static func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
    static func megabytes(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1_000_000) }
    static func percent(_ part: Double, of whole: Double) -> String { String(format: "%.0f %%", part / whole * 100) }
}
