import Foundation
import Testing

/// axe-core run in the page Earshot reads (docs/web.md, "axe-core in the page"), on real pages
/// in Chromium with the axe-core that scripts/install-axe.sh puts in .build/axe: its contrast
/// violation in the findings JSON, the SARIF log and the KWCAG 2.2 table (item 1.4.3, the
/// contrast item), the same page fixed without it; an incomplete result left to a person; axe
/// missing leaves its rows not evaluated with a note, exit 0; the rows' counts add up; a run
/// twice gives the same findings.
@Suite("axe-core on real pages", .serialized)
struct WebAxeTests {
    /// A shop's page with a paragraph and a link in `colour` on white, an image with `alt`.
    static func page(colour: String, extra: String = "") -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Offers</title><style>
        body { font: 16px sans-serif; background: #fff; color: #000; }
        .quiet { color: \(colour); }
        </style></head><body>
        <main><h1>Offers</h1>
        <p class="quiet" id="note">Prices include tax.</p>
        <p><a id="buy" class="quiet" href="#buy">Buy now</a></p>
        \(extra)
        </main>
        </body></html>
        """
    }

    struct Run {
        var findings: [[String: Any]]
        var findingsText: String
        var sarif: [String: Any]
        var table: [String: Any]
        var stdout: String
        var stderr: String
        var status: Int32

        func findings(_ code: String) -> [[String: Any]] { findings.filter { $0["code"] as? String == code } }

        var axeFindings: [[String: Any]] { findings.filter { ($0["code"] as? String)?.hasPrefix("axe.") == true } }

        func row(_ id: String) -> [String: Any]? {
            (table["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == id }
        }
    }

    /// `earshot lint --voice en PAGE --standard STANDARD` with the findings JSON, SARIF and the
    /// conformance table written, `environment` on top.
    static func lint(_ html: String, standard: String = "kwcag22", environment: [String: String] = [:]) throws -> Run {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("offers.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("findings.json"), sarif = folder.appendingPathComponent("run.sarif")
        let table = folder.appendingPathComponent("table.json")
        let result = try CLIRunner.run(["lint", "--voice", "en", page.path, "--standard", standard, "--findings", json.path,
                                        "--sarif", sarif.path, "--conformance", table.path], environment: environment)
        // The page's folder is a new one each run: named apart, so two runs compare.
        let findingsText = try String(contentsOf: json, encoding: .utf8).replacingOccurrences(of: folder.path, with: "FOLDER")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(findingsText.utf8)) as? [[String: Any]], "\(result.stderr)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
        let conformance = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
        return Run(findings: findings, findingsText: findingsText, sarif: log, table: conformance, stdout: result.stdout,
                   stderr: result.stderr, status: result.status)
    }

    static func judges(_ row: [String: Any]?) -> [String] {
        ((row?["judgedBy"] as? [[String: Any]]) ?? []).map { judge in
            [judge["by"] as? String, judge["id"] as? String].compactMap { $0 }.joined(separator: " ")
        }
    }

    @Test("grey text on white: axe.color-contrast on the paragraph and the link, with their stops and NVDA's words, in the findings JSON, SARIF and KWCAG 2.2 1.4.3")
    func contrastViolation() throws {
        let run = try Self.lint(Self.page(colour: "#aaa"))
        let contrast = run.findings("axe.color-contrast")
        // The link, a stop, in reading order; the paragraph, around the stop of its text, after the stops.
        #expect(contrast.map { $0["elements"] as? [String] ?? [] } == [["buy"], ["note"]], "\(run.stdout)")
        #expect((contrast.last?["message"] as? String)?.contains("at stop 2, where NVDA says \"main landmark Prices include tax.\" (#note)") == true)
        let link = try #require(contrast.first)
        #expect(link["severity"] as? String == "error")
        #expect((link["message"] as? String)?.contains("at stop 3, where NVDA says \"main landmark link Buy now\" (#buy)") == true,
                "\(link["message"] ?? "")")
        #expect((link["message"] as? String)?.contains("contrast of 2.32") == true)
        let axe = try #require(link["axe"] as? [String: Any])
        #expect(axe["outcome"] as? String == "violation")
        #expect(axe["impact"] as? String == "serious")
        #expect(axe["wcag"] as? [String] == ["1.4.3"])
        #expect((axe["helpUrl"] as? String)?.hasPrefix("https://dequeuniversity.com/rules/axe/4.12/color-contrast") == true)
        // WCAG 1.4.3 and, through the criteria data, KWCAG 2.2 1.4.3 and KS X 3253 5.4.
        #expect((link["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" }
                == ["wcag22 1.4.3", "kwcag22 1.4.3", "ksx3253 5.4"])
        // SARIF: the result, its rule with axe's help page, the WCAG tag.
        let sarifRun = try #require((run.sarif["runs"] as? [[String: Any]])?.first)
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        let sarifContrast = results.filter { $0["ruleId"] as? String == "axe.color-contrast" }
        #expect(sarifContrast.count == 2)
        #expect(sarifContrast.first?["level"] as? String == "error")
        let rules = try #require(((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let index = try #require(sarifContrast.first?["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == "axe.color-contrast")
        #expect((rules[index]["helpUri"] as? String)?.contains("dequeuniversity.com/rules/axe/4.12/color-contrast") == true)
        #expect(((rules[index]["properties"] as? [String: Any])?["tags"] as? [String])?.contains("KWCAG 2.2 1.4.3") == true)
        // KWCAG 2.2 1.4.3 (텍스트 콘텐츠의 명도 대비): failed by axe's rule, which judged it.
        let row = run.row("1.4.3")
        #expect(row?["status"] as? String == "failed")
        #expect(Self.judges(row) == ["axe color-contrast"])
        #expect((row?["findings"] as? [[String: Any]])?.count == 2)
        #expect(run.stdout.contains("failed: 1.4.3 Text contrast of 4.5 to 1: axe.color-contrast 2\n  Judged by: axe-core color-contrast\n"), "\(run.stdout)")
        #expect(run.status == 1)
    }

    @Test("the same page in black: no axe finding, KWCAG 2.2 1.4.3 checked by axe's rule, exit 0")
    func contrastFixed() throws {
        let run = try Self.lint(Self.page(colour: "#333"))
        #expect(run.axeFindings.isEmpty, "\(run.stdout)")
        let row = run.row("1.4.3")
        #expect(row?["status"] as? String == "checked")
        #expect(Self.judges(row) == ["axe color-contrast"])
        // A row no rule judges says so: a person.
        #expect(Self.judges(run.row("1.3.3")) == ["person"])
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test("text on a gradient: axe cannot tell, an incomplete result, a note; KWCAG 2.2 1.4.3 is to review by axe and a person, never checked")
    func incompleteIsReview() throws {
        let run = try Self.lint(Self.page(colour: "#333", extra: """
            <p id="banner" style="background: linear-gradient(90deg, #fff, #444); color: #777;">Sale ends today</p>
            """))
        let contrast = run.findings("axe.color-contrast")
        #expect(contrast.map { $0["elements"] as? [String] ?? [] } == [["banner"]], "\(run.stdout)")
        #expect(contrast.first?["severity"] as? String == "note")
        #expect((contrast.first?["axe"] as? [String: Any])?["outcome"] as? String == "incomplete")
        let row = run.row("1.4.3")
        #expect(row?["status"] as? String == "review")
        #expect(Self.judges(row) == ["axe color-contrast", "person"])
        #expect(run.stdout.contains("to review: 1.4.3 Text contrast of 4.5 to 1: axe.color-contrast 1"), "\(run.stdout)")
        // A note fails no run.
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test("axe-core missing: the page is still read, axe's rows are not evaluated with 'axe-core not installed', the note says how to install it, exit 0")
    func axeMissing() throws {
        let empty = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let run = try Self.lint(Self.page(colour: "#aaa"), standard: "wcag22", environment: ["EARSHOT_AXE": empty.path])
        #expect(run.axeFindings.isEmpty)
        for id in ["1.4.3", "1.4.1", "1.2.2"] {
            let row = run.row(id)
            #expect(row?["status"] as? String == "not-evaluated", "\(id)")
            #expect((row?["note"] as? String)?.hasPrefix("axe-core not installed") == true, "\(id): \(row?["note"] ?? "")")
            #expect(Self.judges(row) == ["person"], "\(id)")
        }
        // Earshot's own checks still judge theirs.
        #expect(run.row("4.1.2")?["status"] as? String == "checked")
        #expect(Self.judges(run.row("3.1.1")) == ["earshot page.language-mismatch"])
        #expect(Self.judges(run.row("2.4.2")) == ["earshot page.untitled"])
        #expect(run.stdout.contains("scripts/install-axe.sh"), "\(run.stdout)")
        #expect(run.stdout.contains("not evaluated: 1.4.3 Text contrast at least 4.5 to 1 (AA)\n  Judged by: a person\n  Why: axe-core not installed"), "\(run.stdout)")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test("the rows' counts add up, in every standard; a run twice gives the same findings, byte for byte")
    func countsAndRepeat() throws {
        let html = Self.page(colour: "#aaa", extra: "<img id=\"pic\" src=\"nothing.png\">")
        for standard in ["wcag22", "kwcag22", "ksx3253"] {
            let run = try Self.lint(html, standard: standard)
            let counts = try #require(run.table["counts"] as? [String: Int])
            let rows = try #require(run.table["criteria"] as? [[String: Any]])
            #expect(counts["total"] == rows.count)
            #expect((counts["failed"] ?? 0) + (counts["review"] ?? 0) + (counts["checked"] ?? 0) + (counts["notEvaluated"] ?? 0) == rows.count)
            for (key, status) in [("failed", "failed"), ("review", "review"), ("checked", "checked"), ("notEvaluated", "not-evaluated")] {
                #expect(counts[key] == rows.filter { $0["status"] as? String == status }.count, "\(standard) \(key)")
            }
            // Every row names its judges; only a row no rule judged has a person alone.
            for row in rows {
                let judges = Self.judges(row)
                #expect(!judges.isEmpty)
                let automated = !((row["codes"] as? [String]) ?? []).isEmpty || !((row["rules"] as? [String]) ?? []).isEmpty
                #expect(automated == (judges != ["person"]), "\(standard) \(row["id"] ?? "")")
            }
            if standard == "wcag22" {
                // axe and Earshot together judge 25 of WCAG 2.2's 55 A and AA rows on this page.
                let judged = rows.filter { Self.judges($0) != ["person"] && ["A", "AA"].contains($0["level"] as? String ?? "") }
                #expect(judged.count >= 20, "\(judged.count)")
            }
        }
        let first = try Self.lint(html), second = try Self.lint(html)
        #expect(first.findingsText == second.findingsText)
        #expect(first.findings("axe.image-alt").count == 1)
    }
}
