import Foundation
import Testing
@testable import EarshotCore

/// NVDA's browse and focus modes on a saved tree with no browser (docs/web.md, "Browse and focus
/// modes, as played"): `shouldPassThrough` (browseMode.py at 0057dd93) on each kind of control,
/// Tab into an edit field with the focus mode sound before its words, Escape and NVDA+space,
/// and a field focused with its text selected (`getPreselectedTextSpeech`, speech/speech.py at
/// 00235ec1) in English and Korean.
@Suite("NVDA's browse and focus modes, on a saved tree")
struct NVDAModeTests {
    /// A heading, an edit, an edit with its text selected, a button, a link, two radio buttons,
    /// a list box with an option, a disabled edit, a button in a toolbar.
    static func page() throws -> Screen {
        func text(_ id: String, _ words: String) -> WebPageTree.Node { .init(id: id, role: "StaticText", name: words) }
        let focusable: [String: WebProperty] = ["focusable": .bool(true)]
        let field = focusable.merging(["editable": .text("plaintext")]) { $1 }
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Form", children: ["h", "name", "city", "ok", "help", "r1", "r2", "box", "off", "bar"]),
            .init(id: "h", role: "heading", name: "Form", properties: ["level": .number(1)], children: ["ht"], tag: "h1"),
            text("ht", "Form"),
            .init(id: "name", role: "textbox", name: "Name", properties: field, tag: "input"),
            .init(id: "city", role: "textbox", name: "City", value: "Seoul",
                  properties: field.merging(["domSelectedText": .text("Seoul")]) { $1 }, tag: "input"),
            .init(id: "ok", role: "button", name: "OK", properties: focusable, children: ["okt"], tag: "button"), text("okt", "OK"),
            .init(id: "help", role: "link", name: "Help", properties: focusable, children: ["helpt"], tag: "a"), text("helpt", "Help"),
            .init(id: "r1", role: "radio", name: "Small", properties: focusable.merging(["checked": .text("true")]) { $1 }, tag: "input"),
            .init(id: "r2", role: "radio", name: "Large", properties: focusable.merging(["checked": .text("false")]) { $1 }, tag: "input"),
            .init(id: "box", role: "listbox", name: "Toppings", properties: focusable, children: ["opt"], tag: "select"),
            .init(id: "opt", role: "option", name: "Cheese", properties: ["selected": .bool(true)], tag: "option"),
            // Chromium gives a disabled field no focusable state.
            .init(id: "off", role: "textbox", name: "Code", properties: ["editable": .text("plaintext"), "disabled": .bool(true)],
                  tag: "input"),
            .init(id: "bar", role: "toolbar", name: "Format", children: ["bold"]),
            .init(id: "bold", role: "button", name: "Bold", properties: focusable, children: ["boldt"], tag: "button"), text("boldt", "Bold"),
        ]
        // Each element by its own id (its DOM id), as the page's are.
        let named = nodes.map { node in
            var node = node
            if node.role != "StaticText", node.role != "RootWebArea" { node.domID = node.id }
            return node
        }
        let tree = WebPageTree(url: "file:///form.html", title: "Form", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: named)
        return try WebPageInterpreter.screen(from: tree, defaultName: "form")
    }

    static func nvda(_ voice: String = "en") throws -> NVDA { try NVDA(profile: try ScreenTestSupport.profile(voice)) }

    @Test("shouldPassThrough with reason focus: an edit, a radio button, a list box and a toolbar's button switch to focus mode; a button, a link, a heading and a disabled edit do not")
    func passThroughRules() throws {
        let screen = try Self.page(), nvda = try Self.nvda()
        let passes = ["name", "city", "r1", "box", "bold"], stays = ["ok", "help", "h", "off"]
        for id in passes { #expect(nvda.passesThrough(onFocusOf: id, in: screen) == true, "\(id)") }
        for id in stays { #expect(nvda.passesThrough(onFocusOf: id, in: screen) == false, "\(id)") }
        // VoiceOver and TalkBack have no such modes.
        #expect(VoiceOver().passesThrough(onFocusOf: "name", in: screen) == nil)
    }

    @Test("a switch is NVDA's sound with passThroughAudioIndication on, its words with it off, in English and Korean")
    func switchIndication() throws {
        let english = try Self.nvda("en"), korean = try Self.nvda("ko")
        #expect(english.modeSwitch(toFocusMode: true) == ModeSwitch(sound: .focusMode))
        #expect(english.modeSwitch(toFocusMode: false) == ModeSwitch(sound: .browseMode))
        let quiet = NVDA(words: english.words, modeSounds: false), quietKorean = NVDA(words: korean.words, modeSounds: false)
        #expect(quiet.modeSwitch(toFocusMode: true) == ModeSwitch(words: "Focus mode"))
        #expect(quiet.modeSwitch(toFocusMode: false) == ModeSwitch(words: "Browse mode"))
        #expect(quietKorean.modeSwitch(toFocusMode: true) == ModeSwitch(words: "포커스 모드"))
        #expect(quietKorean.modeSwitch(toFocusMode: false) == ModeSwitch(words: "브라우즈 모드"))
    }

    @Test("a field focused with its text selected says selected and the text in place of its line: English and Korean")
    func preselectedText() throws {
        let screen = try Self.page()
        for (voice, expected) in [("en", "City edit selected Seoul"), ("ko", "City 편집창 Seoul 선택됨")] {
            let (navigator, stops) = try NVDATableTests.reading(screen, voice: voice)
            let city = try #require(stops.first { $0.id == "city" })
            let said = navigator.generator.describeJump(to: city, .focusable, after: nil)
            #expect(said.text == expected, "\(voice)")
        }
    }

    @Test("a mistake in NVDA's sound set is located in its file: a sound missing, the setting missing or not true or false")
    func soundSetMistakes() throws {
        let original = try String(contentsOf: ScreenTestSupport.repositoryRoot.appendingPathComponent("voices/sounds/nvda.json"),
                                  encoding: .utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-nvda-sounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nvda.json").path
        #expect(try NVDASoundSet.load(path: ScreenTestSupport.repositoryRoot.appendingPathComponent("voices/sounds/nvda.json").path)
            .audioIndication)
        for (old, new, words) in [("\"browseMode\": {", "\"browsemode\": {", "browsemode"),
                                  ("\"passThroughAudioIndication\": true", "\"passThroughAudioIndication\": \"yes\"", "expected true or false"),
                                  (",\n  \"passThroughAudioIndication\": true", "", "passThroughAudioIndication")] {
            try original.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try NVDASoundSet.load(path: path)
                Issue.record("\(new) was taken")
            } catch let error as DataFileError {
                let text = String(describing: error)
                #expect(text.contains("nvda.json") && text.contains(words), "\(text)")
            }
        }
    }

    /// The desk check's transcript as (what played or was said, why), in order.
    static func played(_ desk: DeskCheck) -> [String] {
        desk.finish().entries.compactMap { entry in
            guard case .spoken = entry.fate else { return nil }
            let what = entry.utterance.earcon.map { "[\($0)]" } ?? entry.utterance.text
            return "\(what) (\(entry.utterance.cause))"
        }
    }

    @Test("Tab into the edit: the focus mode sound, then its words; Escape: the browse mode sound, no key; NVDA+space twice: focus mode then browse mode, the user's choice")
    func deskCheck() throws {
        let profile = try ScreenTestSupport.profile("en")
        let desk = try DeskCheck(screen: try Self.page(), session: try ReadingSession(voice: profile, reader: try NVDA(profile: profile)),
                                 clock: VirtualClock(), device: TimedDevice())
        try desk.perform(.tab)
        desk.waitUntilIdle()
        #expect(desk.inFocusMode)
        #expect(desk.modeGesture(.escape, source: nil) == .handled(focus: nil))
        desk.waitUntilIdle()
        #expect(!desk.inFocusMode)
        // In browse mode Escape is no mode gesture: it goes on to the page.
        #expect(desk.modeGesture(.escape, source: nil) == .notHandled)
        #expect(desk.modeGesture(.toggleFocusMode, source: nil) == .handled(focus: nil))
        desk.waitUntilIdle()
        // Tab on to City in a focus mode the user chose: no switch, no sound.
        try desk.perform(.tab)
        desk.waitUntilIdle()
        #expect(desk.inFocusMode)
        // Escape in a chosen focus mode goes to the page.
        #expect(desk.modeGesture(.escape, source: nil) == .notHandled)
        #expect(desk.modeGesture(.toggleFocusMode, source: nil) == .handled(focus: nil))
        desk.waitUntilIdle()
        #expect(Self.played(desk) == [
            "[focusMode] (focus move (tab))", "Name edit blank (focus move (tab))",
            "[browseMode] (mode switch (escape))",
            "[focusMode] (mode switch (NVDA+space))",
            "City edit selected Seoul (focus move (tab))",
            "[browseMode] (mode switch (NVDA+space))",
        ])
    }

    /// A page with the browser's focus on `focus`: an edit, a password field, a button, and a
    /// combo box, collapsed or not.
    static func focused(_ focus: String, expanded: Bool = false) throws -> Screen {
        let focusable: [String: WebProperty] = ["focusable": .bool(true)]
        let field = focusable.merging(["editable": .text("plaintext")]) { $1 }
        var nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Form", children: ["name", "pin", "ok", "size"]),
            .init(id: "name", role: "textbox", name: "Name", properties: field, tag: "input", domID: "name"),
            .init(id: "pin", role: "textbox", name: "PIN", properties: field.merging(["domPassword": .bool(true)]) { $1 }, tag: "input",
                  domID: "pin"),
            .init(id: "ok", role: "button", name: "OK", properties: focusable, children: ["okt"], tag: "button", domID: "ok"),
            .init(id: "okt", role: "StaticText", name: "OK"),
            .init(id: "size", role: "combobox", name: "Size", value: "Medium",
                  properties: focusable.merging(["expanded": .bool(expanded)]) { $1 }, tag: "span", domID: "size"),
        ]
        for index in nodes.indices where nodes[index].id == focus { nodes[index].properties["focused"] = .bool(true) }
        let tree = WebPageTree(url: "file:///form.html", title: "Form", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "form")
    }

    static func desk(_ screen: Screen, voice: String = "en") throws -> DeskCheck {
        let profile = try ScreenTestSupport.profile(voice)
        return try DeskCheck(screen: screen, session: try ReadingSession(voice: profile, reader: try NVDA(profile: profile)),
                             clock: VirtualClock(), device: TimedDevice())
    }

    /// Each utterance as "text fate (cause)", the fate `spoken`, `cut` or `dropped`.
    static func fates(_ desk: DeskCheck) -> [String] {
        desk.finish().entries.map { entry in
            let fate = switch entry.fate {
            case .spoken: "spoken"
            case .cut: "cut"
            case .dropped: "dropped"
            }
            return "\(entry.utterance.earcon.map { "[\($0)]" } ?? entry.utterance.text) \(fate) (\(entry.utterance.cause))"
        }
    }

    @Test("typed a b! in an edit field: each key cuts the speech before it, each character spelled, a space and a mark by their names in NVDA's symbols.dic")
    func typedCharacters() throws {
        let desk = try Self.desk(try Self.focused("name"))
        for character in "a b!" { desk.typed(character, after: "", source: nil) }
        desk.waitUntilIdle()
        #expect(Self.fates(desk) == ["a cut (typed (a))", "space cut (typed (space))", "b cut (typed (b))", "bang spoken (typed (!))"])
    }

    @Test("Korean: a typed mark by its name in NVDA's Korean symbols.dic, a space as that file names it, a letter as itself")
    func typedCharactersKorean() throws {
        let desk = try Self.desk(try Self.focused("name"), voice: "ko")
        for character in "a b!" { desk.typed(character, after: "", source: nil) }
        desk.waitUntilIdle()
        #expect(Self.fates(desk) == ["a cut (typed (a))", "space cut (typed (space))", "b cut (typed (b))", "느낌표 spoken (typed (!))"])
    }

    @Test("a password field's characters are said as NVDA's protected character, star; on a button a typed key only cuts the speech")
    func typedCharactersElsewhere() throws {
        let password = try Self.desk(try Self.focused("pin"))
        password.typed("7", after: "", source: nil)
        password.waitUntilIdle()
        #expect(Self.fates(password) == ["star spoken (typed (7))"])
        let button = try Self.desk(try Self.focused("ok"))
        button.scheduler.handle(.announcement("Saved"))
        button.typed("a", after: "", source: nil)
        button.waitUntilIdle()
        #expect(Self.fates(button).count == 1 && Self.fates(button)[0].hasPrefix("Saved cut"), "\(Self.fates(button))")
        // Readers that do not echo typing hear nothing of it.
        let screen = try Self.focused("name")
        #expect(VoiceOver().typedCharacter("a", after: "", focus: "name", in: screen) == nil)
    }

    @Test("the symbols files: each name cited, the Korean file's base English, a key that is not one character refused at its place")
    func symbolsFiles() throws {
        let folder = ScreenTestSupport.repositoryRoot.appendingPathComponent("voices/nvda/symbols")
        let english = try NVDATyping.symbols(path: folder.appendingPathComponent("en.json").path)
        let korean = try NVDATyping.symbols(path: folder.appendingPathComponent("ko.json").path)
        #expect(english["!"] == "bang" && english[" "] == "space" && english["*"] == "star" && english["\t"] == "tab")
        #expect(korean["!"] == "느낌표" && korean["."] == "점")
        // A character the Korean file does not name is English's (NVDA's English base).
        #expect(korean["¡"] == "inverted exclamation point")
        for language in ["en", "ko"] {
            let data = try Data(contentsOf: folder.appendingPathComponent("\(language).json"))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(root["licence"] as? String == "GPL-2.0-or-later")
            let symbols = try #require(root["symbols"] as? [String: String])
            let cited = try #require((root["citations"] as? [String: Any])?["symbols"] as? [String: Any])
            #expect(Set(symbols.keys) == Set(cited.keys), "\(language).json")
            for key in symbols.keys {
                let problem = WordCitations.problem(with: cited[key], repository: "nvaccess/nvda")
                #expect(problem == nil, "\(language).json citations.symbols.\(key): \(problem ?? "")")
            }
        }
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-symbols-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: bad) }
        try #"{"language": "en", "symbols": {"ab": "ay bee"}}"#.write(to: bad, atomically: true, encoding: .utf8)
        do {
            _ = try NVDATyping.symbols(path: bad.path)
            Issue.record("a key of two characters was taken")
        } catch let error as DataFileError {
            #expect(String(describing: error).contains("\"ab\" is not one character"), "\(error)")
        }
    }

    @Test("space in browse mode is Enter's script: on an edit field focus mode with its sound; in focus mode it is the page's space")
    func space() throws {
        let desk = try Self.desk(try Self.page())
        _ = try desk.perform(.jump(.edit, forward: true))
        desk.waitUntilIdle()
        #expect(desk.modeGesture(.space, source: nil) == .handled(focus: nil))
        #expect(desk.inFocusMode)
        #expect(desk.keyForPage(.space) == PageKey("Space"))
        desk.waitUntilIdle()
        #expect(Self.played(desk).last == "[focusMode] (mode switch (space))")
    }

    @Test("alt+down arrow in browse mode: a collapsed combo box with the focus switches to focus mode, remembered as expanded; one not collapsed stays in browse mode; in focus mode the key goes to the page")
    func expandControl() throws {
        let collapsed = try Self.desk(try Self.focused("size"))
        _ = try collapsed.perform(.jump(.comboBox, forward: true))
        collapsed.waitUntilIdle()
        // With a page open live the key goes to it after the control is focused.
        #expect(collapsed.modeGesture(.expandControl, canFocus: true, source: nil)
            == .passesKey(focus: nil, key: PageKey("ArrowDown", modifiers: [.alt])))
        #expect(collapsed.modeGesture(.expandControl, source: nil) == .handled(focus: nil))
        #expect(collapsed.inFocusMode)
        #expect(collapsed.keyForPage(.collapseControl) == PageKey("ArrowUp", modifiers: [.alt]))
        #expect(collapsed.modeGesture(.collapseControl, source: nil) == .notHandled)
        collapsed.waitUntilIdle()
        #expect(Self.played(collapsed).last == "[focusMode] (mode switch (alt+down arrow))")
        let open = try Self.desk(try Self.focused("size", expanded: true))
        _ = try open.perform(.jump(.comboBox, forward: true))
        #expect(open.modeGesture(.expandControl, source: nil) == .handled(focus: nil))
        #expect(!open.inFocusMode)
    }
}
