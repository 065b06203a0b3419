import Foundation
import Testing
@testable import EarshotCore

/// NVDA's browse-mode lines on a saved tree, with no browser (docs/web.md, section b): a line
/// ends at a line break or where a block field starts or ends (`getLineOffsets`, storage.cpp at
/// 036524ca), a field is a block by its `display`, else by its role (`fillVBuf`, gecko_ia2.cpp at
/// 025a5a43); a tree saved without `domDisplay` takes the tag's default display (Earshot's choice).
@Suite("NVDA's lines on a saved tree")
struct NVDALinesTests {
    /// A paragraph holding a link; a label and its field in a div; a paragraph with a line
    /// break; two divs made inline (one line); a span made a block (a line of its own); a
    /// closing paragraph with no display saved (its tag's).
    static func page() throws -> Screen {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        func display(_ value: String) -> [String: WebProperty] { ["domDisplay": .text(value)] }
        let field: [String: WebProperty] = ["editable": .text("plaintext"), "focusable": .bool(true), "domDisplay": .text("inline-block")]
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Lines", children: ["2", "3", "4", "5", "6", "7", "8"]),
            .init(id: "2", role: "paragraph", properties: display("block"), children: ["2a", "2b", "2c"], tag: "p"),
            text("2a", "Read our "),
            .init(id: "2b", role: "link", name: "terms", properties: ["focusable": .bool(true), "domDisplay": .text("inline")],
                  children: ["2bt"], tag: "a"),
            text("2bt", "terms"), text("2c", " before you buy."),
            .init(id: "3", role: "generic", properties: display("block"), children: ["3l", "3e"], tag: "div"),
            .init(id: "3l", role: "LabelText", properties: display("inline"), children: ["3lt"], tag: "label"), text("3lt", "Email"),
            .init(id: "3e", role: "textbox", name: "Email", properties: field, tag: "input"),
            .init(id: "4", role: "paragraph", properties: display("block"), children: ["4a", "4b", "4c"], tag: "p"),
            text("4a", "First line"), .init(id: "4b", role: "LineBreak", name: "\n", tag: "br"), text("4c", "Second line"),
            .init(id: "5", role: "generic", properties: display("inline"), children: ["5t"], tag: "div"), text("5t", "Gamma"),
            .init(id: "6", role: "generic", properties: display("inline-flex"), children: ["6t"], tag: "div"), text("6t", "Delta"),
            .init(id: "7", role: "generic", properties: display("block"), children: ["7t"], tag: "span"), text("7t", "Boxed"),
            .init(id: "8", role: "paragraph", children: ["8t"], tag: "p"), text("8t", "End"),
        ]
        let tree = WebPageTree(url: "file:///lines.html", title: "Lines", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "lines")
    }

    @Test("down arrow: inline items between block edges are one line; a line break, a block display and a block tag start lines")
    func down() throws {
        var navigator = try NVDATableTests.reading(try Self.page()).navigator
        let said = (0..<8).map { _ in navigator.next().speech?.text ?? "(nothing)" }
        #expect(said == [
            "Read our link terms before you buy.",
            "Email edit",
            "First line",
            "Second line",
            "Gamma Delta",
            "Boxed",
            "End",
            "(nothing)",
        ])
        // Past the last line: a boundary, focus staying on the last line's start.
        #expect(navigator.next().isBoundary)
        #expect(navigator.focusedStop?.label == "End")
    }

    @Test("up arrow goes back to the start of the line before, saying the whole line; control+home and control+end say the first and last lines")
    func up() throws {
        var navigator = try NVDATableTests.reading(try Self.page()).navigator
        #expect(navigator.last().speech?.text == "End")
        let said = (0..<3).map { _ in navigator.previous().speech?.text ?? "(nothing)" }
        #expect(said == ["Boxed", "Gamma Delta", "Second line"])
        #expect(navigator.first().speech?.text == "Read our link terms before you buy.")
        #expect(navigator.focusedStop?.label == "Read our ")
        #expect(navigator.previous().isBoundary)
    }

    @Test("maxLineLength: getLineOffsets cuts at the last word start within each 100 characters, or inside a word when none")
    func cuts() {
        // Thirty words of six letters and a space: word starts every 7 characters.
        let starts = Set(stride(from: 0, through: 203, by: 7)).union([209])
        #expect(NVDALines.cuts(length: 209, possible: starts) == [0, 98, 196, 209])
        // One word of 150 letters: no word start after the line's start, so a cut at 100.
        #expect(NVDALines.cuts(length: 150, possible: [0, 150]) == [0, 100, 150])
        #expect(NVDALines.cuts(length: 100, possible: [0, 100]) == [0, 100])
    }

    @Test("down arrow over a paragraph of 209 characters says it in three pieces; a link in a long line stays whole in its piece")
    func longLines() throws {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        let words = (1...30).map { String(format: "word%02d", $0) }
        let tail = " before you buy anything here, read how we ship, pack and bill, and how we take items back."
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Long", children: ["2", "3"]),
            .init(id: "2", role: "paragraph", properties: ["domDisplay": .text("block")], children: ["2t"], tag: "p"),
            text("2t", words.joined(separator: " ")),
            .init(id: "3", role: "paragraph", properties: ["domDisplay": .text("block")], children: ["3a", "3b", "3c"], tag: "p"),
            text("3a", "Read our "),
            .init(id: "3b", role: "link", name: "terms", properties: ["focusable": .bool(true), "domDisplay": .text("inline")],
                  children: ["3bt"], tag: "a"),
            text("3bt", "terms"), text("3c", tail),
        ]
        let tree = WebPageTree(url: "file:///long.html", title: "Long", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes)
        var navigator = try NVDATableTests.reading(try WebPageInterpreter.screen(from: tree, defaultName: "long")).navigator
        let said = (0..<5).map { _ in navigator.next().speech?.text ?? "(nothing)" }
        // 9 + 5 + 91 = 105 characters: the 100th is the start of "back.", a word start.
        let first = "Read our link terms before you buy anything here, read how we ship, pack and bill, and how we take items"
        let pieces: [String] = [
            words[0..<14].joined(separator: " "), words[14..<28].joined(separator: " "), words[28..<30].joined(separator: " "),
        ]
        #expect(said == pieces + [first, "back."])
        // Up arrow says the pieces again, one at a time.
        #expect(navigator.previous().speech?.text == first)
        #expect(navigator.previous().speech?.text == pieces[2])
    }

    @Test("say all reads line by line; from a stop inside a line it reads from there to the line's end")
    func sayAll() throws {
        var navigator = try NVDATableTests.reading(try Self.page()).navigator
        #expect(navigator.readAll(fromTop: true).compactMap { $0.speech?.text } == [
            "Read our link terms before you buy.", "Email edit", "First line", "Second line", "Gamma Delta", "Boxed", "End",
        ])
        // Tab puts focus on the link, in the middle of the first line.
        _ = navigator.first()
        _ = navigator.jump(to: .focusable, forward: true)
        #expect(navigator.focusedStop?.label == "terms")
        #expect(navigator.readAll().first?.speech?.text == "link terms before you buy.")
    }

    @Test("a saved tree with no display takes the tag's default: a p is a block, an a and an input are inline")
    func tagDefaults() throws {
        #expect(NVDALines.isBlock(WebElement(role: .paragraph, tag: "p")))
        #expect(!NVDALines.isBlock(WebElement(role: .link, tag: "a")))
        #expect(!NVDALines.isBlock(WebElement(role: .textBox, tag: "input")))
        #expect(NVDALines.isBlock(WebElement(role: .textBox, properties: ["multiline": .bool(true)], tag: "textarea")))
        // The page's display wins over the tag's.
        #expect(!NVDALines.isBlock(WebElement(role: .paragraph, properties: ["domDisplay": .text("inline")], tag: "p")))
        #expect(NVDALines.isBlock(WebElement(role: .link, properties: ["domDisplay": .text("flex")], tag: "a")))
        // No tag: by the role (a document, a table, a cell, a section, a separator are blocks).
        #expect(NVDALines.isBlock(WebElement(role: .generic)))
        #expect(!NVDALines.isBlock(WebElement(role: .button)))
        // A run of text is never a field of its own.
        #expect(!NVDALines.isBlock(WebElement(role: .staticText, properties: ["domDisplay": .text("block")])))
    }
}
