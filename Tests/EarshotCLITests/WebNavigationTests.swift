import EarshotCore
import Foundation
import Testing

/// Tab, shift+Tab and NVDA's quick navigation (H, D, F, K, B, X) on a real page in Chromium,
/// through the built binary: what focus says (docs/web.md, section c) and what quick navigation
/// says (section d), in NVDA's English and Korean words, the transcript naming NVDA's keys; the
/// same scenario on the page's saved tree, with no browser, says the same.
@Suite("Tab and quick navigation on a page, as NVDA says them", .serialized)
struct WebNavigationTests {
    static let fixtures = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web")

    /// One focus move of a transcript: the key that made it, and what was said.
    struct Move: Equatable, CustomStringConvertible {
        var key: String
        var said: String
        var description: String { "\(key): \(said)" }
    }

    /// The focus moves of `check`'s transcript, in order (`… "WORDS"  spoken to …  (focus move (KEY), line N)`).
    static func moves(_ output: String) -> [Move] {
        output.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /^\S+  "(.*)"  spoken to \S+  \(focus move \(([^)]*)\), line \d+\)$/) else {
                return nil
            }
            return Move(key: String(match.output.2), said: String(match.output.1))
        }
    }

    static func check(_ scenario: String, voice: String, environment: [String: String] = [:]) throws -> String {
        let result = try CLIRunner.run(["check", "--voice", voice, scenario], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    static func words(_ language: String) throws -> NVDAVocabulary {
        try NVDAVocabulary.load(path: CLIRunner.repositoryRoot.appendingPathComponent("voices/nvda/\(language).json").path)
    }

    static let tab = fixtures.appendingPathComponent("nav-tab.json").path
    static let quick = fixtures.appendingPathComponent("nav-quick.json").path
    static let sets = fixtures.appendingPathComponent("nav-sets.json").path

    @Test("Tab says name, role, states, an empty edit's blank and the landmark entered; shift+Tab goes back; the browser's focus moves too")
    func tabInEnglish() throws {
        let output = try Self.check(Self.tab, voice: "en")
        // Section c: name then role; a check box's state, never its value; an edit's text, or
        // "blank" when empty; the landmark Tab enters said first (Earshot's choice). The eighth
        // Tab, past the last focusable element, says nothing. From the Name field on, NVDA is in
        // focus mode and Tab is the browser's, which selects City's text as it lands there:
        // "selected" with the text (getPreselectedTextSpeech; docs/web.md, "Browse and focus modes").
        #expect(Self.moves(output) == [
            Move(key: "tab", said: "Site navigation landmark Home link"),
            Move(key: "tab", said: "main landmark Add to cart button"),
            Move(key: "tab", said: "Gift wrap check box checked"),
            Move(key: "tab", said: "Express delivery check box not checked"),
            Move(key: "tab", said: "Name edit blank"),
            Move(key: "tab", said: "City edit selected Seoul"),
            Move(key: "tab", said: "Help link"),
            Move(key: "shift+tab", said: "City edit selected Seoul"),
            Move(key: "shift+tab", said: "Name edit blank"),
        ], "\(output)")
        // The page's focus handler ran: Tab focused the field in the browser, twice.
        let heard = output.split(separator: "\n").filter { $0.contains("\"Type your full name\"") && $0.contains("live region polite") }
        #expect(heard.count == 2, "\(output)")
    }

    @Test("Tab in Korean: NVDA's Korean role, state and blank words around the page's own names")
    func tabInKorean() throws {
        let words = try Self.words("ko")
        let output = try Self.check(Self.tab, voice: "ko")
        let link = try #require(words.roles[.link]), button = try #require(words.roles[.button])
        let checkBox = try #require(words.roles[.checkBox]), edit = try #require(words.roles[.editableText])
        let checked = try #require(words.states[.checked]), notChecked = try #require(words.negativeStates[.checked])
        let blank = try #require(words.fill("blank"))
        // The browser's Tab (focus mode from Name on) selects City's text: "Seoul 선택됨".
        let selectedSeoul = try #require(words.fill("preselectedText", ["text": "Seoul"]))
        let navigationWord = try #require(words.landmarks[.navigation]), mainWord = try #require(words.landmarks[.main])
        let navigation = try #require(words.fill("landmark", ["name": navigationWord]))
        let main = try #require(words.fill("landmark", ["name": mainWord]))
        #expect(Self.moves(output).map(\.said) == [
            "Site \(navigation) Home \(link)",
            "\(main) Add to cart \(button)",
            "Gift wrap \(checkBox) \(checked)",
            "Express delivery \(checkBox) \(notChecked)",
            "Name \(edit) \(blank)",
            "City \(edit) \(selectedSeoul)",
            "Help \(link)",
            "City \(edit) \(selectedSeoul)",
            "Name \(edit) \(blank)",
        ], "\(output)")
        // Spelled out, as reviewed against ko.json: 링크, 체크상자 해제됨, 편집창 빈줄.
        #expect(output.contains("\"Express delivery 체크상자 해제됨\""))
        #expect(output.contains("\"Name 편집창 빈줄\""))
        #expect(!output.contains("check box") && !output.contains("blank"))
    }

    @Test("quick navigation: H, D, F, K, B, X with shift going back; content first, the name said; \"no next …\" when nothing is left")
    func quickNavigationInEnglish() throws {
        let output = try Self.check(Self.quick, voice: "en")
        #expect(Self.moves(output) == [
            // H from the top enters main; the heading's text comes first, then role and level.
            Move(key: "h", said: "main landmark Order heading level 1"),
            Move(key: "h", said: "Delivery heading level 2"),
            Move(key: "h", said: "no next heading"),
            Move(key: "shift+h", said: "Order heading level 1"),
            // Control+home reads the first line in browse mode: role before the link's text.
            Move(key: "control+home", said: "Site navigation landmark link Home"),
            // D: the landmark, then its first item said as quick navigation says it.
            Move(key: "d", said: "main landmark Order heading level 1"),
            Move(key: "d", said: "no next landmark"),
            Move(key: "shift+d", said: "Site navigation landmark Home link"),
            // F: buttons, check boxes and edits are form fields; an edit says its name and value.
            Move(key: "f", said: "main landmark Add to cart button"),
            Move(key: "f", said: "Gift wrap check box checked"),
            Move(key: "f", said: "Express delivery check box not checked"),
            Move(key: "f", said: "Name edit"),
            Move(key: "f", said: "City edit Seoul"),
            Move(key: "x", said: "no next check box"),
            Move(key: "shift+x", said: "Express delivery check box not checked"),
            Move(key: "k", said: "Help link"),
            Move(key: "k", said: "no next link"),
            Move(key: "shift+k", said: "Site navigation landmark Home link"),
            Move(key: "b", said: "main landmark Add to cart button"),
            Move(key: "b", said: "no next button"),
            Move(key: "shift+b", said: "no previous button"),
        ], "\(output)")
    }

    @Test("quick navigation in Korean: the \"no next …\" templates and role words of ko.json")
    func quickNavigationInKorean() throws {
        let words = try Self.words("ko")
        let output = try Self.check(Self.quick, voice: "ko")
        let moves = Self.moves(output)
        try #require(moves.count == 21, "\(output)")
        let heading = try #require(words.roles[.heading])
        let level1 = try #require(words.fill("level", ["level": "1"])), level2 = try #require(words.fill("level", ["level": "2"]))
        let mainWord = try #require(words.landmarks[.main])
        let main = try #require(words.fill("landmark", ["name": mainWord]))
        let edit = try #require(words.roles[.editableText]), checkBox = try #require(words.roles[.checkBox])
        let notChecked = try #require(words.negativeStates[.checked])
        #expect(moves[0].said == "\(main) Order \(heading) \(level1)")
        #expect(moves[1].said == "Delivery \(heading) \(level2)")
        #expect(moves[2].said == words.fill("noNextHeading"))
        #expect(moves[6].said == words.fill("noNextLandmark"))
        #expect(moves[11].said == "Name \(edit)")
        #expect(moves[13].said == words.fill("noNextCheckBox"))
        #expect(moves[14].said == "Express delivery \(checkBox) \(notChecked)")
        #expect(moves[16].said == words.fill("noNextLink"))
        #expect(moves[19].said == words.fill("noNextButton"))
        #expect(moves[20].said == words.fill("noPreviousButton"))
        // Spelled out, as reviewed against ko.json.
        #expect(moves[2].said == "다음 헤딩 없음" && moves[20].said == "이전 버튼 없음")
        #expect(moves.map(\.key) == ["h", "h", "h", "shift+h", "control+home", "d", "d", "shift+d", "f", "f", "f", "f", "f",
                                     "x", "shift+x", "k", "k", "shift+k", "b", "b", "shift+b"])
    }

    @Test("Tab stops once in a radio group, at its checked button, and not at tabindex -1; focus says each item's place in its set")
    func tabInSets() throws {
        let output = try Self.check(Self.sets, voice: "en")
        // Chromium's tree has no posinset or setsize: Earshot counts the named radio group and
        // the tab list (WebSetPositions). The click checks Express and focuses it, which NVDA
        // says (its focus event); the group's stop is then Express, from either side.
        #expect(Self.moves(output) == [
            Move(key: "tab", said: "main landmark Delivery grouping Standard radio button checked 1 of 3"),
            Move(key: "tab", said: "Details tab selected 1 of 2"),
            Move(key: "tab", said: "Alone radio button not checked 1 of 1"),
            Move(key: "shift+tab", said: "Details tab selected 1 of 2"),
            Move(key: "page", said: "Delivery grouping Express radio button checked 2 of 3"),
            Move(key: "tab", said: "Details tab selected 1 of 2"),
            Move(key: "shift+tab", said: "Delivery grouping Express radio button checked 2 of 3"),
        ], "\(output)")
        let korean = Self.moves(try Self.check(Self.sets, voice: "ko"))
        #expect(korean.first?.said.hasSuffix("3개 중 1번째") == true, "\(korean)")
    }

    @Test("the same scenarios on the page's saved tree, with no browser, say the same words")
    func savedTree() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-nav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for page in ["navigation", "radios"] {
            let saved = folder.appendingPathComponent("\(page).axtree.json").path
            let imported = try CLIRunner.run(["import", Self.fixtures.appendingPathComponent("\(page).html").path, "-o", saved])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        // The radio group's Tab stop is the page's checked button when the tree was saved; the
        // click that checks another needs the live page, so the saved run stops before it.
        for (live, name) in [(Self.tab, "tab.json"), (Self.quick, "quick.json"), (Self.sets, "sets.json")] {
            var text = try String(contentsOfFile: live, encoding: .utf8)
                .replacingOccurrences(of: "\"navigation.html\"", with: "\"navigation.axtree.json\"")
                .replacingOccurrences(of: "\"radios.html\"", with: "\"radios.axtree.json\"")
            if name == "sets.json", let cut = text.range(of: ",\n    { \"page\"") {
                text = String(text[..<cut.lowerBound]) + "\n  ]\n}\n"
            }
            let scenario = folder.appendingPathComponent(name).path
            try text.write(toFile: scenario, atomically: true, encoding: .utf8)
            for voice in ["en", "ko"] {
                let offline = Self.moves(try Self.check(scenario, voice: voice, environment: ["PATH": "/nonexistent"]))
                #expect(!offline.isEmpty)
                // A saved tree holds no selection the browser makes on Tab (the live page's
                // "selected Seoul"): the words are the same without it.
                let selected = try #require(Self.words(voice).fill("preselectedText", ["text": "Seoul"]))
                let online = Self.moves(try Self.check(live, voice: voice)).map { move in
                    Move(key: move.key, said: move.said.replacingOccurrences(of: selected, with: "Seoul"))
                }
                #expect(offline == Array(online.prefix(offline.count)), "\(name) in \(voice)")
                #expect(name == "sets.json" ? offline.count == 4 : offline.count == online.count, "\(name) in \(voice)")
            }
        }
    }

    @Test("a scenario on an app's screen takes the same gestures: the rotor by traits, named as VoiceOver's")
    func appScreenUnderVoiceOver() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-nav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/settings.json").path
        let scenario = folder.appendingPathComponent("rotor.json").path
        try """
        { "screen": "\(screen)", "steps": [ { "gesture": "nextCheckBox" }, { "gesture": "nextFormField" },
          { "gesture": "nextFormField" }, { "gesture": "nextLandmark" } ] }
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let output = try Self.check(scenario, voice: "en")
        let said = Self.moves(output).map(\.description)
        // A switch is a check box and a form control; an adjustable is a form control.
        #expect(said.contains("rotor check boxes, swipe down: Wi-Fi, Switch button, on"), "\(output)")
        #expect(said.contains("rotor form controls, swipe down: 블루투스, Switch button, off"), "\(output)")
        #expect(said.contains("rotor form controls, swipe down: 밝기, 50%, Adjustable"), "\(output)")
        // No landmarks on an app's screen: the boundary sound, nothing said.
        #expect(output.contains("boundary (rotor landmarks, swipe down)"), "\(output)")
    }
}
