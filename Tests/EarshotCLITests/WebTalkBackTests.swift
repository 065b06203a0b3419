import Foundation
import Testing

/// TalkBack reading a page in real Chromium laid out as on an Android phone (docs/mobile-web.md,
/// B; docs/web.md, "TalkBack on a page"): Chrome for Android's words and rules mapped onto the
/// Android nodes TalkBack's compositor reads, its swipe order, reading controls, double tap and
/// live regions. The page is `Tests/Fixtures/web/talkback.html`.
@Suite("TalkBack reads a web page as in Chrome on an Android phone", .serialized)
struct WebTalkBackTests {
    static let fixtures = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web")
    static let page = fixtures.appendingPathComponent("talkback.html").path

    /// `read --no-audio`'s stop lines without their `N/M id: ` prefix, by id.
    static func read(_ arguments: [String]) throws -> [(id: String, text: String)] {
        let result = try CLIRunner.run(["read"] + arguments + ["--no-audio"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").compactMap { line in
            guard let colon = line.range(of: ": "), let space = line.firstIndex(of: " "), space < colon.lowerBound else { return nil }
            return (String(line[line.index(after: space)..<colon.lowerBound]), String(line[colon.upperBound...]))
        }
    }

    @Test("the page is laid out in the Android phone's window: window.innerWidth is 412 and a full-width box is 412 less its margins")
    func phoneViewport() throws {
        let result = try CLIRunner.run(["read", Self.page, "--reader", "talkback", "--voice", "en", "--no-audio", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let wide = try #require(result.stdout.split(separator: "\n").first { $0.contains("\"id\": \"wide\"") })
        #expect(wide.contains("\"text\": \"412\""), "\(wide)")
        #expect(wide.contains("\"frame\": [8, 67.8125, 396, 20]"), "\(wide)")
        // --viewport wins over the reader's phone; NVDA, the page's natural reader, reads it on a desktop.
        #expect(try Self.read([Self.page, "--reader", "talkback", "--viewport", "desktop", "--voice", "en"]).first { $0.id == "wide" }?.text == "1280")
        #expect(try Self.read([Self.page, "--voice", "en"]).contains { $0.text == "1280" })
    }

    static let english: [(String, String)] = [
        ("heading-1", "Delivery, heading 2"),
        ("wide", "412"),
        ("home", "Home, link (hint: Double-tap to activate)"),
        ("terms", "not checked, Accept terms, checkbox (hint: Double-tap to toggle)"),
        ("listmarker-1", "•, 1 of 3, In list, 3 items"),
        ("text-4", "Apple"),
        ("listmarker-2", "•, 2 of 3"),
        ("text-5", "Pear"),
        ("listmarker-3", "•, 3 of 3"),
        ("text-6", "Plum"),
        ("labeltext-1", "Name, Out of list"),
        ("name", "Required, Name, Edit box (hint: Double-tap to edit text)"),
        ("add", "Add to cart, button (hint: Double-tap to activate)"),
        ("cart", "Cart: empty"),
    ]

    @Test("English: a heading, a link, a check box, a list with its count, a required field and a button, in document order, with Chrome's role and state descriptions")
    func englishWords() throws {
        let stops = try Self.read([Self.page, "--reader", "talkback", "--voice", "en"])
        #expect(stops.map(\.id) == Self.english.map(\.0))
        #expect(stops.map(\.text) == Self.english.map(\.1))
    }

    @Test("Korean (the default voice): Chromium's Korean role words, TalkBack's own Korean for checked, the list and the hints")
    func koreanWords() throws {
        let stops = try Self.read([Self.page, "--reader", "talkback"])
        let said = Dictionary(stops.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        #expect(said["heading-1"] == "Delivery, 제목 2")
        #expect(said["home"] == "Home, 링크 (hint: 활성화하려면 두 번 탭하세요)")
        #expect(said["terms"] == "선택 안됨, Accept terms, 체크박스 (hint: 전환하려면 두 번 탭하세요)")
        #expect(said["listmarker-1"] == "•, 3개 중 1번째, 목록에 있음, 항목 3개")
        #expect(said["labeltext-1"] == "Name, 목록에서 벗어남")
        #expect(said["name"] == "필수, Name, 수정 창 (hint: 텍스트를 수정하려면 두 번 탭하세요)")
        #expect(said["add"] == "Add to cart, 버튼 (hint: 활성화하려면 두 번 탭하세요)")
    }

    @Test("the saved tree, read without a browser, gives the same stops and words as the live page")
    func savedTree() throws {
        let saved = Self.fixtures.appendingPathComponent("talkback.axtree.json").path
        let stops = try Self.read([saved, "--reader", "talkback", "--voice", "en"])
        #expect(stops.map(\.id) == Self.english.map(\.0))
        #expect(stops.map(\.text) == Self.english.map(\.1))
    }

    @Test("a swipe sequence to the button, a double tap (a click at its centre) whose handler changes the polite region's text, heard as TalkBack's queued announcement")
    func swipeAndDoubleTap() throws {
        let result = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent("talkback-swipe.json").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let spoken = lines.filter { $0.contains("spoken to") && $0.contains("\"") && !$0.contains("Double-tap") }
            .compactMap { $0.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init) }
        // The document Chrome focuses as the page loads (docs/mobile-web.md "A page loaded"), then the swipes.
        #expect(spoken == ["TalkBack page, Webview", "Delivery, heading 2", "412", "Home, link", "not checked, Accept terms, checkbox",
                           "•, 1 of 3, In list, 3 items", "Apple", "•, 2 of 3", "Pear", "•, 3 of 3", "Plum",
                           "Name, Out of list", "Required, Name, Edit box", "Add to cart, button", "Cart: 1 item"], "\(spoken)")
        let live = try #require(lines.first { $0.contains("\"Cart: 1 item\"") })
        #expect(live.contains("live region polite"), "\(live)")
        // After the tick of the double tap, never before it.
        let tick = try #require(lines.firstIndex { $0.contains("[tick sound]") })
        #expect(try #require(lines.firstIndex(of: live)) > tick)
        #expect(result.stdout.contains("2 expectations, 0 failed"))
    }

    @Test("the web reading controls find a heading, a link, a control and a list by Chrome's predicates, said as a swipe says them")
    func readingControls() throws {
        let result = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent("talkback-controls.json").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let moves = result.stdout.split(separator: "\n").filter { $0.contains("spoken to") && $0.contains("\"") && !$0.contains("두 번 탭") }
        #expect(moves.map { $0.split(separator: "\"")[1] } == [
            "TalkBack page, 웹뷰", "Delivery, 제목 2", "Home, 링크", "선택 안됨, Accept terms, 체크박스", "•, 3개 중 1번째, 목록에 있음, 항목 3개",
            "필수, Name, 수정 창, 목록에서 벗어남", "Add to cart, 버튼",
        ], "\(moves)")
        #expect(moves[0].contains("(focus move (page loaded)"), "\(moves[0])")
        #expect(moves[1].contains("(focus move (reading control headings, swipe down)"), "\(moves[1])")
        #expect(moves[3].contains("reading control controls, swipe down"), "\(moves[3])")
    }

    static let mobile = fixtures.appendingPathComponent("mobile.html").path

    @Test("real Chromium: a captioned table is \"In table\" with its name, headers say no row or column of their own and name the cells' row and column, a second table named by aria-label, leaving says the table; a password field says the password word and its count; pop-up buttons say Chrome's kind")
    func mobileTablesAndPassword() throws {
        let stops = try Self.read([Self.mobile, "--reader", "talkback", "--voice", "en"])
        let expected: [(String, String)] = [
            ("heading-1", "Deliveries, heading 2"),
            ("caption-1", "Arrival, In table Arrival, 2 rows, 2 columns"),
            ("columnheader-1", "Day, column header, Row 1"),
            ("columnheader-2", "Seoul, column header"),
            ("rowheader-1", "Monday, row header, Day"),
            ("tue", "Tuesday, link, Seoul (hint: Double-tap to activate)"),
            ("columnheader-3", "Size, column header, Row 1, In table Fees, 2 rows, 2 columns"),
            ("columnheader-4", "Won, column header"),
            ("cell-2", "Small, Row 2, Size"),
            ("cell-3", "3000, Won"),
            ("after", "After the orders, Out of table Fees"),
            ("labeltext-1", "PIN"),
            ("pin", "password, 3 characters, Edit box, PIN (hint: Double-tap to edit text)"),
            ("menu", "Actions, menu pop up button (hint: Double-tap to activate)"),
            ("pick", "Size, pop up button (hint: Double-tap to activate)"),
            ("open", "Settings, button (hint: Double-tap to activate)"),
        ]
        #expect(stops.map(\.id) == expected.map(\.0))
        #expect(stops.map(\.text) == expected.map(\.1))
        let korean = Dictionary(try Self.read([Self.mobile, "--reader", "talkback", "--voice", "ko"]).map { ($0.id, $0.text) },
                                uniquingKeysWith: { first, _ in first })
        #expect(korean["caption-1"] == "Arrival, Arrival 표에 있음, 행 2개, 열 2개")
        #expect(korean["after"] == "After the orders, Fees 표에서 벗어남")
        #expect(korean["pin"]?.hasPrefix("비밀번호, 3자, 수정 창, PIN") == true, "\(korean["pin"] ?? "")")
    }

    @Test("real Chromium: a dialog the page opens says its pane title as a window's (its sound, then the title) before the button it focuses; a status region inserted already filled is announced; NVDA says neither")
    func mobileDialogAndInsertedRegion() throws {
        let result = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent("mobile-dialog-talkback.json").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let sound = try #require(lines.firstIndex { $0.contains("[window_state sound]") }, "\(result.stdout)")
        let title = try #require(lines.firstIndex { $0.contains("\"Delivery settings\"") }, "\(result.stdout)")
        let close = try #require(lines.firstIndex { $0.contains("\"Close, button\"") }, "\(result.stdout)")
        #expect(sound < title && title < close)
        #expect(lines[title].contains("screenChanged") && lines[title].contains("dialog settings"), "\(lines[title])")
        let saved = try #require(lines.first { $0.contains("\"Order saved\"") }, "\(result.stdout)")
        #expect(saved.contains("live region saved"), "\(saved)")
        #expect(!result.stdout.contains("live.created-filled"))
        let nvda = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent("mobile-dialog-nvda.json").path])
        #expect(nvda.status == 0, "\(nvda.stdout)\(nvda.stderr)")
        #expect(!nvda.stdout.contains("\"Order saved\"  spoken"), "\(nvda.stdout)")
        #expect(nvda.stdout.contains("\"Order saved\" is not said"), "\(nvda.stdout)")
        #expect(nvda.stdout.contains("\"Delivery settings dialog Close button\""), "\(nvda.stdout)")
    }
}
