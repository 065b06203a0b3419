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
}
