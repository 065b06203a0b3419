import Foundation
import Testing
@testable import EarshotCore

/// `focus.covered` on a web page (docs/findings.md, docs/web.md "What covers a focused element"):
/// the browser's hit test, carried by the saved tree (`WebPageTree.Cover`), judged by the check
/// with no browser; a tree without the test leaves the check unchecked, with the reason.
@Suite("Covered focus on web pages")
struct WebCoveredFocusCheckTests {
    /// A page of a banner (`masthead`, its text "Acme Store"), a link and a button; `cover` is
    /// given to the link, `tested` says whether the page was hit-tested.
    static func tree(linkCover: WebPageTree.Cover?, tested: Bool = true) -> WebPageTree {
        WebPageTree(url: "file:///shop.html", title: "Shop", language: "en", viewport: (1280, 800), browser: nil, refused: [], nodes: [
            .init(id: "1", role: "RootWebArea", name: "Shop", children: ["2", "4", "6"], box: Frame(x: 0, y: 0, width: 1280, height: 3000)),
            .init(id: "2", role: "banner", children: ["3"], domID: "masthead", box: Frame(x: 0, y: 0, width: 1280, height: 120)),
            .init(id: "3", role: "StaticText", name: "Acme Store", box: Frame(x: 0, y: 100, width: 90, height: 19)),
            .init(id: "4", role: "link", name: "Today's offers", properties: ["focusable": .bool(true)], children: ["5"], tag: "a",
                  domID: "offers", box: Frame(x: 0, y: 1600, width: 110, height: 19), cover: linkCover),
            .init(id: "5", role: "StaticText", name: "Today's offers", box: Frame(x: 0, y: 1600, width: 110, height: 19)),
            .init(id: "6", role: "button", name: "Accept cookies", properties: ["focusable": .bool(true)], tag: "button",
                  domID: "accept", box: Frame(x: 0, y: 2900, width: 140, height: 30)),
        ], coversTested: tested)
    }

    static func linter() throws -> ScreenLinter {
        let profile = try ScreenTestSupport.profile("en")
        return try ScreenLinter(profile: profile, reader: ScreenReaders.make(ScreenReaderName("nvda"), profile: profile))
    }

    static func covered(_ tree: WebPageTree) throws -> [Finding] {
        let screen = try WebPageInterpreter.screen(from: tree, defaultName: "shop")
        return try linter().findings(for: screen).filter { $0.code == .focusCovered }
    }

    @Test("a link a sticky header hides whole at the top of the window: an error naming the link and the header, with the header's text")
    func stickyHeader() throws {
        let found = try Self.covered(Self.tree(linkCover: .init(node: "2", element: "header#masthead", whole: true, edge: .top)))
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.elements == ["offers", "masthead"])
        #expect(finding.severity == .error)
        #expect(finding.message.contains("is reached and read, but header#masthead (\"Acme Store\") is drawn over all of it when it is scrolled to the top of the window, so keyboard focus there is hidden."),
                "\(finding.message)")
        #expect(finding.fix.contains("scroll-padding"), "NVDA's wording: \(finding.fix)")
        // Keyboard focus wholly hidden: the case the criteria data maps to WCAG 2.4.11.
        #expect(finding.criteriaCase == .focusHidden)
        #expect(finding.criteria.map(\.reference) == ["WCAG 2.2 2.4.11"])
        #expect(try Self.covered(Self.tree(linkCover: nil)).isEmpty)
    }

    @Test("under NVDA a control over the centre alone is a warning (NVDA activates by the default action), and a cover with no node is named by its selector")
    func partial() throws {
        let button = try Self.covered(Self.tree(linkCover: .init(node: "6", element: "button#accept", whole: false, edge: .bottom)))
        #expect(button.map(\.severity) == [.warning])
        #expect(button.first?.message.contains("but button#accept (\"Accept cookies\") is drawn over its centre when it is scrolled to the bottom of the window") == true,
                "\(button.first?.message ?? "")")
        #expect(button.first?.message.contains("activates that instead") == false)
        // A part hidden is 2.4.12's (AAA), left to a person: the code's mapping, none.
        #expect(button.first?.criteriaCase == nil && button.first?.criteria.isEmpty == true)
        let bare = try Self.covered(Self.tree(linkCover: .init(node: nil, element: "div.overlay", whole: false, edge: .bottom)))
        #expect(bare.first?.elements == ["offers"])
        #expect(bare.first?.message.contains("but div.overlay is drawn over its centre") == true, "\(bare.first?.message ?? "")")
    }

    @Test("the conformance coverage: a hit-tested page checked focus.covered; a page without the test did not, and says why")
    func coverage() throws {
        let tested = try WebPageInterpreter.screen(from: Self.tree(linkCover: nil), defaultName: "shop")
        #expect(try Self.linter().coverage(for: tested).checked(.focusCovered))
        let untested = try WebPageInterpreter.screen(from: Self.tree(linkCover: nil, tested: false), defaultName: "shop")
        let coverage = try Self.linter().coverage(for: untested)
        #expect(!coverage.checked(.focusCovered))
        #expect(coverage.notRun[.focusCovered]?.contains("no hit test") == true, "\(coverage.notRun)")
        #expect(try Self.covered(Self.tree(linkCover: .init(node: "2", element: "header", whole: true, edge: .top), tested: false)).isEmpty)
    }

    @Test("a saved tree keeps the covers and the test as version 4, read back the same; a cover in an older version, or naming no node, is an error at its line")
    func savedTree() throws {
        let tree = Self.tree(linkCover: .init(node: "2", element: "header#masthead", whole: true, edge: .top))
        let text = tree.json
        #expect(text.contains("\"version\": 4,") && text.contains("\"coversTested\": true,"))
        #expect(text.contains("\"cover\": {\"node\": \"2\", \"element\": \"header#masthead\", \"whole\": true, \"edge\": \"top\"}"))
        #expect(try WebPageTree.decode(try JSONDocument.parse(text, file: "shop.axtree.json")) == tree)
        // Without covers or the test, the lower version as before.
        #expect(Self.tree(linkCover: nil, tested: false).json.contains("\"version\": 2,"))
        func refusal(_ text: String) -> String {
            do {
                _ = try WebPageTree.decode(try JSONDocument.parse(text, file: "bad.axtree.json"))
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal(text.replacingOccurrences(of: "\"version\": 4,", with: "\"version\": 3,")).contains("is a key of version 4"))
        #expect(refusal(text.replacingOccurrences(of: "\"node\": \"2\"", with: "\"node\": \"99\"")).contains("names a node \"99\" that is not in \"nodes\""))
        #expect(refusal(text.replacingOccurrences(of: "\"edge\": \"top\"", with: "\"edge\": \"middle\"")).contains("middle"))
    }

    @Test("the conformance table: 2.4.11 failed by a page's wholly hidden element, checked on a hit-tested page with none, not evaluated on an app's screen (with why); the case survives the findings file")
    func conformance() throws {
        let covered = try WebPageInterpreter.screen(
            from: Self.tree(linkCover: .init(node: "2", element: "header#masthead", whole: true, edge: .top)), defaultName: "shop")
        let linter = try Self.linter()
        let findings = linter.findings(for: covered)
        func row(_ findings: [Finding], _ coverage: CheckCoverage) throws -> ConformanceReport.Row {
            try #require(try ConformanceReport(.wcag22, findings: findings, coverage: coverage).rows.first { $0.criterion.id == "2.4.11" })
        }
        let failed = try row(findings, linter.coverage(for: covered))
        #expect(failed.status == .failed && failed.findings.map(\.code) == [.focusCovered])
        let clear = try WebPageInterpreter.screen(from: Self.tree(linkCover: nil), defaultName: "shop")
        let checked = try row([], linter.coverage(for: clear))
        #expect(checked.status == .checked && checked.codes == [.focusCovered])
        // An app's screen checks focus.covered, but not keyboard focus: 2.4.11 is not evaluated.
        let app = try Screen(name: "s", roots: [AccessibilityNode(id: "buy", kind: .button, label: "Buy", frame: Frame(x: 0, y: 0, width: 100, height: 50))])
        let appCoverage = try ScreenLinter(profile: try ScreenTestSupport.profile("en"),
                                           reader: ScreenReaders.make(.voiceOver, profile: try ScreenTestSupport.profile("en"))).coverage(for: app)
        #expect(appCoverage.checked(.focusCovered))
        let notEvaluated = try row([], appCoverage)
        #expect(notEvaluated.status == .notEvaluated)
        #expect(notEvaluated.note?.contains("only a web page read with the browser's hit test") == true, "\(notEvaluated.note ?? "")")
        // Through the workers' JSON: the coverage keeps the case, the findings file the finding's.
        let decoded = try JSONDecoder().decode(CheckCoverage.self, from: try JSONEncoder().encode(linter.coverage(for: clear)))
        #expect(decoded.checked(.focusCovered, case: .focusHidden))
        let text = FindingsJSON.encode(findings.filter { $0.code == .focusCovered })
        #expect(text.contains("\"case\": \"focus-hidden\"}"))
        let read = try FindingsJSON.decode(try JSONDocument.parse(text, file: "findings.json"))
        #expect(read.first?.criteriaCase == .focusHidden && read.first?.criteria.map(\.reference) == ["WCAG 2.2 2.4.11"])
    }
}
