import Foundation
import Testing
@testable import EarshotCore

/// `label.not-in-name` (docs/findings.md) on Android dumps: a button showing "Send" whose
/// content description TalkBack speaks is "Submit form" is a finding of WCAG 2.2 2.5.3; the same
/// button described "Send message" is not (fixtures written from the rule: no dump in the
/// shared corpora has a text beside a description that leaves it out). The folding: case,
/// punctuation and spacing differ freely, a word must be whole.
@Suite("Label in name")
struct LabelInNameCheckTests {
    static func lint(_ path: String) throws -> (findings: [Finding], coverage: CheckCoverage) {
        let loaded = try ScreenLoader.load(path: ScreenTestSupport.repositoryRoot.appendingPathComponent(path).path)
        let reader = try ScreenReaders.make(ScreenReaders.natural(for: loaded.screen), profile: try ScreenTestSupport.profile("en"))
        let linter = try ScreenLinter(profile: try ScreenTestSupport.profile("en"), reader: reader)
        return (linter.findings(for: loaded.screen).filter { $0.code == .labelNotInName }, linter.coverage(for: loaded.screen))
    }

    @Test("Android: text \"Send\" described \"Submit form\" is an error naming both and what TalkBack says; described \"Send message\", nothing; the check ran on both")
    func android() throws {
        let failing = try Self.lint("Tests/Fixtures/talkback/button-name-not-label.uiautomator.xml")
        let finding = try #require(failing.findings.first)
        #expect(failing.findings.count == 1)
        #expect(finding.severity == .error)
        #expect(finding.message.hasPrefix("The control shows \"Send\", but its name is \"Submit form\", which does not contain it: the screen reader says \"Submit form"),
                "\(finding.message)")
        let fixed = try Self.lint("Tests/Fixtures/talkback/button-name-has-label.uiautomator.xml")
        #expect(fixed.findings.isEmpty)
        #expect(LabelInNameCheck.uncheckedReason(try ScreenLoader.load(path: ScreenTestSupport.repositoryRoot
            .appendingPathComponent("Tests/Fixtures/talkback/button-name-has-label.uiautomator.xml").path).screen) == nil)
    }

    @Test("folded: case, punctuation and spacing differ freely; a word must be whole")
    func folding() {
        #expect(LabelInNameCheck.contains("Search the site", "SEARCH"))
        #expect(LabelInNameCheck.contains("Next page »", "Next  page"))
        #expect(LabelInNameCheck.contains("장바구니 담기", "장바구니"))
        #expect(!LabelInNameCheck.contains("Google", "Go"))
        #expect(!LabelInNameCheck.contains("Submit form", "Send"))
        #expect(LabelInNameCheck.folded("  Save & close! ") == "save close")
    }
}
