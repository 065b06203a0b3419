import Foundation
import Testing

/// The audit sample (docs/web.md "The audit sample"): `samples/web/audit.html` and its Korean
/// twin, each with a contrast failure (axe-core), a control only a mouse reaches, a sticky
/// header over focus and a banner too wide for 320 pixels; `lint --standard kwcag22` on each
/// gives the golden beside it byte for byte (with axe-core installed, as scripts/test.sh does),
/// its rows' counts add up, and the failed rows are 1.4.3 (axe's color-contrast) and 2.1.1
/// (keyboard.unreachable).
@Suite("The web audit sample", .serialized)
struct AuditSampleTests {
    static let root = CLIRunner.repositoryRoot

    @Test("lint --standard kwcag22 on audit.html and audit-ko.html gives their goldens; the counts add up; 1.4.3 and 2.1.1 failed by their rules")
    func goldens() throws {
        for (page, voice) in [("audit", "en"), ("audit-ko", "ko")] {
            let folder = try CLIRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let table = folder.appendingPathComponent("table.json")
            let result = try CLIRunner.run(["lint", "--voice", voice, "samples/web/\(page).html", "--standard", "kwcag22", "--conformance", table.path],
                                           currentDirectory: Self.root)
            let golden = try String(contentsOf: Self.root.appendingPathComponent("samples/web/\(page).kwcag22.txt"), encoding: .utf8)
            #expect(result.stdout == golden, "\(page): \(result.stdout)\(result.stderr)")
            #expect(result.status == 1)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
            let rows = try #require(root["criteria"] as? [[String: Any]])
            #expect(rows.count == 33)
            var counts: [String: Int] = [:]
            for row in rows { counts[row["status"] as? String ?? "", default: 0] += 1 }
            #expect(counts.values.reduce(0, +) == rows.count)
            #expect(counts["failed"] == 2 && counts["checked"] == 15 && counts["not-evaluated"] == 16, "\(counts)")
            let failed = rows.filter { $0["status"] as? String == "failed" }.map { $0["id"] as? String ?? "" }
            #expect(failed == ["1.4.3", "2.1.1"])
            for (id, judge) in [("1.4.3", "axe color-contrast"), ("2.1.1", "earshot keyboard.unreachable")] {
                let row = rows.first { $0["id"] as? String == id }
                let judges = ((row?["judgedBy"] as? [[String: Any]]) ?? []).map { "\($0["by"] ?? "") \($0["id"] ?? "")" }
                #expect(judges.contains(judge), "\(id): \(judges)")
            }
        }
    }
}
