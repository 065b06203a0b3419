import Foundation
import Testing
@testable import EarshotCore

@Suite("Scenario files report mistakes with file, line and column")
struct ScenarioFileTests {
    /// A one-line screen so that step lines are easy to count: steps start on line 3.
    static func text(_ steps: [String]) -> String {
        """
        { "screen": { "elements": [ { "id": "ok", "kind": "button", "text": "확인" }, { "id": "list", "children": [] } ] },
          "steps": [
        \(steps.joined(separator: ",\n"))
          ] }
        """
    }

    @Test("an unknown element id is an error at the id, with the nearest id suggested")
    func unknownElement() throws {
        let error = try #require(ScenarioTestSupport.parseError(Self.text([
            #"    { "gesture": "next" }"#,
            #"    { "change": "okk", "label": "닫기" }"#,
        ])))
        #expect(error.location.line == 4)
        #expect(error.location.column == 17)
        #expect(error.message.contains("no element \"okk\""))
        #expect(error.message.contains("did you mean \"ok\"?"))
        #expect(error.category == .badData)
    }

    @Test("an id inserted by an earlier or later step is known; its parent must exist")
    func insertedIDs() throws {
        let scenario = try ScenarioFile.parse(Self.text([
            #"    { "post": "layoutChanged", "element": "banner" }"#,
            #"    { "insert": { "id": "banner", "kind": "label", "text": "새 소식" }, "into": "list" }"#,
        ]), path: "test.json")
        #expect(scenario.steps.count == 2)
        let error = try #require(ScenarioTestSupport.parseError(Self.text([
            #"    { "insert": { "id": "banner", "kind": "label", "text": "새 소식" }, "into": "lits" }"#,
        ])))
        #expect(error.location.line == 3)
        #expect(error.message.contains("\"lits\""))
    }

    @Test("a time going backwards is an error at the step that goes back")
    func timeBackwards() throws {
        let error = try #require(ScenarioTestSupport.parseError(Self.text([
            #"    { "gesture": "next", "at": 2 }"#,
            #"    { "gesture": "next", "after": 0.5 }"#,
            #"    { "gesture": "next", "at": 1.5 }"#,
        ])))
        #expect(error.location.line == 5)
        #expect(error.location.column == 5)
        #expect(error.message.contains("time goes backwards"))
        #expect(error.message.contains("2.5"))
    }

    @Test("unknown gestures, notifications, keys and reason codes suggest the valid name")
    func suggestions() throws {
        let gesture = try #require(ScenarioTestSupport.parseError(Self.text([#"    { "gesture": "nxet" }"#])))
        #expect(gesture.message.contains("unknown gesture \"nxet\"; did you mean \"next\"?"))
        #expect(gesture.location.line == 3 && gesture.location.column == 18)

        let notification = try #require(ScenarioTestSupport.parseError(Self.text([#"    { "post": "anouncement", "text": "x" }"#])))
        #expect(notification.message.contains("did you mean \"announcement\"?"))

        let key = try #require(ScenarioTestSupport.parseError(Self.text([#"    { "gesture": "next", "aftre": 1 }"#])))
        #expect(key.message.contains("unknown key \"aftre\"; did you mean \"after\"?"))
        #expect(key.location.column == 26)

        let reason = try #require(ScenarioTestSupport.parseError(Self.text([
            #"    { "expect": { "text": "x", "fate": "dropped", "reason": "postedDuringGesture" } }"#,
        ])))
        #expect(reason.message.contains("did you mean \"postedDuringGestureSpeech\"?"))
    }

    @Test("a step does exactly one thing, and at and after exclude each other")
    func oneActionPerStep() throws {
        let two = try #require(ScenarioTestSupport.parseError(Self.text([#"    { "gesture": "next", "pause": 1 }"#])))
        #expect(two.message.contains("a step does one thing"))
        let none = try #require(ScenarioTestSupport.parseError(Self.text([#"    { "at": 1 }"#])))
        #expect(none.message.contains("a step needs one of"))
        let both = try #require(ScenarioTestSupport.parseError(Self.text([#"    { "gesture": "next", "at": 1, "after": 1 }"#])))
        #expect(both.message.contains("either \"at\" or \"after\""))
    }

    @Test("a reason goes only with a dropped fate, and text expectations need a fate")
    func expectationShapes() throws {
        let reason = try #require(ScenarioTestSupport.parseError(Self.text([
            #"    { "expect": { "text": "x", "fate": "cut", "reason": "emptyText" } }"#,
        ])))
        #expect(reason.message.contains("\"reason\" goes with \"fate\": \"dropped\""))
        let fate = try #require(ScenarioTestSupport.parseError(Self.text([#"    { "expect": { "text": "x" } }"#])))
        #expect(fate.message.contains("needs \"fate\""))
    }

    @Test("a screen path is read relative to the scenario file; a missing one is reported at its string")
    func screenPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("screens"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{ "elements": [ { "id": "a", "kind": "button", "text": "가" } ] }"#
            .write(to: folder.appendingPathComponent("screens/one.json"), atomically: true, encoding: .utf8)
        let scenarioPath = folder.appendingPathComponent("s.json").path
        try #"{ "screens": { "main": "screens/one.json" }, "steps": [ { "gesture": "next" } ] }"#
            .write(toFile: scenarioPath, atomically: true, encoding: .utf8)
        let scenario = try ScenarioFile.load(path: scenarioPath)
        #expect(scenario.screens.map(\.name) == ["main"])
        #expect(scenario.screens[0].screen.contains("a"))

        try #"{ "screen": "screens/two.json", "steps": [] }"#.write(toFile: scenarioPath, atomically: true, encoding: .utf8)
        do {
            _ = try ScenarioFile.load(path: scenarioPath)
            Issue.record("a missing screen file was accepted")
        } catch let error as DataFileError {
            #expect(error.location.file == scenarioPath)
            #expect(error.location.line == 1 && error.location.column == 13)
            #expect(error.message.contains("not found"))
        }
    }

    @Test("an unknown screen name in show or transition lists the screens")
    func unknownScreen() throws {
        let text = """
        { "screens": { "list": { "elements": [] }, "detail": { "elements": [] } },
          "steps": [ { "show": "detial" } ] }
        """
        let error = try #require(ScenarioTestSupport.parseError(text))
        #expect(error.location.line == 2 && error.location.column == 24)
        #expect(error.message.contains("did you mean \"detail\"?"))
    }

    @Test("steps get their default timing: gestures when idle, expectations with the previous step")
    func defaultTiming() throws {
        let scenario = try ScenarioFile.parse(Self.text([
            #"    { "gesture": "next" }"#,
            #"    { "expect": { "focus": "ok" } }"#,
            #"    { "pause": 2 }"#,
            #"    { "gesture": "activate", "after": 0.25 }"#,
        ]), path: "test.json")
        #expect(scenario.steps.map(\.timing) == [.whenIdle, .withPrevious, .whenIdle, .after(0.25)])
        #expect(scenario.steps.map(\.source) == ["line 3", "line 4", "line 5", "line 6"])
    }
}
