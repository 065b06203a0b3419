import Foundation
import Testing
@testable import EarshotCore

@Suite("Focus restoration by id and by position, with the seed's fallbacks")
struct RestorationTests {
    typealias F = FlowTestSupport

    static let restoreByID = #"{ "restoreFocus": { "by": "id", "list": "posts", "fallback": ["previous", "next", "create"], "delay": 1 } }"#
    static let restoreByPosition = #"{ "restoreFocus": { "by": "position", "list": "posts", "delay": 1 } }"#
    static let restoreWithoutFallback = #"{ "restoreFocus": { "by": "id", "list": "posts", "delay": 1 } }"#

    /// Open post 2, remove `removed` from the board (the server) while in the detail, delete
    /// post 2 and come back.
    static func deleteSteps(alsoRemoved removed: [String]) -> [String] {
        [F.touch(F.post2), F.activate]
            + removed.map { #"{ "remove": "\#($0)", "screen": "board" }"# }
            + [F.touch(F.deleteY), F.activate, #"{ "pause": 3 }"#]
    }

    @Test("after deleting post 2 and returning, focus lands on post 1 (the previous post)")
    func deletedFallsBackToPrevious() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restoreByID), F.detailApp()],
                                         steps: Self.deleteSteps(alsoRemoved: []))
        #expect(runner.desk.focusedID == "post-1")
        #expect(!runner.desk.screen.contains("post-2"))
        #expect(result.findings.isEmpty)
        #expect(result.transcript.entries.last { $0.utterance.kind == .element }?.utterance.text == "첫째 글, 버튼")
    }

    @Test("with post 1 also gone, focus lands on post 3 (the next post)")
    func deletedFallsBackToNext() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restoreByID), F.detailApp()],
                                         steps: Self.deleteSteps(alsoRemoved: ["post-1"]))
        #expect(runner.desk.focusedID == "post-3")
        #expect(result.findings.isEmpty)
    }

    @Test("with no posts left, focus lands on the create button")
    func deletedFallsBackToCreate() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restoreByID), F.detailApp()],
                                         steps: Self.deleteSteps(alsoRemoved: ["post-1", "post-3"]))
        #expect(runner.desk.focusedID == "compose")
        #expect(result.findings.isEmpty)
    }

    @Test("restoring by id without a fallback after the post was deleted is reported as no fallback")
    func noFallback() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restoreWithoutFallback), F.detailApp()],
                                         steps: Self.deleteSteps(alsoRemoved: []))
        #expect(runner.desk.focusedID == "title")
        #expect(result.codes == ["focus.no-fallback"])
        let finding = try #require(result.findings.first)
        #expect(finding.elements == ["post-2", "post-1"])
        // Reported when the restoration ran and found nothing: one second after the pop.
        let pop = try #require(result.transcript.entries.last { $0.utterance.earcon == .screenChanged })
        #expect(near(finding.time, pop.utterance.requestedAt + 1))
    }

    /// Open post 2; while it is open a new post arrives at the top of the list; come back.
    static let refreshSteps = [
        F.touch(F.post2), F.activate,
        #"{ "insert": { "id": "post-0", "kind": "button", "text": "새 글", "frame": [0, 220, 300, 44] }, "screen": "board", "into": "posts", "index": 0 }"#,
        F.touch(F.backY), F.activate, #"{ "pause": 3 }"#,
    ]

    @Test("a list refreshed while in the detail: restore by id lands on the same post")
    func refreshedByID() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restoreByID), F.detailApp()],
                                         steps: Self.refreshSteps)
        #expect(runner.desk.focusedID == "post-2")
        #expect(result.findings.isEmpty)
    }

    @Test("a list refreshed while in the detail: restore by position lands on another post and is reported")
    func refreshedByPosition() throws {
        let (runner, result) = try F.run(app: [F.boardApp(onAppear: Self.restoreByPosition), F.detailApp()],
                                         steps: Self.refreshSteps)
        #expect(runner.desk.focusedID == "post-1")
        #expect(result.codes == ["focus.restored-wrong-item"])
        let finding = try #require(result.findings.first)
        #expect(finding.elements == ["post-1", "post-2"])
        let pop = try #require(result.transcript.entries.last { $0.utterance.earcon == .screenChanged })
        #expect(near(finding.time, pop.utterance.requestedAt + 1))
    }

    @Test("the restore rule itself: id, then previous, next, create; position ignores ids")
    func restoreTargetRule() throws {
        let screen = try ScreenFile.parse(F.board, file: "board.json")
        let memory = RestoreMemory(item: "post-2", position: 1, previous: "post-1", next: "post-3")
        let byID = RestorePlan(by: .id, list: "posts", fallback: [.previous, .next, .create])
        func target(_ plan: RestorePlan, present: Set<String>) -> String? {
            DeskCheck.restoreTarget(plan, memory: memory, screen: screen, createButton: "compose") { present.contains($0) }
        }
        #expect(target(byID, present: ["post-1", "post-2", "post-3", "compose"]) == "post-2")
        #expect(target(byID, present: ["post-1", "post-3", "compose"]) == "post-1")
        #expect(target(byID, present: ["post-3", "compose"]) == "post-3")
        #expect(target(byID, present: ["compose"]) == "compose")
        #expect(target(byID, present: []) == nil)
        #expect(target(RestorePlan(by: .id, list: "posts", fallback: [.next]), present: ["post-1", "post-3"]) == "post-3")
        #expect(target(RestorePlan(by: .position, list: "posts"), present: ["post-1", "post-2", "post-3"]) == "post-2")
    }
}
