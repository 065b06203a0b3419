import Foundation
import Testing

/// Text spacing on real pages in Chromium (docs/web.md "Text spacing", docs/findings.md
/// `text.spacing-lost`): a note of fixed height that hides what does not fit cuts its second
/// line off once WCAG 2.2 1.4.12's spacing is applied, and a card of fixed height spills its
/// third line over the paragraph below; the same page with `min-height` loses nothing; the
/// run twice finds the same.
@Suite("Text spacing on real pages", .serialized)
struct TextSpacingTests {
    static func page(style: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Sale – Shop</title>
        <style>body { font-family: sans-serif; font-size: 20px; margin: 8px; }
        .note, .card { line-height: 1.2; width: 600px; border: 1px solid; }
        .after { margin-top: 0; }
        \(style)</style></head><body>
        <main><h1>Sale</h1>
        <div class="note">Free delivery<br>on every order</div>
        <div class="card">Shoes half price<br>until Sunday<br>while stocks last</div>
        <p class="after">Returns are free for 30 days.</p>
        <p><button>Shop now</button></p></main>
        </body></html>
        """
    }

    /// Boxes of fixed height: two lines at 1.2 fit in 2.5em and three in 3.7em, not at 1.5.
    static let failing = page(style: ".note { height: 2.5em; overflow: hidden; } .card { height: 3.7em; }")
    static let fixed = page(style: ".note { min-height: 2.5em; overflow: hidden; } .card { min-height: 3.7em; }")

    /// `lint --voice en PAGE --standard wcag22`: the page's `text.spacing-lost` findings, its 1.4.12 row, what lint printed.
    static func lint(_ html: String) throws -> (findings: [[String: Any]], row: [String: Any]?, stdout: String, json: String) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("sale.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("findings.json"), table = folder.appendingPathComponent("table.json")
        let result = try CLIRunner.run(["lint", "--voice", "en", page.path, "--standard", "wcag22", "--findings", json.path,
                                        "--conformance", table.path])
        // The page's folder is a new one each run: named apart, so two runs compare.
        let text = try String(contentsOf: json, encoding: .utf8).replacingOccurrences(of: folder.path, with: "FOLDER")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
        let row = (root["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == "1.4.12" }
        return (list.filter { $0["code"] as? String == "text.spacing-lost" }, row, result.stdout, text)
    }

    @Test("a note of fixed height that hides its overflow, and a card of fixed height over a paragraph: cut off and overlapping, failing WCAG 1.4.12 alone")
    func failing() throws {
        let run = try Self.lint(Self.failing)
        #expect(run.findings.count == 2, "\(run.stdout)")
        let messages = run.findings.compactMap { $0["message"] as? String }
        let clipped = try #require(messages.first { $0.contains("cuts off") }, "\(messages)")
        #expect(clipped.hasPrefix("With WCAG 1.4.12's text spacing, div.note holding \"Free delivery on every order\" (stop "), "\(clipped)")
        #expect(clipped.contains("Free delivery") && clipped.hasSuffix(" px of its text: it hides what does not fit and does not grow."), "\(clipped)")
        let lost = Int(clipped.components(separatedBy: "cuts off ").last?.prefix { $0.isNumber } ?? "") ?? 0
        // Two lines of 20 px text from 24 to 30 px apart in a box 50 px high: the second line's
        // glyphs, 23 px of a 30 px line, end some 7 px below it.
        #expect((4...12).contains(lost), "\(clipped)")
        let overlap = try #require(messages.first { $0.contains("runs") }, "\(messages)")
        #expect(overlap.hasPrefix("With WCAG 1.4.12's text spacing, the text of div.card holding \"Shoes half price until Sunday while stocks last\""), "\(overlap)")
        #expect(overlap.hasSuffix("over the text of p.after."), "\(overlap)")
        for finding in run.findings {
            #expect((finding["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 1.4.12"])
            #expect((finding["elements"] as? [String])?.isEmpty == false, "\(finding)")
        }
        #expect(run.row?["status"] as? String == "failed")
    }

    @Test("the same boxes with min-height: nothing lost, 1.4.12 checked by text.spacing-lost")
    func fixedPage() throws {
        let run = try Self.lint(Self.fixed)
        #expect(run.findings.isEmpty, "\(run.stdout)")
        #expect(run.row?["status"] as? String == "checked")
        let judges = ((run.row?["judgedBy"] as? [[String: Any]]) ?? []).map { "\($0["by"] ?? "") \($0["id"] ?? "")" }
        #expect(judges.contains("earshot text.spacing-lost"), "\(judges)")
    }

    @Test("the failing page read twice: the same findings, word for word")
    func twice() throws {
        let first = try Self.lint(Self.failing), second = try Self.lint(Self.failing)
        #expect(!first.findings.isEmpty)
        #expect(first.json == second.json)
    }

    @Test("an imported page keeps the measure (saved tree version 7) and lint of the tree finds the same")
    func imported() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("sale.html"), tree = folder.appendingPathComponent("sale.axtree.json")
        try Self.failing.write(to: page, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", page.path, "-o", tree.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOf: tree, encoding: .utf8)
        #expect(text.contains("\"version\": 7,") && text.contains("\"textSpacing\": {\"clipped\": [{"), "\(text.prefix(2000))")
        let json = folder.appendingPathComponent("findings.json")
        _ = try CLIRunner.run(["lint", "--voice", "en", tree.path, "--findings", json.path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
        #expect(list.filter { $0["code"] as? String == "text.spacing-lost" }.count == 2)
    }
}
