import Foundation
import Testing

/// The browser's keyboard walk on real pages in Chromium (docs/web.md "The keyboard walk",
/// docs/findings.md): a `div` with a button's role and a click handler but no `tabindex` is
/// `keyboard.unreachable` (WCAG 2.2 2.1.1, KWCAG 2.2 2.1.1), the same with `tabindex="0"` is not;
/// a field whose key handler cancels Tab, or whose blur handler puts focus back, is
/// `keyboard.trap` (2.1.2), the field without it is not; radio buttons of one group take one Tab
/// stop; the saved tree keeps the walk and reads it back to the same findings, twice the same.
@Suite("The keyboard walk on real pages", .serialized)
struct KeyboardWalkTests {
    static func page(_ body: String, script: String = "") -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Order</title></head><body>
        <main><h1>Order</h1>\(body)</main>
        \(script.isEmpty ? "" : "<script>\(script)</script>")
        </body></html>
        """
    }

    static let reachBody = """
        <p><a href="#details">Details</a></p>
        <div role="button" onclick="this.textContent = 'Sent'" TABINDEX>Send</div>
        <div role="radiogroup" aria-label="Size"><label><input type="radio" name="size"> Small</label>
        <label><input type="radio" name="size"> Large</label></div>
        <p><button>Cancel</button></p>
        """

    static let trapBody = """
        <p><a href="#home">Home</a></p>
        <p><label for="name">Name</label> <input id="name" type="text"></p>
        <p><button>Save</button></p>
        """

    struct Run {
        var findings: [[String: Any]]
        var rows: [String: [String: Any]]
        var stdout: String
        var status: Int32
        var tree: String

        func codes(_ code: String) -> [[String: Any]] { findings.filter { $0["code"] as? String == code } }
        func judges(_ id: String) -> [String] {
            ((rows[id]?["judgedBy"] as? [[String: Any]]) ?? []).map { "\($0["by"] ?? "") \($0["id"] ?? "")" }
        }
    }

    /// `import PAGE -o TREE`, then `lint --voice en TREE --standard STANDARD`: its findings, its
    /// rows by criterion, what it printed and its status, and the saved tree.
    static func lint(_ html: String, standard: String = "wcag22") throws -> Run {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("order.html"), tree = folder.appendingPathComponent("order.axtree.json")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", page.path, "-o", tree.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let json = folder.appendingPathComponent("findings.json"), table = folder.appendingPathComponent("table.json")
        let result = try CLIRunner.run(["lint", "--voice", "en", tree.path, "--standard", standard, "--findings", json.path,
                                        "--conformance", table.path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: table)) as? [String: Any])
        var rows: [String: [String: Any]] = [:]
        for row in root["criteria"] as? [[String: Any]] ?? [] { if let id = row["id"] as? String { rows[id] = row } }
        return Run(findings: list, rows: rows, stdout: result.stdout, status: result.status,
                   tree: try String(contentsOf: tree, encoding: .utf8))
    }

    @Test("a div with a button's role and a click handler but no tabindex: keyboard.unreachable naming it, its stop and NVDA's words; WCAG 2.1.1 and KWCAG 2.1.1 fail")
    func unreachable() throws {
        let run = try Self.lint(Self.page(Self.reachBody.replacingOccurrences(of: " TABINDEX", with: "")))
        let found = run.codes("keyboard.unreachable")
        #expect(found.count == 1, "\(run.stdout)")
        let finding = try #require(found.first)
        #expect(finding["severity"] as? String == "error")
        #expect((finding["elements"] as? [String]) == ["button-1"], "\(finding)")
        let message = finding["message"] as? String ?? ""
        #expect(message.contains("Send") && message.contains("(stop 3, NVDA's browse mode) is never focused by Tab or shift+Tab"), "\(message)")
        #expect((finding["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 2.1.1", "kwcag22 2.1.1"])
        #expect(run.rows["2.1.1"]?["status"] as? String == "failed")
        #expect(run.rows["2.1.2"]?["status"] as? String == "checked")
        #expect(run.status == 1)
        // The saved tree holds the walk: the link, one radio button of the group, Cancel.
        #expect(run.tree.contains("\"version\": 7,"))
        #expect(run.tree.contains("\"keyboard\": {\"forward\": ["), "\(run.tree.prefix(800))")
    }

    @Test("the same div with tabindex=\"0\": no finding, 2.1.1 and 2.1.2 checked by Earshot's keyboard checks; the second radio button is reached by the group's arrows")
    func reachableFixed() throws {
        let run = try Self.lint(Self.page(Self.reachBody.replacingOccurrences(of: "TABINDEX", with: "tabindex=\"0\"")))
        #expect(run.codes("keyboard.unreachable").isEmpty, "\(run.stdout)")
        #expect(run.codes("keyboard.trap").isEmpty, "\(run.stdout)")
        #expect(run.rows["2.1.1"]?["status"] as? String == "checked", "\(run.rows["2.1.1"] ?? [:])")
        #expect(run.judges("2.1.1").contains("earshot keyboard.unreachable"), "\(run.judges("2.1.1"))")
        #expect(run.judges("2.1.2").contains("earshot keyboard.trap"), "\(run.judges("2.1.2"))")
    }

    @Test("a field whose keydown handler cancels Tab and refocuses it: keyboard.trap for Tab and for shift+Tab, failing WCAG 2.1.2 and KWCAG 2.1.1; the Save button after it is unreachable")
    func trapped() throws {
        let handler = "document.getElementById('name').addEventListener('keydown', function (event) { if (event.key === 'Tab') { event.preventDefault(); this.focus(); } });"
        let run = try Self.lint(Self.page(Self.trapBody, script: handler), standard: "kwcag22")
        let traps = run.codes("keyboard.trap")
        #expect(traps.count == 2, "\(run.stdout)")
        let messages = traps.compactMap { $0["message"] as? String }
        #expect(messages.first?.hasPrefix("Tab does not take keyboard focus away from \"") == true && messages.first?.contains("Name edit\" (stop 4)") == true,
                "\(messages)")
        #expect(messages.last?.hasPrefix("shift+Tab does not take keyboard focus away from \"") == true && messages.last?.contains("Name edit\" (stop 4)") == true,
                "\(messages)")
        #expect(traps.allSatisfy { ($0["elements"] as? [String]) == ["name"] })
        #expect((traps.first?["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 2.1.2", "kwcag22 2.1.1"])
        #expect(run.rows["2.1.1"]?["status"] as? String == "failed")
        // Tab never gets past the field, and shift+Tab from the bottom reaches Save first.
        #expect(run.codes("keyboard.unreachable").isEmpty, "\(run.stdout)")
        #expect(run.status == 1)
    }

    @Test("a field whose blur handler puts focus back after a zero-delay timer: keyboard.trap; without the handler none")
    func trappedOnBlur() throws {
        let handler = "var field = document.getElementById('name'); field.addEventListener('blur', function () { setTimeout(function () { field.focus(); }, 0); });"
        let run = try Self.lint(Self.page(Self.trapBody, script: handler))
        #expect(run.codes("keyboard.trap").first?["message"] as? String != nil, "\(run.stdout)")
        #expect(run.rows["2.1.2"]?["status"] as? String == "failed")
        let fixed = try Self.lint(Self.page(Self.trapBody))
        #expect(fixed.codes("keyboard.trap").isEmpty && fixed.codes("keyboard.unreachable").isEmpty, "\(fixed.stdout)")
        #expect(fixed.rows["2.1.2"]?["status"] as? String == "checked")
        #expect(fixed.tree.contains("\"keyboard\": {\"forward\": ["), "\(fixed.tree.prefix(800))")
    }

    static let focusBody = """
        <p><a href="#home">Home</a></p>
        <p><button class="plain">Save</button> <button>Cancel</button></p>
        """

    @Test("a button styled outline: none on focus: focus.invisible naming it, its stop and NVDA's words, failing WCAG 2.4.7 and KWCAG 2.1.2; the other controls keep the browser's ring")
    func focusInvisible() throws {
        let style = "<style>.plain:focus { outline: none; }</style>"
        let run = try Self.lint(Self.page(style + Self.focusBody), standard: "kwcag22")
        let found = run.codes("focus.invisible")
        #expect(found.count == 1, "\(run.stdout)")
        let finding = try #require(found.first)
        #expect((finding["elements"] as? [String]) == ["button-1"], "\(finding)")
        let message = finding["message"] as? String ?? ""
        #expect(message.hasPrefix("Keyboard focus on \"") && message.contains("Save") && message.contains("(stop 3) does not show"), "\(message)")
        #expect((finding["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 2.4.7", "kwcag22 2.1.2"])
        #expect(run.rows["2.1.2"]?["status"] as? String == "failed")
        #expect(run.tree.contains("\"pictured\": true, \"unseen\": ["), "\(run.tree.prefix(900))")
    }

    @Test("the same page without the style: no focus.invisible, WCAG 2.4.7 checked by the check")
    func focusShown() throws {
        let run = try Self.lint(Self.page(Self.focusBody))
        #expect(run.codes("focus.invisible").isEmpty, "\(run.stdout)")
        #expect(run.rows["2.4.7"]?["status"] as? String == "checked", "\(run.rows["2.4.7"] ?? [:])")
        #expect(run.judges("2.4.7").contains("earshot focus.invisible"), "\(run.judges("2.4.7"))")
        #expect(run.tree.contains("\"pictured\": true}"), "\(run.tree.prefix(900))")
    }

    @Test("a run twice gives the same findings")
    func repeatable() throws {
        let html = Self.page(Self.reachBody.replacingOccurrences(of: " TABINDEX", with: ""))
        let one = try Self.lint(html), two = try Self.lint(html)
        func line(_ tree: String) -> String? { tree.split(separator: "\n").first { $0.contains("\"keyboard\"") }.map(String.init) }
        #expect(line(one.tree) != nil && line(one.tree) == line(two.tree))
        #expect(one.findings.map { "\($0["code"] ?? "") \($0["message"] ?? "")" } == two.findings.map { "\($0["code"] ?? "") \($0["message"] ?? "")" })
    }
}
