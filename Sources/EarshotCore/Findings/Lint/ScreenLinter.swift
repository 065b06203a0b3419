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

    public init(screen: Screen, generator: DescriptionGenerator, pipeline: SpeechTextPipeline? = nil,
                pronunciation: PronunciationTables? = nil) {
        self.screen = screen
        self.stops = FocusOrder(screen: screen, for: generator).stops
        self.spoken = stops.map(generator.describe)
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

    /// The checks, by the code each one reports.
    public static let checks: [(code: FindingCode, run: Check)] = [
        (.labelMissing, LabelChecks.missingLabels),
        (.labelRepeatsTrait, LabelChecks.labelsRepeatingTraitWords),
        (.labelFileName, LabelChecks.labelsThatAreFileNames),
        (.stopsDuplicateAdjacent, LabelChecks.duplicateAdjacentStops),
        (.focusFragmented, FragmentedFocusCheck.fragmentedCards),
        (.fieldLabelSeparate, FieldChecks.separateLabels),
        (.labelUnnamedSymbol, LabelChecks.unnamedSymbols),
        (.labelOnlySymbols, ReadingChecks.symbolOnlyLabels),
        (.labelAmbiguousAbbreviation, ReadingChecks.ambiguousAbbreviations),
        (.labelLanguageMismatch, ReadingChecks.languageMismatches),
        (.speechIPAUnmapped, ReadingChecks.unmappedPronunciations),
        (.focusCovered, CoveredFocusCheck.coveredStops),
        (.targetTooSmall, TargetSizeCheck.undersizedTargets),
    ]

    /// The codes none of several runs (screens, files, scenarios) could check, each with the first
    /// run's reason: a code any of them checked counts as checked.
    public static func uncheckedInEvery(_ each: [[FindingCode: String]]) -> [FindingCode: String] {
        guard var unchecked = each.first else { return [:] }
        for codes in each.dropFirst() { unchecked = unchecked.filter { codes[$0.key] != nil } }
        return unchecked
    }

    /// The touch-target findings of a screen alone (`target.too-small`, `target.below-platform`),
    /// for drawing the undersized targets on a page.
    public static func targetFindings(for screen: Screen) -> [Finding] { TargetSizeCheck.findings(screen) }

    /// The stops reached but covered (`focus.covered`) as `generator`'s reader hears the screen,
    /// for drawing the covered stops and their covers on a page.
    public static func coveredFindings(for screen: Screen, generator: DescriptionGenerator) -> [Finding] {
        CoveredFocusCheck.coveredStops(LintedScreen(screen: screen, generator: generator))
    }

    /// The static codes a screen could not be checked for, each with the reason (an Android
    /// dump without `--density`: its targets are not measured). Every other static code was
    /// checked; the conformance tables read this.
    public static func unchecked(_ screen: Screen) -> [FindingCode: String] {
        guard let reason = TargetSizeCheck.uncheckedReason(screen) else { return [:] }
        return [.targetTooSmall: reason, .targetBelowPlatform: reason]
    }

    /// The static codes this linter cannot check whatever the screen, with the reason: the
    /// reading checks need the voice's text pipeline (its symbol names for the symbol checks),
    /// the pronunciation check its IPA tables. A linter made from a profile has them; its
    /// symbol checks still cannot run when the profile names no symbols.
    public var uncheckedCodes: [FindingCode: String] {
        var unchecked: [FindingCode: String] = [:]
        if pipeline == nil {
            for code in [FindingCode.labelUnnamedSymbol, .labelOnlySymbols, .labelAmbiguousAbbreviation] {
                unchecked[code] = "made without the voice's reading of text, so how labels are read was not checked"
            }
        } else if pipeline?.symbols == nil {
            for code in [FindingCode.labelUnnamedSymbol, .labelOnlySymbols] {
                unchecked[code] = "the voice profile names no symbols, so labels of symbols were not checked"
            }
        }
        if pronunciation == nil {
            unchecked[.speechIPAUnmapped] = "made without the voices' IPA tables, so pronunciations were not checked"
        }
        return unchecked
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
    public func findings(for screen: Screen, source: String? = nil, locations: [String: SourceLocation] = [:],
                         fallback: SourceLocation? = nil) -> [Finding] {
        let linted = LintedScreen(screen: screen, generator: generator, pipeline: pipeline, pronunciation: pronunciation)
        var findings = Self.checks.flatMap { $0.run(linted) }
        for index in findings.indices {
            findings[index].screen = screen.name
            findings[index].source = source
            findings[index].location = findings[index].elements.lazy.compactMap { locations[$0] }.first ?? fallback
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
