import Foundation
import Testing

/// Reflow at 320 CSS pixels on real pages in Chromium (docs/web.md "Reflow at 320 pixels",
/// docs/findings.md `reflow.overflow`): a box 900 pixels wide makes the page scroll sideways, a
/// finding of WCAG 2.2 1.4.10 naming it; the same box with max-width: 100% does not; a wide data
/// table is left to scroll; a button pushed past the window's edge is cut off.
@Suite("Reflow at 320 pixels on real pages", .serialized)
struct ReflowTests {
    static func page(_ body: String, style: String = "") -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Sale – Shop</title>
        <style>body { font-family: sans-serif; margin: 8px; } \(style)</style></head><body>
        <main><h1>Sale</h1>\(body)</main>
        </body></html>
        """
    }

    /// `lint --voice en PAGE --standard wcag22`: the page's `reflow.overflow` findings, its 1.4.10 row, what lint printed.
    static func lint(_ html: String) throws -> (findings: [[String: Any]], row: [String: Any]?, stdout: String) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("sale.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("findings.json"), table = folder.appendingPathComponent("table.json")
        let result = try CLIRunner.run(["lint", "--voice", "en", page.path, "--standard", "wcag22", "--findings", json.path,
                                        "--conformance", table.path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
        let row = (root["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == "1.4.10" }
        return (list.filter { $0["code"] as? String == "reflow.overflow" }, row, result.stdout)
    }

    static let banner = "<div class=\"banner\"><p>Free delivery on every order over 30 euros, this week only.</p></div><p><button>Shop now</button></p>"

    @Test("a box 900 pixels wide: the page scrolls sideways at 320, one finding naming the box, failing WCAG 1.4.10 alone")
    func sideways() throws {
        let run = try Self.lint(Self.page(Self.banner, style: ".banner { width: 900px; border: 1px solid; }"))
        #expect(run.findings.count == 1, "\(run.stdout)")
        let finding = try #require(run.findings.first)
        #expect((finding["message"] as? String)?.hasPrefix("Laid out 320 CSS pixels wide, the page is 910 pixels wide and scrolls sideways: div.banner (to 910 px)") == true,
                "\(finding["message"] ?? "")")
        #expect((finding["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 1.4.10"])
        #expect(run.row?["status"] as? String == "failed")
    }

    @Test("the same box with max-width: 100%, and a wide data table: no finding, 1.4.10 checked by reflow.overflow")
    func fits() throws {
        let table = "<table><tr>" + (1...12).map { "<th>Column \($0) heading</th>" }.joined() + "</tr></table>"
        let run = try Self.lint(Self.page(Self.banner + table, style: ".banner { width: 900px; max-width: 100%; border: 1px solid; box-sizing: border-box; }"))
        #expect(run.findings.isEmpty, "\(run.stdout)")
        #expect(run.row?["status"] as? String == "checked")
        let judges = ((run.row?["judgedBy"] as? [[String: Any]]) ?? []).map { "\($0["by"] ?? "") \($0["id"] ?? "")" }
        #expect(judges.contains("earshot reflow.overflow"), "\(judges)")
    }

    @Test("a button pushed past the window's edge on a page that clips sideways: cut off, named with its stop and NVDA's words")
    func cutOff() throws {
        let run = try Self.lint(Self.page("<p class=\"row\"><button class=\"far\">Shop now</button></p>",
                                          style: "body { overflow-x: hidden; } .far { position: relative; left: 300px; }"))
        let finding = try #require(run.findings.first { ($0["message"] as? String)?.contains("the control") == true }, "\(run.stdout)")
        #expect((finding["elements"] as? [String]) == ["button-1"])
        let message = finding["message"] as? String ?? ""
        #expect(message.hasPrefix("Laid out 320 CSS pixels wide, the control button.far (stop 2: \"") && message.contains("Shop now"), "\(message)")
        #expect(message.contains("lies partly outside the window"), "\(message)")
    }
}
