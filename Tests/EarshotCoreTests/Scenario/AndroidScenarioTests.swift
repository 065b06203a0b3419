import Foundation
import Testing
@testable import EarshotCore

/// A scenario's `screens` may name Android dumps, as they name iOS dumps: the screen is read by
/// content, its ids are the dump's, and an error about an id points at the scenario.
@Suite("Scenarios name Android dumps as screens")
struct AndroidScenarioTests {
    /// A scenario beside the hand-made sign-in dump, naming it and a real Settings capture.
    static let path = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/android/flow.json").path

    static func scenario(activating id: String = "sign_in") -> String {
        #"""
        { "screens": { "signin": "uiautomator-dump-signin.xml",
                       "network": "../corpora/android-dumps/uiautomator-networkandinternetscreen.xml" },
          "app": { "signin": { "onActivate": { "\#(id)": [ { "navigate": "network", "transition": "push" } ] } } },
          "steps": [
            { "gesture": "touch", "x": 500, "y": 1300, "note": "the sign-in button, in the dump's pixels" },
            { "expect": { "focus": "sign_in" } },
            { "gesture": "activate" },
            { "pause": 3 },
            { "expect": { "focus": "imageButton-Navigate-up" } }
          ] }
        """#
    }

    @Test("a flow from a uiautomator dump to an Appium page source runs: touch, activate, navigate")
    func flowRuns() throws {
        let scenario = try ScenarioFile.parse(Self.scenario(), path: Self.path)
        #expect(scenario.screens.map(\.name) == ["signin", "network"])
        let signIn = try #require(scenario.screens.first)
        #expect(signIn.screen.node("sign_in")?.android?.text == "로그인")
        #expect(signIn.elementLocations["sign_in"]?.file.hasSuffix("Tests/Fixtures/android/uiautomator-dump-signin.xml") == true)
        #expect(signIn.elementLocations["sign_in"]?.line == 15)
        let runner = try ScenarioRunner(scenario: scenario, profile: try ScreenTestSupport.profile("ko"),
                                        clock: VirtualClock(), device: TimedDevice())
        let result = try runner.run()
        #expect(result.passed, "\(result.failedExpectations)")
        #expect(runner.desk.screen.node("switchWidget")?.android?.isChecked == true, "the desk is on the Settings dump")
        #expect(result.transcript.entries.contains { $0.utterance.text == "로그인, 버튼" })
    }

    @Test("an id the Android dump does not have is refused at the scenario, with the nearest id")
    func unknownID() throws {
        do {
            _ = try ScenarioFile.parse(Self.scenario(activating: "sign-in"), path: Self.path)
            Issue.record("no error")
        } catch let error as DataFileError {
            #expect(error.location.file == Self.path && error.location.line == 3, "\(error)")
            #expect(error.message.contains("did you mean \"sign_in\"?"), "\(error.message)")
        }
    }
}
