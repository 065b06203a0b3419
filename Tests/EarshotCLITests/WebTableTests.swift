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
            "control+alt+right arrow: Edge of table Saturday",
            "control+alt+down arrow: Friday row 4 Tuesday",
            "control+alt+down arrow: Edge of table Tuesday",
            "down arrow: out of table Orders placed after 3 pm leave the next weekday.",
        ], "\(result.stdout)")
    }

    @Test("cells spanning rows and columns on a real page (Tests/Fixtures/web/spans.html): the spans read from the DOM, the keys land where NVDA lands and say the spans")
    func spanningCells() throws {
        let scenario = WebNavigationTests.fixtures.appendingPathComponent("table-spans.json").path
        let result = try CLIRunner.run(["check", scenario])
        #expect(result.status == 0, "\(result.stderr)")
        let moves = WebNavigationTests.moves(result.stdout).map(\.description)
        #expect(moves == [
            "t: main landmark Shifts table with 4 rows and 4 columns Shifts",
            "down arrow: row 1 column 1 Day",
            "control+alt+down arrow: row 2 through 3 Monday",
            "control+alt+right arrow: Monday row 2 Morning column 2 through 3 Ana",
            "control+alt+right arrow: Evening column 4 Ben",
            "control+alt+down arrow: Monday row 3 Afternoon column 3 through row 4 column 4 Dee",
            "control+alt+down arrow: Edge of table Dee",
            "control+alt+up arrow: Monday row 2 Evening column 4 Ben",
            "control+alt+left arrow: Morning column 2 through 3 Ana",
            "control+alt+left arrow: row 2 through 3 Day column 1 Monday",
            "control+alt+down arrow: row 4 Friday",
            "control+alt+down arrow: Edge of table Friday",
            "control+alt+right arrow: Morning column 2 Eve",
            "control+alt+right arrow: Edge of table Eve",
        ], "\(result.stdout)")
    }

    @Test("the saved tree keeps a cell's spans (domColSpan, domRowSpan) and reads them as the live page does")
    func spansInTheSavedTree() throws {
        let page = WebNavigationTests.fixtures.appendingPathComponent("spans.html").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-spans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("spans.axtree.json").path
        let imported = try CLIRunner.run(["import", page, "-o", saved])
        #expect(imported.status == 0, "\(imported.stderr)")
        let tree = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(tree.contains("\"domColSpan\"") && tree.contains("\"domRowSpan\""), "\(tree.prefix(400))")
        let live = try CLIRunner.run(["read", "--no-audio", "--voice", "en", "--reader", "nvda", page])
        let fromSaved = try CLIRunner.run(["read", "--no-audio", "--voice", "en", "--reader", "nvda", saved])
        #expect(live.status == 0 && fromSaved.status == 0, "\(live.stderr)\(fromSaved.stderr)")
        #expect(fromSaved.stdout.contains("through row 4 column 4 Dee"), "\(fromSaved.stdout)")
        #expect(live.stdout == fromSaved.stdout)
    }
}
