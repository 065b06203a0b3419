/// The sound TalkBack plays as focus lands on a node
/// (`EventTypeViewAccessibilityFocusedFeedbackRule.earcon`; docs/talkback.md, "Earcons"):
/// entering or leaving a scrolling container (the node or an ancestor scrolls) plays
/// `chime_up` / `chime_down`; otherwise an actionable node plays `focus_actionable`, any other
/// `focus`. Which sound each is comes from the sound set (`ReaderSounds`).
enum TalkBackSounds {
    /// `previousID`: the element focused before (nil: none, which is outside any container).
    static func focusSound(on stop: FocusStop, from previousID: String?, screen: Screen,
                           sounds: ReaderSounds) -> EarconName? {
        let inside = insideScrollable(stop.id, screen: screen)
        let before = previousID.map { insideScrollable($0, screen: screen) } ?? false
        if inside != before { return inside ? sounds.enterScrollable : sounds.leaveScrollable }
        guard let android = stop.android else { return nil }
        // isActionableForAccessibility: clickable, long-clickable or focusable.
        return android.isClickable || android.isLongClickable || android.isFocusable
            ? sounds.focusActionable : sounds.focus
    }

    private static func insideScrollable(_ id: String, screen: Screen) -> Bool {
        screen.ancestry(of: id).contains { screen.node($0)?.android?.isScrollable == true }
    }
}
