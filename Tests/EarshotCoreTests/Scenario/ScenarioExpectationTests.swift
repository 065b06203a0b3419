import Foundation
import Testing
@testable import EarshotCore

/// Expectations of findings and earcons, and expectations that look at any time without moving
/// the clock (docs/scenario-format.md, "Expectations"). Speech lasts 1 s, earcons 0.25 s.
@Suite("Expectations of findings, earcon counts and times")
struct ScenarioExpectationTests {
    /// A double tap whose announcement is dropped while the re-read plays: one error finding.
    static let dropped = #"""
        { "gesture": "touch", "x": 10, "y": 60 },
        { "gesture": "activate" },
        { "post": "announcement", "text": "담았습니다", "after": 0.05 }
        """#

    @Test("an expected finding is marked expected and its expectation passes; the run has no unexpected error")
    func expectedFinding() throws {
        let result = try ScenarioTestSupport.run(Self.dropped + #", { "expect": { "finding": "announcement.dropped", "elements": ["add"] } }"#)
        #expect(result.expectations.map(\.passed) == [true])
        #expect(result.findings.map(\.code) == [.announcementDropped])
        #expect(result.findings.allSatisfy { $0.expected })
        let findings = result.findings
        #expect(findings.hasErrors)
        #expect(!findings.hasUnexpectedErrors)
    }

    @Test("without the expectation the same finding is unexpected")
    func unexpectedFinding() throws {
        let result = try ScenarioTestSupport.run(Self.dropped)
        #expect(result.findings.map(\.code) == [.announcementDropped])
        #expect(result.findings.hasUnexpectedErrors)
    }

    @Test("a finding expected for other elements fails and says which elements it had")
    func findingOnOtherElements() throws {
        let result = try ScenarioTestSupport.run(Self.dropped + #", { "expect": { "finding": "announcement.dropped", "elements": ["cart"] } }"#)
        let outcome = try #require(result.expectations.first)
        #expect(!outcome.passed)
        #expect(outcome.actual.contains("announcement.dropped [add]"))
        #expect(result.findings.hasUnexpectedErrors)
    }

    @Test("noFinding and findings: [] fail when the finding is there, and pass when it is not")
    func noFindings() throws {
        let bad = try ScenarioTestSupport.run(Self.dropped + #"""
            , { "expect": { "noFinding": "announcement.dropped" } }, { "expect": { "findings": [] } },
            { "expect": { "noFinding": "focus.ghost" } }
            """#)
        #expect(bad.expectations.map(\.passed) == [false, false, true])
        #expect(bad.expectations[1].actual == "the findings were announcement.dropped [add]")
        let good = try ScenarioTestSupport.run(#"""
            { "gesture": "touch", "x": 10, "y": 60 }, { "expect": { "findings": [] } },
            { "expect": { "noFinding": "announcement.dropped" } }
            """#)
        #expect(good.expectations.map(\.passed) == [true, true])
    }

    @Test("findings: [codes] must list every finding's code, in any order")
    func exactFindings() throws {
        let result = try ScenarioTestSupport.run(Self.dropped + #"""
            , { "expect": { "findings": ["announcement.dropped"] } },
            { "expect": { "findings": ["announcement.dropped", "announcement.dropped"] } }
            """#)
        #expect(result.expectations.map(\.passed) == [true, false])
        #expect(!result.findings.hasUnexpectedErrors)
    }

    @Test("earcon counts are of earcons that started playing, over the whole run")
    func earconCounts() throws {
        let result = try ScenarioTestSupport.run(Self.dropped + #"""
            , { "expect": { "earcons": { "activation": 1, "screenChanged": 0 } } },
            { "expect": { "earcons": { "activation": 2 } } }
            """#)
        #expect(result.expectations.map(\.passed) == [true, false])
        #expect(result.expectations[1].actual == "it played activation 1")
    }

    @Test("an expectation may look at a time before the previous step; focus is where it was then")
    func expectationInThePast() throws {
        let result = try ScenarioTestSupport.run(#"""
            { "gesture": "touch", "x": 10, "y": 60, "at": 0 },
            { "gesture": "next", "at": 5 },
            { "expect": { "focus": "add" }, "at": 2 },
            { "expect": { "focus": "cart" }, "at": 2 },
            { "expect": { "spoken": "담기, 버튼" }, "at": 0 },
            { "expect": { "focus": "cart" } },
            { "gesture": "next", "at": 5.5 },
            { "expect": { "focus": "cart" }, "at": 5.2 },
            { "expect": { "focus": "level" }, "at": 100 }
            """#)
        #expect(result.expectations.map(\.passed) == [true, false, true, true, true, true])
        #expect(result.expectations[1].actual == "focus was on \"add\"")
        // Expectations do not move the clock (not to 100 s): the timeline ends with the last
        // speech, the slider's reading and hint (5.5 + 1 + 0.75 + 1).
        #expect(near(result.endTime, 8.25))
    }

    @Test("an expectation's time between steps that wait for the speech is sampled on the way")
    func expectationWhileWaiting() throws {
        let result = try ScenarioTestSupport.run(#"""
            { "gesture": "touch", "x": 10, "y": 60, "at": 0 },
            { "expect": { "focus": "add" }, "at": 0.5 },
            { "gesture": "next" },
            { "expect": { "focus": "add" }, "at": 0.9 },
            { "expect": { "focus": "cart" }, "at": 1.1 }
            """#)
        #expect(result.expectations.map(\.passed) == [true, true, true])
    }

    @Test("whole-run expectations take no time; unknown codes and stray keys are located errors")
    func parseErrors() throws {
        let text = ScenarioTestSupport.scenarioText(#"{ "gesture": "next" },"# + "\n" + #"{ "expect": { "findings": [] }, "at": 3 }"#)
        let timed = try #require(ScenarioTestSupport.parseError(text))
        #expect(timed.message.hasPrefix("\"at\" has no meaning here"))
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"at\": 3") }
        #expect(timed.location.line == line.map { $0 + 1 })
        let unknown = try #require(ScenarioTestSupport.parseError(ScenarioTestSupport.scenarioText(
            #"{ "expect": { "finding": "announcement.droped" } }"#)))
        #expect(unknown.message.contains("did you mean \"announcement.dropped\"?"))
        let stray = try #require(ScenarioTestSupport.parseError(ScenarioTestSupport.scenarioText(
            #"{ "expect": { "spoken": "a", "elements": ["add"] } }"#)))
        #expect(stray.message == "\"elements\" goes with \"finding\"")
        let badEarcon = try #require(ScenarioTestSupport.parseError(ScenarioTestSupport.scenarioText(
            #"{ "expect": { "earcons": { "screenChange": 1 } } }"#)))
        #expect(badEarcon.message.contains("did you mean \"screenChanged\"?"))
        let negative = try #require(ScenarioTestSupport.parseError(ScenarioTestSupport.scenarioText(
            #"{ "expect": { "earcons": { "boundary": -1 } } }"#)))
        #expect(negative.message == "an earcon count cannot be negative, found -1")
        let element = try #require(ScenarioTestSupport.parseError(ScenarioTestSupport.scenarioText(
            #"{ "expect": { "finding": "focus.ghost", "elements": ["nowhere"] } }"#)))
        #expect(element.message.hasPrefix("no element \"nowhere\""))
    }
}

/// `screenChanged` with a string argument (issue: notifications carry text).
@Suite("screenChanged with a string")
struct ScreenChangedTextTests {
    @Test("the screen-change sound plays, then the string is spoken; focus is on the first element, unread")
    func screenChangedText() throws {
        let result = try ScenarioTestSupport.run(#"""
            { "gesture": "touch", "x": 10, "y": 110, "at": 0 },
            { "post": "screenChanged", "text": "주문이 완료되었습니다", "at": 2 },
            { "expect": { "earcon": "screenChanged" }, "at": 2 },
            { "expect": { "spoken": "주문이 완료되었습니다", "fate": "spoken" }, "at": 2 },
            { "expect": { "focus": "title" }, "at": 2.1 }
            """#)
        #expect(result.expectations.map(\.passed) == [true, true, true])
        let texts = result.transcript.entries.map(\.utterance.text)
        #expect(texts == ["장바구니, 0개, 버튼", "screenChanged", "주문이 완료되었습니다"])
        #expect(!texts.contains("상품, 머리말"))
        let error = try #require(ScenarioTestSupport.parseError(ScenarioTestSupport.scenarioText(
            #"{ "post": "screenChanged", "text": "a", "element": "add" }"#)))
        #expect(error.message == "screenChanged takes an element or a text, not both")
    }
}
