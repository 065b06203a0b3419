import EarshotCommandLine
import EarshotCore
import EarshotRender
import EarshotReport
import Foundation

/// `earshot-bench report [RUNS]`: what the report pages cost (docs/reports.md).
///
/// - The desk check page of `cart-walkthrough` and of the longest sample flow: its size (audio
///   embedded, and with `--report-audio external`), and the time `check --report` takes beyond
///   `check` (the release binary beside this one; median of RUNS, default 5).
/// - The render index of 2,000 generated labels: the time to build and write `index.html` from
///   the manifest (median of RUNS), and, when the test set-up's browser is there, the time a
///   search takes in Chromium by the page's own performance clock.
enum ReportBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "report", summary: "report pages: size and time for the sample desk checks; a 2,000-label render index (< 1 s; search < 100 ms)",
                  arguments: [("RUNS", "Runs of each command (default 5).")], options: NoOptions.self, run: run)
    }

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let runs = try parsed.positiveCounts([("RUNS", 5)])[0]
        let earshot = try BenchmarkFiles.earshotBinary()
        let root = BenchmarkFiles.repositoryRoot
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-report-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // The longest sample flow, by its audio.
        let scenarios = root.appendingPathComponent("samples/scenarios")
        var longest = ("", 0.0)
        for name in try FileManager.default.contentsOfDirectory(atPath: scenarios.path).sorted()
        where name.hasPrefix("flow-") && name.hasSuffix(".json") && !name.hasSuffix(".findings.json") {
            let (_, output) = try SuiteBenchmark.time(earshot, ["check", "-q", "samples/scenarios/\(name)"], in: root, allowFailure: true)
            let seconds = audioSeconds(output)
            if seconds > longest.1 { longest = (name, seconds) }
        }
        for name in ["cart-walkthrough.json", longest.0] {
            let scenario = "samples/scenarios/\(name)"
            let page = folder.appendingPathComponent("page.html").path
            var plain: [Double] = [], reported: [Double] = []
            for _ in 0..<runs {
                plain.append(try SuiteBenchmark.time(earshot, ["check", "-q", scenario], in: root, allowFailure: true).0)
                reported.append(try SuiteBenchmark.time(earshot, ["check", "-q", "--report", page, scenario], in: root, allowFailure: true).0)
            }
            let embedded = try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int ?? 0
            let external = folder.appendingPathComponent("external.html").path
            _ = try SuiteBenchmark.time(earshot, ["check", "-q", "--report", external, "--report-audio", "external", scenario], in: root, allowFailure: true)
            let externalSize = try FileManager.default.attributesOfItem(atPath: external)[.size] as? Int ?? 0
            let extra = SuiteBenchmark.median(reported) - SuiteBenchmark.median(plain)
            print("\(name): page \(megabytes(embedded)) with the audio embedded, \(megabytes(externalSize)) with --report-audio external; check \(ms(SuiteBenchmark.median(plain))), check --report \(ms(SuiteBenchmark.median(reported))) (+\(ms(extra)) for the page), median of \(runs)")
        }

        // The render index of 2,000 labels.
        let corpus = folder.appendingPathComponent("labels.txt")
        try AtomicFile.write(try BenchmarkCorpus.generated(count: 2000).joined(separator: "\n") + "\n", to: corpus.path)
        let output = folder.appendingPathComponent("render")
        _ = try SuiteBenchmark.time(earshot, ["render", "-q", "-o", output.path, "--jobs", "2", corpus.path], in: root)
        let manifest = output.appendingPathComponent("manifest.jsonl").path
        let entries = ManifestEntry.readAll(path: manifest)
        var times: [Double] = []
        var page = ""
        for _ in 0..<runs {
            let started = Date()
            let rows = entries.map { RenderIndexPage.Row(input: $0.input, line: $0.line, key: $0.key, voice: $0.voice, text: $0.text, output: $0.output, duration: $0.duration) }
            let html = RenderIndexPage(rows: rows, screens: [], title: "Rendered files").html(provenance: "earshot-bench", speechLanguage: "ko")
            page = output.appendingPathComponent("index.html").path
            try AtomicFile.write(html, to: page)
            times.append(Date().timeIntervalSince(started))
        }
        let size = try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int ?? 0
        print("render index: \(entries.count) rows, \(megabytes(size)), built and written in \(ms(SuiteBenchmark.median(times))) (median of \(runs); target < 1 s)")
        let python = root.appendingPathComponent(".build/test-python/bin/python3").path
        let checker = root.appendingPathComponent("Tests/Browser/page_check.py").path
        if FileManager.default.isExecutableFile(atPath: python) {
            let word = entries.first.map { String($0.text.split(separator: " ").first ?? "") } ?? "a"
            let (_, json) = try SuiteBenchmark.time(python, [checker, "index", page, "--search", word], in: root)
            let facts = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
            print("search for \"\(word)\" in Chromium: \(facts["searchMs"] ?? "?") ms by performance.now() (target < 100 ms); \(facts["countTextAfter"] ?? "?")")
        } else {
            print("search in the browser: not measured (run scripts/test-python.sh for the browser set-up)")
        }
    }

    static func audioSeconds(_ output: String) -> Double {
        guard let range = output.range(of: #"[0-9]+:[0-9]+\.[0-9]+ of audio"#, options: .regularExpression) else { return 0 }
        let parts = output[range].split(separator: " ")[0].split(separator: ":")
        return (Double(parts[0]) ?? 0) * 60 + (Double(parts[1]) ?? 0)
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.2f MB", Double(bytes) / 1_000_000) }
    static func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
}
