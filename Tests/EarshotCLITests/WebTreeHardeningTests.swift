import Foundation
import Testing

/// The fourth hardening audit's web reproducers (issue #44, points 2 and 3), as a user meets
/// them through the built binary: a page nested thousands deep, numbers out of range in a saved
/// tree, a page's control characters through `import` and `read`, and an escape sequence in a
/// page's text on the terminal. Each used to crash, trap, refuse its own file or print raw.
@Suite("Hardening: pages of any shape, saved trees with any numbers", .serialized)
struct WebTreeHardeningTests {
    /// The lines of a saved tree with `nodes` (JSON objects, one a line) after a fixed head:
    /// the first node is on line `firstNodeLine`.
    static let firstNodeLine = 11

    static func savedTree(_ nodes: [String], viewport: String = "[1280, 800]", screenshot: String? = nil) -> String {
        var lines = ["{", "  \"format\": \"earshot-axtree\",", "  \"version\": 2,", "  \"url\": \"file:///tmp/page.html\",",
                     "  \"title\": \"Page\",", "  \"language\": \"en\",", "  \"viewport\": \(viewport),", "  \"browser\": null,",
                     "  \"refused\": [],", "  \"nodes\": ["]
        lines.append(nodes.map { "    " + $0 }.joined(separator: ",\n"))
        lines.append(screenshot.map { "  ],\n  \"screenshot\": \($0)" } ?? "  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A document holding `depth - 1` nested groups, the last holding a button: the button is
    /// `depth + 1` levels down (the document is at 1).
    static func deepTree(groups: Int) -> String {
        var nodes = ["{\"id\": \"1\", \"role\": \"RootWebArea\", \"name\": \"Deep\", \"children\": [\"g1\"]}"]
        for index in 1...groups {
            let child = index == groups ? "b" : "g\(index + 1)"
            nodes.append("{\"id\": \"g\(index)\", \"role\": \"group\", \"tag\": \"div\", \"children\": [\"\(child)\"]}")
        }
        nodes.append("{\"id\": \"b\", \"role\": \"button\", \"name\": \"Deep button\", \"tag\": \"button\", \"box\": [0, 0, 80, 20]}")
        return savedTree(nodes)
    }

    static func write(_ text: String, named name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a saved tree 5,000 levels deep is refused at the node past the limit, by read, lint and read --report (exit 65)")
    func deepSavedTree() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(Self.deepTree(groups: 5_000), named: "deep.axtree.json", in: folder)
        // The document is at depth 1, g1 at 2: g250 is at 251, the first past the limit.
        let line = Self.firstNodeLine + 250
        for arguments in [["read", "--no-audio"], ["lint"], ["read", "--no-audio", "--report", folder.appendingPathComponent("deep.html").path]] {
            let result = try CLIRunner.run(arguments + [path])
            #expect(result.status == 65, "\(arguments): \(result.status): \(result.stderr.suffix(400))")
            #expect(result.stderr.contains("\(path):\(line):"), "\(arguments): \(result.stderr.suffix(400))")
            #expect(result.stderr.contains("nested deeper than 250 levels"), "\(result.stderr.suffix(400))")
        }
    }

    @Test("a saved tree at the depth limit reads, lints and draws its report: every walk of a page that deep holds")
    func savedTreeAtTheLimit() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 248 groups: the button is at depth 250, the limit.
        let path = try Self.write(Self.deepTree(groups: 248), named: "limit.axtree.json", in: folder)
        let read = try CLIRunner.run(["read", "--no-audio", "--voice", "en", path])
        #expect(read.status == 0, "\(read.stderr.suffix(400))")
        #expect(read.stdout.contains("button Deep button"), "\(read.stdout.suffix(400))")
        let lint = try CLIRunner.run(["lint", path])
        #expect([0, 1].contains(lint.status), "\(lint.stderr.suffix(400))")
        let page = folder.appendingPathComponent("limit.html").path
        let report = try CLIRunner.run(["read", "--no-audio", "--voice", "en", "--report", page, path])
        #expect(report.status == 0, "\(report.stderr.suffix(400))")
    }

    /// A page whose script nests `depth` groups, the last holding a button.
    static func deepPage(depth: Int) -> String {
        """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Deep</title></head><body>
        <div id="top"></div>
        <script>
        let parent = document.getElementById("top");
        for (let i = 0; i < \(depth); i++) {
          const group = document.createElement("div");
          group.setAttribute("role", "group");
          group.setAttribute("aria-label", "level " + i);
          parent.appendChild(group);
          parent = group;
        }
        const button = document.createElement("button");
        button.textContent = "Deep button";
        parent.appendChild(button);
        </script></body></html>
        """
    }

    @Test("a live page a script nests 2,000 groups deep is refused naming the page, by read and import (exit 65)")
    func deepLivePage() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try Self.write(Self.deepPage(depth: 2_000), named: "deep.html", in: folder)
        let saved = folder.appendingPathComponent("deep.axtree.json").path
        for arguments in [["read", "--no-audio", "--voice", "en"], ["import", "-o", saved]] {
            let result = try CLIRunner.run(arguments + [page])
            #expect(result.status == 65, "\(arguments): exit \(result.status): \(result.stderr.suffix(600))")
            #expect(result.stderr.contains("deeper than 250 levels"), "\(result.stderr.suffix(600))")
            #expect(result.stderr.contains("deep.html"), "\(result.stderr.suffix(600))")
        }
        #expect(!FileManager.default.fileExists(atPath: saved))
    }

    @Test("a live page a script nests 5,000 groups deep ends cleanly: refused, or a time-out when the browser cannot lay it out")
    func deeperLivePage() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try Self.write(Self.deepPage(depth: 5_000), named: "deeper.html", in: folder)
        // Chromium's renderer gives up on a DOM this deep (its layout runs out of stack past
        // about 2,500 levels) and the page never fires its load event: the time-out is short.
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", page], environment: ["EARSHOT_PAGE_TIMEOUT": "15"])
        #expect([65, 69].contains(result.status), "exit \(result.status): \(result.stderr.suffix(600))")
        #expect(result.stderr.contains("deeper than 250 levels") || result.stderr.contains("timed out"), "\(result.stderr.suffix(600))")
        #expect(result.stderr.contains("deeper.html"), "\(result.stderr.suffix(600))")
    }

    /// A node's number out of range, and what the error names.
    static let badNumbers: [(name: String, node: String, says: String)] = [
        ("level 1e300", "{\"id\": \"2\", \"role\": \"heading\", \"name\": \"Big\", \"properties\": {\"level\": 1e300}}", "\"level\" is a whole number"),
        ("level 0", "{\"id\": \"2\", \"role\": \"heading\", \"name\": \"Big\", \"properties\": {\"level\": 0}}", "\"level\" is a whole number"),
        ("level 2.5", "{\"id\": \"2\", \"role\": \"heading\", \"name\": \"Big\", \"properties\": {\"level\": 2.5}}", "\"level\" is a whole number"),
        ("box 1e307 wide", "{\"id\": \"2\", \"role\": \"button\", \"name\": \"Wide\", \"box\": [0, 0, 1e307, 20]}", "\"box\" is [x, y, width, height]"),
        ("box at -1e300", "{\"id\": \"2\", \"role\": \"button\", \"name\": \"Far\", \"box\": [-1e300, 0, 10, 20]}", "\"box\" is [x, y, width, height]"),
        ("box with a negative height", "{\"id\": \"2\", \"role\": \"button\", \"name\": \"Flat\", \"box\": [0, 0, 10, -1]}", "\"box\" is [x, y, width, height]"),
        ("negative posinset", "{\"id\": \"2\", \"role\": \"radio\", \"name\": \"One\", \"properties\": {\"posinset\": -3, \"setsize\": 2}}", "\"posinset\" is a whole number"),
        ("huge posinset", "{\"id\": \"2\", \"role\": \"radio\", \"name\": \"One\", \"properties\": {\"posinset\": 1e20, \"setsize\": 2}}", "\"posinset\" is a whole number"),
        ("setsize 0", "{\"id\": \"2\", \"role\": \"radio\", \"name\": \"One\", \"properties\": {\"posinset\": 1, \"setsize\": 0}}", "\"setsize\" is a whole number"),
        ("tabindex 1e300", "{\"id\": \"2\", \"role\": \"button\", \"name\": \"Go\", \"properties\": {\"domTabIndex\": 1e300}}", "\"domTabIndex\" is a whole number"),
        // JSON has no NaN or infinity: a number past a double is refused by the JSON reader.
        ("level 1e999", "{\"id\": \"2\", \"role\": \"heading\", \"name\": \"Big\", \"properties\": {\"level\": 1e999}}", "too large"),
        ("box NaN", "{\"id\": \"2\", \"role\": \"button\", \"name\": \"Odd\", \"box\": [NaN, 0, 10, 10]}", "error:"),
    ]

    @Test("a saved tree's number out of range is refused at its line by read, lint and read --report (exit 65)",
          arguments: badNumbers.map(\.name))
    func numbersOutOfRange(name: String) throws {
        let bad = try #require(Self.badNumbers.first { $0.name == name })
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Self.savedTree(["{\"id\": \"1\", \"role\": \"RootWebArea\", \"name\": \"Page\", \"children\": [\"2\"]}", bad.node])
        let path = try Self.write(text, named: "numbers.axtree.json", in: folder)
        for arguments in [["read", "--no-audio"], ["lint"], ["read", "--no-audio", "--report", folder.appendingPathComponent("n.html").path]] {
            let result = try CLIRunner.run(arguments + [path])
            #expect(result.status == 65, "\(name): \(arguments): exit \(result.status): \(result.stderr.suffix(400))")
            #expect(result.stderr.contains("\(path):\(Self.firstNodeLine + 1):"), "\(name): \(result.stderr.suffix(400))")
            #expect(result.stderr.contains(bad.says), "\(name): \(result.stderr.suffix(400))")
        }
    }

    @Test("a saved tree's viewport or screenshot size out of range is refused at its line (exit 65)",
          arguments: ["viewport", "screenshot"])
    func sizesOutOfRange(what: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nodes = ["{\"id\": \"1\", \"role\": \"RootWebArea\", \"name\": \"Page\", \"children\": [\"2\"]}",
                     "{\"id\": \"2\", \"role\": \"button\", \"name\": \"Go\"}"]
        let text = what == "viewport"
            ? Self.savedTree(nodes, viewport: "[100000000000, 800]")
            : Self.savedTree(nodes, screenshot: "{\"width\": 1e307, \"height\": 800, \"png\": \"iVBORw0KGgo=\"}")
        let path = try Self.write(text, named: "sizes.axtree.json", in: folder)
        let line = what == "viewport" ? 7 : Self.firstNodeLine + 3
        let result = try CLIRunner.run(["read", "--no-audio", "--report", folder.appendingPathComponent("s.html").path, path])
        #expect(result.status == 65, "\(result.stderr.suffix(400))")
        #expect(result.stderr.contains("\(path):\(line):"), "\(result.stderr.suffix(400))")
    }

    @Test("a page whose text holds U+000C, U+001B and U+007F: import writes a tree that read reads, as the page read live")
    func controlCharactersRoundTrip() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The characters come from a script: HTML's parser turns some of them into others.
        let html = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Odd\\u000Ctitle</title></head><body>
            <button id="one">Form\u{0C}feed</button>
            <button id="two"></button>
            <p id="three"></p>
            <script>
            document.getElementById("two").textContent = "Red \\u001b[31malert\\u001b[0m";
            document.getElementById("three").textContent = "Delete\\u007fd text";
            document.title = "Odd\\u000ctitle";
            </script></body></html>
            """
        let page = try Self.write(html, named: "odd.html", in: folder)
        let saved = folder.appendingPathComponent("odd.axtree.json").path
        let imported = try CLIRunner.run(["import", page, "-o", saved])
        #expect(imported.status == 0, "\(imported.stderr)")
        let read = try CLIRunner.run(["read", "--no-audio", "--voice", "en", saved])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("alert"), "\(read.stdout)")
        for control in ["\u{0C}", "\u{1B}", "\u{7F}"] {
            #expect(!read.stdout.contains(control), "\(read.stdout)")
        }
        // Read live, the page says the same.
        let live = try CLIRunner.run(["read", "--no-audio", "--voice", "en", page])
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stdout == read.stdout, "\(live.stdout)\n---\n\(read.stdout)")
    }

    @Test("page text with an escape sequence reaches the terminal as codes, not as the sequence")
    func escapeSequencePrintedCleaned() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A saved tree can hold the C1 controls (U+009B is a one-byte CSI on many terminals);
        // a live page's C0 controls are mapped where the page is read (the test above).
        let text = Self.savedTree(["{\"id\": \"1\", \"role\": \"RootWebArea\", \"name\": \"Page\", \"children\": [\"2\"]}",
                                   "{\"id\": \"2\", \"role\": \"button\", \"name\": \"\\u009b2J\\u009b31mRed\", \"description\": \"\\u0085hint\"}"])
        let path = try Self.write(text, named: "csi.axtree.json", in: folder)
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<U+009B>2J<U+009B>31mRed"), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x1B }, "\(result.stdout)")
    }

    @Test("lint's findings quote a page's labels and ids with their control characters shown as codes")
    func escapeSequenceInFindings() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A button named as its trait (label.repeats-trait) and one with no name (label.missing),
        // each carrying a C1 CSI in its name or DOM id.
        let text = Self.savedTree(["{\"id\": \"1\", \"role\": \"RootWebArea\", \"name\": \"Page\", \"children\": [\"2\", \"3\"]}",
                                   "{\"id\": \"2\", \"role\": \"button\", \"name\": \"\\u009b31mSend button\", \"tag\": \"button\", \"box\": [0, 0, 80, 40]}",
                                   "{\"id\": \"3\", \"role\": \"button\", \"tag\": \"button\", \"domID\": \"x\\u009b2J\", \"box\": [0, 50, 80, 40]}"])
        let path = try Self.write(text, named: "csi-lint.axtree.json", in: folder)
        let result = try CLIRunner.run(["lint", "--voice", "en", path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("<U+009B>"), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x1B }, "\(result.stdout)")
    }

    @Test("a live page with an escape sequence in its text prints no escape character")
    func escapeSequenceOnALivePage() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Escape</title></head><body>
            <button id="b"></button>
            <script>document.getElementById("b").textContent = "\\u001b[2J\\u001b]0;owned\\u0007Red";</script>
            </body></html>
            """
        let page = try Self.write(html, named: "escape.html", in: folder)
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Red"), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(result.stdout)")
    }
}
