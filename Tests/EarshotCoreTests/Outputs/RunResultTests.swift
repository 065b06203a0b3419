import Foundation
import Testing
@testable import EarshotCore

/// A run's result and its writers: the checks that ran are what a conformance table counts,
/// built from the checks themselves, and every audit and CI file is written from the one result.
@Suite("A run's result: the checks that ran, and the files written from it")
struct RunResultTests {
    @Test("every code is reported by exactly one kind of check: the linter's, the timeline's, a page's or a sweep's")
    func everyCodeHasOneCheck() {
        let kinds: [[FindingCode]] = [ScreenLinter.checks.flatMap(\.codes), FlowInspector.timelineCodes,
                                      FindingCode.webPageCodes, Array(FindingCode.sweepCodes)]
        let all = kinds.flatMap { $0 }
        #expect(all.count == Set(all).count, "a code in two checks: \(all)")
        #expect(Set(all) == Set(FindingCode.allCases))
    }

    @Test("a linter without the voice's reading of text does not claim the reading checks; one with it does")
    func linterCoverage() throws {
        let screen = try FindingsTestSupport.sample("shop-before")
        let full = try FindingsTestSupport.linter()
        let bare = ScreenLinter(generator: full.generator)
        let fullCoverage = full.coverage(for: screen), bareCoverage = bare.coverage(for: screen)
        for code in [FindingCode.labelOnlySymbols, .labelUnnamedSymbol, .labelAmbiguousAbbreviation, .speechIPAUnmapped] {
            #expect(fullCoverage.checked(code), "\(code)")
            #expect(!bareCoverage.checked(code) && bareCoverage.notRun[code] != nil, "\(code)")
        }
        #expect(bareCoverage.checked(.labelMissing))
        // No flow check is the linter's.
        #expect(!fullCoverage.checked(.announcementDropped) && fullCoverage.notRun[.announcementDropped] == nil)
    }

    @Test("a web page without the browser's hit test leaves focus.covered unchecked, with the reason; one with it checks it")
    func webPageCoverage() throws {
        let tree = WebPageTree(url: "file:///p.html", title: "P", language: "en", viewport: (800, 600), browser: nil, refused: [],
                               nodes: [.init(id: "1", role: "RootWebArea", name: "P", children: ["2"]), .init(id: "2", role: "button", name: "Pay")])
        let page = try WebPageInterpreter.screen(from: tree, defaultName: "p")
        let coverage = try FindingsTestSupport.linter().coverage(for: page)
        #expect(!coverage.checked(.focusCovered) && coverage.notRun[.focusCovered]?.contains("no hit test") == true)
        #expect(coverage.notedReasons.isEmpty, "no note for what no option allows: \(coverage.notedReasons)")
        let decoded = try JSONDecoder().decode(CheckCoverage.self, from: try JSONEncoder().encode(coverage))
        #expect(decoded == coverage && decoded.notedReasons.isEmpty)
        var tested = tree
        tested.coversTested = true
        #expect(try FindingsTestSupport.linter().coverage(for: try WebPageInterpreter.screen(from: tested, defaultName: "p")).checked(.focusCovered))
        #expect(try FindingsTestSupport.linter().coverage(for: try FindingsTestSupport.sample("shop-before")).checked(.focusCovered))
    }

    @Test("an Android dump without a density leaves its targets unchecked, with the reason, unless another screen checked them")
    func joinedCoverage() throws {
        let linter = try FindingsTestSupport.linter()
        let dump = try ScreenLoader.load(path: FindingsTestSupport.lintSamples.appendingPathComponent("targets-android.xml").path).screen
        let alone = linter.coverage(for: dump)
        #expect(!alone.checked(.targetTooSmall))
        #expect(alone.notRun[.targetTooSmall]?.contains("density") == true, "\(alone.notRun)")
        #expect(alone.notedReasons.count == 1, "\(alone.notedReasons)")
        let joined = CheckCoverage.joined([alone, linter.coverage(for: try FindingsTestSupport.sample("targets"))])
        #expect(joined.checked(.targetTooSmall) && joined.notRun[.targetTooSmall] == nil)
        #expect(joined.notedReasons.isEmpty)
    }

    @Test("the conformance table counts a criterion checked only by a check that ran; failed by a finding whatever ran")
    func conformanceFromCoverage() throws {
        // 3.1.4 Abbreviations: only label.ambiguous-abbreviation bears on it.
        func status(_ coverage: CheckCoverage, findings: [Finding] = []) throws -> ConformanceReport.Row? {
            try ConformanceReport(.wcag22, findings: findings, coverage: coverage).rows.first { $0.criterion.id == "3.1.4" }
        }
        #expect(try status(CheckCoverage())?.status == .notEvaluated)
        #expect(try status(CheckCoverage(ran: [.labelAmbiguousAbbreviation]))?.status == .checked)
        var skipped = CheckCoverage()
        skipped.record(notRun: .labelAmbiguousAbbreviation, because: "no reading of text here")
        let row = try status(skipped)
        #expect(row?.status == .notEvaluated && row?.note == "no reading of text here", "\(String(describing: row?.note))")
        let finding = Finding(.labelAmbiguousAbbreviation, elements: ["posted"], message: "m")
        #expect(try status(skipped, findings: [finding])?.status == .failed)
    }

    @Test("a coverage survives the workers' JSON, a code of another build skipped")
    func coverageJSON() throws {
        var coverage = CheckCoverage(ran: [.labelMissing, .announcementCut])
        coverage.record(notRun: .targetTooSmall, because: "no density")
        let data = try JSONEncoder().encode(coverage)
        #expect(try JSONDecoder().decode(CheckCoverage.self, from: data) == coverage)
        let foreign = #"{"ran": ["label.missing", "label.from-the-future"], "notRun": {"x.y": "z"}}"#
        #expect(try JSONDecoder().decode(CheckCoverage.self, from: Data(foreign.utf8)) == CheckCoverage(ran: [.labelMissing]))
    }

    @Test("findings, JUnit, SARIF, conformance and baseline are written from one result, the table computed once")
    func writersOfOneResult() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-result-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let screen = try FindingsTestSupport.sample("shop-before")
        let linter = try FindingsTestSupport.linter()
        let findings = linter.findings(for: screen, source: "shop-before.json")
        let baselinePath = folder.appendingPathComponent("baseline.json").path
        let result = try RunResult(command: "earshot lint", records: [.lint("shop-before.json", findings: findings, time: 0)],
                                   findings: findings, files: ["shop-before.json"], coverage: linter.coverage(for: screen),
                                   baseline: FindingBaseline(path: baselinePath), standard: .kwcag22)
        // The CI reports make their folder (out/); the findings go beside the baseline.
        let paths = ["f.json", "out/j.xml", "out/s.sarif", "out/c.json"].map { folder.appendingPathComponent($0).path }
        let writers: [any RunWriter] = [FindingsWriter(path: paths[0]), JUnitWriter(path: paths[1]), SarifWriter(path: paths[2], baseFolder: folder.path),
                                        ConformanceWriter(path: paths[3]), BaselineWriter(path: baselinePath)]
        for writer in writers { try writer.write(result) }
        #expect(try FindingsJSON.load(path: paths[0]).map(\.code) == findings.map(\.code))
        let junit = try String(contentsOfFile: paths[1], encoding: .utf8)
        #expect(junit.contains(#"name="earshot lint""#) && junit.contains("shop-before.json"), "\(junit)")
        let sarif = try String(contentsOfFile: paths[2], encoding: .utf8)
        #expect(sarif.components(separatedBy: #""ruleId""#).count - 1 == findings.count)
        #expect(try String(contentsOfFile: paths[3], encoding: .utf8) == result.conformance?.json)
        #expect(result.conformance?.count(.failed) ?? 0 > 0)
        let rewritten = try FindingBaseline.load(path: baselinePath)
        #expect(rewritten.entries.count == findings.count)
    }
}
