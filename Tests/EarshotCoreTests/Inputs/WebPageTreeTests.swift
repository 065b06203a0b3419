import Foundation
import Testing
@testable import EarshotCore

/// The saved tree's screenshot (`earshot-axtree` version 2, docs/web.md "The saved tree"): kept
/// through a write and a read, reaching the loaded screen; a version 1 file, with none, still reads.
@Suite("A saved web page tree keeps its screenshot")
struct WebPageTreeTests {
    /// A 1 by 1 PNG, white. Made on each use: a `static let` Data is never freed, and
    /// LeakSanitizer (`scripts/sanitize.sh address`) cannot see the pointer inside it.
    static var png: Data { Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC")! }

    static func tree(screenshot: ScreenPicture?) -> WebPageTree {
        WebPageTree(url: "file:///page.html", title: "Page", language: "en", viewport: (1280, 800), browser: nil, refused: [],
                    nodes: [.init(id: "1", role: "RootWebArea", children: ["2"], box: Frame(x: 0, y: 0, width: 1280, height: 900)),
                            .init(id: "2", role: "button", name: "Go", tag: "button", box: Frame(x: 8, y: 8, width: 40, height: 20))],
                    screenshot: screenshot)
    }

    @Test("written and read again, the screenshot is the same picture, on the last line, and reaches the loaded screen")
    func roundTrip() throws {
        let tree = Self.tree(screenshot: ScreenPicture(png: Self.png, width: 1280, height: 900))
        let text = tree.json
        #expect(text.contains("\"version\": 2,"))
        let lines = text.split(separator: "\n")
        #expect(lines[lines.count - 2].hasPrefix("  \"screenshot\": {\"width\": 1280.00, \"height\": 900.00, \"png\": \"iVBORw0KGgo"))
        let read = try WebPageTree.decode(try JSONDocument.parse(text, file: "page.axtree.json"))
        #expect(read == tree)
        let loaded = try ScreenLoader.webPage(read, defaultName: "page")
        #expect(loaded.picture == tree.screenshot)
        #expect(try WebPageTree.decode(try JSONDocument.parse(Self.tree(screenshot: nil).json, file: "page.axtree.json")).screenshot == nil)
    }

    @Test("a version 1 file reads, without a screenshot; a screenshot in a version 1 file, or one that is no PNG, is an error at its place")
    func versions() throws {
        let version1 = Self.tree(screenshot: nil).json.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 1,")
        let old = try WebPageTree.decode(try JSONDocument.parse(version1, file: "old.axtree.json"))
        #expect(old.screenshot == nil && old.nodes.count == 2)
        let withShot = Self.tree(screenshot: ScreenPicture(png: Self.png, width: 10, height: 10)).json
        let mislabelled = withShot.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 1,")
        #expect(throws: DataFileError.self) { try WebPageTree.decode(try JSONDocument.parse(mislabelled, file: "x.axtree.json")) }
        let notPNG = withShot.replacingOccurrences(of: "\"png\": \"iVBOR", with: "\"png\": \"AAAA")
        do {
            _ = try WebPageTree.decode(try JSONDocument.parse(notPNG, file: "x.axtree.json"))
            Issue.record("a screenshot that is no PNG was read")
        } catch let error as DataFileError {
            #expect(error.message.contains("PNG file in base64"))
            #expect(error.location.line == withShot.split(separator: "\n").count - 1)
        }
        let future = withShot.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 8,")
        do {
            _ = try WebPageTree.decode(try JSONDocument.parse(future, file: "x.axtree.json"))
            Issue.record("version 8 was read")
        } catch let error as DataFileError {
            #expect(error.message.contains("it reads 1, 2, 3, 4, 5, 6 and 7"))
        }
    }

    @Test("the keyboard walk (version 6) is kept through a write and a read and reaches the screen by element id; in a version 5 file, or naming a node not in the tree, or with another key than Tab, it is an error at its place")
    func keyboardWalk() throws {
        var tree = Self.tree(screenshot: nil)
        tree.keyboard = WebKeyboardWalk(forward: ["2"], backward: ["2"], traps: [.init(node: "2", keys: "shift+Tab")])
        let text = tree.json
        #expect(text.contains("\"version\": 6,"))
        #expect(text.contains("  \"keyboard\": {\"forward\": [\"2\"], \"backward\": [\"2\"], \"traps\": [{\"node\": \"2\", \"keys\": \"shift+Tab\"}]},"), "\(text)")
        let read = try WebPageTree.decode(try JSONDocument.parse(text, file: "page.axtree.json"))
        #expect(read == tree)
        let screen = try ScreenLoader.webPage(read, defaultName: "page").screen
        #expect(screen.webKeyboard == WebKeyboardWalk(forward: ["button-1"], backward: ["button-1"], traps: [.init(node: "button-1", keys: "shift+Tab")]))
        for (bad, words) in [(text.replacingOccurrences(of: "\"version\": 6,", with: "\"version\": 5,"), "is a key of version 6"),
                             (text.replacingOccurrences(of: "\"forward\": [\"2\"]", with: "\"forward\": [\"9\"]"), "names a node \"9\""),
                             (text.replacingOccurrences(of: "\"keys\": \"shift+Tab\"", with: "\"keys\": \"Enter\""), "\"Tab\" or \"shift+Tab\"")] {
            do {
                _ = try WebPageTree.decode(try JSONDocument.parse(bad, file: "x.axtree.json"))
                Issue.record("read: \(words)")
            } catch let error as DataFileError {
                #expect(error.message.contains(words), "\(error.message)")
                #expect(error.location.line == 10, "\(error.location)")
            }
        }
    }

    @Test("the text spacing (version 7) is kept through a write and a read and reaches the screen by element id; in a version 6 file, naming a node not in the tree, or an overlap without the element it lies over, it is an error at its place")
    func textSpacing() throws {
        var tree = Self.tree(screenshot: nil)
        tree.textSpacing = WebTextSpacing(clipped: [.init(node: "2", element: "button.go", text: "Go", pixels: 14)],
                                          overlapping: [.init(node: nil, element: "div.card", text: "Free delivery", pixels: 9, other: "p.note")])
        let text = tree.json
        #expect(text.contains("\"version\": 7,"))
        #expect(text.contains("  \"textSpacing\": {\"clipped\": [{\"node\": \"2\", \"element\": \"button.go\", \"text\": \"Go\", \"pixels\": 14}], \"overlapping\": [{\"element\": \"div.card\", \"text\": \"Free delivery\", \"pixels\": 9, \"other\": \"p.note\"}]},"), "\(text)")
        let read = try WebPageTree.decode(try JSONDocument.parse(text, file: "page.axtree.json"))
        #expect(read == tree)
        let screen = try ScreenLoader.webPage(read, defaultName: "page").screen
        #expect(screen.webTextSpacing?.clipped.map(\.node) == ["button-1"])
        #expect(screen.webTextSpacing?.overlapping.first?.other == "p.note")
        // Nothing lost is a measure too, an empty one, still version 7.
        var none = Self.tree(screenshot: nil)
        none.textSpacing = WebTextSpacing()
        #expect(none.json.contains("  \"textSpacing\": {},") && none.json.contains("\"version\": 7,"))
        #expect(try WebPageTree.decode(try JSONDocument.parse(none.json, file: "none.axtree.json")).textSpacing == WebTextSpacing())
        for (bad, words) in [(text.replacingOccurrences(of: "\"version\": 7,", with: "\"version\": 6,"), "is a key of version 7"),
                             (text.replacingOccurrences(of: "\"node\": \"2\", \"element\": \"button.go\"", with: "\"node\": \"9\", \"element\": \"button.go\""), "names a node \"9\""),
                             (text.replacingOccurrences(of: ", \"other\": \"p.note\"", with: ""), "names the \"other\" element")] {
            do {
                _ = try WebPageTree.decode(try JSONDocument.parse(bad, file: "x.axtree.json"))
                Issue.record("read: \(words)")
            } catch let error as DataFileError {
                #expect(error.message.contains(words), "\(error.message)")
                #expect(error.location.line == 10, "\(error.location)")
            }
        }
    }

    @Test("a phone's window (version 7) keeps its pixel ratio and mobile through a write and a read; a desktop's tree is written as before; in a version 6 file, or a ratio out of range, it is an error at its place")
    func phoneWindow() throws {
        #expect(!Self.tree(screenshot: nil).json.contains("\"window\""))
        #expect(Self.tree(screenshot: nil).json.contains("\"version\": 2,"))
        var tree = Self.tree(screenshot: nil)
        tree.viewport = (412, 915)
        tree.pixelRatio = 2.625
        tree.mobile = true
        let text = tree.json
        #expect(text.contains("\"version\": 7,"))
        #expect(text.contains("  \"viewport\": [412, 915],\n  \"window\": {\"pixelRatio\": 2.625, \"mobile\": true},\n"), "\(text)")
        let read = try WebPageTree.decode(try JSONDocument.parse(text, file: "page.axtree.json"))
        #expect(read == tree)
        #expect(read.pixelRatio == 2.625 && read.mobile)
        for (bad, words) in [(text.replacingOccurrences(of: "\"version\": 7,", with: "\"version\": 6,"), "is a key of version 7"),
                             (text.replacingOccurrences(of: "\"pixelRatio\": 2.625", with: "\"pixelRatio\": 40"), "\"pixelRatio\" is the window's")] {
            do {
                _ = try WebPageTree.decode(try JSONDocument.parse(bad, file: "x.axtree.json"))
                Issue.record("read: \(words)")
            } catch let error as DataFileError {
                #expect(error.message.contains(words), "\(error.message)")
                #expect(error.location.line == 8, "\(error.location)")
            }
        }
    }

    /// A chain of `depth` nodes below the document (the document at depth 1).
    static func chain(depth: Int) -> WebPageTree {
        var nodes: [WebPageTree.Node] = []
        for level in 1...depth {
            nodes.append(.init(id: "n\(level)", role: level == 1 ? "RootWebArea" : "group", children: level < depth ? ["n\(level + 1)"] : []))
        }
        return WebPageTree(url: "file:///deep.html", title: "Deep", language: "en", viewport: (1280, 800), browser: nil, refused: [], nodes: nodes)
    }

    @Test("a tree 100,000 levels deep is looked at without recursion: refused at the first node past 250, read or made a screen")
    func deepTrees() throws {
        let deep = Self.chain(depth: 100_000)
        #expect(WebPageLimits.shapeProblem(of: deep) == .tooDeep(index: 250))
        do {
            _ = try WebPageTree.decode(try JSONDocument.parse(deep.json, file: "deep.axtree.json"))
            Issue.record("a tree 100,000 deep was read")
        } catch let error as DataFileError {
            // The document is on line 11 of the file, the 251st node on line 261.
            #expect(error.location.line == 261, "\(error)")
            #expect(error.message.contains("nested deeper than 250 levels"))
        }
        #expect(throws: WebPageDepthError.self) { try WebPageInterpreter.screen(from: deep, defaultName: "deep") }
        #expect(WebPageLimits.shapeProblem(of: Self.chain(depth: 250)) == nil)
        let screen = try WebPageInterpreter.screen(from: Self.chain(depth: 250), defaultName: "limit")
        #expect(screen.nodeCount == 250)
    }

    @Test("a node that is the child of two nodes, or a cycle, is refused at its line")
    func twoParents() throws {
        var tree = Self.tree(screenshot: nil)
        tree.nodes[1].children = ["1"]
        do {
            _ = try WebPageTree.decode(try JSONDocument.parse(tree.json, file: "cycle.axtree.json"))
            Issue.record("a cycle was read")
        } catch let error as DataFileError {
            #expect(error.location.line == 11 && error.message.contains("child of two nodes"), "\(error)")
        }
    }

    @Test("written, a page's control characters become spaces and the file reads again; its numbers are written as read")
    func controlCharactersWritten() throws {
        var tree = Self.tree(screenshot: nil)
        tree.title = "Form\u{0C}feed"
        tree.nodes[1].name = "\u{1B}[31mRed\u{7F}"
        tree.nodes[1].properties = ["level": .number(3), "valuenow": .number(1e300), "live": .text("po\u{0}lite")]
        let read = try WebPageTree.decode(try JSONDocument.parse(tree.json, file: "odd.axtree.json"))
        #expect(read.title == "Form feed")
        #expect(read.nodes[1].name == " [31mRed ")
        #expect(read.nodes[1].properties == ["level": .number(3), "valuenow": .number(1e300), "live": .text("po lite")])
    }

    @Test("a whole-number property no Int holds reads as none, never a trap")
    func hugeIntegers() {
        let web = WebElement(role: .heading, properties: ["level": .number(1e300), "posinset": .number(-1e20), "setsize": .number(2.5)])
        #expect(web.level == nil && web.integer("posinset") == nil && web.integer("setsize") == nil)
        #expect(web.text("level") == "1e+300")
    }
}

