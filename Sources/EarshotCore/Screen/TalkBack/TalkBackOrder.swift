/// TalkBack's focus stops of a screen read from an Android dump (docs/talkback.md, "Which nodes
/// take focus"), in TalkBack's traversal order: the tree's order, not VoiceOver's frame sort.
///
/// - A node on the screen (`displayed`) that is not marked unimportant for accessibility is a
///   stop when it is focusable to TalkBack (clickable, long-clickable, focusable, or
///   screen-reader-focusable) and either has no children on the screen or has something to say
///   (its own text or description, a checkable state, or children that are not stops and speak);
///   or when it is not focusable, has text or a description of its own, and no ancestor is a stop.
/// - A stop speaks its description if it has one, else its own text and the texts of its
///   children that are not stops themselves, in tree order, joined with the profile's separator.
///
/// A node without Android facts (an iOS element) is never a TalkBack stop.
enum TalkBackOrder {
    static func stops(of screen: Screen, separator: String) -> [FocusStop] {
        var stops: [FocusStop] = []
        for root in screen.roots {
            collect(root, insideStop: false, language: screen.language, separator: separator, into: &stops)
        }
        return stops
    }

    private static func collect(_ node: AccessibilityNode, insideStop: Bool, language: String?, separator: String,
                                into stops: inout [FocusStop]) {
        guard let android = node.android, isOnScreen(node) else { return }
        let language = node.language ?? language
        var inside = insideStop
        if isStop(node, android, insideStop: insideStop) {
            stops.append(stop(node, android, language: language, separator: separator))
            inside = true
        }
        for child in node.children {
            collect(child, insideStop: inside, language: language, separator: separator, into: &stops)
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

    /// The stop for `node`: its label composed from the subtree; the VoiceOver-shaped traits set
    /// from the Android facts, so gestures (headings, dimmed) work as they do for VoiceOver.
    private static func stop(_ node: AccessibilityNode, _ android: AndroidView, language: String?,
                             separator: String) -> FocusStop {
        let label = spokenText(of: node, android, separator: separator, isRoot: true)
        var traits = node.traits
        if android.isHeading { traits.insert(.header) }
        if !android.isEnabled { traits.insert(.notEnabled) }
        if android.isSelected { traits.insert(.selected) }
        let isSwitch = android.isCheckable
        return FocusStop(
            id: node.id, kind: node.kind, label: nonEmpty(label), value: nil, hint: nil, traits: traits,
            frame: node.frame ?? .zero, customActions: node.customActions,
            isOn: isSwitch ? android.isChecked : nil, adjustable: node.adjustable, language: language,
            speech: node.speech, android: android)
    }

    /// The description, else the text (an editable field's hint when it has no text), then the
    /// children's that are not stops of their own, joined.
    private static func spokenText(of node: AccessibilityNode, _ android: AndroidView, separator: String,
                                   isRoot: Bool) -> String {
        if let description = nonEmpty(android.contentDescription) { return description }
        var pieces: [String] = []
        if let text = nonEmpty(android.text) {
            pieces.append(text)
        } else if let hint = nonEmpty(android.hint) {
            pieces.append(hint)
        }
        for child in node.children {
            guard isOnScreen(child), let inner = child.android, inner.isImportantForAccessibility != false else { continue }
            if isFocusable(inner) && (child.children.filter(isOnScreen).isEmpty || speaks(child, inner)) { continue }
            let text = spokenText(of: child, inner, separator: separator, isRoot: false)
            if !text.isEmpty { pieces.append(text) }
        }
        return pieces.joined(separator: separator)
    }
}
