import Testing
@testable import EarshotCore

// Times follow from the bench: speech lasts 1 s, queueGap 0.125 s.

/// A focus the page moved (`SpeechEvent.focusGained`, NVDA's focus event without a key): only
/// the speech of the focus before is dropped; the rest keeps its place and the new focus follows it.
@Suite("A focus moved by the page drops only the speech of the focus before")
struct FocusGainedTests {
    static func focusSpeech(_ text: String) -> ElementSpeech {
        var element = elementSpeech(text)
        element.purpose = .keyboardFocus
        return element
    }

    @Test("the focus speech under way is cut; a live region's text waiting keeps its place and the new focus is said after it")
    func focusSpeechCutLiveRegionKept() {
        let transcript = SpeechBench().run([
            (0, .focusMoved(Self.focusSpeech("Save button"), gesture: "tab")),
            (0.5, .liveRegion("Saved", order: .inTurn)),
            (0.6, .focusGained(Self.focusSpeech("Close button"), by: "page")),
        ])
        #expect(transcript.fate("Save button")
            == .cut(start: 0, at: 0.6, by: Interruption(utteranceID: 3, cause: "focus move (page)")))
        #expect(transcript.fate("Saved") == .spoken(start: 0.725, end: 1.725))
        #expect(transcript.fate("Close button") == .spoken(start: 1.85, end: 2.85))
    }

    @Test("a line read by the arrows is not focus speech: it is said to its end, and the new focus after it")
    func lineNotCut() {
        let transcript = SpeechBench().run([
            (0, .focusMoved(elementSpeech("edit"), gesture: "down arrow")),
            (0.5, .focusGained(Self.focusSpeech("Pay button"), by: "page")),
        ])
        #expect(transcript.fate("edit") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("Pay button") == .spoken(start: 1.125, end: 2.125))
    }

    @Test("focus speech still waiting is dropped as expired, and a later focus the page moved replaces it")
    func waitingFocusSpeechDropped() {
        let transcript = SpeechBench().run([
            (0, .liveRegion("Loading", order: .inTurn)),
            (0.2, .focusGained(Self.focusSpeech("Dialog OK button"), by: "page")),
            (0.4, .focusGained(Self.focusSpeech("Dialog Cancel button"), by: "page")),
        ])
        #expect(transcript.fate("Loading") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("Dialog OK button") == .dropped(at: 0.4, reason: .focusExpired))
        #expect(transcript.fate("Dialog Cancel button") == .spoken(start: 1.125, end: 2.125))
    }
}
