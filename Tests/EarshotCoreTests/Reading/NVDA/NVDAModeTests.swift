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
}
