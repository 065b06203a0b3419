/// The label a MergedFocus container collects from its subtree, as the seed's UIKit class builds it.
///
/// The steps follow the seed's `aggregateA11yText` exactly, including that the walk starts at
/// the container itself (an explicit label on the container therefore wins) and that the
/// containment check compares the raw texts before white space is folded.
public enum MergedFocus {
    /// `accessibilityIdentifier` that keeps a view (and its subtree) out of the label.
    public static let ignoreMarker = "a11y-ignore"
    public static let separator = ", "

    /// The container's label: collected texts, without contained ones and duplicates, joined.
    public static func label(of container: AccessibilityNode) -> String {
        var texts: [String] = []
        collect(container, into: &texts)
        return foldingWhiteSpace(uniqueTexts(texts).joined(separator: separator))
    }

    /// Text of one view, in the seed's priority order: attributed label, label, value, then the
    /// visible text of a label, button, text field or text view.
    public static func text(of node: AccessibilityNode) -> String? {
        if let text = nonEmpty(node.attributedLabel) { return text }
        if let text = nonEmpty(node.label) { return text }
        if let text = nonEmpty(node.value) { return text }
        if node.kind.mergedFocusReadsText { return node.text }
        return nil
    }

    private static func collect(_ node: AccessibilityNode, into texts: inout [String]) {
        if node.isHidden || node.alpha < AccessibilityNode.minimumVisibleAlpha { return }
        if node.identifier == ignoreMarker { return }
        if let text = text(of: node), !text.isEmpty {
            texts.append(text)
            // A node that gave text is not descended into: its children would repeat it.
            return
        }
        for child in node.children { collect(child, into: &texts) }
    }

    /// Drops texts contained in another, different text and exact repeats; keeps first-seen order.
    ///
    /// Quadratic in the number of texts of one container, which the seed accepts: a card has a
    /// handful of texts, and no check ever spans the whole screen.
    static func uniqueTexts(_ texts: [String]) -> [String] {
        var unique: [String] = []
        for text in texts {
            let isContained = texts.contains { other in other != text && other.contains(text) }
            if !isContained && !unique.contains(text) { unique.append(text) }
        }
        return unique
    }

    /// Replaces every run of white space (spaces, tabs, line breaks) with one space.
    public static func foldingWhiteSpace(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var inRun = false
        for character in text {
            if character.isWhitespace {
                if !inRun { result.append(" ") }
                inRun = true
            } else {
                result.append(character)
                inRun = false
            }
        }
        return result
    }
}
