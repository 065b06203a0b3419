import Foundation
import Testing

/// What a tester hands in (docs/findings.md, "Audits", "Touch targets", "Criteria"): criteria on
/// every finding in every output, a standard's table, touch targets from the frames, and a
/// baseline that fails CI only on what is new.
@Suite("Audits: criteria, target size, conformance, baseline")
struct AuditTests {
    static let root = CLIRunner.repositoryRoot

    /// A screen file of buttons with the given frames (`id: [x, y, w, h]`) and labels.
    static func screen(_ elements: [(id: String, frame: [Double], extra: String)]) -> String {
        let items = elements.map { element in
            let frame = element.frame.map { String(Int($0)) }.joined(separator: ", ")
            return #"    {"id": "\#(element.id)", "kind": "button", "label": "\#(element.id)", "frame": [\#(frame)]\#(element.extra)}"#
        }
        return "{\n  \"screen\": \"홈\",\n  \"elements\": [\n\(items.joined(separator: ",\n"))\n  ]\n}\n"
    }

    static func lint(_ json: String, _ arguments: [String] = [], in folder: URL, name: String = "screen.json") throws -> CLIRunner.Result {
        let path = folder.appendingPathComponent(name)
        try json.write(to: path, atomically: true, encoding: .utf8)
        return try CLIRunner.run(["lint", name] + arguments, currentDirectory: folder)
    }

    @Test("a 20 by 20 button beside another is an error citing 2.5.8; 40 by 40 a platform warning only; 20 by 20 with 30 points of room the spacing exception; an inline link is exempt")
    func targetSizes() throws {
        let folder = try CLIRunner.temporaryFolder()
        let crowded = try Self.lint(Self.screen([("close", [8, 56, 20, 20], ""), ("share", [30, 56, 20, 20], "")]), in: folder)
        #expect(crowded.status == 1)
        #expect(crowded.stdout.contains(#"error target.too-small [close]: "close" is 20 by 20 points, smaller than 24 by 24, and a 24-wide circle on its centre reaches "share"."#))
        #expect(crowded.stdout.contains("  Criteria: WCAG 2.2 2.5.8; KWCAG 2.2 2.1.3; KS X 3253 6.5\n"))
        #expect(!crowded.stdout.contains("target.below-platform"))

        let forty = try Self.lint(Self.screen([("more", [160, 100, 40, 40], "")]), in: folder)
        #expect(forty.status == 0)
        #expect(forty.stdout.contains(#"warning target.below-platform [more]: "more" is 40 by 40 points, smaller than iOS's 44 by 44 points."#))
        #expect(!forty.stdout.contains("target.too-small"))

        // 30 points from the nearest other target: the circle on its centre meets nothing.
        let roomy = try Self.lint(Self.screen([("info", [100, 100, 20, 20], ""), ("next", [150, 100, 44, 44], "")]), in: folder)
        #expect(roomy.status == 0)
        #expect(!roomy.stdout.contains("target.too-small"))
        #expect(roomy.stdout.contains(#"warning target.below-platform [info]: "info" is 20 by 20 points, smaller than iOS's 44 by 44 points (below 24 by 24, but nothing else lies within 24 of its centre)."#))
        // Moved 10 points closer, it is too small again.
        let close = try Self.lint(Self.screen([("info", [110, 100, 20, 20], ""), ("next", [130, 100, 44, 44], "")]), in: folder)
        #expect(close.stdout.contains("error target.too-small [info]"))

        let inline = """
            {"screen": "약관", "elements": [{"id": "terms", "kind": "label", "text": "구매하면 이용 약관에 동의합니다.", "frame": [16, 300, 343, 40],
              "children": [{"id": "terms-link", "kind": "button", "label": "이용 약관", "traits": ["link"], "frame": [90, 312, 60, 16]},
                           {"id": "privacy-link", "kind": "button", "label": "개인정보", "traits": ["link"], "frame": [155, 312, 40, 16]}]},
              {"id": "switch", "kind": "switch", "label": "선물 포장", "on": false, "frame": [308, 400, 51, 31]}]}
            """
        let exempt = try Self.lint(inline, in: folder)
        #expect(!exempt.stdout.contains("target."), "\(exempt.stdout)")
    }

    @Test("the sample screen of targets: each case as docs/findings.md says, and its golden")
    func targetSample() throws {
        let result = try CLIRunner.run(["lint", "samples/lint/targets.json"], currentDirectory: Self.root)
        #expect(result.status == 1)
        let golden = try String(contentsOf: Self.root.appendingPathComponent("samples/lint/targets.findings.txt"), encoding: .utf8)
        #expect(result.stdout == "samples/lint/targets.json: 6 findings (2 errors, 4 warnings)\n" + golden)
        #expect(result.stdout.contains("It lies inside \"seller-card\", a larger target"))
        for exempt in ["terms-link", "gift-wrap", "title"] { #expect(!result.stdout.contains("[\(exempt)]")) }
    }

    @Test("an Android dump's pixels are measured in dp with --density (2.625 or 420dpi); without it the targets are not checked and a note says why")
    func androidDensity() throws {
        let dump = "samples/lint/targets-android.xml"
        let scaled = try CLIRunner.run(["lint", dump, "--density", "2.625"], currentDirectory: Self.root)
        #expect(scaled.stdout.contains(#"warning target.below-platform [imageButton-설정]: "imageButton-설정" ("설정") is 38 by 38 dp (100 by 100 pixels at density 2.625), smaller than Android's 48 by 48 dp."#))
        #expect(scaled.stdout.contains("error target.too-small [imageButton-이전]"))
        // 34 dp wide against the screen's left edge: ATF asks only 32 there.
        #expect(!scaled.stdout.contains("[imageButton-메뉴]"))
        #expect(scaled.status == 1)
        let dpi = try CLIRunner.run(["lint", dump, "--density", "420dpi"], currentDirectory: Self.root)
        #expect(dpi.stdout == scaled.stdout)
        let unknown = try CLIRunner.run(["lint", dump, "--standard", "wcag22"], currentDirectory: Self.root)
        #expect(unknown.status == 0)
        #expect(!unknown.stdout.contains("target."))
        #expect(unknown.stderr.contains("\(dump): note: target size not checked: an Android dump's frames are pixels"))
        #expect(unknown.stdout.contains("not evaluated: 2.5.8 "))
        #expect(unknown.stdout.contains("  Why: target size not checked: an Android dump's frames are pixels"))
        let bad = try CLIRunner.run(["lint", dump, "--density", "big"], currentDirectory: Self.root)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--density expects a device's scale from 0.75 to 4"))
    }

    @Test("--standard kwcag22 lists every KWCAG item once with counts that add up; wcag22 every A and AA criterion; the JSON says the same")
    func conformanceTables() throws {
        let folder = try CLIRunner.temporaryFolder()
        let json = folder.appendingPathComponent("kwcag.json")
        let result = try CLIRunner.run(["lint", "samples/lint/shop-before.json", "--standard", "kwcag22", "--conformance", json.path],
                                       currentDirectory: Self.root)
        #expect(result.status == 1)
        let rows = result.stdout.split(separator: "\n").filter { line in
            ["failed: ", "checked, no finding: ", "not evaluated: "].contains { line.hasPrefix($0) }
        }
        #expect(rows.count == 33)
        let ids = rows.map { $0.split(separator: ":", maxSplits: 1)[1].split(separator: " ")[0] }
        #expect(Set(ids).count == 33)
        let failed = rows.filter { $0.hasPrefix("failed: ") }.count
        let checked = rows.filter { $0.hasPrefix("checked, no finding: ") }.count
        let notEvaluated = rows.filter { $0.hasPrefix("not evaluated: ") }.count
        #expect(result.stdout.contains("Conformance, KWCAG 2.2: 33 criteria: \(failed) failed, \(checked) checked with no finding, \(notEvaluated) not evaluated\n"))
        #expect(rows.contains { $0.hasPrefix("failed: 1.1.1 ") && $0.contains("label.missing 1") })
        // Dynamic checks do not run in lint: the focus item is not evaluated, not "checked".
        #expect(rows.contains { $0.hasPrefix("not evaluated: 2.1.2 ") })
        #expect(!rows.contains { $0.contains("passed") })
        // Under a failed row: its findings and each code's fix.
        #expect(result.stdout.contains("failed: 1.1.1 ") && result.stdout.contains("  Fix (label.missing): Give it an accessibilityLabel"))

        let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let counts = try #require(table["counts"] as? [String: Int])
        #expect(counts["failed"] == failed && counts["checked"] == checked && counts["notEvaluated"] == notEvaluated && counts["total"] == 33)
        let criteria = try #require(table["criteria"] as? [[String: Any]])
        #expect(criteria.count == 33)
        let first = try #require(criteria.first { $0["id"] as? String == "1.1.1" })
        #expect(first["status"] as? String == "failed")
        #expect((first["findings"] as? [[String: Any]])?.contains { $0["code"] as? String == "label.missing" } == true)

        let wcag = try CLIRunner.run(["lint", "samples/lint/shop-after.json", "--standard", "wcag22"], currentDirectory: Self.root)
        let wcagRows = wcag.stdout.split(separator: "\n").filter { line in
            ["failed: ", "checked, no finding: ", "not evaluated: "].contains { line.hasPrefix($0) }
        }
        let levels = wcagRows.compactMap { $0.firstMatch(of: /\((A|AA|AAA)\)/)?.1 }
        #expect(levels.filter { $0 == "A" }.count == 31)
        #expect(levels.filter { $0 == "AA" }.count == 24)
        #expect(!wcagRows.contains { $0.contains(" 4.1.1 ") })
        #expect(wcagRows.contains { $0.hasPrefix("checked, no finding: 2.5.8 ") })
        let usage = try CLIRunner.run(["lint", "samples/lint/shop-after.json", "--conformance", json.path], currentDirectory: Self.root)
        #expect(usage.status == 64)
    }

    @Test("criteria in the findings JSON, SARIF (still valid 2.1.0, helpUri and tags) and JUnit")
    func criteriaInOutputs() throws {
        let folder = try CLIRunner.temporaryFolder()
        let findings = folder.appendingPathComponent("f.json"), sarif = folder.appendingPathComponent("f.sarif"),
            junit = folder.appendingPathComponent("f.xml")
        let result = try CLIRunner.run(["lint", "samples/lint/shop-before.json", "--findings", findings.path, "--sarif", sarif.path,
                                        "--junit", junit.path], currentDirectory: Self.root)
        #expect(result.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: findings)) as? [[String: Any]])
        let missing = try #require(array.first { $0["code"] as? String == "label.missing" })
        let criteria = try #require(missing["criteria"] as? [[String: String]])
        #expect(criteria.contains { $0["standard"] == "wcag22" && $0["id"] == "4.1.2" && $0["title"]?.isEmpty == false })
        #expect(criteria.contains { $0["standard"] == "kwcag22" && $0["id"] == "1.1.1" })
        let duplicate = try #require(array.first { $0["code"] as? String == "stops.duplicate-adjacent" })
        #expect((duplicate["criteria"] as? [Any])?.isEmpty == true)

        let validation = try TestSuiteCommandTests.validateSARIF(sarif)
        #expect(validation.status == 0, "\(validation.stderr)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
        let rules = try #require(((((log["runs"] as? [[String: Any]])?.first?["tool"]) as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let rule = try #require(rules.first { $0["id"] as? String == "target.too-small" })
        #expect(rule["helpUri"] as? String == "https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum")
        let tags = try #require((rule["properties"] as? [String: Any])?["tags"] as? [String])
        #expect(tags.contains("WCAG 2.2 2.5.8") && tags.contains("KWCAG 2.2 2.1.3"))

        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("  Criteria: WCAG 2.2 1.1.1, 4.1.2; KWCAG 2.2 1.1.1"))
    }

    @Test("baseline: written, a rerun passes, a new unlabelled button fails named as new, a fixed problem is listed, an edited label elsewhere changes no other entry, reasons stay")
    func baselineRatchet() throws {
        let folder = try CLIRunner.temporaryFolder()
        // Three buttons: the cart read by its file name, save without a label, help; `more`
        // adds elements.
        func write(cart: String = "icon_cart.png", help: String = "help", more: String = "") -> String {
            """
            {"screen": "홈", "elements": [
              {"id": "cart", "kind": "button", "label": "\(cart)", "frame": [16, 100, 343, 50]},
              {"id": "save", "kind": "button", "label": "", "frame": [16, 200, 343, 50]},
              {"id": "help", "kind": "button", "label": "\(help)", "frame": [16, 300, 343, 50]}\(more)
            ]}

            """
        }
        let first = try Self.lint(write(), ["--baseline", "audit.json", "--update-baseline"], in: folder)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("Baseline audit.json: 0 known, 2 new, 0 fixed; rewritten with 2 entries"))
        let baselineFile = folder.appendingPathComponent("audit.json")
        let written = try String(contentsOf: baselineFile, encoding: .utf8)
        #expect(written == """
            {
              "earshotBaseline": 1,
              "findings": [
                {"code": "label.file-name", "file": "screen.json", "screen": "홈", "element": "cart"},
                {"code": "label.missing", "file": "screen.json", "screen": "홈", "element": "save"}
              ]
            }

            """)
        // A team's reason is kept by later updates.
        try written.replacingOccurrences(of: #""element": "save"}"#, with: #""element": "save", "reason": "APP-12"}"#)
            .write(to: baselineFile, atomically: true, encoding: .utf8)

        let rerun = try Self.lint(write(), ["--baseline", "audit.json"], in: folder)
        #expect(rerun.status == 0, "\(rerun.stdout)")
        #expect(rerun.stdout.contains("error (known) label.missing [save]"))
        #expect(rerun.stdout.contains("Baseline audit.json: 2 known, 0 new, 0 fixed\n"))

        let added = try Self.lint(write(more: ",\n" + #"  {"id": "new-icon", "kind": "button", "label": " ", "frame": [16, 400, 343, 50]}"#),
                                  ["--baseline", "audit.json"], in: folder)
        #expect(added.status == 1)
        #expect(added.stdout.contains("error (new) label.missing [new-icon]"))
        #expect(added.stdout.contains("Baseline audit.json: 2 known, 1 new, 0 fixed\n"))

        // The cart gets a real label, and the help button another label: the cart's entry is
        // fixed, the save button's entry untouched.
        let fixedScreen = write(cart: "장바구니", help: "도움말")
        let fixed = try Self.lint(fixedScreen, ["--baseline", "audit.json"], in: folder)
        #expect(fixed.status == 0)
        #expect(fixed.stdout.contains("Baseline audit.json: 1 known, 0 new, 1 fixed\n  fixed: label.file-name screen.json [cart] on \"홈\"\n"))
        let shrunk = try Self.lint(fixedScreen, ["--baseline", "audit.json", "--update-baseline"], in: folder)
        #expect(shrunk.status == 0)
        #expect(try String(contentsOf: baselineFile, encoding: .utf8) == """
            {
              "earshotBaseline": 1,
              "findings": [
                {"code": "label.missing", "file": "screen.json", "screen": "홈", "element": "save", "reason": "APP-12"}
              ]
            }

            """)

        let missing = try CLIRunner.run(["lint", "screen.json", "--baseline", "none.json"], currentDirectory: folder)
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("none.json: error: no such baseline file (record one with --update-baseline)"))
        try #"{"earshotBaseline": 1, "findings": [{"code": "label.mising", "file": "a.json"}]}"#
            .write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try CLIRunner.run(["lint", "screen.json", "--baseline", "bad.json"], currentDirectory: folder)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("bad.json:1:"))
    }

    @Test("report pages: the desk check's findings link their criteria, the --standard table has a row per criterion, and undersized targets are drawn and listed")
    func pages() throws {
        let folder = try CLIRunner.temporaryFolder()
        let page = folder.appendingPathComponent("options.html")
        let result = try CLIRunner.run(["check", "-q", "--standard", "kwcag22", "--report", page.path,
                                        "samples/audit/product-options.json"], currentDirectory: Self.root)
        #expect(result.status == 1, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"<section id="conformance""#) || html.contains(#"id="conformance""#))
        let table = try #require(html.range(of: #"<table class="conformance">"#))
        let tableHTML = String(html[table.upperBound...]).components(separatedBy: "</table>")[0]
        let rows = tableHTML.components(separatedBy: "<tr><th scope=\"row\">").count - 1
        #expect(rows == 33)
        #expect(html.contains(#"<a href="https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum">WCAG 2.2 2.5.8</a>"#))
        // The drawing outlines the two crowded buttons and the platform warnings, and says so in words.
        #expect(html.components(separatedBy: #"<g class="target-small too-small""#).count - 1 == 4)
        #expect(html.contains("Touch targets outlined in red, dashed, are smaller than they should be:"))
        #expect(html.contains(#"<li><code>target.too-small</code> (error): &quot;close&quot;"#) || html.contains(#"<li><code>target.too-small</code> (error): "close""#))
    }

    @Test("the --conformance tables of three shards of test samples merge into one run's, byte for byte")
    func mergedConformance() throws {
        let folder = try CLIRunner.temporaryFolder()
        let whole = folder.appendingPathComponent("whole.json")
        _ = try CLIRunner.run(["test", "-q", "--standard", "wcag22", "--conformance", whole.path, "samples"], currentDirectory: Self.root)
        var shards: [String] = []
        for index in 1...3 {
            let shard = folder.appendingPathComponent("shard-\(index).json")
            _ = try CLIRunner.run(["test", "-q", "--shard", "\(index)/3", "--standard", "wcag22", "--conformance", shard.path, "samples"],
                                  currentDirectory: Self.root)
            shards.append(shard.path)
        }
        let merged = folder.appendingPathComponent("merged.json")
        let result = try CLIRunner.run(["merge", "-o", merged.path] + shards)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try String(contentsOf: whole, encoding: .utf8)
        #expect(try String(contentsOf: merged, encoding: .utf8) == expected)
        #expect(expected.contains(#""status": "failed""#))
        // The shards alone do not each hold every failure.
        let first = try String(contentsOfFile: shards[0], encoding: .utf8)
        #expect(first != expected)
    }
}

