import Foundation
import Testing

/// `page.untitled` on real pages in Chromium (docs/findings.md): a page with no `<title>`, an
/// empty one, its own file name or an editor's placeholder is a finding of WCAG 2.2 2.4.2 and
/// KWCAG 2.2 2.4.2; the same page with a title that names it has none, and the rows are checked
/// by the check.
@Suite("The page's title on real pages", .serialized)
struct PageTitleTests {
    static func page(title: String?) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">\(title.map { "<title>\($0)</title>" } ?? "")</head><body>
        <main><h1>Order confirmed</h1><p>Your parcel leaves tomorrow.</p></main>
        </body></html>
        """
    }

    /// `lint --voice en order.html --standard STANDARD`: the findings of the code, the 2.4.2 row, what lint printed.
    static func lint(_ html: String, standard: String) throws -> (findings: [[String: Any]], row: [String: Any]?, stdout: String) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("order.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("findings.json"), table = folder.appendingPathComponent("table.json")
        let result = try CLIRunner.run(["lint", "--voice", "en", page.path, "--standard", standard, "--findings", json.path,
                                        "--conformance", table.path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
        let row = (root["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == "2.4.2" }
        return (list.filter { $0["code"] as? String == "page.untitled" }, row, result.stdout)
    }

    @Test("no title, an empty one (warnings: axe's document-title is the error), the file name and \"Untitled\" (errors): page.untitled of WCAG 2.4.2 and KWCAG 2.4.2, each worded for what it is")
    func untitled() throws {
        for (title, words, severity) in [(nil, "The page has no title", "warning"), ("  ", "The page has no title", "warning"),
                                         ("order.html", "The page's title is \"order.html\", only the page's file name", "error"),
                                         ("Untitled Document", "The page's title is \"Untitled Document\", a placeholder", "error")] as [(String?, String, String)] {
            let run = try Self.lint(Self.page(title: title), standard: "wcag22")
            let finding = try #require(run.findings.first, "\(title ?? "none"): \(run.stdout)")
            #expect(run.findings.count == 1)
            #expect((finding["message"] as? String)?.hasPrefix(words) == true, "\(finding["message"] ?? "")")
            #expect(finding["severity"] as? String == severity, "\(title ?? "none")")
            #expect((finding["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 2.4.2", "kwcag22 2.4.2"])
            #expect(run.row?["status"] as? String == "failed", "\(title ?? "none")")
        }
    }

    @Test("the page with a title that names it: no finding, KWCAG 2.4.2 checked by page.untitled")
    func titled() throws {
        let run = try Self.lint(Self.page(title: "Order confirmed – Shop"), standard: "kwcag22")
        #expect(run.findings.isEmpty, "\(run.stdout)")
        #expect(run.row?["status"] as? String == "checked")
        let judges = ((run.row?["judgedBy"] as? [[String: Any]]) ?? []).map { "\($0["by"] ?? "") \($0["id"] ?? "")" }
        #expect(judges.contains("earshot page.untitled"), "\(judges)")
    }

    @Test("label in name: a button showing \"Send\" named \"Submit form\" by aria-label is label.not-in-name, failing WCAG 2.5.3 and KWCAG 2.5.3; named \"Send message\", nothing, and the row is checked")
    func labelInName() throws {
        func run(_ label: String) throws -> (findings: [[String: Any]], row: [String: Any]?, stdout: String) {
            let folder = try CLIRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let page = folder.appendingPathComponent("send.html")
            try Self.page(title: "New message – Mail").replacingOccurrences(of: "<p>Your parcel leaves tomorrow.</p>",
                                                                          with: "<p><button aria-label=\"\(label)\">Send</button></p>")
                .write(to: page, atomically: true, encoding: .utf8)
            let json = folder.appendingPathComponent("findings.json"), table = folder.appendingPathComponent("table.json")
            let result = try CLIRunner.run(["lint", "--voice", "en", page.path, "--standard", "kwcag22", "--findings", json.path,
                                            "--conformance", table.path])
            let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], "\(result.stderr)")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
            let row = (root["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == "2.5.3" }
            return (list.filter { $0["code"] as? String == "label.not-in-name" }, row, result.stdout)
        }
        let failing = try run("Submit form")
        let finding = try #require(failing.findings.first, "\(failing.stdout)")
        #expect((finding["message"] as? String)?.hasPrefix("The control shows \"Send\", but its name is \"Submit form\", which does not contain it") == true)
        #expect((finding["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 2.5.3", "kwcag22 2.5.3"])
        #expect(failing.row?["status"] as? String == "failed")
        let fixed = try run("Send message")
        #expect(fixed.findings.isEmpty, "\(fixed.stdout)")
        #expect(fixed.row?["status"] as? String == "checked")
    }
}
