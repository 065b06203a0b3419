/// A web page audited as loaded, as `lint PAGE.html` audits it: its tree from the browser with
/// axe-core's results and the checks only a live page allows, read into a screen and linted by
/// the run's reader. What a suite's page record is (`earshot test` over `.html` pages), and what
/// `check` and `test` add to a page scenario when an audit is asked for (`--standard`): the page
/// is loaded again in a browser context of its own on the run's browser, so its node ids are
/// not the played page's and its findings stand on their own screen (docs/test-suites.md,
/// "Web pages as records").
public struct PageAudit: Sendable {
    /// The page's findings, each naming `source` and placed at its element's line, else at
    /// `fallback`.
    public var findings: [Finding]
    /// The checks the audit made (the static ones, the live ones, axe-core's rules).
    public var coverage: CheckCoverage
    /// What the page's tree could not say (the browser's notes).
    public var notes: [String]

    /// Loads `address` in `browser` (its window `window`, the reader's: `ScreenReader.pageWindow`)
    /// and lints the audited page with the linter `linter` makes for its screen (the reader
    /// that hears it); `language` as `--language` reads it.
    public init(address: String, named name: String, browser: any LiveBrowser, window: String?,
                linter makeLinter: (Screen) throws -> ScreenLinter,
                source: String, fallback: SourceLocation, language: ScreenLanguage = .asWritten) throws {
        let tree = try browser.audit(address, window: window)
        let loaded = try ScreenLoader.webPage(tree, defaultName: name, language: language)
        let linter = try makeLinter(loaded.screen)
        findings = linter.findings(for: loaded.screen, source: source, locations: loaded.idLocations, fallback: fallback)
        coverage = linter.coverage(for: loaded.screen)
        notes = loaded.notes
    }

    /// The audit's findings a scenario's run does not already hold: a static check made on the
    /// played page as loaded gives the same finding (code and elements) as on the audited one,
    /// and is kept once, the scenario's.
    public func findings(besides played: [Finding]) -> [Finding] {
        struct Identity: Hashable { var code: FindingCode, elements: [String] }
        let known = Set(played.map { Identity(code: $0.code, elements: $0.elements) })
        return findings.filter { !known.contains(Identity(code: $0.code, elements: $0.elements)) }
    }
}
