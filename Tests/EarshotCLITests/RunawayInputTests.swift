import EarshotAudio
import Foundation
import Testing

/// Inputs that once crashed or ran for minutes: each is now a located error, and the rest of
/// the run goes on.
@Suite("Runaway inputs end cleanly", .serialized)
struct RunawayInputTests {
    @Test("runaway placeholders beside healthy entries: the bad entries are named by line, the healthy one is rendered")
    func runawayPlaceholders() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("Localizable.strings")
        try """
        "huge" = "합계 %.99999999999f원";
        "long" = "%.99999d";
        "ok" = "이벤트 %d개";
        """.write(to: table, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out")
        let result = try CLIRunner.run(["render", "--quiet", "-o", output.path, table.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(table.path):1:1: error: placeholder %.99999999999f asks for more than 64 digits"), "\(result.stderr)")
        #expect(result.stderr.contains("\(table.path):2:1: error: placeholder %.99999d"), "\(result.stderr)")
        let manifest = try String(contentsOf: output.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        #expect(manifest.split(separator: "\n").count == 1)
        #expect(manifest.contains(#""key":"ok","voice":"ko","text":"이벤트 세 개""#), "the normalized text: \(manifest)")
    }

    @Test("a scenario time of 1e15 is refused at once with its line, not a crash or a long run")
    func hugeScenarioTime() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("huge.json")
        let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/product-list.json").path
        try """
        {"screen": "\(screen)", "steps": [
          {"gesture": "next", "at": 0},
          {"gesture": "next", "at": 1e15}
        ]}
        """.write(to: scenario, atomically: true, encoding: .utf8)
        let started = Date()
        let result = try CLIRunner.run(["check", "-o", folder.appendingPathComponent("t.wav").path, scenario.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("\(scenario.path):3:"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.wav").path))
    }

    /// A folder in memory when the test run made one (a long label is hundreds of megabytes of
    /// WAV): inside scripts/test.sh's own folder under /dev/shm, which it removes when it ends.
    static func scratchFolder() throws -> URL {
        let base = ProcessInfo.processInfo.environment["EARSHOT_TEST_SHM"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("earshot-long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a long label is spoken straight into its file: the same bytes as speak -o")
    func streamedLabelMatchesSpeak() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = String(repeating: "장바구니에 담았습니다. ", count: 100)  // 3.1 KB: past the streaming threshold
        let labels = folder.appendingPathComponent("long.txt")
        try (text + "\n").write(to: labels, atomically: true, encoding: .utf8)
        let render = try CLIRunner.run(["render", "--quiet", "-o", folder.appendingPathComponent("out").path, labels.path])
        #expect(render.status == 0, "\(render.stderr)")
        let speak = try CLIRunner.run(["speak", "-o", folder.appendingPathComponent("speak.wav").path, text])
        #expect(speak.status == 0, "\(speak.stderr)")
        let rendered = try Data(contentsOf: folder.appendingPathComponent("out/ko/long/line-0001.wav"))
        #expect(rendered.count > 1_000_000)
        #expect(rendered == (try Data(contentsOf: folder.appendingPathComponent("speak.wav"))))
    }

    @Test("a 1 MB label (eleven hours of speech) renders with flat memory: under 100 MB at the peak",
          .enabled(if: ProcessInfo.processInfo.environment["EARSHOT_SANITIZER"] == nil,
                   "a sanitizer's shadow memory makes resident size meaningless"))
    func longLabelMemory() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = folder.appendingPathComponent("huge.txt")
        try (String(repeating: "장바구니에 담았습니다. ", count: 32_300) + "\n").write(to: labels, atomically: true, encoding: .utf8)
        #expect(try FileManager.default.attributesOfItem(atPath: labels.path)[.size] as? Int ?? 0 > 1_000_000)
        // A fresh process reports the peak of its own children (the render parent and its worker).
        let script = """
        import resource, subprocess, sys
        status = subprocess.run(sys.argv[1:]).returncode
        print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        """
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", script, CLIRunner.binary.path, "render", "--quiet", "--jobs", "1",
                           "-o", folder.appendingPathComponent("out").path, labels.path]
        var environment = ProcessInfo.processInfo.environment
        environment["EARSHOT_VOICES"] = CLIRunner.repositoryRoot.appendingPathComponent("voices").path
        (environment["LANG"], environment["LC_ALL"], environment["LC_MESSAGES"]) = ("C.UTF-8", nil, nil)  // Korean, as CLIRunner
        probe.environment = environment
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        probe.waitUntilExit()
        let fields = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ")
        #expect(fields.first == "0", "render succeeded: \(fields)")
        let peakMegabytes = (Double(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .infinity) / 1024
        #expect(peakMegabytes < 100, "peak \(peakMegabytes) MB")
        let wav = folder.appendingPathComponent("out/ko/huge/line-0001.wav").path
        let size = try FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int ?? 0
        #expect(size > 2_000_000_000, "hours of speech: \(size) bytes")
    }
}
