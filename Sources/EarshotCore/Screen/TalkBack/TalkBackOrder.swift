/// TalkBack's focus stops of a screen read from an Android dump (docs/talkback.md, "Which nodes
/// take focus"), in TalkBack's traversal order: the tree's order, not VoiceOver's frame sort.
///
/// - A node on the screen (`displayed`) that is not marked unimportant for accessibility is a
///   stop when it is focusable to TalkBack (clickable, long-clickable, focusable, or
///   screen-reader-focusable) and either has no children on the screen or has something to say
///   (its own text or description, a checkable state, or children that are not stops and speak);
///   or when it is not focusable, has text or a description of its own, and no ancestor is a stop.
/// - A stop speaks its own description (`TalkBackDescription`), then, when it has no content
///   description, the description of each child on the screen that is not a stop itself, in
///   tree order, recursively, joined with the words' separator (`TreeNodesDescription`).
///
/// A node without Android facts (an iOS element) is never a TalkBack stop.
enum TalkBackOrder {
    static func stops(of screen: Screen, words: TalkBackVocabulary) -> [FocusStop] {
        var stops: [FocusStop] = []
        for root in screen.roots {
            collect(root, insideStop: false, language: screen.language, words: words, into: &stops)
        }
        return stops
    }

    private static func collect(_ node: AccessibilityNode, insideStop: Bool, language: String?, words: TalkBackVocabulary,
                                into stops: inout [FocusStop]) {
        guard let android = node.android, isOnScreen(node) else { return }
        let language = node.language ?? language
        var inside = insideStop
        if isStop(node, android, insideStop: insideStop) {
            stops.append(stop(node, android, language: language, words: words))
            inside = true
        }
        for child in node.children {
            collect(child, insideStop: inside, language: language, words: words, into: &stops)
        }
    }

    static func isOnScreen(_ node: AccessibilityNode) -> Bool {
        guard let android = node.android else { return false }
        return android.isDisplayed && !node.isOutOfReach
    }

    /// Clickable, long-clickable, focusable or screen-reader-focusable, and not unimportant.
    static func isFocusable(_ android: AndroidView) -> Bool {
        if android.isImportantForAccessibility == false { return false }
        if android.isScreenReaderFocusable == true { return true }
        return android.isClickable || android.isLongClickable || android.isFocusable
    }

    static func hasOwnText(_ android: AndroidView) -> Bool {
        nonEmpty(android.contentDescription) != nil || nonEmpty(android.text) != nil
            || nonEmpty(android.hint) != nil || nonEmpty(android.stateDescription) != nil
    }

    private static func isStop(_ node: AccessibilityNode, _ android: AndroidView, insideStop: Bool) -> Bool {
        if android.isImportantForAccessibility == false { return false }
        if isFocusable(android) {
            let shownChildren = node.children.filter(isOnScreen)
            return shownChildren.isEmpty || speaks(node, android)
        }
        return !insideStop && hasOwnText(android)
    }

    /// Its own text or description, a checkable state, or a child that is not focusable and speaks.
    private static func speaks(_ node: AccessibilityNode, _ android: AndroidView) -> Bool {
        if hasOwnText(android) || android.isCheckable { return true }
        return node.children.contains { child in
            guard isOnScreen(child), let inner = child.android, !isFocusable(inner) else { return false }
            return speaks(child, inner)
        }
    }

    /// The stop for `node`: its own label, its children's descriptions; the VoiceOver-shaped
    /// traits set from the Android facts, so gestures (headings, dimmed) work as they do for
    /// VoiceOver.
    private static func stop(_ node: AccessibilityNode, _ android: AndroidView, language: String?,
                             words: TalkBackVocabulary) -> FocusStop {
        var traits = node.traits
        if android.isHeading { traits.insert(.header) }
        if !android.isEnabled { traits.insert(.notEnabled) }
        if android.isSelected { traits.insert(.selected) }
        var stop = FocusStop(
            id: node.id, kind: node.kind, label: TalkBackDescription.label(of: android, words: words), value: nil,
            hint: nil, traits: traits, frame: node.frame ?? .zero, customActions: node.customActions,
            isOn: android.isCheckable ? android.isChecked : nil, adjustable: node.adjustable, language: language,
            speech: node.speech, android: android)
        if nonEmpty(android.contentDescription) == nil {
            stop.childrenDescription = nonEmpty(childrenDescription(of: node, words: words))
        }
        return stop
    }

    /// The descriptions of the children on the screen that are not stops, each followed by its
    /// own children's (when it has no content description), joined.
    private static func childrenDescription(of node: AccessibilityNode, words: TalkBackVocabulary) -> String {
        var pieces: [String] = []
        for child in node.children {
            guard isOnScreen(child), let inner = child.android, inner.isImportantForAccessibility != false else { continue }
            if isFocusable(inner) && (child.children.filter(isOnScreen).isEmpty || speaks(child, inner)) { continue }
            let own = TalkBackDescription.parts(of: inner, label: TalkBackDescription.label(of: inner, words: words),
                                                focused: false, words: words).map(\.text)
            pieces += own
            if nonEmpty(inner.contentDescription) == nil, let nested = nonEmpty(childrenDescription(of: child, words: words)) {
                pieces.append(nested)
            }
        }
        return pieces.joined(separator: words.separator)
    }
}
