import Foundation
import Testing

/// Issue #47's test list, rule by rule, under each phone reader: a page written from the rules
/// (`Tests/Fixtures/web/rules.html`) read in real Chromium in the reader's phone window, in
/// English and Korean, from the saved tree, and as the page changes (docs/mobile-web.md, "The
/// rules, reader by reader", whose matrix names these tests).
@Suite("The mobile web's rules, each under VoiceOver and TalkBack", .serialized)
struct MobileWebRulesTests {
    static let fixtures = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web")
    static let page = fixtures.appendingPathComponent("rules.html").path

    /// The rules of the issue's list that a page's reading shows without a change.
    enum Rule: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case checkBox = "a two-state check box", radioGroup = "a radio group", headings = "headings with levels"
        case landmarks = "the landmarks", list = "a list with its count", table = "a data table with headers"
        case textField = "a labelled, required and invalid text field", comboBox = "a combo box"
        case disclosure = "a disclosure", statusRegion = "a status region"
        var testDescription: String { rawValue }
    }

    /// `read --no-audio`'s stop lines as (id, words), in order.
    static func read(_ arguments: [String]) -> Result<[(id: String, text: String)], CLIError> {
        Result {
            let result = try CLIRunner.run(["read"] + arguments + ["--no-audio"])
            guard result.status == 0 else { throw CLIError(message: result.stderr) }
            return result.stdout.split(separator: "\n").compactMap { line in
                guard let colon = line.range(of: ": "), let space = line.firstIndex(of: " "), space < colon.lowerBound else { return nil }
                return (String(line[line.index(after: space)..<colon.lowerBound]), String(line[colon.upperBound...]))
            }
        }.mapError { $0 as? CLIError ?? CLIError(message: "\($0)") }
    }

    struct CLIError: Error { var message: String }

    // Each reading once for the suite (a browser start each).
    static let voiceOverEnglish = read([page, "--reader", "voiceover", "--voice", "en"])
    static let voiceOverKorean = read([page, "--reader", "voiceover", "--voice", "ko"])
    static let talkBackEnglish = read([page, "--reader", "talkback", "--voice", "en"])
    static let talkBackKorean = read([page, "--reader", "talkback", "--voice", "ko"])

    /// What each rule's stops say, by id, under each reader and language.
    static let words: [Rule: (voiceOver: [(String, String)], voiceOverKorean: [(String, String)],
                              talkBack: [(String, String)], talkBackKorean: [(String, String)])] = [
        .checkBox: ([("news", "Send news, checkbox, checked")], [("news", "Send news, 체크박스, 선택됨")],
                    [("news", "checked, Send news, checkbox, Out of list (hint: Double-tap to toggle)")],
                    [("news", "선택됨, Send news, 체크박스, 목록에서 벗어남 (hint: 전환하려면 두 번 탭하세요)")]),
        .radioGroup: ([("slow", "Slow, radio button, checked, 1 of 2"), ("fast", "Fast, radio button, unchecked, 2 of 2")],
                      [("slow", "Slow, 라디오 버튼, 선택됨, 2개 중 1번째"), ("fast", "Fast, 라디오 버튼, 선택 해제됨, 2개 중 2번째")],
                      [("slow", "Checked. In group, option 1 of 2, Slow, radio button (hint: Double-tap to toggle)"),
                       ("fast", "Not checked. In group, option 2 of 2, Fast, radio button (hint: Double-tap to toggle)")],
                      [("slow", "선택함. 그룹 내 옵션 2개 중 1, Slow, 라디오 버튼 (hint: 전환하려면 두 번 탭하세요)"),
                       ("fast", "선택 안 함. 그룹 내 옵션 2개 중 2, Fast, 라디오 버튼 (hint: 전환하려면 두 번 탭하세요)")]),
        .headings: ([("title", "Market, heading level 1, banner, landmark"), ("fruit-heading", "Fruit, heading level 3, main, landmark")],
                    [("title", "Market, 머리말, 레벨 1, 배너, 랜드마크"), ("fruit-heading", "Fruit, 머리말, 레벨 3, 본문, 랜드마크")],
                    [("title", "Market, heading 1"), ("fruit-heading", "Fruit, heading 3")],
                    [("title", "Market, 제목 1"), ("fruit-heading", "Fruit, 제목 3")]),
        // VoiceOver says a landmark as a swipe enters it; TalkBack says none on a swipe (its
        // landmarks reading control finds them: `landmarksByReadingControl` below).
        .landmarks: ([("title", "Market, heading level 1, banner, landmark"), ("home", "Home, link, Site, navigation, landmark"),
                      ("text-19", "Market 2026, content information, landmark")],
                     [("title", "Market, 머리말, 레벨 1, 배너, 랜드마크"), ("home", "Home, 링크, Site, 탐색, 랜드마크"),
                      ("text-19", "Market 2026, 콘텐츠 정보, 랜드마크")],
                     [("home", "Home, link (hint: Double-tap to activate)"), ("copyright", "Market 2026")],
                     [("home", "Home, 링크 (hint: 활성화하려면 두 번 탭하세요)"), ("copyright", "Market 2026")]),
        .list: ([("text-5", "Apple, list start"), ("text-6", "Pear, list end")],
                [("text-5", "Apple, 목록 시작"), ("text-6", "Pear, 목록 끝")],
                [("listmarker-1", "•, 1 of 2, In list, 2 items"), ("listmarker-2", "•, 2 of 2")],
                [("listmarker-1", "•, 2개 중 1번째, 목록에 있음, 항목 2개"), ("listmarker-2", "•, 2개 중 2번째")]),
        .table: ([("text-8", "Prices"), ("columnheader-1", "Item, column header, row 1, column 1, table start, 2 rows, 2 columns"),
                  ("rowheader-1", "Item, Rice, row header, row 2, column 1"), ("cell-1", "Won, 900, row 2, column 2, table end")],
                 [("text-8", "Prices"), ("columnheader-1", "Item, 열 머리글, 1행, 1열, 표 시작, 행 2개, 열 2개"),
                  ("rowheader-1", "Item, Rice, 행 머리글, 2행, 1열"), ("cell-1", "Won, 900, 2행, 2열, 표 끝")],
                 [("caption-1", "Prices, In table Prices, 2 rows, 2 columns"), ("columnheader-1", "Item, column header, Row 1"),
                  ("rowheader-1", "Rice, row header, Item"), ("cell-1", "900, Won"), ("labeltext-1", "Email, Out of table Prices")],
                 [("caption-1", "Prices, Prices 표에 있음, 행 2개, 열 2개"), ("columnheader-1", "Item, 열 헤더, 1행"),
                  ("rowheader-1", "Rice, 행 헤더, Item"), ("cell-1", "900, Won"), ("labeltext-1", "Email, Prices 표에서 벗어남")]),
        // TalkBack: Chrome reports a field invalid only past 7 characters (IsContentInvalid), so
        // an empty invalid field says no error; its description is part of its hint text.
        .textField: ([("text-13", "Email"), ("email", "Email, text field, required, invalid data (hint: Needs an @ double tap to edit)")],
                     [("text-13", "Email"), ("email", "Email, 텍스트 필드, 필수, 잘못된 데이터 (hint: Needs an @ 편집하려면 이중 탭 하십시오.)")],
                     [("labeltext-1", "Email, Out of table Prices"), ("email", "Required, Email Needs an @, Edit box (hint: Double-tap to edit text)")],
                     [("labeltext-1", "Email, Prices 표에서 벗어남"), ("email", "필수, Email Needs an @, 수정 창 (hint: 텍스트를 수정하려면 두 번 탭하세요)")]),
        .comboBox: ([("city", "City, combo box, collapsed (hint: double tap to edit)")],
                    [("city", "City, 콤보 상자, 축소됨 (hint: 편집하려면 이중 탭 하십시오.)")],
                    [("city", "collapsed, City, Edit box (hint: Double-tap to edit text)")],
                    [("city", "접힘, City, 수정 창 (hint: 텍스트를 수정하려면 두 번 탭하세요)")]),
        .disclosure: ([("more", "Opening hours, button, collapsed")], [("more", "Opening hours, 버튼, 축소됨")],
                      [("more", "collapsed, Opening hours, button (hint: Double-tap to activate)")],
                      [("more", "접힘, Opening hours, 버튼 (hint: 활성화하려면 두 번 탭하세요)")]),
        // VoiceOver says a status region's text alone; TalkBack adds Chrome's role description.
        .statusRegion: ([("text-18", "No results")], [("text-18", "No results")],
                        [("count", "No results, status")], [("count", "No results, 상태")]),
    ]

    static func check(_ reading: Result<[(id: String, text: String)], CLIError>, _ expected: [(String, String)]) throws {
        let stops = try reading.get()
        let said = Dictionary(stops.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        for (id, words) in expected {
            #expect(said[id] == words, "\(id): \(said[id] ?? "no stop")")
        }
    }

    @Test("VoiceOver, English, real Chromium in the iPhone's window", arguments: Rule.allCases)
    func voiceOverEnglish(_ rule: Rule) throws { try Self.check(Self.voiceOverEnglish, Self.words[rule]!.voiceOver) }

    @Test("VoiceOver, Korean", arguments: Rule.allCases)
    func voiceOverKorean(_ rule: Rule) throws { try Self.check(Self.voiceOverKorean, Self.words[rule]!.voiceOverKorean) }

    @Test("TalkBack, English, real Chromium in the Android phone's window", arguments: Rule.allCases)
    func talkBackEnglish(_ rule: Rule) throws { try Self.check(Self.talkBackEnglish, Self.words[rule]!.talkBack) }

    @Test("TalkBack, Korean", arguments: Rule.allCases)
    func talkBackKorean(_ rule: Rule) throws { try Self.check(Self.talkBackKorean, Self.words[rule]!.talkBackKorean) }

    @Test("the saved tree, read without a browser, gives each reader the same stops and words as the live page")
    func savedTree() throws {
        let saved = Self.fixtures.appendingPathComponent("rules.axtree.json").path
        let talkBack = try Self.read([saved, "--reader", "talkback", "--voice", "en"]).get()
        #expect(talkBack.map(\.id) == (try Self.talkBackEnglish.get()).map(\.id))
        #expect(talkBack.map(\.text) == (try Self.talkBackEnglish.get()).map(\.text))
        // VoiceOver reads the same tree (saved in the Android window): every rule's words but
        // the width the page writes.
        let voiceOver = try Self.read([saved, "--reader", "voiceover", "--voice", "en"]).get()
        let live = try Self.voiceOverEnglish.get()
        #expect(voiceOver.map(\.id) == live.map(\.id))
        #expect(zip(voiceOver, live).filter { $0.0.text != $0.1.text }.map(\.0.text) == ["412"])
    }

    @Test("the phone's boxes: the page says the phone's width; TalkBack's full-width box is that width less the margins, VoiceOver's stop is the text run inside it")
    func phoneBoxes() throws {
        func frame(_ reader: String, _ width: Int) throws -> Substring {
            let result = try CLIRunner.run(["read", Self.page, "--reader", reader, "--voice", "en", "--no-audio", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("\"text\": \"\(width)\"") }, "\(reader)")
            return try #require(line.split(separator: "\"frame\": [").last?.split(separator: "]").first, "\(line)")
        }
        #expect(try frame("talkback", 412) == "8, 158.3125, 396, 20")
        // WebKit makes the text the stop (A1): its box starts at the margin, narrower than the phone.
        let voiceOver = try frame("voiceover", 390).split(separator: ", ").compactMap { Double($0) }
        #expect(voiceOver.count == 4 && voiceOver[0] == 8 && voiceOver[1] == 158.3125 && voiceOver[2] < 390 - 16, "\(voiceOver)")
    }

    @Test("TalkBack's landmarks reading control finds the banner, the navigation, main and the footer")
    func landmarksByReadingControl() throws {
        let result = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent("rules-landmarks-talkback.json").path])
        let spoken = Self.spoken(result.stdout)
        #expect(spoken == ["Rules page, Webview", "Market, heading 1", "Home, link", "Fruit, heading 3", "Market 2026"], "\(spoken)")
    }

    /// The quoted words of a transcript's spoken lines, sounds and hints left out.
    static func spoken(_ transcript: String) -> [String] {
        transcript.split(separator: "\n").filter { $0.contains("spoken to") && $0.contains("\"") }
            .compactMap { $0.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init) }
            .filter { !$0.lowercased().contains("double") }
    }

    /// The scenario on the page's changes under `reader`: its transcript's lines.
    static func changes(_ reader: String) throws -> [String] {
        // The revealed text is found unheard (live.change-unheard): the scenario's transcript is
        // what is judged here.
        let result = try CLIRunner.run(["check", fixtures.appendingPathComponent("rules-\(reader).json").path])
        return result.stdout.split(separator: "\n").map(String.init)
    }

    static let voiceOverChanges = Result { try changes("voiceover") }
    static let talkBackChanges = Result { try changes("talkback") }

    @Test("VoiceOver: the page's title on load, a disclosure's double tap says its new state, the alert cuts in, the status waits its turn, the dialog adds no word of its own")
    func voiceOverChanges() throws {
        let lines = try Self.voiceOverChanges.get()
        #expect(Self.spoken(lines.joined(separator: "\n")) == ["Rules page", "Opening hours, button, collapsed, main, landmark",
                                                               "Opening hours, button, collapsed", "expanded",
                                                               "Nine to six", "Out of stock", "3 results", "Done, button"],
                "\(lines.joined(separator: "\n"))")
        let load = try #require(lines.dropFirst().first)
        #expect(load.contains("\"Rules page\"") && load.contains("focus move (page loaded)"), "\(load)")
        #expect(try #require(lines.first { $0.contains("\"Out of stock\"") }).contains("(alert"))
        #expect(try #require(lines.first { $0.contains("\"3 results\"") }).contains("live region polite"))
    }

    @Test("TalkBack: the document Chrome focuses on load, a disclosure's double tap says \"expanded\", the alert and the status are announcements in turn, the dialog is a pane with its title before the focused button")
    func talkBackChanges() throws {
        let lines = try Self.talkBackChanges.get()
        #expect(Self.spoken(lines.joined(separator: "\n")) == ["Rules page, Webview", "collapsed, Opening hours, button", "expanded",
                                                               "Nine to six", "Out of stock", "3 results", "Filters", "Done, button"],
                "\(lines.joined(separator: "\n"))")
        #expect(lines.dropFirst().first == "00:00.000  [focus sound]  spoken to 00:00.025  (focus move (page loaded), page loaded)", "\(lines.prefix(2))")
        #expect(try #require(lines.first { $0.contains("\"Filters\"") }).contains("dialog filters"))
    }
}
