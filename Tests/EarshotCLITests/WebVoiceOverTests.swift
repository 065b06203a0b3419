import Foundation
import Testing

/// VoiceOver reading a page in real Chromium laid out as on an iPhone (docs/mobile-web.md, "VoiceOver
/// on a page, as Earshot plays it"): WebKit's stops in document order, VoiceOver's web words and
/// order, a swipe sequence, a double tap and a polite region. The page is
/// `Tests/Fixtures/web/talkback.html`, the phone page TalkBack's tests read too.
@Suite("VoiceOver reads a web page as in Safari on an iPhone", .serialized)
struct WebVoiceOverTests {
    static let fixtures = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web")
    static let page = fixtures.appendingPathComponent("talkback.html").path

    /// `read --no-audio`'s stop lines without their `N/M id: ` prefix (TalkBack's tests read the
    /// same page the same way).
    static func read(_ arguments: [String]) throws -> [(id: String, text: String)] { try WebTalkBackTests.read(arguments) }

    static let english: [(String, String)] = [
        ("heading-1", "Delivery, heading level 2"),
        ("text-2", "390"),
        ("home", "Home, link"),
        ("terms", "Accept terms, checkbox, unchecked"),
        ("text-4", "Apple, list start"),
        ("text-5", "Pear"),
        ("text-6", "Plum, list end"),
        ("text-7", "Name"),
        ("name", "Name, text field, required (hint: double tap to edit)"),
        ("add", "Add to cart, button"),
        ("text-9", "Cart: empty"),
    ]

    @Test("English in the iPhone's window (innerWidth 390): a heading, a link, a check box, a list's start and end, a required field and a button, in document order")
    func englishWords() throws {
        let stops = try Self.read([Self.page, "--reader", "voiceover", "--voice", "en"])
        #expect(stops.map(\.id) == Self.english.map(\.0))
        #expect(stops.map(\.text) == Self.english.map(\.1))
        // --viewport wins over the reader's phone.
        #expect(try Self.read([Self.page, "--reader", "voiceover", "--viewport", "desktop", "--voice", "en"]).contains { $0.text == "1280" })
    }

    @Test("Korean: the app reader's Korean words, Earshot's choice for the rest")
    func koreanWords() throws {
        let said = Dictionary(try Self.read([Self.page, "--reader", "voiceover", "--voice", "ko"]).map { ($0.id, $0.text) },
                              uniquingKeysWith: { first, _ in first })
        #expect(said["heading-1"] == "Delivery, 머리말, 레벨 2")
        #expect(said["home"] == "Home, 링크")
        #expect(said["terms"] == "Accept terms, 체크박스, 선택 해제됨")
        #expect(said["text-4"] == "Apple, 목록 시작")
        #expect(said["name"] == "Name, 텍스트 필드, 필수 (hint: 편집하려면 이중 탭 하십시오.)")
        #expect(said["add"] == "Add to cart, 버튼")
    }

    @Test("a swipe sequence to the button, a double tap (a click at its centre) whose handler changes the polite region, heard after the activation")
    func swipeAndDoubleTap() throws {
        let result = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent("voiceover-swipe.json").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let spoken = lines.filter { $0.contains("spoken to") && $0.contains("\"") && !$0.contains("double tap to edit") }
            .compactMap { $0.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init) }
        // The page's title as it loads (pageLoad, docs/mobile-web.md "A page loaded"), then the swipes.
        #expect(spoken == ["TalkBack page", "Delivery, heading level 2", "390", "Home, link", "Accept terms, checkbox, unchecked",
                           "Apple, list start", "Pear", "Plum, list end", "Name", "Name, text field, required",
                           "Add to cart, button", "Add to cart, button", "Cart: 1 item"], "\(spoken)")
        let live = try #require(lines.first { $0.contains("\"Cart: 1 item\"") })
        #expect(live.contains("live region polite"), "\(live)")
        let activation = try #require(lines.firstIndex { $0.contains("[activation sound]") })
        #expect(try #require(lines.firstIndex(of: live)) > activation)
        #expect(result.stdout.contains("2 expectations, 0 failed"))
    }

    @Test("real Chromium: a captioned table says no name, an aria-label one its name first; a link in a cell says the cell's header, row and column; a password field is a secure text field of 3 characters; pop-up buttons say their pop-up's kind")
    func mobileWords() throws {
        let page = Self.fixtures.appendingPathComponent("mobile.html").path
        let said = Dictionary(try Self.read([page, "--reader", "voiceover", "--voice", "en"]).map { ($0.id, $0.text) },
                              uniquingKeysWith: { first, _ in first })
        #expect(said["text-2"] == "Arrival")
        #expect(said["columnheader-1"] == "Day, column header, row 1, column 1, table start, 2 rows, 2 columns")
        #expect(said["tue"] == "Seoul, Tuesday, link, row 2, column 2, table end")
        #expect(said["columnheader-3"] == "Fees, Size, column header, row 1, column 1, table start, 2 rows, 2 columns")
        #expect(said["pin"] == "PIN, 3 characters, secure text field (hint: double tap to edit)")
        #expect(said["menu"] == "Actions, pop up button, menu popup")
        #expect(said["pick"] == "Size, pop up button, list box popup")
        let korean = Dictionary(try Self.read([page, "--reader", "voiceover", "--voice", "ko"]).map { ($0.id, $0.text) },
                                uniquingKeysWith: { first, _ in first })
        #expect(korean["pin"] == "PIN, 3자, 보안 텍스트 필드 (hint: 편집하려면 이중 탭 하십시오.)")
        #expect(korean["menu"] == "Actions, 팝업 버튼, 메뉴 팝업")
    }

    @Test("real Chromium: swiping back into the landmark from the paragraph after it says \"end\", its name and its word; a region inserted filled is said, the dialog adds nothing")
    func mobileLandmarkEndAndInserted() throws {
        let back = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent("mobile-landmark-voiceover.json").path])
        #expect(back.status == 0, "\(back.stdout)\(back.stderr)")
        let last = try #require(back.stdout.split(separator: "\n").last { $0.contains("spoken to") })
        #expect(last.contains("\"Won, 3000, row 2, column 2, table end, end, Orders, main\""), "\(last)")
        #expect(last.contains("swipe left"), "\(last)")
        let dialog = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent("mobile-dialog-voiceover.json").path])
        #expect(dialog.status == 0, "\(dialog.stdout)\(dialog.stderr)")
        #expect(dialog.stdout.contains("\"Close, button\""), "\(dialog.stdout)")
        #expect(!dialog.stdout.contains("\"Delivery settings"), "\(dialog.stdout)")
        #expect(dialog.stdout.contains("\"Order saved\"  spoken to"), "\(dialog.stdout)")
    }
}
