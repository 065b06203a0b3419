import Foundation
import Testing
@testable import EarshotCore

/// A site's table (`ConformanceReport.init(_:pages:)`, docs/test-suites.md "Web pages as
/// records"): one table per page, and the site's merged from them: failed where any page failed
/// it, to review where any left it to a person and none failed it, checked only where every page
/// checked it, else not evaluated saying on how many pages it was checked; each row names every
/// rule that judged it; its JSON carries the pages' tables.
@Suite("A site's conformance table, merged from its pages")
struct SiteConformanceTests {
    static let contrast = AxeRule(id: "color-contrast")!

    /// A page's coverage: axe's contrast rule ran (or axe did not run) and the keyboard walk ran.
    static func coverage(axe: Bool) -> CheckCoverage {
        var coverage = CheckCoverage(ran: [.keyboardUnreachable, .keyboardTrap])
        coverage.record(axe: axe ? .ran(AxeRun(version: "4.12.1", rules: [contrast: ["1.4.3"]], results: [])) : .unavailable("axe-core turned off"))
        return coverage
    }

    static func finding(_ code: FindingCode, _ severity: FindingSeverity, axe outcome: AxeOutcome? = nil) -> Finding {
        var finding = Finding(code, elements: ["x"], message: "on a.html", severity: severity, fix: "fix it")
        if let outcome {
            finding.axe = AxeFindingFacts(outcome: outcome, impact: "serious", help: "Contrast", helpURL: "https://example.org",
                                          criteria: ["1.4.3"], target: "#x")
        }
        return finding
    }

    @Test("failed where any page failed it, checked where all checked it, not evaluated where one did not, with how many; the rules of every page named")
    func merged() throws {
        let unreachable = Self.finding(.keyboardUnreachable, .error)
        let table = try ConformanceReport(.kwcag22, pages: [
            (file: "a.html", findings: [unreachable], coverage: Self.coverage(axe: true)),
            (file: "b.html", findings: [], coverage: Self.coverage(axe: false)),
        ])
        #expect(table.pages.map(\.file) == ["a.html", "b.html"])
        func row(_ id: String) throws -> ConformanceReport.Row { try #require(table.rows.first { $0.criterion.id == id }) }
        #expect(try row("2.1.1").status == .failed)
        #expect(try row("2.1.1").findings.map(\.message) == ["on a.html"])
        // Contrast: checked by axe on a.html, not evaluated on b.html (axe off).
        #expect(try row("1.4.3").status == .notEvaluated)
        #expect(try row("1.4.3").note == "checked on 1 of 2 pages; not on b.html: axe-core turned off")
        // The rule that judged it on a.html is named; the note says where it did not run.
        #expect(try row("1.4.3").judges == [.axe(Self.contrast)])
        #expect(table.pages[0].table.rows.first { $0.criterion.id == "1.4.3" }?.status == .checked)
        #expect(table.rows.count == 33)
        #expect(table.count(.failed) + table.count(.review) + table.count(.checked) + table.count(.notEvaluated) == 33)
        #expect(table.text.hasPrefix("Page a.html:\nConformance, KWCAG 2.2: 33 criteria: 1 failed,"))
        #expect(table.text.contains("\nThe suite's table, over its 2 records"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(table.json.utf8)) as? [String: Any])
        #expect((json["pages"] as? [[String: Any]])?.map { $0["file"] as? String } == ["a.html", "b.html"])
    }

    @Test("to review where a page left it to a person and none failed it; checked where both checked it, judged by the rules of both")
    func review() throws {
        let incomplete = Self.finding(.axe(Self.contrast), .note, axe: .incomplete)
        let table = try ConformanceReport(.kwcag22, pages: [
            (file: "a.html", findings: [], coverage: Self.coverage(axe: true)),
            (file: "b.html", findings: [incomplete], coverage: Self.coverage(axe: true)),
        ])
        let contrast = try #require(table.rows.first { $0.criterion.id == "1.4.3" })
        #expect(contrast.status == .review)
        #expect(contrast.judges == [.axe(Self.contrast), .person])
        // A suite's scenarios beside its pages are one more entry, headed by what they are.
        let mixed = try ConformanceReport(.kwcag22, pages: [
            (file: "a.html", findings: [], coverage: Self.coverage(axe: true)),
            (file: "the suite's 1 scenario", findings: [], coverage: Self.coverage(axe: true)),
        ])
        #expect(mixed.text.contains("\nOf the suite's 1 scenario:\nConformance, KWCAG 2.2: 33 criteria:"))
        let keyboard = try #require(table.rows.first { $0.criterion.id == "2.1.1" })
        #expect(keyboard.status == .checked)
        #expect(keyboard.judges.contains(.earshot(.keyboardUnreachable)))
    }
}
