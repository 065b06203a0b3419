import EarshotCommandLine
import EarshotCore
import EarshotRender
import Foundation

/// `earshot-bench sizes [--report-labels N,N...] [--dump-rows N]`: how cost grows with the size
/// of one input (the hardening audit's figures).
///
/// - Korean normalization of a 1 M and a 4 M character label of Latin words and numbers
///   (target: 4 M within 5x of 1 M), and render planning of the same labels (the plan composes
///   and normalizes every item before a shard is chosen).
/// - `read --report` of a screen whose one label has N characters (default 100,000): peak
///   memory and page size against the audio the page carries.
/// - `read --no-audio` of generated page source with N rows (default 100,000: about 40 MB):
///   time and peak memory.
enum SizesBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "sizes", summary: "cost against input size: a 1 M / 4 M label normalized and planned (<= 5x), a long label's report page, a large dump",
                  options: Options.self, run: run)
    }

    struct Options: CommandOptions {
        @Option(.counts("report-labels", "Label counts of the long label's report page (default 100000)."))
        var reportLabels: [Int]?
        @Option(.count("dump-rows", "N", in: 1...10_000_000, "Rows of the large dump (default 100000)."))
        var dumpRows: Int?
    }

    static func run(_ parsed: Parsed<Options>) throws {
        _ = try parsed.positiveCounts([])
        let reportLabels = parsed.reportLabels ?? [100_000]
        let dumpRows = parsed.dumpRows ?? 100_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-sizes-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let profile = try VoiceLibrary.locate().profile("ko")
        let pipeline = try profile.speechPipeline()
        let composer = try BatchTextComposer(profile: profile)
        var normalizeTimes: [Int: Double] = [:], planTimes: [Int: Double] = [:]
        for count in [1_000_000, 4_000_000] {
            let label = longLabel(scalars: count)
            let clock = ContinuousClock()
            var sink = 0
            normalizeTimes[count] = clock.measure { sink &+= pipeline.normalize(label).utf8.count }.seconds
            let item = BatchItem(input: "long.csv", line: 2, key: "long", content: .element(ElementFields(label: label, traits: ["button"])))
            let voice = PlannedVoice(profile: profile, profileDigest: "bench") { try composer.speech(for: $0) }
            planTimes[count] = clock.measure {
                let plan = RenderPlan(inputs: [BatchInputContents(items: [item])], inputPaths: ["long.csv"], voices: [voice], engine: "bench")
                sink &+= plan.jobs.count
            }.seconds
            print(String(format: "label of %d characters: normalized in %.2f s, planned for render in %.2f s (checksum %d)",
                         count, normalizeTimes[count]!, planTimes[count]!, sink))
        }
        print(String(format: "4 M against 1 M: normalization %.1fx, render planning %.1fx (target <= 5x)",
                     normalizeTimes[4_000_000]! / normalizeTimes[1_000_000]!, planTimes[4_000_000]! / planTimes[1_000_000]!))

        let earshot = try BenchmarkFiles.earshotBinary()
        for count in reportLabels {
            let screen = folder.appendingPathComponent("label-\(count).json").path
            let label = longLabel(scalars: count, words: ["장바구니에", "담기", "hello", "세일", "store"])
            try AtomicFile.write(#"{"screen": "long", "elements": [{"id": "a", "kind": "button", "label": "\#(label)", "frame": [0, 40, 200, 44]}]}"#, to: screen)
            let page = folder.appendingPathComponent("label-\(count).html").path
            let run = try measured(earshot, ["read", "--report", page, screen])
            let pageSize = (try? FileManager.default.attributesOfItem(atPath: page)[.size] as? Int) ?? 0
            let wavs = folder.appendingPathComponent("wav-\(count)").path
            _ = try measured(earshot, ["read", "-o", wavs, screen])
            let audio = (try? FileManager.default.contentsOfDirectory(atPath: wavs))?.reduce(0) { total, name in
                total + ((try? FileManager.default.attributesOfItem(atPath: wavs + "/" + name)[.size] as? Int) ?? 0)
            } ?? 0
            if run.status == 0 {
                print(String(format: "read --report, label of %d characters: %.1f s, peak %d MB; page %.1f MB for %.1f MB of WAV (page / (4/3 x audio) = %.3f)",
                             count, run.seconds, run.peakKB / 1024, Double(pageSize) / 1e6, Double(audio) / 1e6,
                             Double(pageSize) / (Double(audio) * 4 / 3)))
            } else {
                print(String(format: "read --report, label of %d characters: exit %d after %.1f s, peak %d MB: %@",
                             count, run.status, run.seconds, run.peakKB / 1024, run.errors.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            try? FileManager.default.removeItem(atPath: page)
            try? FileManager.default.removeItem(atPath: wavs)
        }

        if dumpRows > 0 {
            let dump = folder.appendingPathComponent("rows.xml").path
            var xml = #"<?xml version="1.0" encoding="UTF-8"?>\#n<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Big" label="Big" enabled="true" visible="true" x="0" y="0" width="390" height="844"><XCUIElementTypeTable type="XCUIElementTypeTable" enabled="true" visible="true" x="0" y="0" width="390" height="844">"#
            xml.reserveCapacity(dumpRows * 420)
            for row in 0..<dumpRows {
                xml += #"<XCUIElementTypeCell type="XCUIElementTypeCell" name="row-\#(row)" label="행 \#(row) 설명" enabled="true" visible="true" accessible="true" x="0" y="\#(row * 44)" width="390" height="44" traits="Button"><XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="행 \#(row)" enabled="true" visible="true" x="16" y="\#(row * 44)" width="200" height="44"/></XCUIElementTypeCell>"# + "\n"
            }
            xml += "</XCUIElementTypeTable></XCUIElementTypeApplication>\n"
            try AtomicFile.write(xml, to: dump)
            let run = try measured(earshot, ["read", "--no-audio", dump])
            print(String(format: "read --no-audio of page source with %d rows (%.1f MB): exit %d, %.2f s, peak %d MB",
                         dumpRows, Double(xml.utf8.count) / 1e6, run.status, run.seconds, run.peakKB / 1024))
        }
    }

    /// A label of `scalars` characters: words and numbers with units, as app text has them.
    static func longLabel(scalars: Int, words: [String] = ["hello", "world", "sale", "3개", "25%", "iPhone", "USB", "4.8점"]) -> String {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars)
        var index = 0
        while out.count < scalars {
            for scalar in words[index % words.count].unicodeScalars where out.count < scalars { out.append(scalar) }
            if out.count < scalars { out.append(" ") }
            index += 1
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: out)
        return text
    }

    /// Runs a command to its end: wall time, peak resident memory (from wait4), exit status and
    /// standard error.
    static func measured(_ executable: String, _ arguments: [String]) throws -> (seconds: Double, peakKB: Int, status: Int32, errors: String) {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-\(getpid())-\(UUID().uuidString).err").path
        defer { SystemCall.unlink(errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            throw BenchmarkFailure(reasons: ["cannot start \(executable)"])
        }
        let (status, usage) = try SystemCall.waitForExitWithUsage(pid)
        let seconds = Date().timeIntervalSince(started)
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (seconds, usage.ru_maxrss, code, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }
}
