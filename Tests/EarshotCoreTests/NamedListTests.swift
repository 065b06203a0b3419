import Foundation
import Testing
@testable import EarshotCore

/// Each closed list of names is declared once, as a type; everything that lists, parses or
/// suggests its names draws them from that type.
@Suite("Closed lists of names")
struct NamedListTests {
    /// Every name parses back to its own case, and no two cases share a name.
    static func roundTrips<T: NamedCases & Equatable>(_ type: T.Type) -> Bool {
        Set(T.names).count == T.allCases.count && T.allCases.allSatisfy { T(rawValue: $0.rawValue) == $0 }
    }

    @Test("readers, screen formats, punctuation levels, severities, layout directions, transitions, gestures and drop reasons round-trip by name")
    func everyNameRoundTrips() {
        #expect(ScreenReaders.builtIn.map { $0.name.rawValue } == ["voiceover", "talkback", "nvda"])
        #expect(ScreenReaders.names.allSatisfy { ScreenReaders.named($0)?.name == $0 })
        #expect(Self.roundTrips(ScreenInputFormat.self))
        #expect(ScreenInputFormat.names == ["screen", "wda-xml", "wda-json", "idb-json", "uiautomator", "axtree"])
        #expect(Self.roundTrips(PunctuationLevel.self))
        #expect(Self.roundTrips(FindingSeverity.self))
        #expect(Self.roundTrips(LayoutDirection.self))
        #expect(Self.roundTrips(TransitionKind.self))
        #expect(Self.roundTrips(ScenarioGesture.Name.self))
        #expect(ScenarioGesture.Name.names.count == 56)
        #expect(Self.roundTrips(NavigationTarget.self))
        #expect(Self.roundTrips(DropReason.Code.self))
        #expect(Self.roundTrips(ScenarioGesture.ScrollDirection.self))
        #expect(Self.roundTrips(PostedNotification.Name.self))
        #expect(PostedNotification.Name.names == ["announcement", "screenChanged", "layoutChanged", "pageScrolled",
                                                  "announceForAccessibility", "liveRegion", "paneTitle"])
    }

    @Test("every gesture name a step can write parses into the gesture of that name, with the keys it takes")
    func gesturesParseByName() throws {
        for name in ScenarioGesture.Name.allCases {
            let values: [String: String] = ["x": "10", "y": "60", "text": #""2쪽""#, "direction": #""down""#, "fromTop": "true",
                                            "name": #""삭제""#, "changes": "[]"]
            let extra = name.keys.map { #", "\#($0)": \#(values[$0]!)"# }.joined()
            let scenario = try ScenarioTestSupport.parse(#"{ "gesture": "\#(name.rawValue)"\#(extra) }"#)
            guard case .gesture(let gesture) = scenario.steps.first?.action else {
                Issue.record("\(name) is not a gesture step")
                continue
            }
            #expect(gesture.stepName == name)
        }
        let misspelt = ScenarioTestSupport.parseError(ScenarioTestSupport.scenarioText(#"{ "gesture": "nxt" }"#))
        #expect(misspelt?.message.hasPrefix(#"unknown gesture "nxt"; did you mean "next"? (valid: next, previous, first, last, "#) == true,
                "\(String(describing: misspelt))")
    }

    @Test("every typed gesture name gives a gesture of its own Name, the typed names are each once, and a typed gesture checks what follows it")
    func typedGestures() throws {
        #expect(ScenarioGesture.typedNames == ["next", "previous", "first", "last", "heading", "previous-heading", "tab",
                                               "shift-tab", "landmark", "previous-landmark", "form-field",
                                               "previous-form-field", "link", "previous-link", "button", "previous-button",
                                               "checkbox", "previous-checkbox", "table", "previous-table", "edit", "previous-edit",
                                               "list", "previous-list", "list-item", "previous-list-item", "frame", "previous-frame",
                                               "separator", "previous-separator", "radio-button", "previous-radio-button",
                                               "combo-box", "previous-combo-box", "graphic", "previous-graphic", "block-quote",
                                               "previous-block-quote", "not-link-block", "previous-not-link-block", "activate", "escape", "focus-mode", "space", "expand", "collapse", "increment",
                                               "decrement", "touch", "read", "read-top"])
        #expect(Set(ScenarioGesture.typedNames).count == ScenarioGesture.typedNames.count)
        for name in ScenarioGesture.Name.allCases {
            for typed in name.typedNames {
                let gesture = try ScenarioGesture.typed(typed, argument: name == .touch ? "120 300" : "")
                #expect(gesture?.stepName == name, "\(typed)")
            }
        }
        #expect(try ScenarioGesture.typed("read-top", argument: "") == .readAll(fromTop: true))
        #expect(try ScenarioGesture.typed("read", argument: "") == .readAll(fromTop: false))
        #expect(try ScenarioGesture.typed("heading", argument: "") == .nextHeading)
        #expect(try ScenarioGesture.typed("shift-tab", argument: "") == .jump(.focusable, forward: false))
        #expect(try ScenarioGesture.typed("previous-checkbox", argument: "") == .jump(.checkBox, forward: false))
        #expect(try ScenarioGesture.typed("form-field", argument: "") == .jump(.formField, forward: true))
        #expect(try ScenarioGesture.typed("touch", argument: "12.5  30") == .touch(x: 12.5, y: 30))
        // A step's name that is no typed name, and a name nothing has.
        #expect(try ScenarioGesture.typed("nextHeading", argument: "") == nil)
        #expect(try ScenarioGesture.typed("scroll", argument: "") == nil)
        #expect(throws: TypedGestureError("touch needs two numbers, X and Y in points, e.g. touch 120 300")) {
            try ScenarioGesture.typed("touch", argument: "120 300 4")
        }
        #expect(throws: TypedGestureError("escape takes nothing after it, found \"now\"")) {
            try ScenarioGesture.typed("escape", argument: "now")
        }
    }

    @Test("every drop reason has its own code, the codes are exactly the declared names, and a scenario's reason takes each")
    func dropReasonCodes() throws {
        let reasons: [DropReason] = [.postedDuringGestureSpeech, .postedWithinGestureWindow, .replacedByUserGesture, .screenChanged,
                                     .layoutChanged, .cancelledByNewEvent, .precedingSpeechCut, .repeatedPageScroll, .emptyText,
                                     .deviceFailed("no voice"), .sessionEnded, .focusExpired]
        #expect(reasons.map(\.code) == DropReason.Code.names)
        for code in DropReason.Code.names {
            _ = try ScenarioTestSupport.parse(#"{ "post": "announcement", "text": "a" }, { "expect": { "text": "a", "fate": "dropped", "reason": "\#(code)" } }"#)
        }
        let misspelt = ScenarioTestSupport.parseError(ScenarioTestSupport.scenarioText(
            #"{ "post": "announcement", "text": "a" }, { "expect": { "text": "a", "fate": "dropped", "reason": "emptyTxt" } }"#))
        #expect(misspelt?.message.hasPrefix(#"unknown drop reason "emptyTxt"; did you mean "emptyText"? (valid: postedDuringGestureSpeech, "#) == true,
                "\(String(describing: misspelt))")
    }

    @Test("transcript formats are named by their extensions, which a path and an option both parse")
    func transcriptFormats() {
        #expect(TranscriptFormat.extensionNames == ["txt", "jsonl", "vtt"])
        for format in TranscriptFormat.allCases {
            let name = String(format.fileExtension.dropFirst())
            #expect(TranscriptFormat(extensionName: name) == format)
            #expect(TranscriptFormat(path: "out" + format.fileExtension) == format)
        }
        #expect(TranscriptFormat.unknownExtensionName("jsnl", option: "transcript-format")
                == #"unknown --transcript-format "jsnl"; did you mean "jsonl"? (valid: txt, jsonl, vtt)"#)
    }
}

@Suite("One message for an unknown name")
struct NameSuggestionTests {
    @Test("suggests the nearest name, in one form, with the prefix an option takes")
    func suggestsNearest() {
        #expect(NameSuggestion.didYouMean("talkbak", in: ScreenReaders.builtIn.map { $0.name.rawValue }) == #"; did you mean "talkback"?"#)
        #expect(NameSuggestion.didYouMean("vocie", in: ["voice", "device", "reader"], prefix: "--") == #"; did you mean "--voice"?"#)
        #expect(NameSuggestion.didYouMean("previos", in: ScenarioGesture.Name.names) == #"; did you mean "previous"?"#)
        #expect(NameSuggestion.unknown("--reader", "Talkback!", in: ScreenReaders.builtIn.map { $0.name.rawValue })
                == #"unknown --reader "Talkback!"; did you mean "talkback"? (valid: voiceover, talkback, nvda)"#)
    }

    @Test("suggests nothing when no name is near: the message lists the valid names only")
    func nothingWhenFar() {
        #expect(NameSuggestion.didYouMean("zzzzzz", in: ScreenReaders.builtIn.map { $0.name.rawValue }) == "")
        #expect(NameSuggestion.didYouMean("", in: ["voice"]) == "")
        #expect(NameSuggestion.unknown("reader", "narrator", in: ScreenReaders.builtIn.map { $0.name.rawValue })
                == #"unknown reader "narrator" (valid: voiceover, talkback, nvda)"#)
    }
}
