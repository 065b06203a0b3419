/// The stable code of a kind of finding, e.g. `label.missing`; the raw value is what reports,
/// JSON files and baselines use, so a code is never renamed once released. It lives beside the
/// screen model, below the readers, so a reader can word its findings by code
/// (`ScreenReader.findingWording`) and `Findings/` can make them.
///
/// Earshot's own checks have a case each, known at compile time (`allCases`, in catalogue
/// order). A rule of axe-core, the rule engine run in a web page (`AxeRule`), is open-ended:
/// axe names its rules and adds new ones in its releases, so its findings are `axe(rule)`,
/// written `axe.` and the rule's id (`axe.color-contrast`), and are not among `allCases`.
public enum FindingCode: Hashable, Sendable {
    // Static: found in a screen file without playing anything (`earshot lint`).
    case labelMissing
    case labelRepeatsTrait
    case labelFileName
    case stopsDuplicateAdjacent
    case focusFragmented
    case fieldLabelSeparate
    case labelUnnamedSymbol
    case labelOnlySymbols
    case labelAmbiguousAbbreviation
    case labelLanguageMismatch
    case labelNotInName
    case pageLanguageMismatch
    case pageUntitled
    case speechIPAUnmapped
    case focusCovered
    case keyboardUnreachable
    case keyboardTrap
    case focusInvisible
    case reflowOverflow
    case textSpacingLost
    case targetTooSmall
    case targetBelowPlatform
    // Dynamic: found while a scenario plays (`earshot check`).
    case announcementDropped
    case announcementCut
    case earconDuplicateScreenChange
    case earconMissingScreenChange
    case focusGhost
    case focusNotRestored
    case focusRestoredWrongItem
    case focusNoFallback
    case focusRestoreRepeated
    // Dynamic, on web pages: found while a scenario plays on a page (`earshot check`).
    case liveCreatedFilled
    case liveChangeUnheard
    case focusLostToDocument
    case dialogFocusNotMoved
    // Across runs: found by running a scenario at several speaking rates (`--rates`).
    case timingRateDependent
    // axe-core: a rule of axe's run in a web page (`earshot lint PAGE.html`, docs/web.md).
    case axe(AxeRule)
}

extension FindingCode: RawRepresentable, CaseIterable {
    /// Earshot's own codes, in catalogue order; axe's rules are not listed (`axe(_:)`).
    public static let allCases: [FindingCode] = [
        .labelMissing,
        .labelRepeatsTrait,
        .labelFileName,
        .stopsDuplicateAdjacent,
        .focusFragmented,
        .fieldLabelSeparate,
        .labelUnnamedSymbol,
        .labelOnlySymbols,
        .labelAmbiguousAbbreviation,
        .labelLanguageMismatch,
        .labelNotInName,
        .pageLanguageMismatch,
        .pageUntitled,
        .speechIPAUnmapped,
        .focusCovered,
        .keyboardUnreachable,
        .keyboardTrap,
        .focusInvisible,
        .reflowOverflow,
        .textSpacingLost,
        .targetTooSmall,
        .targetBelowPlatform,
        .announcementDropped,
        .announcementCut,
        .earconDuplicateScreenChange,
        .earconMissingScreenChange,
        .focusGhost,
        .focusNotRestored,
        .focusRestoredWrongItem,
        .focusNoFallback,
        .focusRestoreRepeated,
        .liveCreatedFilled,
        .liveChangeUnheard,
        .focusLostToDocument,
        .dialogFocusNotMoved,
        .timingRateDependent,
    ]

    public var rawValue: String {
        switch self {
        case .labelMissing: "label.missing"
        case .labelRepeatsTrait: "label.repeats-trait"
        case .labelFileName: "label.file-name"
        case .stopsDuplicateAdjacent: "stops.duplicate-adjacent"
        case .focusFragmented: "focus.fragmented"
        case .fieldLabelSeparate: "field.label-separate"
        case .labelUnnamedSymbol: "label.unnamed-symbol"
        case .labelOnlySymbols: "label.only-symbols"
        case .labelAmbiguousAbbreviation: "label.ambiguous-abbreviation"
        case .labelLanguageMismatch: "label.language-mismatch"
        case .labelNotInName: "label.not-in-name"
        case .pageLanguageMismatch: "page.language-mismatch"
        case .pageUntitled: "page.untitled"
        case .speechIPAUnmapped: "speech.ipa-unmapped"
        case .focusCovered: "focus.covered"
        case .keyboardUnreachable: "keyboard.unreachable"
        case .keyboardTrap: "keyboard.trap"
        case .focusInvisible: "focus.invisible"
        case .reflowOverflow: "reflow.overflow"
        case .textSpacingLost: "text.spacing-lost"
        case .targetTooSmall: "target.too-small"
        case .targetBelowPlatform: "target.below-platform"
        case .announcementDropped: "announcement.dropped"
        case .announcementCut: "announcement.cut"
        case .earconDuplicateScreenChange: "earcon.duplicate-screen-change"
        case .earconMissingScreenChange: "earcon.missing-screen-change"
        case .focusGhost: "focus.ghost"
        case .focusNotRestored: "focus.not-restored"
        case .focusRestoredWrongItem: "focus.restored-wrong-item"
        case .focusNoFallback: "focus.no-fallback"
        case .focusRestoreRepeated: "focus.restore-repeated"
        case .liveCreatedFilled: "live.created-filled"
        case .liveChangeUnheard: "live.change-unheard"
        case .focusLostToDocument: "focus.lost-to-document"
        case .dialogFocusNotMoved: "dialog.focus-not-moved"
        case .timingRateDependent: "timing.rate-dependent"
        case .axe(let rule): AxeRule.codePrefix + rule.id
        }
    }

    /// One of Earshot's codes, or `axe.` and an axe rule's id (`AxeRule.init(id:)` says which).
    public init?(rawValue: String) {
        if rawValue.hasPrefix(AxeRule.codePrefix) {
            guard let rule = AxeRule(id: String(rawValue.dropFirst(AxeRule.codePrefix.count))) else { return nil }
            self = .axe(rule)
            return
        }
        guard let known = Self.byName[rawValue] else { return nil }
        self = known
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The axe rule when this is one of axe's findings.
    public var axeRule: AxeRule? {
        if case .axe(let rule) = self { return rule }
        return nil
    }
}

/// A rule of axe-core (`color-contrast`, `image-alt`): its id as axe names it, lower-case letters,
/// digits and hyphens, 1 to 64 characters.
public struct AxeRule: Hashable, Sendable, Comparable {
    /// What a finding code of an axe rule starts with.
    public static let codePrefix = "axe."
    public let id: String

    public init?(id: String) {
        guard (1...64).contains(id.utf8.count),
              id.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }) else { return nil }
        self.id = id
    }

    public static func < (lhs: AxeRule, rhs: AxeRule) -> Bool { lhs.id < rhs.id }
}

/// A case of a finding code that the criteria data maps apart from the code
/// (`voices/criteria/criteria.json`, a code's `cases`): what the check measured differs, and so
/// does what it is evidence of.
public enum FindingCase: String, Sendable, CaseIterable {
    /// `focus.covered` on a web page, the whole element hidden where keyboard focus leaves it
    /// (the browser's hit test): keyboard focus wholly hidden by the page's own content.
    case focusHidden = "focus-hidden"

    /// The code the case belongs to.
    public var code: FindingCode {
        switch self {
        case .focusHidden: .focusCovered
        }
    }

    /// Why a run that checked the code did not check the case (a conformance table's row).
    public var uncheckedReason: String {
        switch self {
        case .focusHidden:
            "only a web page read with the browser's hit test checks keyboard focus hidden (focus.covered on a page: earshot lint PAGE.html, or a tree it imports)"
        }
    }
}
