/// How much a finding matters; ordered note < warning < error.
///
/// An error means a VoiceOver user loses information or control (nothing to hear, a dropped
/// message, focus on something that is gone): `earshot check` and `earshot lint` exit 1 for it.
/// A warning makes the screen slower or more confusing to use; a note is worth knowing.
public enum FindingSeverity: String, NamedCases, Sendable, Comparable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: FindingSeverity, rhs: FindingSeverity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a finding stands against a baseline (`--baseline FILE`): listed there, or new.
public enum BaselineMark: String, NamedCases, Sendable {
    case known
    case new
}

/// One problem a desk check reports to a tester: what is wrong, where, when, and the fix.
///
/// Static findings (from a screen file alone) have no time; dynamic findings (from a scenario
/// run) carry the time in seconds from the start of the run. The code is stable across versions,
/// so tools and baselines can key on it; the title, meaning and fix come from `FindingCatalogue`.
public struct Finding: Sendable, Equatable {
    public var code: FindingCode
    /// The catalogue's severity for the code unless the producer had a reason to say otherwise.
    public var severity: FindingSeverity
    /// Seconds from the start of a scenario run; nil for a static finding.
    public var time: Double?
    /// Ids of the elements involved, most important first (a card, then its stops).
    public var elements: [String]
    /// One plain line saying what happened on this screen, naming elements and spoken words.
    public var message: String
    /// One plain line saying what to change; the catalogue's fix unless the producer refines it.
    public var fix: String
    /// The screen the finding is about (its `screen` name), when known.
    public var screen: String?
    /// Where it was found: the screen file for `lint`, the scenario file for `check`.
    public var source: String?
    /// Where the cause is written: for a static finding, its first element in the screen file
    /// (or dump) that holds it; for a dynamic finding, the scenario step that led to it (the
    /// step that posted a dropped announcement, the gesture before a bad return). Nil when
    /// nothing was read from a file.
    public var location: SourceLocation?
    /// For a dynamic finding, its first element's place in its screen file (nil otherwise).
    public var elementLocation: SourceLocation?
    /// True when a scenario's `expect: {finding: …}` (or `findings: […]`) names this finding:
    /// it is still reported, but does not fail the run.
    public var expected = false
    /// Whether a baseline (`--baseline`) lists this finding: known ones do not fail the run, new
    /// ones are named as new; nil when the run has no baseline.
    public var baseline: BaselineMark?
    /// What the transcript names as the cause of the utterance behind a dynamic finding
    /// (`line 12`, `app "board" onAppear, after line 14`), for finding the step's place.
    public var cause: String?
    /// The speaking rate of the run that found it, in words a minute, when the run was made at a
    /// rate asked for (`--rate`, a run of `--rates`); nil at the profile's own rate without one.
    public var rate: Int?
    /// The screen reader of the run that found it, when the run was one of several readers'
    /// (`test --readers`); nil otherwise.
    public var reader: ScreenReaderName?
    /// The case of its code the finding is, when the criteria data maps that case apart
    /// (`FindingCase`: a web page's element wholly hidden where keyboard focus leaves it); nil
    /// for the code itself.
    public var criteriaCase: FindingCase?
    /// For a finding of axe-core's (`FindingCode.axe`): its outcome, impact, help and the WCAG
    /// criteria its rule's tags name; nil for Earshot's own.
    public var axe: AxeFindingFacts?

    public init(_ code: FindingCode, time: Double? = nil, elements: [String], message: String,
                severity: FindingSeverity? = nil, fix: String? = nil, screen: String? = nil, source: String? = nil,
                cause: String? = nil) {
        let entry = FindingCatalogue.entry(for: code)
        self.code = code
        self.severity = severity ?? entry.severity
        self.time = time
        self.elements = elements
        self.message = Finding.oneLine(message)
        self.fix = Finding.oneLine(fix ?? entry.fix)
        self.screen = screen
        self.source = source
        self.cause = cause
    }

    /// An error the scenario does not expect and the baseline does not know: it fails the run.
    public var failsRun: Bool { severity == .error && !expected && baseline != .known }

    /// The catalogue entry for this finding's code.
    public var entry: FindingCatalogue.Entry { FindingCatalogue.entry(for: code) }

    /// This finding as `reader` reports it: a fix that is the catalogue's own becomes the
    /// catalogue's fix under that reader (`ScreenReader.findingWording`: Android's under
    /// TalkBack), or on a web page (`onPage`) the web's whichever reader (`WebFindingWording`);
    /// a fix its producer refined is kept.
    public func heard(by reader: ScreenReaderName, onPage: Bool = false) -> Finding {
        guard fix == Finding.oneLine(entry.fix) else { return self }
        var changed = self
        changed.fix = Finding.oneLine(FindingCatalogue.entry(for: code, reader: reader, onPage: onPage).fix)
        return changed
    }

    /// Line breaks become spaces: a finding is read line by line in a terminal screen reader.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}

extension Array where Element == Finding {
    /// The findings at or above a severity.
    public func atLeast(_ severity: FindingSeverity) -> [Finding] { filter { $0.severity >= severity } }

    /// Whether any finding is an error (the run fails).
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Whether any error finding is neither one a scenario said to expect nor one the baseline
    /// knows (the run fails).
    public var hasUnexpectedErrors: Bool { contains(where: \.failsRun) }

    /// Findings in time order (static ones, without a time, first); ties keep their order.
    public func sortedByTime() -> [Finding] {
        enumerated().sorted { a, b in
            let ta = a.element.time ?? -.infinity, tb = b.element.time ?? -.infinity
            return ta != tb ? ta < tb : a.offset < b.offset
        }.map(\.element)
    }
}
