import EarshotCore
import Foundation
import Testing

/// NVDA's down and up arrows move by browse-mode line on a real page in Chromium, through the
/// built binary (docs/web.md, section b): the inline items between two block edges are one line
/// (a paragraph holding a link, a label and its field), a line break and a block start a new one,
/// a paragraph that wraps on the screen stays one line (NVDA's line is its buffer's, not the
/// screen's); an editable region is a Tab stop, found by E, said as NVDA's editable section; say
/// all reads line by line. The same scenarios on the page's saved tree, with no browser, say the same.
@Suite("NVDA's lines on a page: down and up arrows, say all, an editable region", .serialized)
struct WebLinesTests {
    typealias Move = WebNavigationTests.Move

    static let fixtures = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web")
    static let arrows = fixtures.appendingPathComponent("lines.json").path
    static let keys = fixtures.appendingPathComponent("lines-keys.json").path

    static let arrowsInEnglish: [Move] = [
        Move(key: "down arrow", said: "heading level 1 Terms"),
        Move(key: "down arrow", said: "Read our link terms before you buy."),
        Move(key: "down arrow", said: "Email edit"),
        Move(key: "down arrow", said: "First line"),
        Move(key: "down arrow", said: "Second line"),
        Move(key: "down arrow", said: "This paragraph wraps on the screen and is still one line."),
        Move(key: "down arrow", said: "Ships in two days"),
        Move(key: "down arrow", said: "Notes section multi line editable Bring a bag"),
        Move(key: "down arrow", said: "out of section End"),
        Move(key: "up arrow", said: "Notes section multi line editable Bring a bag"),
        Move(key: "up arrow", said: "out of section Ships in two days"),
        Move(key: "up arrow", said: "This paragraph wraps on the screen and is still one line."),
    ]

    @Test("down arrow: a paragraph holding a link is one line with the link inside it; a label and its field are one line; a line break and blocks start lines; up arrow goes back line by line")
    func arrowsInEnglish() throws {
        let output = try WebNavigationTests.check(Self.arrows, voice: "en")
        // The tenth down arrow is past the last line: a boundary, nothing said.
        #expect(WebNavigationTests.moves(output) == Self.arrowsInEnglish, "\(output)")
    }

    @Test("the same lines in NVDA's Korean words: the link, the edit and the section's words inside the line")
    func arrowsInKorean() throws {
        let words = try WebNavigationTests.words("ko")
        let moves = WebNavigationTests.moves(try WebNavigationTests.check(Self.arrows, voice: "ko"))
        try #require(moves.count == Self.arrowsInEnglish.count, "\(moves)")
        let link = try #require(words.roles[.link]), edit = try #require(words.roles[.editableText])
        let section = try #require(words.roles[.section])
        #expect(moves[1].said == "Read our \(link) terms before you buy.")
        #expect(moves[2].said == "Email \(edit)")
        let multiLine = try #require(words.states[.multiline]), editable = try #require(words.states[.editable])
        #expect(moves[7].said == "Notes \(section) \(multiLine) \(editable) Bring a bag")
        let outOf = try #require(words.fill("outOf", ["role": section]))
        #expect(moves[8].said == "\(outOf) End")
    }

    static let keysInEnglish: [Move] = [
        Move(key: "tab", said: "terms link"),
        Move(key: "tab", said: "Email edit blank"),
        Move(key: "tab", said: "Notes section multi line editable Bring a bag"),
        Move(key: "shift+tab", said: "Email edit blank"),
        Move(key: "control+home", said: "heading level 1 Terms"),
        Move(key: "e", said: "Email edit"),
        Move(key: "e", said: "Notes section multi line editable Bring a bag"),
        Move(key: "e", said: "no next edit field"),
        Move(key: "shift+e", said: "Email edit"),
        // Say all from the top (the step's `fromTop`): every line of it is named by the keys that started it.
        Move(key: "control+home, NVDA+down arrow", said: "heading level 1 Terms"),
        Move(key: "control+home, NVDA+down arrow", said: "Read our link terms before you buy."),
        Move(key: "control+home, NVDA+down arrow", said: "Email edit"),
        Move(key: "control+home, NVDA+down arrow", said: "First line"),
        Move(key: "control+home, NVDA+down arrow", said: "Second line"),
        Move(key: "control+home, NVDA+down arrow", said: "This paragraph wraps on the screen and is still one line."),
        Move(key: "control+home, NVDA+down arrow", said: "Ships in two days"),
        Move(key: "control+home, NVDA+down arrow", said: "Notes section multi line editable Bring a bag"),
        Move(key: "control+home, NVDA+down arrow", said: "out of section End"),
    ]

    @Test("an editable region is a Tab stop and E finds it; say all reads line by line")
    func editableRegionAndSayAll() throws {
        let output = try WebNavigationTests.check(Self.keys, voice: "en")
        #expect(WebNavigationTests.moves(output) == Self.keysInEnglish, "\(output)")
    }

    @Test("the saved tree keeps each element's display and says the same lines with no browser; the wrapped paragraph is two lines on the screen")
    func savedTree() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("lines.axtree.json").path
        let imported = try CLIRunner.run(["import", Self.fixtures.appendingPathComponent("lines.html").path, "-o", saved])
        #expect(imported.status == 0, "\(imported.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: Any]
        let nodes = try #require(json?["nodes"] as? [[String: Any]])
        func node(tag: String) -> [String: Any]? { nodes.first { $0["tag"] as? String == tag } }
        func display(_ node: [String: Any]?) -> String? { (node?["properties"] as? [String: Any])?["domDisplay"] as? String }
        func height(named name: String) -> Double? { ((nodes.first { $0["name"] as? String == name })?["box"] as? [Double])?.last }
        #expect(display(node(tag: "p")) == "block")
        #expect(display(node(tag: "a")) == "inline")
        #expect(display(node(tag: "input")) == "inline-block")
        // The narrow paragraph wraps: its text's box is two lines high, and NVDA reads it as one.
        let wrapped = try #require(height(named: "This paragraph wraps on the screen and is still one line."))
        let oneLine = try #require(height(named: "First line"))
        #expect(wrapped >= 2 * oneLine, "\(wrapped) against \(oneLine)")
        for (live, name) in [(Self.arrows, "lines.json"), (Self.keys, "lines-keys.json")] {
            let text = try String(contentsOfFile: live, encoding: .utf8)
                .replacingOccurrences(of: "\"lines.html\"", with: "\"lines.axtree.json\"")
            let scenario = folder.appendingPathComponent(name).path
            try text.write(toFile: scenario, atomically: true, encoding: .utf8)
            let offline = WebNavigationTests.moves(try WebNavigationTests.check(scenario, voice: "en", environment: ["PATH": "/nonexistent"]))
            #expect(offline == (name == "lines.json" ? Self.arrowsInEnglish : Self.keysInEnglish), "\(name)")
        }
    }
}
