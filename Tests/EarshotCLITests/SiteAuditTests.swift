import Foundation
import Testing

/// A web audit a tester can hand in (docs/test-suites.md, "Web pages as records"): `earshot
/// test` over a folder of `.html` pages audits each as `lint` does, in a context of its own on
/// the run's one Chromium (a page with an error finding fails, exit 1; the fixed page alone
/// passes, exit 0); with `--standard` it gives a table per page and the suite's merged one
/// whose rows follow the pages' (failed where any failed, checked where all checked) with what
/// judged each; `check --standard` audits a page scenario's page as loaded, so its rows are
/// judged by the live checks and axe-core instead of "not evaluated"; a run twice gives the same.
@Suite("Web pages as a suite's records, and a scenario's page audited", .serialized)
struct SiteAuditTests {
    static let root = CLIRunner.repositoryRoot

    /// A copy of samples/site (or of the pages named) in a fresh folder.
    static func site(_ pages: [String] = ["index.html", "sale.html"]) throws -> URL {
        let folder = try CLIRunner.temporaryFolder().appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for page in pages {
            try FileManager.default.copyItem(at: root.appendingPathComponent("samples/site/\(page)"), to: folder.appendingPathComponent(page))
        }
        return folder
    }

    static func rows(_ table: [String: Any]) throws -> [[String: Any]] {
        try #require(table["criteria"] as? [[String: Any]])
    }

    static func judges(_ row: [String: Any]) -> [String] {
        ((row["judgedBy"] as? [[String: Any]]) ?? []).map { "\($0["by"] ?? "") \($0["id"] ?? "")" }
    }

    @Test("test over a folder of pages: the failing page fails with its findings (exit 1), the fixed page alone passes (exit 0), a folder without pages is a usage error")
    func passesAndFails() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let both = try CLIRunner.run(["test", "--voice", "ko", folder.path])
        #expect(both.status == 1, "\(both.stdout)\(both.stderr)")
        let lines = both.stdout.components(separatedBy: "\n")
        #expect(lines.first == "PASS  \(folder.path)/index.html  (page audited: no findings, no new error)", "\(both.stdout)")
        #expect(lines.contains("FAIL  \(folder.path)/sale.html: page audited: 6 error findings"), "\(both.stdout)")
        for code in ["axe.color-contrast", "keyboard.unreachable", "focus.covered", "reflow.overflow"] {
            #expect(both.stdout.contains("error \(code)"), "\(code)")
        }
        // What NVDA says on the element, in the finding.
        #expect(both.stdout.contains("where NVDA says \"주요 내용 랜드마크 일요일 저녁에 할인이 끝납니다.\""))
        #expect(lines.contains("1 passed, 1 failed"))

        // Known findings do not fail it: the baseline, recorded, then read.
        let baseline = folder.deletingLastPathComponent().appendingPathComponent("baseline.json").path
        let recorded = try CLIRunner.run(["test", "--voice", "ko", "--baseline", baseline, "--update-baseline", folder.path])
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        let known = try CLIRunner.run(["test", "--voice", "ko", "--baseline", baseline, folder.path])
        #expect(known.status == 0, "\(known.stdout)\(known.stderr)")
        #expect(known.stdout.contains("6 known, 0 new, 0 fixed"), "\(known.stdout)")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("sale.html"))
        let fixed = try CLIRunner.run(["test", "--voice", "ko", folder.path])
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(fixed.stdout.hasSuffix("1 passed, 0 failed\n"), "\(fixed.stdout)")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("index.html"))
        let empty = try CLIRunner.run(["test", folder.path])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("no scenarios or web pages under"), "\(empty.stderr)")

        // A page has no timeline: --report is refused before anything runs.
        let page = try Self.site(["index.html"])
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let report = try CLIRunner.run(["test", "--report", page.deletingLastPathComponent().appendingPathComponent("out").path, page.path])
        #expect(report.status == 64)
        #expect(report.stderr.contains("--report is for scenarios"), "\(report.stderr)")
    }

    @Test("--standard kwcag22 over the folder: a table per page and the suite's merged one; its rows follow the pages', name what judged them, and the counts add up")
    func mergedTable() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let file = folder.deletingLastPathComponent().appendingPathComponent("table.json")
        let result = try CLIRunner.run(["test", "-q", "--voice", "ko", "--standard", "kwcag22", "--conformance", file.path, folder.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("Page \(folder.path)/index.html:\nConformance, KWCAG 2.2: 33 criteria: 0 failed, 17 checked with no finding, 16 not evaluated"),
                "\(result.stdout)")
        #expect(result.stdout.contains("Page \(folder.path)/sale.html:\nConformance, KWCAG 2.2: 33 criteria: 2 failed, 15 checked with no finding, 16 not evaluated"))
        #expect(result.stdout.contains("The suite's table, over its 2 records (failed where any failed it, checked where all checked it):\nConformance, KWCAG 2.2: 33 criteria: 2 failed, 15 checked with no finding, 16 not evaluated"))
        let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let merged = try Self.rows(table)
        let counts = try #require(table["counts"] as? [String: Int])
        #expect(counts["failed"]! + counts["review"]! + counts["checked"]! + counts["notEvaluated"]! == counts["total"]!)
        #expect(counts["total"] == 33 && merged.count == 33)
        let pages = try #require(table["pages"] as? [[String: Any]])
        #expect(pages.map { $0["file"] as? String } == ["\(folder.path)/index.html", "\(folder.path)/sale.html"])
        let pageRows = try pages.map { try Self.rows(try #require($0["table"] as? [String: Any])) }
        for (index, row) in merged.enumerated() {
            let statuses = pageRows.map { $0[index]["status"] as? String ?? "" }
            let expected = statuses.contains("failed") ? "failed" : statuses.contains("review") ? "review"
                : statuses.allSatisfy { $0 == "checked" } ? "checked" : "not-evaluated"
            #expect(row["status"] as? String == expected, "\(row["id"] ?? ""): \(statuses)")
            #expect(!Self.judges(row).isEmpty)
            // Every rule that judged a page judges the suite's row (unless no page checked it).
            if expected != "not-evaluated" {
                for page in pageRows { for judge in Self.judges(page[index]) where judge != "person " { #expect(Self.judges(row).contains(judge)) } }
            }
        }
        let failed = merged.filter { $0["status"] as? String == "failed" }.map { $0["id"] as? String ?? "" }
        #expect(failed == ["1.4.3", "2.1.1"])
        #expect(Self.judges(merged.first { $0["id"] as? String == "1.4.3" } ?? [:]).contains("axe color-contrast"))
        #expect(Self.judges(merged.first { $0["id"] as? String == "2.1.1" } ?? [:]).contains("earshot keyboard.unreachable"))
        let findings = (merged.first { $0["id"] as? String == "1.4.3" }?["findings"] as? [[String: Any]]) ?? []
        #expect(findings.count == 1 && (findings.first?["source"] as? String) == "\(folder.path)/sale.html")

        // Twice: the same table.
        let again = folder.deletingLastPathComponent().appendingPathComponent("again.json")
        _ = try CLIRunner.run(["test", "-q", "--voice", "ko", "--standard", "kwcag22", "--conformance", again.path, folder.path])
        #expect(try Data(contentsOf: again) == Data(contentsOf: file))
    }

    @Test("merge of a site's shards: the pages kept in order; a row checked on one page and not evaluated on the other (axe turned off in one shard) is not evaluated, saying on how many it was checked")
    func shardsMerged() throws {
        let folder = try Self.site()
        let base = folder.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: base) }
        for (shard, environment) in [("1/2", [String: String]()), ("2/2", ["EARSHOT_AXE": ""])] {
            let table = base.appendingPathComponent("shard\(shard.prefix(1)).json").path
            _ = try CLIRunner.run(["test", "-q", "--voice", "ko", "--standard", "kwcag22", "--conformance", table, "--shard", shard, folder.path],
                                  environment: environment)
        }
        let merged = base.appendingPathComponent("merged.json")
        let result = try CLIRunner.run(["merge", "-o", merged.path, base.appendingPathComponent("shard1.json").path,
                                        base.appendingPathComponent("shard2.json").path])
        #expect(result.status == 0, "\(result.stderr)")
        let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: merged)) as? [String: Any])
        let pages = try #require(table["pages"] as? [[String: Any]])
        #expect(pages.map { $0["file"] as? String } == ["\(folder.path)/index.html", "\(folder.path)/sale.html"])
        let row = try #require(try Self.rows(table).first { $0["id"] as? String == "1.4.3" })
        #expect(row["status"] as? String == "not-evaluated", "\(row)")
        #expect((row["note"] as? String)?.hasPrefix("checked on 1 of 2 pages; not on \(folder.path)/sale.html: ") == true, "\(row)")
        // The keyboard's row was checked on both (Earshot's walk needs no axe): failed by the sale page.
        #expect(try Self.rows(table).first { $0["id"] as? String == "2.1.1" }?["status"] as? String == "failed")
    }

    @Test("the site sample's KWCAG 2.2 table is its golden, byte for byte")
    func siteGolden() throws {
        let result = try CLIRunner.run(["test", "--voice", "ko", "--standard", "kwcag22", "samples/site"], currentDirectory: Self.root)
        let golden = try String(contentsOf: Self.root.appendingPathComponent("samples/site/site.kwcag22.txt"), encoding: .utf8)
        #expect(result.stdout == golden, "\(result.stdout)\(result.stderr)")
        #expect(result.status == 1)
    }

    @Test("check --standard wcag22 on a page scenario audits its page as loaded: its rows are judged by the live checks and axe-core, its failures named; twice the same")
    func scenarioPageAudited() throws {
        let folder = try Self.site(["sale.html"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let scenario = folder.appendingPathComponent("sale.json")
        try """
        {
          "voice": "ko",
          "screen": "sale.html",
          "steps": [
            { "gesture": "next" },
            { "gesture": "next" }
          ]
        }
        """.write(to: scenario, atomically: true, encoding: .utf8)
        // Without --standard: nothing audited, the scenario's own findings only.
        let plain = try CLIRunner.run(["check", "-q", "--findings", folder.appendingPathComponent("plain.json").path, scenario.path])
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(!plain.stdout.contains("Audit of the page as loaded"))

        var tables: [Data] = [], findings: [Data] = []
        for turn in 0..<2 {
            let table = folder.appendingPathComponent("table\(turn).json"), found = folder.appendingPathComponent("findings\(turn).json")
            let result = try CLIRunner.run(["check", "-q", "--standard", "wcag22", "--conformance", table.path, "--findings", found.path, scenario.path])
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("error keyboard.unreachable [button-1]: Audit of the page as loaded: "), "\(result.stdout)")
            tables.append(try Data(contentsOf: table))
            findings.append(try Data(contentsOf: found))
        }
        #expect(tables[0] == tables[1])
        #expect(findings[0] == findings[1])
        let rows = try Self.rows(try #require(try JSONSerialization.jsonObject(with: tables[0]) as? [String: Any]))
        func row(_ id: String) -> [String: Any] { rows.first { $0["id"] as? String == id } ?? [:] }
        for (id, judge) in [("1.4.3", "axe color-contrast"), ("2.1.1", "earshot keyboard.unreachable"), ("1.4.10", "earshot reflow.overflow"),
                            ("2.4.11", "earshot focus.covered")] {
            #expect(row(id)["status"] as? String == "failed", "\(id)")
            #expect(Self.judges(row(id)).contains(judge), "\(id): \(Self.judges(row(id)))")
        }
        for id in ["2.1.2", "2.4.2", "2.4.7", "1.4.12", "2.5.3"] {
            #expect(row(id)["status"] as? String == "checked", "\(id): \(row(id)["note"] ?? "")")
        }
        #expect(!rows.contains { ($0["note"] as? String)?.contains("lint the page") == true })
    }
}
