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
