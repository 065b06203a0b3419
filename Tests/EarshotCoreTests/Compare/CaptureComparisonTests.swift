import Foundation
import Testing
@testable import EarshotCore

/// Aligning a real screen reader's capture with Earshot's stops (docs/compare.md).
@Suite("Capture comparison")
struct CaptureComparisonTests {
    static let stops = [
        EarshotUtterance(id: "title", text: "Fixture repeated, Heading"),
        EarshotUtterance(id: "first", text: "Same label, Button"),
        EarshotUtterance(id: "second", text: "Same label, Button"),
        EarshotUtterance(id: "switch", text: "Notifications, Switch button, on", hint: "Double tap to toggle setting."),
    ]

    static func verdicts(_ comparison: CaptureComparison) -> [String] {
        comparison.lines.map { "\($0.verdict.rawValue) \($0.step.map(String.init) ?? "-") \($0.stop.map(String.init) ?? "-")" }
    }

    @Test("case, punctuation and spacing are not compared; the hint is when the capture says it")
    func normalization() {
        #expect(CaptureComparison.normalized("Same label, Button") == CaptureComparison.normalized("same label   Button"))
        #expect(CaptureComparison.normalized("Balance $1,234.50; rate 2.5%") == CaptureComparison.normalized("Balance $1,234.50 rate 2.5%"))
        #expect(CaptureComparison.says("Notifications Switch button on", Self.stops[3]))
        #expect(CaptureComparison.says("Notifications Switch button on Double tap to toggle setting.", Self.stops[3]))
        #expect(!CaptureComparison.says("Notifications Switch button off", Self.stops[3]))
    }

    @Test("VoiceOver on stands for the first stop; a repeat at the last element is skipped; two equal labels are two stops")
    func alignment() {
        let capture = ScreenReaderCapture(utterances: ["VoiceOver on", "Same label Button", "Same label Button",
                                                       "Notifications Switch button on", "Notifications Switch button on"],
                                          startsWithCurrentFocus: true)
        let comparison = CaptureComparison(capture: capture, stops: Self.stops)
        #expect(Self.verdicts(comparison) == ["skipped 0 1", "agree 1 2", "agree 2 3", "agree 3 4", "skipped 4 4"])
        #expect(comparison.allAgree && comparison.compared == 3)
        // The last two stops sharing a label: both kept, only the third saying is a repeat.
        let twoLast = CaptureComparison(capture: ScreenReaderCapture(utterances: ["Fixture repeated Heading", "Same label Button",
                                                                                  "Same label Button", "Same label Button"]),
                                        stops: Array(Self.stops.prefix(3)))
        #expect(Self.verdicts(twoLast) == ["agree 0 1", "agree 1 2", "agree 2 3", "skipped 3 3"])
    }

    @Test("the app's name before the first element agrees; a changed word differs; gaps are missing and extra")
    func differences() {
        let named = CaptureComparison(capture: ScreenReaderCapture(utterances: ["VoiceOverFixture Fixture repeated Heading"],
                                                                   complete: false, startsWithCurrentFocus: true),
                                      stops: Self.stops)
        #expect(named.lines.first?.verdict == .agree && named.lines.first?.note?.contains("VoiceOverFixture") == true)
        #expect(named.allAgree, "stops past a capture cut at its step limit are not compared: \(named.text)")
        let changed = CaptureComparison(capture: ScreenReaderCapture(utterances: ["Fixture repeated Heading", "Other label Button",
                                                                                 "Same label Button", "Notifications Switch button on",
                                                                                 "Done Button"]),
                                        stops: Self.stops)
        #expect(Self.verdicts(changed) == ["agree 0 1", "differ 1 2", "agree 2 3", "agree 3 4", "extra 4 -"])
        #expect(!changed.allAgree)
        #expect(changed.text.hasSuffix("3 of 5 utterances agree\n"))
        #expect(changed.text.contains(#"differ   step 1, stop 2: VoiceOver "Other label Button", Earshot "Same label, Button""#))
        let short = CaptureComparison(capture: ScreenReaderCapture(utterances: ["Fixture repeated Heading", "Same label Button"]),
                                      stops: Self.stops)
        #expect(Self.verdicts(short).suffix(2) == ["missing - 3", "missing - 4"])
    }

    @Test("plain text, JSON Lines and aloud capture files read; --capture picks a screen and names the others")
    func formats() throws {
        #expect(try ScreenReaderCapture.parse("A Button\n\nB Button\n", file: "c.txt", name: nil).utterances == ["A Button", "B Button"])
        #expect(try ScreenReaderCapture.parse(#"{"utterance": "A Button"}"# + "\n" + #"{"utterance": "B"}"#, file: "c.jsonl", name: nil).utterances == ["A Button", "B"])
        let aloud = #"{"captures": {"one": {"coverage": {"complete": false}, "steps": [{"action": "current", "utterance": "VoiceOver on"}, {"action": "forward", "utterance": "A"}]}, "two": {"steps": []}}}"#
        let one = try ScreenReaderCapture.parse(aloud, file: "c.json", name: "one")
        #expect(one.utterances == ["VoiceOver on", "A"] && !one.complete && one.startsWithCurrentFocus)
        let unnamed = try #require(throws: DataFileError.self) { try ScreenReaderCapture.parse(aloud, file: "c.json", name: nil) }
        #expect(unnamed.message.contains("captures 2 screens (one, two): pick one with --capture NAME"))
        let wrong = try #require(throws: DataFileError.self) { try ScreenReaderCapture.parse(aloud, file: "c.json", name: "onee") }
        #expect(wrong.message.contains("no captured screen \"onee\"") && wrong.message.contains("did you mean"))
    }
}
