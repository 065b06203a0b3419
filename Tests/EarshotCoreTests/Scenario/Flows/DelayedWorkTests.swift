import Foundation
import Testing
@testable import EarshotCore

@Suite("Delayed focus work: ghost focus when not cancelled, restoration once or on every appearance")
struct DelayedWorkTests {
    typealias F = FlowTestSupport

    static func restore(cancel: Bool = true, once: Bool = true) -> String {
        #"{ "restoreFocus": { "list": "posts", "fallback": ["previous", "next", "create"], "delay": 1, "cancelOnDisappear": \#(cancel), "once": \#(once) } }"#
    }

    /// Back to the board (after the 0.35 s animation), then at once open post 3: the 1 s restoration is still waiting.
    static let quickReopen = [
        F.touch(F.post2), F.activate, F.touch(F.backY), F.activate,
        F.touch(F.post3, after: 0.6), #"{ "gesture": "activate", "after": 0.1 }"#, #"{ "pause": 3 }"#,
    ]

    @Test("an uncancelled delayed restoration that runs after the user left is ghost focus")
    func ghostFocus() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restore(cancel: false)), F.detailApp()],
                                         steps: Self.quickReopen)
        #expect(runner.desk.currentScreen == "detail")
        #expect(result.codes.contains("focus.ghost"))
        let ghost = try #require(result.findings.first { $0.code == .focusGhost })
        #expect(ghost.elements == ["post-2"])
        #expect(ghost.screen == "board")
        // The pop came 1 s before; VoiceOver read the post the user can no longer see.
        let pop = try #require(result.transcript.entries.filter { $0.utterance.earcon == .screenChanged }.dropFirst().first)
        #expect(near(ghost.time, pop.utterance.requestedAt + 1))
        let ghostSpeech = try #require(result.transcript.entries.last { $0.utterance.text == "둘째 글, 버튼" })
        #expect(near(ghostSpeech.utterance.requestedAt, ghost.time ?? -1))
        // Focus on the shown detail is lost.
        #expect(runner.desk.focusedID == nil)
    }

    @Test("cancelled when the board disappears, the restoration never runs: no ghost focus")
    func cancelledWork() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restore(cancel: true)), F.detailApp()],
                                         steps: Self.quickReopen)
        #expect(!result.codes.contains("focus.ghost"))
        #expect(runner.desk.focusedID == "back")
        #expect(result.findings.isEmpty)
    }

    /// Open post 2 and return (restored), then open the filter sheet and close it.
    static let modalAfterReturn = [
        F.touch(F.post2), F.activate, F.touch(F.backY), F.activate, #"{ "pause": 3 }"#,
        F.touch(F.filterY), F.activate, F.touch(F.closeY), F.activate, #"{ "pause": 3 }"#,
    ]

    @Test("restoring on every appearance moves focus again after a modal closes: restore repeated")
    func restoreRepeated() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restore(once: false)), F.detailApp(), F.sheetApp],
                                         steps: Self.modalAfterReturn)
        #expect(runner.desk.focusedID == "post-2")
        #expect(result.codes == ["focus.restore-repeated"])
        let finding = try #require(result.findings.first)
        let dismiss = try #require(result.transcript.entries.last { $0.utterance.earcon == .screenChanged })
        #expect(near(finding.time, dismiss.utterance.requestedAt + 1))
        #expect(finding.elements == ["post-2"])
    }

    @Test("restoring once per return leaves focus on the filter button after the modal closes")
    func restoreOnce() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restore(once: true)), F.detailApp(), F.sheetApp],
                                         steps: Self.modalAfterReturn)
        #expect(runner.desk.focusedID == "filter")
        #expect(result.findings.isEmpty)
    }
}
