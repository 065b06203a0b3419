import Foundation
import Testing
@testable import EarshotCore

/// `focus.covered` (docs/findings.md): a stop the reader reaches while another stop drawn above
/// it covers its centre. Each dump beside the same screen without the cover, written from the
/// rule (`Tests/Fixtures/ios/`, `Tests/Fixtures/talkback/`).
@Suite("Covered focus stops")
struct CoveredFocusCheckTests {
    static func findings(_ path: String, voice: String = "en") throws -> [Finding] {
        let loaded = try ScreenLoader.load(path: ScreenTestSupport.repositoryRoot.appendingPathComponent(path).path)
        let reader = try ScreenReaders.make(ScreenReaders.natural(for: loaded.screen), profile: try ScreenTestSupport.profile(voice))
        let linter = try ScreenLinter(profile: try ScreenTestSupport.profile(voice), reader: reader)
        return linter.findings(for: loaded.screen).filter { $0.code == .focusCovered }
    }

    @Test("iOS: a button under a banner drawn over all of it is an error naming both; without the banner, or under a sheet, nothing")
    func banner() throws {
        let covered = try Self.findings("Tests/Fixtures/ios/banner-over-button.xml")
        #expect(covered.count == 1)
        let finding = try #require(covered.first)
        #expect(finding.severity == .error)
        #expect(finding.elements.first?.contains("Checkout") == true)
        #expect(finding.message.contains("\"Free delivery today\" is drawn over all of it"))
        #expect(try Self.findings("Tests/Fixtures/ios/button-without-banner.xml").isEmpty)
        #expect(try Self.findings("Tests/Fixtures/ios/sheet-over-button.xml").isEmpty)
    }

    @Test("Android: a floating button over a row TalkBack taps (no click action) is an error; a clickable row, or no floating button, nothing")
    func floatingButton() throws {
        let covered = try Self.findings("Tests/Fixtures/talkback/floating-button-over-row.uiautomator.xml", voice: "ko")
        #expect(covered.count == 1)
        let finding = try #require(covered.first)
        #expect(finding.severity == .error)
        #expect(finding.message.hasPrefix("\"Your receipt\" is reached and read, but \"Compose\" is drawn over its centre"))
        #expect(finding.fix.contains("ACTION_CLICK"))
        #expect(try Self.findings("Tests/Fixtures/talkback/floating-button-over-clickable-row.uiautomator.xml", voice: "ko").isEmpty)
        #expect(try Self.findings("Tests/Fixtures/talkback/rows-without-floating-button.uiautomator.xml", voice: "ko").isEmpty)
    }

    @Test("a text drawn over part of a control is a warning; over all of it, an error")
    func severity() throws {
        let button = AccessibilityNode(id: "buy", kind: .button, label: "Buy", frame: Frame(x: 0, y: 100, width: 300, height: 60))
        let partial = AccessibilityNode(id: "note", kind: .label, label: "Sale", frame: Frame(x: 100, y: 110, width: 100, height: 30))
        let whole = AccessibilityNode(id: "note", kind: .label, label: "Sale", frame: Frame(x: 0, y: 90, width: 320, height: 80))
        let profile = try ScreenTestSupport.profile("en")
        let linter = try ScreenLinter(profile: profile, reader: ScreenReaders.make(.voiceOver, profile: profile))
        for (cover, severity) in [(partial, FindingSeverity.warning), (whole, .error)] {
            let screen = try Screen(name: "s", roots: [button, cover])
            let found = linter.findings(for: screen).filter { $0.code == .focusCovered }
            #expect(found.map(\.severity) == [severity])
            // Drawn first, the text lies under the button: the button is not covered (the text is).
            let under = try Screen(name: "s", roots: [cover, button])
            #expect(!linter.findings(for: under).contains { $0.code == .focusCovered && $0.elements.first == "buy" })
        }
    }
}
