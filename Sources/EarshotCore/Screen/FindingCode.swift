/// The stable code of a kind of finding, e.g. `label.missing`; the raw value is what reports,
/// JSON files and baselines use, so a code is never renamed once released. It lives beside the
/// screen model, below the readers, so a reader can word its findings by code
/// (`ScreenReader.findingWording`) and `Findings/` can make them.
public enum FindingCode: String, CaseIterable, Sendable {
    // Static: found in a screen file without playing anything (`earshot lint`).
    case labelMissing = "label.missing"
    case labelRepeatsTrait = "label.repeats-trait"
    case labelFileName = "label.file-name"
    case stopsDuplicateAdjacent = "stops.duplicate-adjacent"
    case focusFragmented = "focus.fragmented"
    case fieldLabelSeparate = "field.label-separate"
    case labelUnnamedSymbol = "label.unnamed-symbol"
    case labelOnlySymbols = "label.only-symbols"
    case labelAmbiguousAbbreviation = "label.ambiguous-abbreviation"
    case labelLanguageMismatch = "label.language-mismatch"
    case speechIPAUnmapped = "speech.ipa-unmapped"
    case focusCovered = "focus.covered"
    case targetTooSmall = "target.too-small"
    case targetBelowPlatform = "target.below-platform"
    // Dynamic: found while a scenario plays (`earshot check`).
    case announcementDropped = "announcement.dropped"
    case announcementCut = "announcement.cut"
    case earconDuplicateScreenChange = "earcon.duplicate-screen-change"
    case earconMissingScreenChange = "earcon.missing-screen-change"
    case focusGhost = "focus.ghost"
    case focusNotRestored = "focus.not-restored"
    case focusRestoredWrongItem = "focus.restored-wrong-item"
    case focusNoFallback = "focus.no-fallback"
    case focusRestoreRepeated = "focus.restore-repeated"
    // Dynamic, on web pages: found while a scenario plays on a page (`earshot check`).
    case liveCreatedFilled = "live.created-filled"
    case liveChangeUnheard = "live.change-unheard"
    case focusLostToDocument = "focus.lost-to-document"
    case dialogFocusNotMoved = "dialog.focus-not-moved"
    // Across runs: found by running a scenario at several speaking rates (`--rates`).
    case timingRateDependent = "timing.rate-dependent"
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
