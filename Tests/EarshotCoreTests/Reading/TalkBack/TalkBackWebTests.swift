import Foundation
import Testing
@testable import EarshotCore

/// TalkBack on a page without a browser: a saved tree's nodes made the Android nodes Chrome for
/// Android hands TalkBack (`ChromiumAndroidPage`, docs/mobile-web.md B1), read by the compositor
/// rules of native dumps, in English and Korean, each expectation one rule of B1 and B2.
@Suite("TalkBack reads a saved page tree with Chrome for Android's words")
struct TalkBackWebTests {
    static func page() throws -> Screen {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        let focusable: [String: WebProperty] = ["focusable": .bool(true)]
        func radio(_ id: String, _ name: String, _ index: Int, checked: Bool) -> WebPageTree.Node {
            .init(id: id, role: "radio", name: name,
                  properties: focusable.merging(["checked": .text(String(checked)), "posinset": .number(Double(index)),
                                                 "setsize": .number(3)]) { $1 },
                  domID: "pay-\(index)")
        }
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Shop", children: ["2", "3", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15"]),
            .init(id: "2", role: "heading", name: "Delivery", properties: ["level": .number(2)], children: ["20"]),
            .init(id: "3", role: "radiogroup", name: "Payment", children: ["4", "5", "16"]),
            radio("4", "Card", 1, checked: true),
            radio("5", "Bank", 2, checked: false),
            radio("16", "Cash", 3, checked: false),
            .init(id: "6", role: "switch", name: "Wi-Fi", properties: focusable.merging(["checked": .text("true")]) { $1 }, domID: "wifi"),
            .init(id: "7", role: "checkbox", name: "All", properties: focusable.merging(["checked": .text("mixed")]) { $1 }, domID: "all"),
            .init(id: "8", role: "button", name: "Bold", properties: focusable.merging(["pressed": .text("true")]) { $1 }, domID: "bold"),
            .init(id: "9", role: "heading", name: "News", properties: ["level": .number(3)], children: ["17"]),
            .init(id: "10", role: "button", name: "Pay", properties: focusable.merging(["disabled": .bool(true)]) { $1 }, domID: "pay"),
            .init(id: "11", role: "combobox", name: "Country", value: "Korea", properties: focusable, tag: "select", domID: "country"),
            .init(id: "12", role: "image", name: "Logo", domID: "logo"),
            .init(id: "13", role: "textbox", name: "Name", properties: focusable.merging(["required": .bool(true)]) { $1 }, tag: "input", domID: "name"),
            .init(id: "14", role: "button", name: "Menu", properties: focusable.merging(["hasPopup": .text("menu")]) { $1 }, domID: "menu"),
            .init(id: "15", role: "paragraph", children: ["18", "19"]),
            .init(id: "17", role: "link", name: "News", properties: focusable.merging(["visited": .bool(true)]) { $1 }, children: ["21"], domID: "news"),
            text("18", "Two items, "), text("19", "18,000 won."),
            text("20", "Delivery"), text("21", "News"),
        ]
        let tree = WebPageTree(url: "file:///shop.html", title: "Shop", language: "en", viewport: (412, 915), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "shop")
    }

    /// Each stop's id and words, as TalkBack says them on a swipe from the stop before.
    static func said(voice: String) throws -> [String: String] {
        let profile = try ScreenTestSupport.profile(voice)
        let talkBack = try TalkBack(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: talkBack)
        let stops = talkBack.stops(of: try page())
        var said: [String: String] = [:]
        var previous: FocusStop?
        for stop in stops {
            said[stop.id] = generator.describe(stop, after: previous).text
            previous = stop
        }
        return said
    }

    @Test("English: Chromium's role and state descriptions in TalkBack's order (state, label, role), joined with its separator")
    func english() throws {
        let said = try Self.said(voice: "en")
        #expect(said["heading-1"] == "Delivery, heading 2")
        #expect(said["pay-1"] == "Checked. In group, option 1 of 3, Card, radio button")
        #expect(said["pay-2"] == "Not checked. In group, option 2 of 3, Bank, radio button")
        #expect(said["wifi"] == "On, Wi-Fi, switch")
        #expect(said["all"] == "Partially Checked, All, checkbox")
        #expect(said["bold"] == "On, Bold, toggle button")
        // A heading whose only child is a link: the link takes "heading 3 link", and "visited".
        #expect(said["news"] == "News, heading 3 link visited")
        #expect(said["heading-2"] == nil, "the heading around the link is no stop")
        #expect(said["pay"] == "Pay, button, disabled")
        #expect(said["country"] == "Korea, pop up button")
        #expect(said["logo"] == "Logo, graphic")
        #expect(said["name"] == "Required, Name, Edit box")
        #expect(said["menu"] == "Menu, menu pop up button")
        // A paragraph holding only text is one leaf: its runs are its text.
        #expect(said["paragraph-1"] == "Two items, 18,000 won.")
    }

    @Test("Korean: Chromium's Korean role and state words, TalkBack's own Korean where TalkBack speaks")
    func korean() throws {
        let said = try Self.said(voice: "ko")
        #expect(said["heading-1"] == "Delivery, 제목 2")
        #expect(said["pay-1"] == "선택함. 그룹 내 옵션 3개 중 1, Card, 라디오 버튼")
        #expect(said["wifi"] == "사용, Wi-Fi, 전환")
        #expect(said["all"] == "일부만 선택됨, All, 체크박스")
        #expect(said["bold"] == "사용, Bold, 전환 버튼")
        #expect(said["news"] == "News, 제목 3 링크 visited")
        #expect(said["pay"] == "Pay, 버튼, 사용할 수 없음")
        #expect(said["name"] == "필수, Name, 수정 창")
        #expect(said["logo"] == "Logo, 그래픽")
    }

    @Test("a live region's change, polite, assertive or an alert, is one queued announcement; empty text says nothing")
    func liveRegions() throws {
        let profile = try ScreenTestSupport.profile("en")
        let talkBack = try TalkBack(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: talkBack)
        for (politeness, alert) in [(WebLivePoliteness.polite, false), (.assertive, false), (.assertive, true)] {
            let change = WebLiveRegions.Change(text: "Saved", politeness: politeness, region: "r", isAlert: alert)
            #expect(talkBack.liveRegionSpeech(change, by: generator) == .inTurn("Saved"))
        }
        #expect(talkBack.liveRegionSpeech(WebLiveRegions.Change(text: " ", politeness: .polite, region: "r"), by: generator) == nil)
    }

    @Test("a page's stop is web content: the reading controls find headings, links, controls by Chrome's predicates")
    func readingControls() throws {
        let profile = try ScreenTestSupport.profile("en")
        let talkBack = try TalkBack(profile: profile)
        let stops = talkBack.stops(of: try Self.page())
        #expect(stops.allSatisfy { $0.android?.isWebContent == true })
        #expect(stops.filter { talkBack.isJumpTarget($0, .heading, after: nil) }.map(\.id) == ["heading-1", "news"])
        #expect(stops.filter { talkBack.isJumpTarget($0, .link, after: nil) }.map(\.id) == ["news"])
        #expect(stops.filter { talkBack.isJumpTarget($0, .formField, after: nil) }.map(\.id)
            == ["pay-1", "pay-2", "pay-3", "wifi", "all", "bold", "pay", "country", "name", "menu"])
    }

    @Test("TalkBack reads a page when asked and refuses a screen with neither Android views nor a page; NVDA stays a page's natural reader")
    func refusalAndNatural() throws {
        let page = try Self.page()
        #expect(TalkBack.refusal(toRead: page, called: "shop.html") == nil)
        #expect(!TalkBack.claims(page))
        #expect(ScreenReaders.natural(for: page) == NVDA.name)
        #expect(TalkBack.pageWindow == "android")
        let app = try Screen(name: "app", roots: [AccessibilityNode(id: "a", kind: .button, label: "OK")])
        #expect(TalkBack.refusal(toRead: app, called: "app.json")?.hasPrefix("needs an Android dump or a web page") == true)
    }

    @Test("a page's findings under TalkBack and VoiceOver give the web's fix (aria-label), not Android's or iOS's, and name the reader")
    func webFixes() throws {
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Shop", children: ["2"]),
            .init(id: "2", role: "button", name: "", properties: ["focusable": .bool(true)], domID: "search"),
        ]
        let tree = WebPageTree(url: "file:///shop.html", title: "Shop", language: "en", viewport: (412, 915), browser: nil,
                               refused: [], nodes: nodes)
        let screen = try WebPageInterpreter.screen(from: tree, defaultName: "shop")
        let profile = try ScreenTestSupport.profile("en")
        for name in [ScreenReaderName.talkBack, .voiceOver] {
            let linter = try ScreenLinter(profile: profile, reader: try ScreenReaders.make(name, profile: profile))
            let missing = try #require(linter.findings(for: screen).first { $0.code == .labelMissing }, "\(name.rawValue)")
            #expect(missing.fix.contains("aria-label"), "\(name.rawValue): \(missing.fix)")
            #expect(!missing.fix.contains("contentDescription") && !missing.fix.contains("accessibilityLabel"), "\(name.rawValue)")
        }
    }

    /// A table with a caption (its name), a header row and a row whose header is a row header
    /// and whose cell holds a link; a password field holding three characters; a paragraph after.
    static func tablePage() throws -> Screen {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Times", children: ["2", "20", "21"]),
            .init(id: "2", role: "table", name: "Arrival", children: ["3", "4", "5"], domID: "times"),
            .init(id: "3", role: "caption", children: ["30"]),
            .init(id: "4", role: "row", children: ["6", "7"]),
            .init(id: "5", role: "row", children: ["8", "9"]),
            .init(id: "6", role: "columnheader", name: "Day", children: ["31"], domID: "day"),
            .init(id: "7", role: "columnheader", name: "Seoul", children: ["32"], domID: "seoul"),
            .init(id: "8", role: "rowheader", name: "Monday", children: ["33"], domID: "monday"),
            .init(id: "9", role: "cell", name: "Tuesday", children: ["34"], domID: "tuesday"),
            .init(id: "20", role: "paragraph", children: ["35"], domID: "after"),
            .init(id: "21", role: "textbox", name: "PIN", value: "•••",
                  properties: ["focusable": .bool(true), "domPassword": .bool(true)], tag: "input", domID: "pin"),
            text("30", "Arrival"), text("31", "Day"), text("32", "Seoul"), text("33", "Monday"), text("34", "Tuesday"),
            text("35", "After"),
        ]
        let tree = WebPageTree(url: "file:///times.html", title: "Times", language: "en", viewport: (412, 915), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "times")
    }

    static func saidInOrder(_ screen: Screen, voice: String) throws -> [(id: String, words: String)] {
        let profile = try ScreenTestSupport.profile(voice)
        let talkBack = try TalkBack(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: talkBack)
        var said: [(String, String)] = []
        var previous: FocusStop?
        for stop in talkBack.stops(of: screen) {
            said.append((stop.id, generator.describe(stop, after: previous).text))
            previous = stop
        }
        return said
    }

    @Test("a table is entered as Chrome's \"table\" with its name (in_collection_role_description), a header names its row or column, a header says no row or column of its own, and leaving says the table")
    func table() throws {
        let said = try Self.saidInOrder(try Self.tablePage(), voice: "en")
        #expect(said.map(\.id) == ["caption-1", "day", "seoul", "monday", "tuesday", "after", "pin"])
        let words = Dictionary(said, uniquingKeysWith: { first, _ in first })
        // The caption is a stop inside the table: entering the table is said on it.
        #expect(words["caption-1"] == "Arrival, In table Arrival, 2 rows, 2 columns")
        // A column header in the first row: its row, never its column (TYPE_COLUMN).
        #expect(words["day"] == "Day, column header, Row 1")
        #expect(words["seoul"] == "Seoul, column header")
        // A row header: no row of its own; its column by the column header's name.
        #expect(words["monday"] == "Monday, row header, Day")
        // A data cell: the column by its header's name, as recorded ("Waltz with Strauss, event").
        #expect(words["tuesday"] == "Tuesday, Seoul")
        #expect(words["after"] == "After, Out of table Arrival")
        // A password field: the password word and its count, never its text (recorded).
        #expect(words["pin"] == "password, 3 characters, Edit box, PIN")
    }

    @Test("Korean: TalkBack's Korean collection words around Chromium's Korean \"table\"")
    func tableKorean() throws {
        let words = Dictionary(try Self.saidInOrder(try Self.tablePage(), voice: "ko"), uniquingKeysWith: { first, _ in first })
        #expect(words["caption-1"] == "Arrival, Arrival 표에 있음, 행 2개, 열 2개")
        #expect(words["day"] == "Day, 열 헤더, 1행")
        #expect(words["monday"] == "Monday, 행 헤더, Day")
        #expect(words["after"] == "After, Arrival 표에서 벗어남")
        #expect(words["pin"] == "비밀번호, 3자, 수정 창, PIN")
    }

    @Test("a dialog the page opens is a pane opened: its name, else its description, else Chromium's \"dialog opened.\", as a window title; an alert dialog's description is announced")
    func dialogOpened() throws {
        for (voice, fallback) in [("en", "dialog opened."), ("ko", "대화상자가 열렸습니다.")] {
            let profile = try ScreenTestSupport.profile(voice)
            let talkBack = try TalkBack(profile: profile)
            let generator = try DescriptionGenerator(profile: profile, reader: talkBack)
            func dialog(_ role: WebRole, name: String? = nil, description: String? = nil) -> AccessibilityNode {
                AccessibilityNode(id: "d", label: name, web: WebElement(role: role, name: name, description: description))
            }
            #expect(talkBack.dialogOpenedSpeech(dialog(.dialog, name: "Settings"), by: generator) == .windowTitle("Settings"))
            #expect(talkBack.dialogOpenedSpeech(dialog(.dialog, description: "Pick a size"), by: generator) == .windowTitle("Pick a size"))
            #expect(talkBack.dialogOpenedSpeech(dialog(.dialog), by: generator) == .windowTitle(fallback))
            #expect(talkBack.dialogOpenedSpeech(dialog(.alertDialog, name: "Delete?", description: "It cannot be undone"), by: generator)
                == .announcement("It cannot be undone"))
            #expect(talkBack.saysLiveRegionsCreatedFilled, "Chromium announces the text nodes created inside a live region")
        }
        let nvda = try NVDA(profile: try ScreenTestSupport.profile("en"))
        #expect(!nvda.saysLiveRegionsCreatedFilled)
    }
}
