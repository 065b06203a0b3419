import Testing
@testable import EarshotCore

/// The baseline's one summary line says which new findings fail and which the scenarios expect.
@Suite("Baseline summary")
struct BaselineSummaryTests {
    static func finding(_ code: FindingCode, element: String, mark: BaselineMark, expected: Bool) -> Finding {
        var finding = Finding(code, elements: [element], message: "m", screen: "홈", source: "screen.json")
        finding.baseline = mark
        finding.expected = expected
        return finding
    }

    @Test("new findings their scenarios expect are counted as such: all of them, some, or none")
    func expectedNewOnes() {
        let baseline = FindingBaseline(path: "audit.json")
        let known = Self.finding(.labelFileName, element: "a", mark: .known, expected: false)
        let expectedNew = Self.finding(.labelFileName, element: "b", mark: .new, expected: true)
        let unexpectedNew = Self.finding(.labelFileName, element: "c", mark: .new, expected: false)
        #expect(BaselineSummary(baseline: baseline, marked: [known, expectedNew, expectedNew], fixed: []).text
                == "Baseline audit.json: 1 known, 2 new (all expected by their scenarios), 0 fixed\n")
        #expect(BaselineSummary(baseline: baseline, marked: [expectedNew, unexpectedNew], fixed: []).text
                == "Baseline audit.json: 0 known, 2 new (1 expected by their scenarios), 0 fixed\n")
        #expect(BaselineSummary(baseline: baseline, marked: [known, unexpectedNew], fixed: []).text
                == "Baseline audit.json: 1 known, 1 new, 0 fixed\n")
    }
}
