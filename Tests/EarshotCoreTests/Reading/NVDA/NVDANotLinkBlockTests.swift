import Foundation
import Testing
@testable import EarshotCore

/// NVDA's N and shift+N on a saved tree with no browser (docs/web.md, section d): the text
/// between two links when more than 30 characters of it lie between them
/// (`qn("notLinkBlock", key="n", …)` in browseMode.py at 0057dd93, `VirtualBuffer._iterNotLinkBlock`
/// and `NOT_LINK_BLOCK_MIN_LEN`), the links taken two by two from the reading onwards, and
/// "no more text after a block of links" / "링크 블록 이후 텍스트 없음" (nvda.po at ecee988e).
@Suite("NVDA's N: the text after a block of links")
struct NVDANotLinkBlockTests {
    /// A navigation list of three links, a paragraph of 58 characters, a link, a paragraph of 11
    /// characters, a link, a paragraph of 54 characters, a last link and a closing paragraph.
    static func page() throws -> Screen {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        func link(_ id: String, _ name: String) -> [WebPageTree.Node] {
            [.init(id: id, role: "link", name: name, properties: ["focusable": .bool(true)], children: [id + "t"], tag: "a"),
             text(id + "t", name)]
        }
        func paragraph(_ id: String, _ words: String) -> [WebPageTree.Node] {
            [.init(id: id, role: "paragraph", children: [id + "t"], tag: "p"), text(id + "t", words)]
        }
        func item(_ id: String, _ name: String) -> [WebPageTree.Node] {
            [.init(id: id, role: "listitem", children: [id + "m", id + "l"], tag: "li"),
             .init(id: id + "m", role: "ListMarker", name: "• ", tag: "::marker")] + link(id + "l", name)
        }
        var nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Shop", children: ["2", "3", "4", "5", "6", "7", "8", "9"]),
            .init(id: "2", role: "list", children: ["2a", "2b", "2c"], tag: "ul"),
        ]
        nodes += item("2a", "Home") + item("2b", "Shop") + item("2c", "Help")
        nodes += paragraph("3", "Welcome to our shop, where every order ships the same day.")
        nodes += link("4", "Terms")
        nodes += paragraph("5", "Short note.")
        nodes += link("6", "Privacy")
        nodes += paragraph("7", "The rest of this page tells you how to return an item.")
        nodes += link("8", "Contact")
        nodes += paragraph("9", "Thanks for reading all of this page to its very end.")
        let tree = WebPageTree(url: "file:///shop.html", title: "Shop", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "shop")
    }

    static func navigator(voice: String = "en") throws -> FocusNavigator {
        try NVDATableTests.reading(try page(), voice: voice).navigator
    }

    static func said(_ navigator: inout FocusNavigator, _ jumps: [Bool]) -> [String] {
        jumps.map { navigator.jump(to: .notLinkBlock, forward: $0).speech?.text ?? "(nothing)" }
    }

    @Test("N finds the gaps of more than 30 characters between two links, not a short one, not the text after the last link")
    func forwardAndBack() throws {
        var navigator = try Self.navigator()
        #expect(Self.said(&navigator, [true, true, true]) == [
            "Welcome to our shop, where every order ships the same day.",
            "The rest of this page tells you how to return an item.",
            "no more text after a block of links",
        ])
        // Back from the second block: the pair before it (its own closing link is not before the reading).
        #expect(Self.said(&navigator, [false, false]) == [
            "Welcome to our shop, where every order ships the same day.",
            "no more text before a block of links",
        ])
        // Going back with nothing read starts from the end.
        var fresh = try Self.navigator()
        #expect(Self.said(&fresh, [false]) == ["The rest of this page tells you how to return an item."])
    }

    @Test("from a link, N looks at the links after it: the block right after the link the reading is on is passed")
    func fromALink() throws {
        var navigator = try Self.navigator()
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "Help" }?.id))
        #expect(Self.said(&navigator, [true]) == ["The rest of this page tells you how to return an item."])
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "Home" }?.id))
        #expect(Self.said(&navigator, [true]) == ["Welcome to our shop, where every order ships the same day."])
    }

    @Test("a block starting a list item says its marker (the list entered on the way); from the link before it, none")
    func marker() throws {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Shop", children: ["2"]),
            .init(id: "2", role: "list", children: ["2a", "2b"], tag: "ul"),
            .init(id: "2a", role: "listitem", children: ["2am", "2al"], tag: "li"),
            .init(id: "2am", role: "ListMarker", name: "• ", tag: "::marker"),
            .init(id: "2al", role: "link", name: "Home", properties: ["focusable": .bool(true)], children: ["2alt"], tag: "a"),
            text("2alt", "Home"),
            .init(id: "2b", role: "listitem", children: ["2bm", "2bt", "2bl"], tag: "li"),
            .init(id: "2bm", role: "ListMarker", name: "• ", tag: "::marker"),
            text("2bt", "Opening hours are nine to five, every day "),
            .init(id: "2bl", role: "link", name: "Map", properties: ["focusable": .bool(true)], children: ["2blt"], tag: "a"),
            text("2blt", "Map"),
        ]
        let tree = WebPageTree(url: "file:///list.html", title: "List", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes)
        var navigator = try NVDATableTests.reading(try WebPageInterpreter.screen(from: tree, defaultName: "list"), voice: "en").navigator
        // From the top the list is entered on the way.
        #expect(navigator.jump(to: .notLinkBlock, forward: true).speech?.text == "list with 2 items • Opening hours are nine to five, every day")
        // From Home itself the pair starts after the reading: none.
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "Home" }?.id))
        #expect(navigator.jump(to: .notLinkBlock, forward: true).speech?.text == "no more text after a block of links")
    }

    @Test("Korean: NVDA's 링크 블록 이후 텍스트 없음 and 링크 블록 이전 텍스트 없음")
    func korean() throws {
        var navigator = try Self.navigator(voice: "ko")
        _ = navigator.last()
        #expect(Self.said(&navigator, [true]) == ["링크 블록 이후 텍스트 없음"])
        _ = navigator.first()
        #expect(Self.said(&navigator, [false]) == ["링크 블록 이전 텍스트 없음"])
    }

    @Test("the transcript names the key n and shift+n; the scenario gestures are nextNotLinkBlock and previousNotLinkBlock")
    func names() throws {
        let nvda = try NVDA(profile: try ScreenTestSupport.profile("en"))
        #expect(nvda.gestureName(.jump(.notLinkBlock, forward: true)) == "n")
        #expect(nvda.gestureName(.jump(.notLinkBlock, forward: false)) == "shift+n")
        #expect(ScenarioGesture.Name(rawValue: "nextNotLinkBlock")?.jump?.target == .notLinkBlock)
        #expect(ScenarioGesture.Name(rawValue: "previousNotLinkBlock")?.jump?.forward == false)
        #expect(ScenarioGesture.typedNames.contains("not-link-block") && ScenarioGesture.typedNames.contains("previous-not-link-block"))
    }
}
