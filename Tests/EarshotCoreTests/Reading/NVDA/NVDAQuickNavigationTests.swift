import Foundation
import Testing
@testable import EarshotCore

/// NVDA's quick navigation keys beyond H, D, F, K, B, X and T, on a saved tree with no browser
/// (docs/web.md, section d): E, L, I, M, S, R, C, G and Q with shift going back, each key's
/// `qn(…)` call in browseMode.py at 0057dd93 and its search in
/// `Gecko_ia2._searchableAttribsForNodeType` (virtualBuffers/gecko_ia2.py at 077f196b); the item
/// said with reason quick navigation (name first, containers entered said before it), and the
/// key's "no next …" / "no previous …" in English and in NVDA's Korean (nvda.po at ecee988e).
@Suite("NVDA's quick navigation keys E, L, I, M, S, R, C, G, Q")
struct NVDAQuickNavigationTests {
    /// A heading, an image, a separator, an edit, a number field, a combo box, two radio
    /// buttons, a list of two items (the second a link), a list box of two options, a block
    /// quote, a frame holding a heading and an edit, a closing paragraph.
    static func page() throws -> Screen {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        let field: [String: WebProperty] = ["editable": .text("plaintext"), "focusable": .bool(true)]
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Shop", children: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14"]),
            .init(id: "2", role: "heading", name: "Order", properties: ["level": .number(1)], children: ["2t"], tag: "h1"),
            text("2t", "Order"),
            .init(id: "3", role: "image", name: "Shop logo", tag: "img"),
            .init(id: "4", role: "separator", tag: "hr"),
            .init(id: "5", role: "textbox", name: "Email", properties: field, children: ["5g"], tag: "input"),
            .init(id: "5g", role: "generic", properties: ["editable": .text("plaintext")]),
            .init(id: "6", role: "spinbutton", name: "Count", value: "2", properties: field, tag: "input"),
            .init(id: "7", role: "combobox", name: "Size", value: "Medium",
                  properties: ["expanded": .bool(false), "focusable": .bool(true)], tag: "select"),
            .init(id: "8", role: "radio", name: "Express", properties: ["checked": .text("false"), "focusable": .bool(true)], tag: "input"),
            .init(id: "9", role: "radio", name: "Standard", properties: ["checked": .text("true"), "focusable": .bool(true)], tag: "input"),
            .init(id: "10", role: "list", children: ["10a", "10b"], tag: "ul"),
            .init(id: "10a", role: "listitem", children: ["10am", "10at"], tag: "li"),
            .init(id: "10am", role: "ListMarker", name: "• ", tag: "::marker"), text("10at", "Apple"),
            .init(id: "10b", role: "listitem", children: ["10bm", "10bl"], tag: "li"),
            .init(id: "10bm", role: "ListMarker", name: "• ", tag: "::marker"),
            .init(id: "10bl", role: "link", name: "Pears", properties: ["focusable": .bool(true)], children: ["10blt"], tag: "a"),
            text("10blt", "Pears"),
            .init(id: "11", role: "listbox", name: "Toppings", properties: ["focusable": .bool(true)], children: ["11a", "11b"], tag: "select"),
            .init(id: "11a", role: "option", name: "Cheese", tag: "option"),
            .init(id: "11b", role: "option", name: "Ham", tag: "option"),
            .init(id: "12", role: "blockquote", children: ["12p"], tag: "blockquote"),
            .init(id: "12p", role: "paragraph", children: ["12t"], tag: "p"), text("12t", "Less is more"),
            .init(id: "13", role: "Iframe", name: "Card payment", children: ["13d"], tag: "iframe"),
            .init(id: "13d", role: "RootWebArea", name: "Card", children: ["13h", "13e"]),
            .init(id: "13h", role: "heading", name: "Card details", properties: ["level": .number(2)], children: ["13ht"], tag: "h2"),
            text("13ht", "Card details"),
            .init(id: "13e", role: "textbox", name: "Card number", properties: field, tag: "input"),
            .init(id: "14", role: "paragraph", children: ["14t"], tag: "p"), text("14t", "After"),
        ]
        let tree = WebPageTree(url: "file:///shop.html", title: "Shop", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "shop")
    }

    static func navigator(voice: String = "en") throws -> FocusNavigator {
        try NVDATableTests.reading(try page(), voice: voice).navigator
    }

    /// What each jump in turn says (`jump(to:forward:)`), from the top of the page.
    static func said(_ jumps: [(NavigationTarget, Bool)], voice: String = "en") throws -> [String] {
        var navigator = try navigator(voice: voice)
        return jumps.map { navigator.jump(to: $0.0, forward: $0.1).speech?.text ?? "(nothing)" }
    }

    @Test("E: an edit, a number field (editable under a parent that is not), an edit inside the frame; not a combo box")
    func edit() throws {
        #expect(try Self.said([(.edit, true), (.edit, true), (.edit, true), (.edit, true), (.edit, false), (.edit, false)]) == [
            "Email edit",
            "Count spin button 2",
            "Card payment frame Card number edit",
            "no next edit field",
            "Count spin button 2",
            "Email edit",
        ])
        // Going back with nothing read starts from the end (docs/web.md, "Tab and quick navigation, as played").
        #expect(try Self.said([(.edit, false)]) == ["Card payment frame Card number edit"])
    }

    @Test("L: a document list entered with its item count and its first item's marker; a list box by its name; said again from inside")
    func list() throws {
        #expect(try Self.said([(.list, true), (.list, true), (.list, true), (.list, false)]) == [
            "list with 2 items • Apple",
            "Toppings list Cheese list item",
            "no next list",
            "list with 2 items • Apple",
        ])
        var navigator = try Self.navigator()
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "Pears" }?.id))
        // Going back to the start of the list the reading is in says the list again.
        #expect(navigator.jump(to: .list, forward: false).speech?.text == "list with 2 items • Apple")
        #expect(navigator.jump(to: .list, forward: false).speech?.text == "no previous list")
    }

    @Test("I: each list item with its marker (the list said on entering), then a list box's options")
    func listItem() throws {
        #expect(try Self.said([(.listItem, true), (.listItem, true), (.listItem, true), (.listItem, true), (.listItem, true),
                               (.listItem, false)]) == [
            "list with 2 items • Apple",
            "• Pears link",
            "Cheese list item",
            "Ham list item",
            "no next list item",
            "Cheese list item",
        ])
        #expect(try Self.said([(.listItem, false)]) == ["Ham list item"])
    }

    @Test("M: the frame entered with its name, then its first line; no next frame; from inside the frame, back to its start")
    func frame() throws {
        #expect(try Self.said([(.frame, true), (.frame, true)]) == [
            "Card payment frame Card details heading level 2",
            "no next frame",
        ])
        var navigator = try Self.navigator()
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "Card number" }?.id))
        #expect(navigator.jump(to: .frame, forward: false).speech?.text == "Card payment frame Card details heading level 2")
        #expect(navigator.jump(to: .frame, forward: false).speech?.text == "no previous frame")
    }

    @Test("S, R, C, G: the separator, radio buttons with their state, the combo box with its value, the image by its name")
    func items() throws {
        #expect(try Self.said([(.separator, true), (.separator, true), (.separator, false)]) ==
                ["separator", "no next separator", "no previous separator"])
        #expect(try Self.said([(.radioButton, true), (.radioButton, true), (.radioButton, true), (.radioButton, false)]) ==
                ["Express radio button not checked", "Standard radio button checked", "no next radio button",
                 "Express radio button not checked"])
        #expect(try Self.said([(.comboBox, true), (.comboBox, true), (.comboBox, false)]) ==
                ["Size combo box collapsed Medium", "no next combo box", "no previous combo box"])
        #expect(try Self.said([(.graphic, true), (.graphic, true), (.graphic, false)]) ==
                ["Shop logo graphic", "no next graphic", "no previous graphic"])
    }

    @Test("Q: the block quote entered, then its first item; no next block quote")
    func blockQuote() throws {
        #expect(try Self.said([(.blockQuote, true), (.blockQuote, true), (.blockQuote, false)]) ==
                ["block quote Less is more", "no next block quote", "no previous block quote"])
    }

    @Test("Korean: the found items in NVDA's Korean role words, and each key's 다음 … 없음 / 이전 … 없음 as nvda.po says it")
    func korean() throws {
        #expect(try Self.said([(.frame, true), (.edit, true), (.edit, true), (.list, true)], voice: "ko") == [
            "Card payment 프레임 Card details 헤딩 레벨 2",
            // E from the frame's heading: the frame is not entered again.
            "Card number 편집창",
            "다음 편집창 없음",
            "다음 목록 없음",
        ])
        let none: [(NavigationTarget, String, String)] = [
            (.edit, "다음 편집창 없음", "이전 편집창 없음"),
            (.list, "다음 목록 없음", "이전 목록 없음"),
            (.listItem, "다음 목록 항목 없음", "이전 목록 항목 없음"),
            (.frame, "다음 프레임 없음", "이전 프레임 없음"),
            (.separator, "다음 구분선 없음", "이전 구분선 없음"),
            (.radioButton, "다음 라디오 버튼 없음", "이전 라디오 버튼 없음"),
            (.comboBox, "다음 콤보상자 없음", "이전 콤보상자 없음"),
            (.graphic, "다음 그래픽 없음", "이전 그래픽 없음"),
            (.blockQuote, "다음 인용문 없음", "이전 인용문 없음"),
        ]
        for (target, noNext, noPrevious) in none {
            var navigator = try Self.navigator(voice: "ko")
            _ = navigator.first()
            #expect(navigator.jump(to: target, forward: false).speech?.text == noPrevious, "\(target)")
            _ = navigator.last()
            #expect(navigator.jump(to: target, forward: true).speech?.text == noNext, "\(target)")
        }
        #expect(try Self.said([(.listItem, true), (.listItem, true)], voice: "ko") == ["목록 항목 수 2개 • Apple", "• Pears 링크"])
    }

    @Test("English: every new key's no next and no previous words are NVDA's msgids")
    func englishNotFound() throws {
        let none: [(NavigationTarget, String)] = [
            (.edit, "edit field"), (.list, "list"), (.listItem, "list item"), (.frame, "frame"), (.separator, "separator"),
            (.radioButton, "radio button"), (.comboBox, "combo box"), (.graphic, "graphic"), (.blockQuote, "block quote"),
        ]
        for (target, kind) in none {
            var navigator = try Self.navigator()
            _ = navigator.first()
            #expect(navigator.jump(to: target, forward: false).speech?.text == "no previous \(kind)", "\(target)")
            _ = navigator.last()
            #expect(navigator.jump(to: target, forward: true).speech?.text == "no next \(kind)", "\(target)")
        }
    }

    @Test("every jump but Tab is a key of each words file, its letter its own, with both templates filled")
    func everyTargetHasAKey() throws {
        for language in ["en", "ko"] {
            let words = try NVDAVocabularyTests.words(language)
            var letters: Set<String> = []
            for target in NavigationTarget.allCases where target != .focusable {
                let key = try #require(words.quickNavigation[target.rawValue], "\(language): \(target)")
                #expect(letters.insert(key.key).inserted, "\(language): \(key.key) twice")
                #expect(key.noNext.flatMap { words.fill($0) } != nil && key.noPrevious.flatMap { words.fill($0) } != nil,
                        "\(language): \(target)")
                #expect(!key.finds.isEmpty, "\(language): \(target)")
            }
        }
    }

    @Test("the transcript names each key as NVDA's letter, shift going back")
    func keyNames() throws {
        let nvda = try NVDA(profile: try ScreenTestSupport.profile("en"))
        let keys: [(NavigationTarget, String)] = [(.edit, "e"), (.list, "l"), (.listItem, "i"), (.frame, "m"), (.separator, "s"),
                                                 (.radioButton, "r"), (.comboBox, "c"), (.graphic, "g"), (.blockQuote, "q")]
        for (target, key) in keys {
            #expect(nvda.gestureName(.jump(target, forward: true)) == key)
            #expect(nvda.gestureName(.jump(target, forward: false)) == "shift+" + key)
        }
    }
}
