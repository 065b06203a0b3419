import EarshotCore
import Foundation
import Testing

/// NVDA's browse and focus modes on a real page in Chromium, through the built binary
/// (docs/web.md, "Browse and focus modes, as played"): focus landing on an edit field switches
/// to focus mode with NVDA's sound (or its words), Escape leaves it without reaching the page,
/// NVDA+space toggles, and in focus mode the arrows go to the page.
@Suite("NVDA's browse and focus modes on a page", .serialized)
struct WebModeTests {
    typealias Move = WebNavigationTests.Move

    static func scenario(_ name: String) -> String {
        WebNavigationTests.fixtures.appendingPathComponent(name).path
    }

    /// The transcript's lines as (start, what was played or said, why), in order.
    static func lines(_ output: String) -> [(start: String, what: String, cause: String)] {
        output.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /^(\d\d:\d\d\.\d\d\d)  (\[[^\]]*\]|"[^"]*")  \S+.*?\(([^,]*), line \d+/) else { return nil }
            return (String(match.output.1), String(match.output.2), String(match.output.3))
        }
    }

    @Test("Tab into an edit field switches to focus mode: NVDA's sound, then the field's words; the first Escape leaves focus mode with the browse mode sound and does not reach the page, the next one does")
    func tabIntoEditThenEscape() throws {
        let output = try WebNavigationTests.check(Self.scenario("modes-tab.json"), voice: "en")
        let lines = Self.lines(output)
        #expect(lines.map(\.what) == ["[focusMode sound]", "\"main landmark Name edit blank\"", "[browseMode sound]",
                                      "\"Escape reached the page\""], "\(output)")
        // The sound at the Tab, the words after it; the first Escape (3 s) only switches; the
        // page hears the second (4 s), and its status line says so.
        #expect(lines.map(\.start) == ["00:00.000", "00:00.150", "00:03.000", "00:04.000"], "\(output)")
        #expect(lines.map(\.cause) == ["focus move (tab)", "focus move (tab)", "mode switch (escape)", "live region polite"],
                "\(output)")
    }

    @Test("with passThroughAudioIndication off NVDA says Focus mode after the field and Browse mode on Escape, in English and Korean")
    func modeWordsWhenTheSoundIsOff() throws {
        let folder = try TemporaryVoices.copy(setting: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (voice, focusWords, browseWords) in [("en", "Focus mode", "Browse mode"), ("ko", "포커스 모드", "브라우즈 모드")] {
            let profile = folder.appendingPathComponent("\(voice).json").path
            let result = try CLIRunner.run(["check", "--voice", profile, Self.scenario("modes-tab.json")])
            #expect(result.status == 0, "\(result.stderr)")
            let said = Self.lines(result.stdout).map(\.what)
            #expect(!said.contains { $0.hasPrefix("[") }, "\(result.stdout)")
            #expect(said.count == 4 && said[1] == "\"\(focusWords)\"" && said[2] == "\"\(browseWords)\"", "\(result.stdout)")
        }
    }

    @Test("in focus mode the down arrow goes to the page: the radio group's own handler checks and focuses the next radio, which NVDA says as focus does")
    func arrowsReachTheRadioGroup() throws {
        let output = try WebNavigationTests.check(Self.scenario("modes-radios.json"), voice: "en")
        #expect(WebNavigationTests.moves(output) == [
            Move(key: "tab", said: "main landmark Name edit blank"),
            // Tab in focus mode goes to the browser; a radio button keeps focus mode (no sound).
            Move(key: "tab", said: "Small radio button checked 1 of 3"),
            Move(key: "down arrow", said: "Medium radio button checked 2 of 3"),
            Move(key: "down arrow", said: "Large radio button checked 3 of 3"),
        ], "\(output)")
        #expect(Self.lines(output).filter { $0.what.hasPrefix("[") }.map(\.what) == ["[focusMode sound]"], "\(output)")
    }

    @Test("NVDA+space on a button enters focus mode with its sound and focuses the button, which is said; in a focus mode the user chose Escape goes to the page; NVDA+space again is browse mode")
    func toggle() throws {
        let output = try WebNavigationTests.check(Self.scenario("modes-toggle.json"), voice: "en")
        let lines = Self.lines(output)
        #expect(lines.map(\.what) == ["\"main landmark Done button\"", "[focusMode sound]", "\"Done button\"",
                                      "\"Escape reached the page\"", "[browseMode sound]"], "\(output)")
        #expect(lines[1].cause == "focus move (NVDA+space)" && lines[4].cause == "mode switch (NVDA+space)", "\(output)")
    }

    @Test("Enter on an edit field in browse mode (NVDA's _activatePosition, shouldPassThrough with no reason) enters focus mode with its sound and focuses the field, which is said; Enter on a button activates it, no switch")
    func enterOnAnEditField() throws {
        let output = try WebNavigationTests.check(Self.scenario("modes-enter.json"), voice: "en")
        let lines = Self.lines(output)
        #expect(lines.map(\.what) == ["\"main landmark Name edit\"", "[focusMode sound]", "\"Name edit blank\"",
                                      "[browseMode sound]", "\"Done button\""], "\(output)")
        #expect(lines.map(\.cause) == ["focus move (e)", "focus move (enter)", "focus move (enter)", "mode switch (escape)",
                                       "focus move (b)"], "\(output)")
        #expect(lines.map(\.start) == ["00:00.000", "00:02.000", "00:02.150", "00:04.000", "00:05.000"], "\(output)")
    }

    @Test("the sign-in sample: the invalid field focused by the page says its error message and its selected text, in English and Korean")
    func signInSample() throws {
        let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples/web")
        let english = try WebNavigationTests.check(samples.appendingPathComponent("signin-form.json").path, voice: "en")
        #expect(english.contains("\"Email edit required invalid entry Enter an address with @ in it selected me.example.com\""), "\(english)")
        #expect(english.contains("[browseMode sound]  spoken to 00:05.299  (focus move (tab), line 11)"), "\(english)")
        let korean = try WebNavigationTests.check(samples.appendingPathComponent("signin-form-ko.json").path, voice: "ko")
        #expect(korean.contains("\"이메일 편집창 필요함 입력 오류 @가 들어간 주소를 입력하세요 me.example.com 선택됨\""), "\(korean)")
    }

    @Test("space in browse mode on an edit field enters focus mode as Enter does; text typed there is echoed character by character, each key cutting the one before, a space and a mark by NVDA's names, a password's as star; space on a check box activates it")
    func spaceAndTyping() throws {
        let output = try WebNavigationTests.check(Self.scenario("modes-space.json"), voice: "en")
        let lines = Self.lines(output)
        #expect(lines.map(\.what) == [
            "\"main landmark City edit\"", "[focusMode sound]", "\"City edit blank\"",
            "\"a\"", "\"space\"", "\"b\"", "\"bang\"",
            "\"PIN edit protected blank\"", "\"star\"",
            "[browseMode sound]", "\"Gift wrap check box not checked\"", "\"checked\"",
        ], "\(output)")
        #expect(lines.map(\.cause).contains("focus move (space)") && lines.map(\.cause).contains("typed (!)"), "\(output)")
        // All four typed at one moment: each cut by the next key, the last one heard.
        #expect(output.contains("\"a\"  cut") && output.contains("\"b\"  cut") && output.contains("\"bang\"  spoken"), "\(output)")
    }

    @Test("alt+down arrow on a collapsed combo box in browse mode: the focus mode sound as the key goes, then the page's expanded; alt+up arrow in focus mode reaches the page, which collapses it; Escape leaves focus mode")
    func expandAndCollapse() throws {
        let output = try WebNavigationTests.check(Self.scenario("modes-expand.json"), voice: "en")
        let lines = Self.lines(output)
        #expect(lines.map(\.what) == ["\"main landmark Size combo box collapsed Medium\"", "[focusMode sound]", "\"expanded\"",
                                      "\"collapsed\"", "[browseMode sound]"], "\(output)")
        #expect(lines[1].cause == "mode switch (alt+down arrow)" && lines[4].cause == "mode switch (escape)", "\(output)")
    }
}

/// A copy of the repository's voices with NVDA's `passThroughAudioIndication` set.
enum TemporaryVoices {
    static func copy(setting indication: Bool) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-modes-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent("voices"), to: folder)
        let sounds = folder.appendingPathComponent("sounds/nvda.json")
        let text = try String(contentsOf: sounds, encoding: .utf8)
            .replacingOccurrences(of: "\"passThroughAudioIndication\": true", with: "\"passThroughAudioIndication\": \(indication)")
        try text.write(to: sounds, atomically: true, encoding: .utf8)
        return folder
    }
}
