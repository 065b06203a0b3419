import Foundation
import Testing
@testable import EarshotCore

/// axe-core's findings without a browser (docs/web.md, "axe-core in the page"): the code space
/// `axe.RULE`, the tags' criteria, the criteria data's axe section, a saved tree's `axe` read
/// back as written, and the check on a saved tree: stops, severities, a table's rows.
@Suite("axe-core findings")
struct AxeFindingTests {
    @Test("axe.RULE codes: read from their text and written back; Earshot's codes stay the catalogue's; a bad rule id is no code")
    func codes() {
        #expect(FindingCode(rawValue: "axe.color-contrast") == .axe(AxeRule(id: "color-contrast")!))
        #expect(FindingCode.axe(AxeRule(id: "image-alt")!).rawValue == "axe.image-alt")
        #expect(FindingCode(rawValue: "label.missing") == .labelMissing)
        #expect(FindingCode.allCases.allSatisfy { $0.axeRule == nil && FindingCode(rawValue: $0.rawValue) == $0 })
        #expect(FindingCode.allCases.count == Set(FindingCode.allCases.map(\.rawValue)).count)
        #expect(FindingCode(rawValue: "axe.") == nil)
        #expect(FindingCode(rawValue: "axe.Color Contrast") == nil)
        #expect(FindingCode(rawValue: "axe.x" + String(repeating: "y", count: 64)) == nil)
    }

    @Test("a WCAG tag names its criterion; other tags none")
    func tags() {
        #expect(AxeRun.criterion(ofTag: "wcag143") == "1.4.3")
        #expect(AxeRun.criterion(ofTag: "wcag1412") == "1.4.12")
        #expect(AxeRun.criterion(ofTag: "wcag2411") == "2.4.11")
        for other in ["wcag2aa", "wcag21a", "wcag22aa", "cat.color", "best-practice", "wcag", "wcag0143", "EN-301-549"] {
            #expect(AxeRun.criterion(ofTag: other) == nil, "\(other)")
        }
    }

    @Test("the criteria data's axe section: WCAG A and AA criteria only, each with a reason; contrast is KWCAG 1.4.3 and KS X 3253 5.4")
    func criteriaData() throws {
        let table = try Criteria.table()
        let wcag = try Criteria.standard(.wcag22).criteria
        #expect(table.axeCriteria.count == 20)
        for (id, mapping) in table.axeCriteria {
            let level = wcag.first { $0.id == id }?.level
            #expect(level == "A" || level == "AA", "\(id)")
            #expect(mapping.why.count > 20, "\(id)")
            #expect(mapping.criteria.allSatisfy { $0.standard != .wcag22 }, "\(id)")
        }
        for (rule, mapping) in table.axeRules { #expect(mapping.why.count > 20, "\(rule.id)") }
        let contrast = Criteria.axeCriteria(rule: AxeRule(id: "color-contrast")!, wcag: ["1.4.3"]).map { "\($0.standard.rawValue) \($0.id)" }
        #expect(contrast == ["wcag22 1.4.3", "kwcag22 1.4.3", "ksx3253 5.4"])
        // A table rule reaches KWCAG's table item through the rule's own mapping.
        let headers = Criteria.axeCriteria(rule: AxeRule(id: "td-headers-attr")!, wcag: ["1.3.1"]).map { "\($0.standard.rawValue) \($0.id)" }
        #expect(headers == ["wcag22 1.3.1", "kwcag22 1.3.1"])
        // An obsolete criterion is named by no finding.
        #expect(Criteria.axeCriteria(rule: AxeRule(id: "duplicate-id")!, wcag: ["4.1.1"]).isEmpty)
    }

    static func tree(axe: AxeStatus?) -> WebPageTree {
        var tree = WebPageTree(url: "file:///offers.html", title: "Offers", language: "en", viewport: (1280, 800), browser: nil, refused: [],
                               nodes: [
                                   .init(id: "1", role: "RootWebArea", name: "Offers", children: ["2", "3"]),
                                   .init(id: "2", role: "paragraph", children: ["4"], tag: "p", domID: "note", box: Frame(x: 0, y: 0, width: 300, height: 20)),
                                   .init(id: "3", role: "link", name: "Buy now", children: ["5"], tag: "a", domID: "buy", box: Frame(x: 0, y: 30, width: 80, height: 20)),
                                   .init(id: "4", role: "StaticText", name: "Prices include tax.", box: Frame(x: 0, y: 0, width: 300, height: 20)),
                                   .init(id: "5", role: "StaticText", name: "Buy now", box: Frame(x: 0, y: 30, width: 80, height: 20)),
                               ])
        tree.axe = axe
        return tree
    }

    static let run = AxeRun(version: "4.12.1", rules: [AxeRule(id: "color-contrast")!: ["1.4.3"], AxeRule(id: "image-alt")!: ["1.1.1"]], results: [
        AxeResult(rule: AxeRule(id: "color-contrast")!, outcome: .violation, impact: "serious", help: "Elements must meet minimum color contrast ratio thresholds",
                  helpURL: "https://dequeuniversity.com/rules/axe/4.12/color-contrast", criteria: ["1.4.3"],
                  nodes: [AxeNode(node: "3", target: "#buy", summary: "Fix any of the following:\n  Element has insufficient color contrast of 2.32")]),
        AxeResult(rule: AxeRule(id: "color-contrast")!, outcome: .incomplete, impact: "serious", help: "Elements must meet minimum color contrast ratio thresholds",
                  helpURL: "https://dequeuniversity.com/rules/axe/4.12/color-contrast", criteria: ["1.4.3"],
                  nodes: [AxeNode(node: "2", target: "#note", summary: nil), AxeNode(node: nil, target: "iframe >>> p", summary: nil)]),
    ])

    @Test("a saved tree keeps axe's run (version 5) and reads it back as written; a tree without axe stays at its version")
    func savedTree() throws {
        for status in [AxeStatus.ran(Self.run), .unavailable("axe-core not installed: scripts/install-axe.sh installs it")] {
            let tree = Self.tree(axe: status)
            let text = tree.json
            #expect(text.contains("\"version\": 5,"))
            let back = try WebPageTree.decode(try JSONDocument.parse(text, file: "offers.axtree.json"))
            #expect(back == tree)
            #expect(back.json == text)
        }
        #expect(Self.tree(axe: nil).json.contains("\"version\": 2,"))
        // A result naming a node the tree lacks is an error at its place.
        let bad = Self.tree(axe: .ran(Self.run)).json.replacingOccurrences(of: "{\"node\": \"3\", \"target\"", with: "{\"node\": \"9\", \"target\"")
        #expect(throws: DataFileError.self) { try WebPageTree.decode(try JSONDocument.parse(bad, file: "offers.axtree.json")) }
    }

    @Test("the check on a saved tree: a violation is an error at its stop with NVDA's words, an incomplete result a note; the table's 1.4.3 failed by axe")
    func check() throws {
        let screen = try WebPageInterpreter.screen(from: Self.tree(axe: .ran(Self.run)), defaultName: "offers")
        let profile = try ScreenTestSupport.profile("en")
        let linter = try ScreenLinter(profile: profile, reader: ScreenReaders.make(ScreenReaderName("nvda"), profile: profile))
        let findings = linter.findings(for: screen).filter { $0.code.axeRule != nil }
        // The link's finding first (a stop), then axe's order.
        #expect(findings.map(\.severity) == [.error, .note, .note])
        let violation = try #require(findings.first { $0.severity == .error })
        #expect(violation.elements == ["buy"])
        #expect(violation.message.contains("at stop 2, where NVDA says \"link Buy now\" (#buy)"), "\(violation.message)")
        #expect(violation.message.hasSuffix("Fix any of the following: Element has insufficient color contrast of 2.32."))
        #expect(findings.last?.elements == [] && findings.last?.message.contains("iframe >>> p") == true)
        var coverage = linter.coverage(for: screen)
        let table = try ConformanceReport(.kwcag22, findings: findings, coverage: coverage)
        let row = try #require(table.rows.first { $0.criterion.id == "1.4.3" })
        #expect(row.status == .failed)
        #expect(row.judges == [.axe(AxeRule(id: "color-contrast")!)])
        // Without the violation, the incomplete results leave it to review by axe and a person.
        let reviewed = try ConformanceReport(.kwcag22, findings: findings.filter { $0.severity == .note }, coverage: coverage)
        let review = try #require(reviewed.rows.first { $0.criterion.id == "1.4.3" })
        #expect(review.status == .review && review.judges == [.axe(AxeRule(id: "color-contrast")!), .person])
        coverage = CheckCoverage()
        coverage.record(axe: .unavailable("axe-core not installed: scripts/install-axe.sh installs it"))
        let missing = try ConformanceReport(.kwcag22, findings: [], coverage: coverage)
        #expect(missing.rows.first { $0.criterion.id == "1.4.3" }?.note == "axe-core not installed: scripts/install-axe.sh installs it")
        #expect(coverage.notedReasons == ["axe-core not installed: scripts/install-axe.sh installs it"])
    }
}
