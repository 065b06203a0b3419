import Foundation
import Testing
@testable import EarshotCore

@Suite("Transitions: the system's sound, VoiceOver's first-element focus, screen-change findings")
struct TransitionTests {
    typealias F = FlowTestSupport

    @Test("a push plays the screen-change sound and reads the new screen's first element")
    func pushReadsFirstElement() throws {
        let (runner, result) = try F.run(app: [F.boardApp(), F.detailApp()],
                                         steps: [F.touch(F.post2), F.activate, #"{ "pause": 2 }"#])
        #expect(runner.desk.currentScreen == "detail")
        #expect(runner.desk.focusedID == "back")
        let earcon = try #require(result.transcript.entries.first { $0.utterance.earcon == .screenChanged })
        let first = try #require(result.transcript.entries.first { $0.utterance.text == "뒤로, 버튼" })
        #expect(near(first.fate.start, (earcon.fate.end ?? 0) + 0.05))
        #expect(result.findings.isEmpty)
    }

    @Test("a pop without restoration lands on the top of the list and is reported as not restored")
    func popReturnsToTop() throws {
        let (runner, result) = try F.run(app: [F.boardApp(), F.detailApp()], steps: F.openPost2AndReturn)
        #expect(runner.desk.focusedID == "title")
        #expect(result.codes == ["focus.not-restored"])
        let finding = try #require(result.findings.first)
        #expect(finding.elements == ["post-2", "title"])
        #expect(finding.screen == "board")
        // The pop happens when the back button's double tap comes: after the detail was read.
        let popEarcon = try #require(result.transcript.entries.last { $0.utterance.earcon == .screenChanged })
        #expect(near(popEarcon.utterance.requestedAt, finding.time ?? -1))
    }

    @Test("a reader that remembers focus puts it back on the opened post by itself")
    func readerRemembersFocus() throws {
        let (runner, result) = try F.run(app: [F.boardApp(), F.detailApp()], steps: F.openPost2AndReturn,
                                         reader: #"{ "remembersFocus": true }"#)
        #expect(runner.desk.focusedID == "post-2")
        #expect(result.findings.isEmpty)
    }

    @Test("the voice profile's transitions section sets a reader that remembers focus and the animation time")
    func profileTransitions() throws {
        let base = try ScreenTestSupport.profile("ko")
        #expect(try ReaderSettings(profile: base) == ReaderSettings(remembersFocus: false, animation: 0.35))
        var profile = base
        profile.sections["transitions"] = try JSONDocument.parse(#"{ "remembersFocus": true, "animation": 0.2 }"#, file: "p.json")
        #expect(try ReaderSettings(profile: profile) == ReaderSettings(remembersFocus: true, animation: 0.2))
        profile.sections["transitions"] = try JSONDocument.parse(#"{ "animation": 9 }"#, file: "p.json")
        #expect(throws: DataFileError.self) { try ReaderSettings(profile: profile) }
        // With a profile that remembers focus, the pop lands on the opened post: nothing to report.
        let runner = try ScenarioRunner(scenario: try F.scenario(app: [F.boardApp(), F.detailApp()], steps: F.openPost2AndReturn),
                                        profile: {
                                            var p = base
                                            p.sections["transitions"] = try! JSONDocument.parse(#"{ "remembersFocus": true }"#, file: "p.json")
                                            return p
                                        }(), clock: VirtualClock(), device: TimedDevice())
        let result = try runner.run()
        #expect(runner.desk.focusedID == "post-2")
        #expect(result.findings.isEmpty)
    }

    @Test("screenChanged posted on top of a pop is a duplicate screen-change sound; layoutChanged is not")
    func duplicateScreenChange() throws {
        let before = try F.run(app: [F.boardApp(onAppear: #"{ "restoreFocus": { "list": "posts", "delay": 1, "notification": "screenChanged" } }"#),
                                     F.detailApp()], steps: F.openPost2AndReturn).1
        #expect(before.codes == ["earcon.duplicate-screen-change"])
        let sounds = before.transcript.entries.filter { $0.utterance.earcon == .screenChanged }
        #expect(sounds.count == 3)  // push, pop, and the app's own
        let finding = try #require(before.findings.first)
        #expect(near(finding.time, sounds[1].utterance.requestedAt + 1))
        #expect(finding.elements == ["post-2"])
        let after = try F.run(app: [F.boardApp(onAppear: #"{ "restoreFocus": { "list": "posts", "delay": 1 } }"#),
                                    F.detailApp()], steps: F.openPost2AndReturn)
        #expect(after.1.findings.isEmpty)
        #expect(after.0.desk.focusedID == "post-2")
        #expect(after.1.transcript.entries.filter { $0.utterance.earcon == .screenChanged }.count == 2)
    }

    @Test("a container swap without screenChanged is a missing screen-change sound; posting it fixes that")
    func missingScreenChange() throws {
        let (_, before) = try F.run(app: [F.boardApp(), F.detailApp(back: "swap")],
                                    steps: [F.touch(F.post2), #"{ "show": "detail" }"#, #"{ "pause": 1 }"#])
        #expect(before.codes == ["earcon.missing-screen-change"])
        #expect(before.findings.first?.screen == "detail")
        #expect(before.transcript.entries.allSatisfy { $0.utterance.earcon != .screenChanged })
        let after = try F.run(app: [F.boardApp(), F.detailApp(back: "swap")],
                              steps: [F.touch(F.post2), #"{ "show": "detail" }"#, #"{ "post": "screenChanged" }"#])
        #expect(after.1.findings.isEmpty)
        #expect(after.0.desk.focusedID == "back")
    }
}
