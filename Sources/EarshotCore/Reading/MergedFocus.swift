/// The label a MergedFocus container collects from its subtree, as the seed's UIKit class builds it.
///
/// The seed is the article that shares the UIKit utility `MergedFocus` (docs/sources.md); the
/// steps follow its `aggregateA11yText` exactly, including that the walk starts at the container
/// itself (an explicit label on the container therefore wins) and that the containment check
/// compares the raw texts before white space is folded.
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
        for index in node.children.indices { collect(node.children[index], into: &texts) }
    }

    /// Drops texts contained in another, different text and exact repeats; keeps first-seen order.
    ///
    /// Quadratic in the number of texts of one container, which the seed accepts: a card has a
    /// handful of texts, and no check ever spans the whole screen.
    static func uniqueTexts(_ texts: [String]) -> [String] {
        let encoded = texts.map { Array($0.utf8) }
        var unique: [String] = []
        var uniqueEncoded: [[UInt8]] = []
        for (index, text) in encoded.enumerated() {
            let isContained = encoded.contains { other in other != text && contains(other, text) }
            if !isContained && !uniqueEncoded.contains(text) {
                unique.append(texts[index])
                uniqueEncoded.append(text)
            }
        }
        return unique
    }

    /// Whether `needle` occurs in `haystack`, comparing UTF-8 exactly (as the seed's `contains`
    /// does for the precomposed text apps show), without Foundation's locale-aware search.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count > needle.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var index = 1
            while index < needle.count && haystack[start + index] == needle[index] { index += 1 }
            if index == needle.count { return true }
        }
        return false
    }

    /// Replaces every run of white space (spaces, tabs, line breaks) with one space.
    public static func foldingWhiteSpace(_ text: String) -> String {
        if !mayNeedFolding(text) { return text }
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

    /// A fast check over UTF-8: false when the text has no white space but single ASCII spaces.
    /// Bytes that may start a non-ASCII space (U+0085, U+00A0, U+1680, U+2000..., U+3000) send the
    /// text to the full check.
    private static func mayNeedFolding(_ text: String) -> Bool {
        var previousWasSpace = false
        for byte in text.utf8 {
            switch byte {
            case 0x20:
                if previousWasSpace { return true }
                previousWasSpace = true
            case 0x09...0x0D, 0xC2, 0xE1, 0xE2, 0xE3:
                return true
            default:
                previousWasSpace = false
            }
        }
        return false
    }
}
