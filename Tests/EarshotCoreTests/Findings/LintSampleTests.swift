import Foundation
import Testing
@testable import EarshotCore

/// The before/after sample pair in samples/lint: every static check fires on the "before" screen
/// with the right elements, none fires on the fixed "after" screen, and both match their golden
/// findings files.
@Suite("Lint samples before and after the fix")
struct LintSampleTests {
    static let expectedBefore: [(FindingCode, [String])] = [
        (.labelMissing, ["search"]),
        (.targetBelowPlatform, ["search"]),
        (.labelFileName, ["cart"]),
        (.targetBelowPlatform, ["cart"]),
        (.focusFragmented, ["card-1", "card-1-name", "card-1-like", "card-1-rating", "card-1-price"]),
        (.stopsDuplicateAdjacent, ["banner", "banner-caption"]),
        (.labelRepeatsTrait, ["add-to-cart"]),
        (.labelUnnamedSymbol, ["share"]),
        (.labelOnlySymbols, ["like-icon"]),
        (.labelAmbiguousAbbreviation, ["posted"]),
        (.labelLanguageMismatch, ["brand"]),
        (.speechIPAUnmapped, ["maker"]),
    ]

    /// The sign-up form captured as page source (samples/lint/signup-before.xml): what lint finds
    /// in a dump of a real app.
    static let expectedDumpBefore: [(FindingCode, [String])] = [
        (.labelMissing, ["navBack"]),
        (.fieldLabelSeparate, ["staticText-이메일", "emailField"]),
        (.labelMissing, ["passwordField"]),
        (.labelFileName, ["button-common-visibility-off"]),
    ]

    /// The touch targets of samples/lint/targets.json (docs/findings.md, "Touch targets").
    static let expectedTargets: [(FindingCode, [String], FindingSeverity)] = [
        (.targetBelowPlatform, ["more"], .warning),
        (.targetTooSmall, ["close"], .error),
        (.targetTooSmall, ["share"], .error),
        (.targetBelowPlatform, ["info"], .warning),
        // Inside the seller card, a larger target: lowered to a warning.
        (.targetTooSmall, ["seller-follow"], .warning),
        (.targetTooSmall, ["seller-chat"], .warning),
    ]

    @Test("the targets sample: crowded small buttons, a platform warning, the spacing exception, an exempt inline link and switch, small buttons in a larger target")
    func targets() throws {
        let findings = try FindingsTestSupport.linter().findings(for: try FindingsTestSupport.sample("targets"))
        #expect(findings.map(\.code) == Self.expectedTargets.map(\.0))
        #expect(findings.map(\.elements) == Self.expectedTargets.map(\.1))
        #expect(findings.map(\.severity) == Self.expectedTargets.map(\.2))
    }

    @Test("lint on a dump finds the unlabeled button, the icon read by its asset name, the field with no label and the caption read apart from its field")
    func dumpBeforeHasEveryFieldProblem() throws {
        let findings = try FindingsTestSupport.linter().findings(for: try FindingsTestSupport.dumpSample("signup-before"))
        #expect(findings.map(\.code) == Self.expectedDumpBefore.map(\.0))
        #expect(findings.map(\.elements) == Self.expectedDumpBefore.map(\.1))
        let after = try FindingsTestSupport.linter().findings(for: try FindingsTestSupport.dumpSample("signup-after"))
        #expect(after.isEmpty, "\(FindingReport.text(after))")
    }

    @Test("every static check fires on the before screen with its elements, in reading order")
    func beforeHasEveryProblem() throws {
        let findings = try FindingsTestSupport.linter().findings(for: try FindingsTestSupport.sample("shop-before"))
        #expect(findings.map(\.code) == Self.expectedBefore.map(\.0))
        #expect(findings.map(\.elements) == Self.expectedBefore.map(\.1))
        #expect(findings.allSatisfy { $0.screen == "추천 상품" && $0.time == nil })
    }

    @Test("the static checks cover every static code of the catalogue")
    func checksCoverStaticCodes() {
        let staticCodes = FindingCatalogue.entries.filter { $0.origin == .static }.map(\.code)
        // The target check reports both target codes.
        #expect(ScreenLinter.checks.flatMap(\.codes) == staticCodes)
        // focus.covered fires on its own dumps, each beside the same screen without the cover
        // (CoveredFocusCheckTests); page.language-mismatch on web pages alone, each beside the
        // same page fixed (WebPageLanguageTests); the live page's checks on web pages, each
        // beside the same page fixed (KeyboardWalkTests, PageTitleTests, ReflowTests, TextSpacingTests), and
        // label.not-in-name there and on Android dumps (LabelInNameCheckTests).
        #expect(Set(Self.expectedBefore.map(\.0) + Self.expectedDumpBefore.map(\.0) + Self.expectedTargets.map(\.0)
            + [.focusCovered, .pageLanguageMismatch, .keyboardUnreachable, .keyboardTrap, .focusInvisible, .reflowOverflow,
               .textSpacingLost, .pageUntitled, .labelNotInName]) == Set(staticCodes))
    }

    @Test("no check fires on the fixed after screen")
    func afterIsClean() throws {
        let findings = try FindingsTestSupport.linter().findings(for: try FindingsTestSupport.sample("shop-after"))
        #expect(findings.isEmpty, "\(FindingReport.text(findings))")
    }

    @Test("each sample's findings equal its golden text and JSON files",
          arguments: ["shop-before.json", "shop-after.json", "signup-before.xml", "signup-after.xml"])
    func goldenFiles(file: String) throws {
        let name = String(file.prefix { $0 != "." })
        let source = "samples/lint/\(file)"
        // Read under its relative name, so the goldens' positions hold no machine's paths.
        let data = try Data(contentsOf: FindingsTestSupport.lintSamples.appendingPathComponent(file))
        let loaded = try ScreenLoader.parse(data, file: source)
        let findings = try FindingsTestSupport.linter().findings(for: loaded.screen, source: source, locations: loaded.idLocations,
                                                                 fallback: SourceLocation(file: source, line: 1, column: 1))
        let folder = FindingsTestSupport.lintSamples
        if ProcessInfo.processInfo.environment["EARSHOT_RECORD_GOLDENS"] == "1" {
            try FindingReport.text(findings).write(to: folder.appendingPathComponent("\(name).findings.txt"), atomically: true, encoding: .utf8)
            try FindingsJSON.encode(findings).write(to: folder.appendingPathComponent("\(name).findings.json"), atomically: true, encoding: .utf8)
        }
        let text = try String(contentsOf: folder.appendingPathComponent("\(name).findings.txt"), encoding: .utf8)
        let json = try String(contentsOf: folder.appendingPathComponent("\(name).findings.json"), encoding: .utf8)
        #expect(FindingReport.text(findings) == text)
        #expect(FindingsJSON.encode(findings) == json)
    }

    @Test("the existing sample screens, which are correct, give no findings")
    func correctSamplesAreClean() throws {
        let folder = FindingsTestSupport.repositoryRoot.appendingPathComponent("samples/screens")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 8)
        let linter = try FindingsTestSupport.linter()
        for file in files {
            let findings = linter.findings(for: try ScreenFile.load(path: folder.appendingPathComponent(file).path))
            #expect(findings.isEmpty, "\(file): \(FindingReport.text(findings))")
        }
    }
}
