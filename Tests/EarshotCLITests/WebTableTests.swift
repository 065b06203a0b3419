import Foundation
import Testing

/// A table on a real page in Chromium, through the built binary (docs/web.md, section f): T
/// says the table's size, control+alt+arrows say only the coordinate that changed with its
/// header, "Edge of table" at the edge, the down arrow leaving says "out of table".
@Suite("A table on a page, as NVDA moves through it", .serialized)
struct WebTableTests {
    static let scenario = CLIRunner.repositoryRoot.appendingPathComponent("samples/web/deliveries-table.json").path

    @Test("T then the table keys on samples/web/deliveries.html, named by NVDA's keys")
    func tableKeys() throws {
        let result = try CLIRunner.run(["check", Self.scenario])
        #expect(result.status == 0, "\(result.stderr)")
        let moves = WebNavigationTests.moves(result.stdout).map(\.description)
        #expect(moves == [
            "t: main landmark Arrival by city table with 4 rows and 4 columns Arrival by city",
            "down arrow: row 1 column 1 Day",
            "control+alt+down arrow: row 2 Monday",
            "control+alt+right arrow: Seoul column 2 Tuesday morning",
            "control+alt+down arrow: Wednesday row 3 Thursday morning",
            "control+alt+right arrow: Busan column 3 Thursday evening",
            "control+alt+right arrow: Jeju column 4 Saturday",
            "control+alt+right arrow: Edge of table",
            "control+alt+down arrow: Friday row 4 Tuesday",
            "control+alt+down arrow: Edge of table",
            "down arrow: out of table Orders placed after 3 pm leave the next weekday.",
        ], "\(result.stdout)")
    }
}
