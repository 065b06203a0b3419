import Foundation
import Testing
@testable import EarshotCore

/// Which parts of a description an element's speech attributes reach, how the screen format
/// reads and writes them, and how an announcement step carries them (docs/screen-format.md,
/// "Speech attributes").
@Suite("Speech attributes in screens, descriptions and scenarios")
struct SpeechAttributeDescriptionTests {
    typealias S = ScreenTestSupport

    static let elements = #"""
    {"id": "code", "kind": "button", "label": "QR7", "value": "A1", "hint": "복사합니다", "language": "en",
     "spellOut": true, "punctuation": true, "pitch": 1.25, "ipa": "kjuː", "customActions": ["공유"]}
    """#

    @Test("label, value and own hint carry the attributes; trait words and hint sentences do not; ipa stays on the label")
    func reach() throws {
        let stop = try #require(FocusOrder(screen: try S.screen(Self.elements)).stops.first)
        #expect(stop.language == "en")
        #expect(stop.speech == SpeechAttributes(spellOut: true, punctuation: true, pitch: 1.25, ipa: "kjuː"))
        let description = try S.generator("ko").describe(stop)
        #expect(description.text == "QR7, A1, 버튼")
        let spans = description.spoken.spans
        #expect(spans.map(\.text) == ["QR7", ", ", "A1", ", 버튼"])
        #expect(spans[0].attributes == SpeechAttributes(language: "en", spellOut: true, punctuation: true, pitch: 1.25, ipa: "kjuː"))
        #expect(spans[1].attributes.isEmpty)
        #expect(spans[2].attributes == SpeechAttributes(language: "en", spellOut: true, punctuation: true, pitch: 1.25))
        #expect(spans[3].attributes.isEmpty)
        let hint = try #require(description.spokenHint)
        #expect(hint.text == description.hint)
        #expect(hint.spans.first == SpeechSpan("복사합니다", SpeechAttributes(language: "en", punctuation: true, pitch: 1.25)))
        #expect(hint.spans.dropFirst().allSatisfy { $0.attributes.isEmpty })
        #expect(hint.spans.count == 2)
    }

    @Test("the description's text is the same with or without attributes")
    func sameWords() throws {
        let screen = try S.screen(Self.elements)
        let bare = try S.screen(#"{"id": "code", "kind": "button", "label": "QR7", "value": "A1", "hint": "복사합니다", "customActions": ["공유"]}"#)
        for profile in ["ko", "en"] {
            let generator = try S.generator(profile)
            let attributed = generator.describe(FocusOrder(screen: screen).stops[0])
            let plain = generator.describe(FocusOrder(screen: bare).stops[0])
            #expect(attributed.text == plain.text)
            #expect(attributed.hint == plain.hint)
            #expect(!plain.spoken.hasAttributes)
        }
    }

    @Test("a language inherited from the screen reaches the label but a language equal to the voice's is dropped")
    func inherited() throws {
        let screen = try ScreenFile.parse(#"{"language": "ja", "elements": [{"id": "a", "kind": "button", "label": "戻る"}]}"#, file: "s.json")
        let stop = FocusOrder(screen: screen).stops[0]
        #expect(try S.generator("ko").describe(stop).spoken.spans.first?.attributes.language == "ja")
        #expect(try S.generator("ja").describe(stop).spoken.hasAttributes == false)
    }

    @Test("the screen writer writes the attributes back and they read the same")
    func roundTrip() throws {
        let screen = try S.screen(Self.elements)
        let text = ScreenFileWriter.text(of: screen)
        #expect(text.contains(#""spellOut": true"#) && text.contains(#""pitch": 1.25"#) && text.contains(#""ipa": "kjuː""#))
        #expect(try ScreenFile.parse(text, file: "again.json") == screen)
    }

    @Test("a bad pitch, an empty IPA and a misspelled key are errors at their place")
    func errors() throws {
        func message(_ json: String) -> String {
            do {
                _ = try S.screen(json)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message(#"{"id": "a", "label": "A", "pitch": 0.2}"#).contains("inline.json:1:76: error: pitch must be from 0.5 to 2.0 (accessibilitySpeechPitch), found 0.2"))
        #expect(message(#"{"id": "a", "label": "A", "ipa": " "}"#).contains("an IPA pronunciation cannot be empty"))
        #expect(message(#"{"id": "a", "label": "A", "spellout": true}"#).contains(#"did you mean "spellOut"?"#))
        #expect(message(#"{"id": "a", "label": "A", "punctuation": "all"}"#).contains("error"))
    }

    @Test("an announcement step carries its attributes to the scheduler and the transcript")
    func announcement() throws {
        let scenario = try ScenarioFile.parse(#"""
        {"screen": {"elements": [{"id": "a", "kind": "button", "label": "확인"}]},
         "steps": [{"post": "announcement", "text": "Saved", "language": "en-US", "pitch": 0.8, "queue": true}]}
        """#, path: "a.json")
        guard case .post(.announcement(let text, _, let queued, let attributes)) = scenario.steps[0].action else {
            Issue.record("not an announcement: \(scenario.steps[0].action)")
            return
        }
        #expect(text == "Saved" && queued)
        #expect(attributes == SpeechAttributes(language: "en-US", pitch: 0.8))
        #expect(throws: DataFileError.self) {
            try ScenarioFile.parse(#"{"screen": {"elements": []}, "steps": [{"post": "announcement", "text": "x", "pitch": 9}]}"#, path: "b.json")
        }

        let clock = VirtualClock()
        let device = FixedLengthDevice()
        let scheduler = SpeechScheduler(clock: clock, device: device,
                                        timing: TimingSettings(hintPause: 0.75, gestureWindow: 0.3, queueGap: 0.1, earconGap: 0.05))
        scheduler.handle(.announcement("Saved", attributes: attributes))
        clock.runUntilIdle()
        let utterance = try #require(scheduler.transcript.entries.first?.utterance)
        #expect(utterance.spans == [SpeechSpan("Saved", attributes)])
        #expect(utterance.language == "en-US")
        #expect(scheduler.transcript.jsonLines.contains(#""spans":[{"text":"Saved","language":"en-US","pitch":0.8}]"#))
    }
}

