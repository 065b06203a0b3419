import Foundation
import Testing
@testable import EarshotCore

/// The rules for notifications and announcements (docs/speech-scheduling.md, "The rules"), as
/// scenarios on a virtual clock: speech lasts 1 s, earcons 0.25 s;
/// the Korean profile's timing (gesture window 1.0, queue gap 0.1, earcon gap 0.05).
@Suite("Scenario runner drives the navigator and the scheduler on the virtual clock")
struct ScenarioRunnerTests {
    static let findButton = #"{ "gesture": "touch", "x": 10, "y": 60 }"#

    @Test("an announcement posted 0.05 s after a double tap is dropped while the re-read plays")
    func announcementDuringReread() throws {
        let result = try ScenarioTestSupport.run("""
            \(Self.findButton),
            { "gesture": "activate" },
            { "post": "announcement", "text": "담았습니다", "after": 0.05 }
            """)
        let t = result.transcript
        #expect(t.entries.map(\.utterance.text) == ["담기, 버튼", "activation", "담기, 버튼", "담았습니다"])
        #expect(t.entries[0].fate == .spoken(start: 0, end: 1))
        #expect(t.earconFate(.activation) == .spoken(start: 1, end: 1.25))
        #expect(near(t.entries[2].fate.start, 1.30) && near(t.entries[2].fate.end, 2.30))
        let dropped = t.fate("담았습니다")
        #expect(dropped?.dropCode == "postedDuringGestureSpeech")
        #expect(near(dropped?.decidedAt, 1.05))
        #expect(t.announcementResults.map(\.wasSuccessful) == [false])
    }

    @Test("an announcement posted when the re-read has ended is spoken right after it")
    func announcementAfterReread() throws {
        let result = try ScenarioTestSupport.run("""
            \(Self.findButton),
            { "gesture": "activate" },
            { "post": "announcement", "text": "담았습니다" }
            """)
        let fate = try #require(result.transcript.fate("담았습니다"))
        #expect(near(fate.start, 2.30) && near(fate.end, 3.30))
        #expect(fate.wasSpokenInFull)
        #expect(result.transcript.announcementResults.map(\.wasSuccessful) == [true])
    }

    @Test("a queued announcement posted during the re-read waits for it and the queue gap")
    func queuedAnnouncementWaits() throws {
        let result = try ScenarioTestSupport.run("""
            \(Self.findButton),
            { "gesture": "activate" },
            { "post": "announcement", "text": "담았습니다", "queue": true, "after": 0.05 }
            """)
        let t = result.transcript
        #expect(near(t.entries[2].fate.end, 2.30))
        let fate = try #require(t.fate("담았습니다"))
        #expect(near(fate.start, 2.40) && near(fate.end, 3.40))
        #expect(fate.wasSpokenInFull)
    }

    @Test("a swipe cuts an announcement off and announcementDidFinish reports wasSuccessful false")
    func swipeCutsAnnouncement() throws {
        let result = try ScenarioTestSupport.run("""
            { "gesture": "next" },
            { "post": "announcement", "text": "새 소식이 있습니다" },
            { "gesture": "next", "after": 0.5 }
            """)
        let t = result.transcript
        let fate = try #require(t.fate("새 소식이 있습니다"))
        #expect(fate.isCut)
        #expect(near(fate.start, 1.0) && near(fate.end, 1.5))
        #expect(t.announcementResults.count == 1)
        #expect(t.announcementResults[0].wasSuccessful == false)
        #expect(near(t.announcementResults[0].time, 1.5))
        #expect(near(t.fate("담기, 버튼")?.start, 1.5))
    }

    @Test("screenChanged plays the screen-change sound, then the first element")
    func screenChangedEarconFirst() throws {
        let result = try ScenarioTestSupport.run(#"{ "post": "screenChanged" }, { "expect": { "focus": "title" } }"#)
        let t = result.transcript
        #expect(t.entries.map(\.utterance.text) == ["screenChanged", "상품, 머리말"])
        #expect(t.earconFate(.screenChanged) == .spoken(start: 0, end: 0.25))
        #expect(near(t.fate("상품, 머리말")?.start, 0.30))
        #expect(result.passed)
    }

    @Test("screenChanged with an element and a new screen focuses that element there")
    func screenChangedToElementOnOtherScreen() throws {
        let text = """
        { "screens": { "a": { "elements": [ { "id": "a1", "kind": "button", "text": "하나" } ] },
                       "b": { "elements": [ { "id": "b1", "kind": "button", "text": "둘" },
                                            { "id": "b2", "kind": "button", "text": "셋" } ] } },
          "steps": [ { "gesture": "next" }, { "post": "screenChanged", "screen": "b", "element": "b2" },
                     { "expect": { "focus": "b2" } } ] }
        """
        let runner = try ScenarioRunner(scenario: try ScenarioFile.parse(text, path: "s.json"),
                                        profile: try ScreenTestSupport.profile("ko"), clock: VirtualClock(),
                                        device: TimedDevice())
        let result = try runner.run()
        #expect(result.transcript.spokenTexts == ["하나, 버튼", "셋, 버튼"])
        #expect(result.passed)
        #expect(runner.desk.currentScreen == "b")
    }

    @Test("a step without a time waits until everything, the hint included, has been said")
    func defaultTimingWaitsForHint() throws {
        let result = try ScenarioTestSupport.run("""
            { "gesture": "touch", "x": 10, "y": 160 },
            { "gesture": "increment" },
            { "pause": 2 },
            { "gesture": "decrement" },
            { "gesture": "decrement", "after": 0.25 }
            """)
        let t = result.transcript
        #expect(t.entries.map(\.utterance.text) == ["수량, 1, 조절 가능", "값을 조절하려면 한 손가락으로 위 또는 아래로 쓸어넘기십시오.",
                                                   "2", "1", "1"])
        #expect(near(t.entries[1].fate.start, 1.75) && near(t.entries[1].fate.end, 2.75))
        #expect(near(t.entries[2].utterance.requestedAt, 2.75))
        // The pause starts when "2" has been said (3.75) and lasts 2 s.
        #expect(near(t.entries[3].utterance.requestedAt, 5.75))
        #expect(near(t.entries[4].utterance.requestedAt, 6.0))
        #expect(t.entries[3].fate.isCut)
    }

    @Test("an absolute time before the previous step, known only at run time, is an error at that step")
    func runTimeBackwards() throws {
        do {
            _ = try ScenarioTestSupport.run("""
                { "gesture": "next" },
                { "gesture": "next" },
                { "gesture": "next", "at": 0.5 }
                """)
            Issue.record("time going backwards was accepted")
        } catch let error as DataFileError {
            #expect(error.message.contains("time goes backwards"))
            #expect(error.message.contains("00:01.000"))
            #expect(error.location.file == "test.json")
            #expect(error.location.line == 11)
            #expect(error.location.column == 1)
        }
    }

    @Test("an element removed by an earlier step is an error at the step that names it")
    func removedElement() throws {
        do {
            _ = try ScenarioTestSupport.run("""
                { "remove": "cart" },
                  { "post": "layoutChanged", "element": "cart" }
                """)
            Issue.record("a removed element was accepted")
        } catch let error as DataFileError {
            #expect(error.message.contains("no element \"cart\" on the shown screen \"shop\""))
            #expect(error.location.line == 10)
            #expect(error.location.column == 3)
            #expect(error.category == .badData)
        }
    }

    @Test("read all speaks every stop in order without hints, and a gesture stops it")
    func readAll() throws {
        let all = try ScenarioTestSupport.run(#"{ "gesture": "readAll", "fromTop": true }"#)
        #expect(all.transcript.entries.map(\.utterance.text) == ["상품, 머리말", "담기, 버튼", "장바구니, 0개, 버튼", "수량, 1, 조절 가능"])
        #expect(all.transcript.entries.map { $0.fate.start ?? -1 }.enumerated().allSatisfy { near($1, Double($0) * 1.1) })
        #expect(all.transcript.entries.allSatisfy { $0.fate.wasSpokenInFull })

        let stopped = try ScenarioTestSupport.run("""
            { "gesture": "readAll", "fromTop": true },
            { "gesture": "first", "after": 1.5 },
            { "expect": { "focus": "title" } }
            """)
        #expect(stopped.transcript.entries.map(\.utterance.text) == ["상품, 머리말", "담기, 버튼", "상품, 머리말"])
        #expect(stopped.transcript.fate("담기, 버튼")?.isCut == true)
        #expect(stopped.passed)
    }

    @Test("activation changes are applied before the re-read; a dimmed element is silent and noted")
    func activationChanges() throws {
        let result = try ScenarioTestSupport.run("""
            \(Self.findButton),
            { "gesture": "activate", "changes": [ { "change": "add", "label": "담김", "addTraits": ["selected"] } ] },
            { "change": "add", "addTraits": ["notEnabled"] },
            { "gesture": "activate" }
            """)
        #expect(result.transcript.entries.map(\.utterance.text) == ["담기, 버튼", "activation", "담김, 버튼, 선택됨"])
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.text.contains("dimmed") == true)
    }

    @Test("a failed expectation says where it was written, what was expected and what happened")
    func failedExpectation() throws {
        let result = try ScenarioTestSupport.run("""
            { "gesture": "next" },
            { "expect": { "spoken": "담기, 버튼" } },
            { "expect": { "focus": "cart" } },
            { "expect": { "spoken": "상품, 머리말", "fate": "spoken" } }
            """)
        #expect(!result.passed)
        #expect(result.expectations.map(\.passed) == [false, false, true])
        let first = result.expectations[0].description
        #expect(first == #"test.json:10:1: expectation failed: expected next speech "담기, 버튼", but the next speech was "상품, 머리말", spoken 00:00.000 to 00:01.000"#)
        #expect(result.expectations[1].description.hasSuffix(#"but focus was on "title""#))
    }

    @Test("a desk check can be driven step by step from Swift")
    func stepByStep() throws {
        let scenario = try ScenarioTestSupport.parse("")
        let desk = try DeskCheck(screen: scenario.screens[0].screen, session: try ReadingSession(voice: try ScreenTestSupport.profile("ko"), reader: VoiceOver()),
                                 clock: VirtualClock(), device: TimedDevice())
        try desk.perform(.next)
        try desk.perform(.next)
        #expect(desk.focusedID == "add")
        desk.wait(seconds: 0.5)
        try desk.post(.announcement("잠시만요", priority: .high, queued: false))
        desk.waitUntilIdle()
        try desk.edit(.change(id: "cart", { var c = ElementChange(); c.value = .some("3개"); return c }()))
        try desk.post(.layoutChangedElement("cart"))
        let t = desk.finish()
        #expect(t.entries.map(\.utterance.text) == ["상품, 머리말", "담기, 버튼", "잠시만요", "장바구니, 3개, 버튼"])
        #expect(t.entries[0].fate.isCut && near(t.entries[0].fate.end, 0))
        #expect(t.entries[1].fate.isCut && near(t.entries[1].fate.end, 0.5))
        #expect(t.fate("잠시만요") == .spoken(start: 0.5, end: 1.5))
        #expect(desk.focusedID == "cart")
    }
}
