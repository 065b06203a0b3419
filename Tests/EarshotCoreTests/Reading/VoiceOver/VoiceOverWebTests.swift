import Foundation
import Testing
@testable import EarshotCore

/// VoiceOver on a page without a browser: a saved tree's stops as WebKit on iOS hands them to
/// VoiceOver (`WebKitIOSPage`, docs/mobile-web.md A1–A4), in document order, said in VoiceOver's
/// web order (label, value, role, states, place, containers, landmark), in English and Korean;
/// each expectation is one rule of "VoiceOver on a page, as Earshot plays it".
@Suite("VoiceOver reads a saved page tree as Safari on iOS hands it over")
struct VoiceOverWebTests {
    static func page() throws -> Screen {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        let focusable: [String: WebProperty] = ["focusable": .bool(true)]
        func with(_ more: [String: WebProperty]) -> [String: WebProperty] { focusable.merging(more) { $1 } }
        func radio(_ id: String, _ name: String, _ index: Int, checked: Bool) -> WebPageTree.Node {
            .init(id: id, role: "radio", name: name,
                  properties: with(["checked": .text(String(checked)), "posinset": .number(Double(index)), "setsize": .number(3)]),
                  domID: "pet-\(index)")
        }
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Shop", children: ["2", "4"]),
            .init(id: "2", role: "banner", children: ["3"]),
            .init(id: "3", role: "heading", name: "Shop", properties: ["level": .number(1)], children: ["30"]),
            .init(id: "4", role: "main", name: "Site", children: ["5", "6", "7", "8", "9", "10", "14", "15", "16", "20", "21", "22", "23", "24", "25", "40"]),
            .init(id: "5", role: "heading", name: "Options", properties: ["level": .number(2)], children: ["31"]),
            .init(id: "6", role: "link", name: "Help", properties: with(["visited": .bool(true)]), children: ["32"], domID: "help"),
            .init(id: "7", role: "link", name: "Home", properties: with(["current": .text("page")]), children: ["33"], domID: "home"),
            .init(id: "8", role: "checkbox", name: "Tomato", properties: with(["checked": .text("true")]), domID: "tomato"),
            .init(id: "9", role: "checkbox", name: "Onion", properties: with(["checked": .text("false")]), domID: "onion"),
            .init(id: "10", role: "list", children: ["11", "12"]),
            .init(id: "11", role: "listitem", children: ["34"]),
            .init(id: "12", role: "listitem", children: ["35"]),
            .init(id: "14", role: "textbox", name: "Veggie", value: "kale",
                  properties: with(["required": .bool(true), "invalid": .text("true")]), tag: "input", domID: "veggie"),
            .init(id: "15", role: "radiogroup", name: "Pet", children: ["17", "18", "19"]),
            radio("17", "Cat", 1, checked: true), radio("18", "Dog", 2, checked: false), radio("19", "Bird", 3, checked: false),
            .init(id: "16", role: "button", name: "More", properties: with(["expanded": .text("false")]), domID: "more"),
            .init(id: "20", role: "button", name: "Bold", properties: with(["pressed": .text("true")]), domID: "bold"),
            .init(id: "21", role: "button", name: "Pay", properties: with(["disabled": .bool(true)]), domID: "pay"),
            .init(id: "22", role: "combobox", name: "Country", value: "Korea", properties: focusable, tag: "select", domID: "country"),
            .init(id: "23", role: "image", name: "Logo", domID: "logo"),
            .init(id: "24", role: "table", name: "Times", children: ["26", "27"]),
            .init(id: "25", role: "alert", children: ["39"]),
            .init(id: "26", role: "row", children: ["28", "29"]),
            .init(id: "27", role: "row", children: ["36", "37"]),
            .init(id: "28", role: "columnheader", name: "City", children: ["41"]),
            .init(id: "29", role: "columnheader", name: "Day", children: ["42"]),
            .init(id: "36", role: "cell", name: "Seoul", children: ["43"]),
            .init(id: "37", role: "cell", name: "Monday", children: ["44"], domID: "monday"),
            .init(id: "40", role: "button", name: "Buy", properties: focusable, domID: "buy"),
            text("30", "Shop"), text("31", "Options"), text("32", "Help"), text("33", "Home"),
            text("34", "Apples"), text("35", "Pears"), text("39", "Saved"),
            text("41", "City"), text("42", "Day"), text("43", "Seoul"), text("44", "Monday"),
        ]
        let tree = WebPageTree(url: "file:///shop.html", title: "Shop", language: "en", viewport: (390, 844), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "shop")
    }

    /// Each stop's id and words, as VoiceOver says them on a swipe from the stop before, in order.
    static func said(voice: String) throws -> [(id: String, words: String)] {
        let profile = try ScreenTestSupport.profile(voice)
        let voiceOver = try VoiceOver(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: voiceOver)
        var said: [(String, String)] = []
        var previous: FocusStop?
        for stop in voiceOver.stops(of: try page()) {
            said.append((stop.id, generator.describe(stop, after: previous).text))
            previous = stop
        }
        return said
    }

    @Test("English: document order, and each stop's words in VoiceOver's web order as recorded on iPhones")
    func english() throws {
        let said = try Self.said(voice: "en")
        let words = Dictionary(said, uniquingKeysWith: { first, _ in first })
        #expect(said.map(\.id) == ["heading-1", "heading-2", "help", "home", "tomato", "onion", "text-5", "text-6", "veggie",
                                   "pet-1", "pet-2", "pet-3", "more", "bold", "pay", "country", "logo",
                                   "columnheader-1", "columnheader-2", "cell-1", "monday", "text-7", "buy"])
        // A landmark is said as the swipe enters it, after the first stop's own words.
        #expect(words["heading-1"] == "Shop, heading level 1, banner, landmark")
        #expect(words["heading-2"] == "Options, heading level 2, Site, main, landmark")
        #expect(words["help"] == "Help, visited, link")
        #expect(words["home"] == "Home, current page, link")
        #expect(words["tomato"] == "Tomato, checkbox, checked")
        #expect(words["onion"] == "Onion, checkbox, unchecked")
        // A list's first and last stops say where it starts and ends; no item count.
        #expect(words["text-5"] == "Apples, list start")
        #expect(words["text-6"] == "Pears, list end")
        #expect(words["veggie"] == "Veggie, kale, text field, required, invalid data")
        #expect(words["pet-1"] == "Cat, radio button, checked, 1 of 3")
        #expect(words["pet-2"] == "Dog, radio button, unchecked, 2 of 3")
        #expect(words["more"] == "More, button, collapsed")
        #expect(words["bold"] == "Bold, toggle button, pressed")
        // Dimmed comes before the role word.
        #expect(words["pay"] == "Pay, dimmed, button")
        #expect(words["country"] == "Country, Korea, pop up button")
        #expect(words["logo"] == "Logo, image")
        // A named table says its name before its first cell (recorded: "Table 1, Date, …").
        #expect(words["columnheader-1"] == "Times, City, column header, row 1, column 1, table start, 2 rows, 2 columns")
        // A data cell says its column header first; the last cell says the table ends.
        #expect(words["monday"] == "Day, Monday, row 2, column 2, table end")
        // An alert's text is a stop like any text: no alert word.
        #expect(words["text-7"] == "Saved")
    }

    @Test("Korean: the app reader's Korean words where VoiceOver has one, Earshot's choice elsewhere")
    func korean() throws {
        let words = Dictionary(try Self.said(voice: "ko"), uniquingKeysWith: { first, _ in first })
        #expect(words["heading-1"] == "Shop, 머리말, 레벨 1, 배너, 랜드마크")
        #expect(words["help"] == "Help, 방문함, 링크")
        #expect(words["tomato"] == "Tomato, 체크박스, 선택됨")
        #expect(words["onion"] == "Onion, 체크박스, 선택 해제됨")
        #expect(words["text-5"] == "Apples, 목록 시작")
        #expect(words["veggie"] == "Veggie, kale, 텍스트 필드, 필수, 잘못된 데이터")
        #expect(words["pet-1"] == "Cat, 라디오 버튼, 선택됨, 3개 중 1번째")
        #expect(words["pay"] == "Pay, 흐리게 표시됨, 버튼")
        #expect(words["country"] == "Country, Korea, 팝업 버튼")
        #expect(words["more"] == "More, 버튼, 축소됨")
        #expect(words["monday"] == "Day, Monday, 2행, 2열, 표 끝")
    }

    @Test("a text field's hint is VoiceOver's edit hint; a dimmed control has none")
    func hints() throws {
        let profile = try ScreenTestSupport.profile("en")
        let voiceOver = try VoiceOver(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: voiceOver)
        let stops = voiceOver.stops(of: try Self.page())
        #expect(stops.first { $0.id == "veggie" }.map { generator.describe($0).hint } == "double tap to edit")
        #expect(stops.first { $0.id == "pay" }.map { generator.describe($0).hint } == .some(nil))
    }

    @Test("the rotor: headings, links, landmarks at the first stop inside each, form controls")
    func rotor() throws {
        let voiceOver = try VoiceOver(profile: try ScreenTestSupport.profile("en"))
        let stops = voiceOver.stops(of: try Self.page())
        func found(_ target: NavigationTarget) -> [String] {
            stops.indices.filter { voiceOver.isJumpTarget(stops[$0], target, after: $0 > 0 ? stops[$0 - 1] : nil) }.map { stops[$0].id }
        }
        #expect(found(.heading) == ["heading-1", "heading-2"])
        #expect(found(.link) == ["help", "home"])
        #expect(found(.landmark) == ["heading-1", "heading-2"])
        #expect(found(.formField) == ["tomato", "onion", "veggie", "pet-1", "pet-2", "pet-3", "more", "bold", "pay", "country", "buy"])
    }

    @Test("live regions by the words file: polite in turn, assertive and alerts at once; empty text says nothing")
    func liveRegions() throws {
        let profile = try ScreenTestSupport.profile("en")
        let voiceOver = try VoiceOver(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: voiceOver)
        func heard(_ politeness: WebLivePoliteness, alert: Bool = false, _ text: String = "Saved") -> LiveRegionSpeech? {
            voiceOver.liveRegionSpeech(WebLiveRegions.Change(text: text, politeness: politeness, region: "r", isAlert: alert), by: generator)
        }
        #expect(heard(.polite) == .inTurn("Saved"))
        #expect(heard(.assertive) == .interrupting("Saved"))
        #expect(heard(.assertive, alert: true) == .interrupting("Saved"))
        #expect(heard(.polite, " ") == nil)
    }

    @Test("a double tap that changes a check box says its label and new state; one that changes nothing re-reads it")
    func doubleTap() throws {
        let profile = try ScreenTestSupport.profile("en")
        let voiceOver = try VoiceOver(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: voiceOver)
        var page = try Self.page()
        let before = try #require(voiceOver.stops(of: page).first { $0.id == "onion" })
        try page.update("onion") { $0.web?.properties["checked"] = .text("true") }
        let after = try #require(voiceOver.stops(of: page).first { $0.id == "onion" })
        #expect(voiceOver.describeActivation(before: before, after: after, by: generator) == .newValue(
            SpokenDescription(parts: [SpokenPart(slot: "states", text: "Onion"), SpokenPart(slot: "states", text: "checked")],
                              text: "Onion, checked", hint: nil, language: "en")))
        #expect(voiceOver.describeStateChange(before: before, after: after, by: generator) == "checked")
        let buy = try #require(voiceOver.stops(of: page).first { $0.id == "buy" })
        #expect(voiceOver.describeActivation(before: buy, after: buy, by: generator).description.text == "Buy, button")
    }

    @Test("VoiceOver reads a page in an iPhone's window; NVDA stays a page's natural reader; an app's screen reads as before")
    func windowAndNatural() throws {
        #expect(VoiceOver.pageWindow == "iphone")
        let page = try Self.page()
        #expect(ScreenReaders.natural(for: page) == NVDA.name)
        #expect(VoiceOver.refusal(toRead: page, called: "shop.html") == nil)
        let app = try Screen(name: "app", roots: [AccessibilityNode(id: "a", kind: .button, label: "OK")])
        let voiceOver = try VoiceOver(profile: try ScreenTestSupport.profile("en"))
        let stops = voiceOver.stops(of: app)
        #expect(stops.map(\.id) == ["a"])
        #expect(stops.first?.readerFacts == nil)
    }

    @Test("a words file without a word is refused with its place")
    func missingWord() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voweb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = FindingsTestSupport.repositoryRoot.appendingPathComponent("voices/voiceover-web/en.json")
        var text = try String(contentsOf: source, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"listStart\": \"list start\",", with: "")
        let path = folder.appendingPathComponent("en.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try VoiceOverWebWords.load(path: path) } throws: { error in
            (error as? DataFileError)?.message.contains("\"words\" has no \"listStart\"") == true
        }
    }

    @Test("a page loaded: VoiceOver says its title as the words file's pageLoad says, nothing when it says nothing, and a wrong value is refused at its place; TalkBack says the document Chrome focuses")
    func pageLoaded() throws {
        let page = try Self.morePage()
        #expect(page.pageTitle == "Orders")
        let english = try ScreenTestSupport.profile("en")
        let voiceOver = try VoiceOver(profile: english)
        let said = voiceOver.pageLoadedSpeech(page, by: try DescriptionGenerator(profile: english, reader: voiceOver))
        #expect(said?.description.text == "Orders")
        #expect(said?.sound == nil)
        var quiet = try #require(voiceOver.web)
        quiet.pageLoad = .nothing
        let silent = VoiceOver(web: quiet)
        #expect(silent.pageLoadedSpeech(page, by: try DescriptionGenerator(profile: english, reader: silent)) == nil)
        let talkBack = try TalkBack(profile: english)
        let document = talkBack.pageLoadedSpeech(page, by: try DescriptionGenerator(profile: english, reader: talkBack))
        #expect(document?.description.text == "Orders, Webview")
        #expect(document?.sound == .other)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voweb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = FindingsTestSupport.repositoryRoot.appendingPathComponent("voices/voiceover-web/en.json")
        let text = try String(contentsOf: source, encoding: .utf8).replacingOccurrences(of: "\"says\": \"title\"", with: "\"says\": \"titel\"")
        let path = folder.appendingPathComponent("en.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try VoiceOverWebWords.load(path: path) } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.message.contains("titel") && error.message.contains("title")
        }
    }

    /// A landmark holding a captioned table whose data cell holds a link, then a paragraph after
    /// it; a password field; buttons with `aria-haspopup`.
    static func morePage() throws -> Screen {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        let focusable: [String: WebProperty] = ["focusable": .bool(true)]
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Orders", children: ["2", "20", "21", "22", "23"]),
            .init(id: "2", role: "main", name: "Orders", children: ["3"]),
            .init(id: "3", role: "table", name: "Arrival", children: ["4", "5", "6"]),
            .init(id: "4", role: "caption", children: ["30"]),
            .init(id: "5", role: "row", children: ["7", "8"]),
            .init(id: "6", role: "row", children: ["9", "10"]),
            .init(id: "7", role: "columnheader", name: "Day", children: ["31"]),
            .init(id: "8", role: "columnheader", name: "Seoul", children: ["32"]),
            .init(id: "9", role: "rowheader", name: "Monday", children: ["33"]),
            .init(id: "10", role: "cell", name: "Tuesday", children: ["11"]),
            .init(id: "11", role: "link", name: "Tuesday", properties: focusable, children: ["34"], domID: "tue"),
            .init(id: "20", role: "paragraph", children: ["35"]),
            .init(id: "21", role: "textbox", name: "PIN", value: "•••", properties: focusable.merging(["domPassword": .bool(true)]) { $1 },
                  tag: "input", domID: "pin"),
            .init(id: "22", role: "button", name: "Actions", properties: focusable.merging(["hasPopup": .text("menu")]) { $1 }, domID: "menu"),
            .init(id: "23", role: "button", name: "Size", properties: focusable.merging(["hasPopup": .text("listbox")]) { $1 }, domID: "pick"),
            text("30", "Arrival"), text("31", "Day"), text("32", "Seoul"), text("33", "Monday"), text("34", "Tuesday"),
            text("35", "After"),
        ]
        let tree = WebPageTree(url: "file:///orders.html", title: "Orders", language: "en", viewport: (390, 844), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "orders")
    }

    @Test("a link in a cell says the cell's place; a captioned table's caption is not said again; a password field is a secure text field of N characters; a pop-up button says its pop-up's kind; swiping back into a landmark says \"end\"")
    func moreWords() throws {
        for (voice, expected) in [
            ("en", ["Arrival, Orders, main, landmark", "Day, column header, row 1, column 1, table start, 2 rows, 2 columns",
                    "Seoul, column header, row 1, column 2", "Day, Monday, row header, row 2, column 1",
                    "Seoul, Tuesday, link, row 2, column 2, table end", "After", "PIN, 3 characters, secure text field",
                    "Actions, pop up button, menu popup", "Size, pop up button, list box popup"]),
            ("ko", ["Arrival, Orders, 본문, 랜드마크", "Day, 열 머리글, 1행, 1열, 표 시작, 행 2개, 열 2개",
                    "Seoul, 열 머리글, 1행, 2열", "Day, Monday, 행 머리글, 2행, 1열",
                    "Seoul, Tuesday, 링크, 2행, 2열, 표 끝", "After", "PIN, 3자, 보안 텍스트 필드",
                    "Actions, 팝업 버튼, 메뉴 팝업", "Size, 팝업 버튼, 목록 상자 팝업"]),
        ] {
            let profile = try ScreenTestSupport.profile(voice)
            let voiceOver = try VoiceOver(profile: profile)
            let generator = try DescriptionGenerator(profile: profile, reader: voiceOver)
            let stops = voiceOver.stops(of: try Self.morePage())
            var said: [String] = []
            for index in stops.indices { said.append(generator.describe(stops[index], after: index > 0 ? stops[index - 1] : nil).text) }
            #expect(said == expected, "\(voice)")
            #expect(stops.first { $0.id == "pin" }?.traits.contains(.secureTextField) == true)
            // Back from the paragraph after it into the landmark: "end", its name and its word.
            let tue = try #require(stops.firstIndex { $0.id == "tue" })
            let back = generator.describe(stops[tue], after: stops[tue + 1]).text
            #expect(back.hasSuffix(voice == "en" ? "table end, end, Orders, main" : "표 끝, 끝, Orders, 본문"), "\(back)")
        }
    }

    @Test("a region inserted filled is said by the words file's choice; a page's dialog adds nothing of VoiceOver's own")
    func insertedAndDialog() throws {
        let profile = try ScreenTestSupport.profile("en")
        let voiceOver = try VoiceOver(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: voiceOver)
        #expect(voiceOver.saysLiveRegionsCreatedFilled)
        let dialog = AccessibilityNode(id: "d", web: WebElement(role: .dialog, name: "Settings"))
        #expect(voiceOver.dialogOpenedSpeech(dialog, by: generator) == nil)
        #expect(!VoiceOver().saysLiveRegionsCreatedFilled, "off a page, the default: nothing")
    }
}
