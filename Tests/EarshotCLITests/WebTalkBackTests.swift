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
        #expect(spoken == ["Delivery, heading 2", "412", "Home, link", "not checked, Accept terms, checkbox",
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
            "Delivery, 제목 2", "Home, 링크", "선택 안됨, Accept terms, 체크박스", "•, 3개 중 1번째, 목록에 있음, 항목 3개",
            "필수, Name, 수정 창, 목록에서 벗어남", "Add to cart, 버튼",
        ], "\(moves)")
        #expect(moves[0].contains("(focus move (reading control headings, swipe down)"), "\(moves[0])")
        #expect(moves[2].contains("reading control controls, swipe down"), "\(moves[2])")
    }
}
