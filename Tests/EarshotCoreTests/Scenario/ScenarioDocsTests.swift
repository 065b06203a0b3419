import Foundation
import Testing
@testable import EarshotCore

@Suite("The scenario format document's example is a valid scenario")
struct ScenarioDocsTests {
    @Test("the annotated example parses, runs, and all its expectations hold")
    func annotatedExample() throws {
        let doc = try String(contentsOf: ScreenTestSupport.repositoryRoot.appendingPathComponent("docs/scenario-format.md"),
                             encoding: .utf8)
        let start = try #require(doc.range(of: "```json\n"))
        let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let json = String(doc[start.upperBound..<end.lowerBound])
        // Placed as if in samples/scenarios/, where its relative screen paths lead.
        let path = ScreenTestSupport.repositoryRoot.appendingPathComponent("samples/scenarios/example.json").path
        let scenario = try ScenarioFile.parse(json, path: path)
        #expect(scenario.screens.map(\.name) == ["list", "detail"])
        #expect(scenario.steps.count == 23)
        let runner = try ScenarioRunner(scenario: scenario, profile: try ScreenTestSupport.profile("ko"),
                                        clock: VirtualClock(), device: TimedDevice())
        let result = try runner.run()
        #expect(result.expectations.count == 8)
        for failed in result.failedExpectations { Issue.record("\(failed)") }
        #expect(result.notes.isEmpty)
    }
}
