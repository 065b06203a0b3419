/// A screen prepared for the static checks: its focus stops in VoiceOver's order and what each
/// one says with the chosen voice profile.
public struct LintedScreen: Sendable {
    public let screen: Screen
    public let stops: [FocusStop]
    /// `spoken[i]` is what VoiceOver says for `stops[i]`.
    public let spoken: [SpokenDescription]
    let generator: DescriptionGenerator
    /// What the voice gives the engine (NFC, its rules, symbol names), for checks of how text
    /// is read; nil when the linter was made without a profile.
    let pipeline: SpeechTextPipeline?
    var symbols: SymbolNames? { pipeline?.symbols }
    /// The voice's IPA table and the tables of other languages' voices, by primary subtag
    /// (`speech.ipa-unmapped`).
    let pronunciation: PronunciationTables?

    /// `stops`: the screen's focus stops when the caller has them already (`read --report`),
    /// else found here.
    public init(screen: Screen, generator: DescriptionGenerator, pipeline: SpeechTextPipeline? = nil,
                pronunciation: PronunciationTables? = nil, stops: [FocusStop]? = nil) {
        self.screen = screen
        self.stops = stops ?? FocusOrder(screen: screen, for: generator).stops
        self.spoken = self.stops.map { generator.describe($0) }
        self.generator = generator
        self.pipeline = pipeline
        self.pronunciation = pronunciation
    }
}

/// Runs the static checks on a screen without playing anything (`earshot lint`).
///
/// Each check is one small function from a `LintedScreen` to findings; the linter runs them all
/// and orders the findings by where their first element is read, then by code.
public struct ScreenLinter: Sendable {
    public typealias Check = @Sendable (LintedScreen) -> [Finding]

    /// The checks, each with the codes it reports.
    public static let checks: [(codes: [FindingCode], run: Check)] = [
        ([.labelMissing], LabelChecks.missingLabels),
        ([.labelRepeatsTrait], LabelChecks.labelsRepeatingTraitWords),
        ([.labelFileName], LabelChecks.labelsThatAreFileNames),
        ([.stopsDuplicateAdjacent], LabelChecks.duplicateAdjacentStops),
        ([.focusFragmented], FragmentedFocusCheck.fragmentedCards),
        ([.fieldLabelSeparate], FieldChecks.separateLabels),
        ([.labelUnnamedSymbol], LabelChecks.unnamedSymbols),
        ([.labelOnlySymbols], ReadingChecks.symbolOnlyLabels),
        ([.labelAmbiguousAbbreviation], ReadingChecks.ambiguousAbbreviations),
        ([.labelLanguageMismatch], ReadingChecks.languageMismatches),
        ([.labelNotInName], LabelInNameCheck.mismatches),
        ([.pageLanguageMismatch], PageLanguageCheck.mismatches),
        ([.pageUntitled], PageTitleCheck.untitled),
        ([.speechIPAUnmapped], ReadingChecks.unmappedPronunciations),
        ([.focusCovered], CoveredFocusCheck.coveredStops),
        ([.keyboardUnreachable], KeyboardChecks.unreachable),
        ([.keyboardTrap], KeyboardChecks.traps),
        ([.focusInvisible], KeyboardChecks.invisible),
        ([.reflowOverflow], ReflowCheck.overflows),
        ([.textSpacingLost], TextSpacingCheck.lostText),
        ([.targetTooSmall, .targetBelowPlatform], TargetSizeCheck.undersizedTargets),
        // axe-core's rules, which ran where the page was read: their coverage is axe's own.
        ([], AxeCheck.results),
    ]

    /// The touch-target findings of a screen alone (`target.too-small`, `target.below-platform`),
    /// for drawing the undersized targets on a page.
    public static func targetFindings(for screen: Screen) -> [Finding] { TargetSizeCheck.findings(screen) }

    /// The stops reached but covered (`focus.covered`) as `generator`'s reader hears the screen,
    /// for drawing the covered stops and their covers on a page; `stops`: the screen's focus
    /// stops when the caller has them already.
    public static func coveredFindings(for screen: Screen, generator: DescriptionGenerator, stops: [FocusStop]? = nil) -> [Finding] {
        CoveredFocusCheck.coveredStops(LintedScreen(screen: screen, generator: generator, stops: stops))
    }

    /// The checks this linter makes on `screen`, by their codes, and why it cannot make the
    /// others: the reading checks need the voice's text pipeline (its symbol names for the
    /// symbol checks), the pronunciation check its IPA tables (a linter made from a profile has
    /// them; its symbol checks still cannot run when the profile names no symbols); an Android
    /// dump without `--density` has its targets unmeasured. The conformance tables read this.
    public func coverage(for screen: Screen) -> CheckCoverage {
        var cannot: [FindingCode: String] = [:]
        if pipeline == nil {
            for code in [FindingCode.labelUnnamedSymbol, .labelOnlySymbols, .labelAmbiguousAbbreviation] {
                cannot[code] = "made without the voice's reading of text, so how labels are read was not checked"
            }
        } else if pipeline?.symbols == nil {
            for code in [FindingCode.labelUnnamedSymbol, .labelOnlySymbols] {
                cannot[code] = "the voice profile names no symbols, so labels of symbols were not checked"
            }
        }
        if pronunciation == nil {
            cannot[.speechIPAUnmapped] = "made without the voices' IPA tables, so pronunciations were not checked"
        }
        if let reason = TargetSizeCheck.uncheckedReason(screen) {
            cannot[.targetTooSmall] = reason
            cannot[.targetBelowPlatform] = reason
        }
        // Not in a note: a page as a scenario plays it never has the hit test, and every check of
        // a page would say so; the conformance table gives the reason.
        // Nor these, the checks of a page in a browser: an app's screen never declares a page's
        // language nor has a title, and a page as a scenario plays it is not walked.
        let pageChecks: [(FindingCode, (Screen) -> String?)] = [
            (.focusCovered, CoveredFocusCheck.uncheckedReason),
            (.pageLanguageMismatch, PageLanguageCheck.uncheckedReason),
            (.keyboardUnreachable, KeyboardChecks.unreachableUncheckedReason),
            (.keyboardTrap, KeyboardChecks.uncheckedReason),
            (.labelNotInName, LabelInNameCheck.uncheckedReason),
            (.pageUntitled, PageTitleCheck.uncheckedReason),
            (.focusInvisible, KeyboardChecks.invisibleUncheckedReason),
            (.reflowOverflow, ReflowCheck.uncheckedReason),
            (.textSpacingLost, TextSpacingCheck.uncheckedReason),
        ]
        var unnoted: Set<FindingCode> = []
        for (code, uncheckedReason) in pageChecks {
            guard let reason = uncheckedReason(screen) else { continue }
            cannot[code] = reason
            unnoted.insert(code)
        }
        var coverage = CheckCoverage()
        if let axe = screen.webAxe { coverage.record(axe: axe) }
        if CoveredFocusCheck.checksKeyboardFocus(screen) { coverage.record(ran: FindingCase.focusHidden) }
        for code in Self.checks.flatMap(\.codes) {
            if let reason = cannot[code] {
                coverage.record(notRun: code, because: reason, noted: !unnoted.contains(code))
            } else {
                coverage.record(ran: [code])
            }
        }
        return coverage
    }

    public let generator: DescriptionGenerator
    /// What the voice gives the engine (the reading checks need it; without, they find nothing).
    public let pipeline: SpeechTextPipeline?
    /// The IPA tables of the voice and of the voices its elements' languages call for.
    public let pronunciation: PronunciationTables?

    public init(generator: DescriptionGenerator, pipeline: SpeechTextPipeline? = nil,
                pronunciation: PronunciationTables? = nil) {
        self.generator = generator
        self.pipeline = pipeline
        self.pronunciation = pronunciation
    }

    /// A linter speaking with a profile's words (the repeated-trait check uses them) and its
    /// reading of text (symbols, numbers and units), as `reader` hears the screen.
    public init(profile: VoiceProfile, reader: any ScreenReader) throws {
        self.generator = try DescriptionGenerator(profile: profile, reader: reader)
        self.pipeline = try profile.speechPipeline()
        self.pronunciation = try PronunciationTables(profile: profile)
    }

    /// Every static finding of the screen, in reading order; `source` names the file in each.
    /// `locations` (a loaded screen's `idLocations`) gives each finding the place of its first
    /// element that has one, else `fallback` (where the screen itself is written).
    /// `stops`: the screen's focus stops in this linter's reader's order, when the caller has
    /// them already (`read --report` lists, draws and lints one reading).
    public func findings(for screen: Screen, stops: [FocusStop]? = nil, source: String? = nil, locations: [String: SourceLocation] = [:],
                         fallback: SourceLocation? = nil) -> [Finding] {
        let linted = LintedScreen(screen: screen, generator: generator, pipeline: pipeline, pronunciation: pronunciation, stops: stops)
        var findings = Self.checks.flatMap { $0.run(linted) }
        for index in findings.indices {
            findings[index].screen = screen.name
            findings[index].source = source
            findings[index].location = findings[index].elements.lazy.compactMap { locations[$0] }.first ?? fallback
            findings[index] = findings[index].heard(by: generator.reader.name, onPage: screen.isWebPage)
        }
        return Self.inReadingOrder(findings, stops: linted.stops)
    }

    /// axe-core's findings alone on `screen` (its document's `WebElement.axe`), as `findings`
    /// words them: a run of axe after a scenario's step (`LivePageSession.audit`).
    func axeFindings(for screen: Screen) -> [Finding] {
        let linted = LintedScreen(screen: screen, generator: generator, pipeline: pipeline, pronunciation: pronunciation)
        var findings = AxeCheck.results(linted)
        for index in findings.indices {
            findings[index].screen = screen.name
            findings[index] = findings[index].heard(by: generator.reader.name)
        }
        return Self.inReadingOrder(findings, stops: linted.stops)
    }

    /// Sorted by the focus position of the first involved element that is a stop, then by the
    /// catalogue's code order; ties keep the order the checks gave.
    static func inReadingOrder(_ findings: [Finding], stops: [FocusStop]) -> [Finding] {
        var position: [String: Int] = [:]
        for (index, stop) in stops.enumerated() { position[stop.id] = index }
        let codeRank = Dictionary(uniqueKeysWithValues: FindingCode.allCases.enumerated().map { ($1, $0) })
        let keyed = findings.enumerated().map { offset, finding in
            (offset: offset, finding: finding,
             place: finding.elements.compactMap { position[$0] }.min() ?? Int.max,
             rank: codeRank[finding.code] ?? Int.max)
        }
        return keyed.sorted { a, b in
            if a.place != b.place { return a.place < b.place }
            if a.rank != b.rank { return a.rank < b.rank }
            return a.offset < b.offset
        }.map(\.finding)
    }
}
