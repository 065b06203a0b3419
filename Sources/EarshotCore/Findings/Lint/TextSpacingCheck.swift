/// `text.spacing-lost`: text of a web page lost with WCAG 2.2 1.4.12's spacing applied by a
/// stylesheet (`WebTextSpacing`, measured where the page is read; docs/findings.md, docs/web.md
/// "Text spacing"): a box that hides what does not fit (`overflow: hidden` or `clip`) and whose
/// text the spacing pushed out of it, or text the spacing laid over other text. One finding for
/// each, naming the element, its text and, where it is a stop or inside one, what the reader
/// says there.
enum TextSpacingCheck {
    static func uncheckedReason(_ screen: Screen) -> String? {
        guard screen.isWebPage else {
            return "only a web page read in the browser is given the criterion's text spacing; an app has no stylesheet a reader can override, so a person checks it"
        }
        guard screen.webTextSpacing != nil else {
            return "this page was not measured with the criterion's text spacing (a page as a scenario plays it, a tree imported by an earlier earshot, or a measure that failed, with a note); lint the page itself, or import it again"
        }
        return nil
    }

    @Sendable static func lostText(_ linted: LintedScreen) -> [Finding] {
        guard uncheckedReason(linted.screen) == nil, let spacing = linted.screen.webTextSpacing else { return [] }
        var stopIndex: [String: Int] = [:]
        for (position, stop) in linted.stops.enumerated() { stopIndex[stop.id] = position }
        // The stop an element is, the first stop inside it (a box of text around its stops), or
        // the stop it is inside (a run of text in a paragraph).
        func heard(_ id: String?) -> String {
            guard let id, let node = linted.screen.node(id) else { return "" }
            func first(_ node: AccessibilityNode) -> Int? {
                if let index = stopIndex[node.id] { return index }
                return node.children.lazy.compactMap(first).first
            }
            guard let index = first(node) ?? linted.screen.ancestry(of: id).reversed().lazy.compactMap({ stopIndex[$0] }).first else { return "" }
            return " (stop \(index + 1): \(FindingText.quoted(linted.spoken[index].text)))"
        }
        func text(_ part: WebTextSpacing.Part) -> String {
            part.text.isEmpty ? "" : " holding \(FindingText.quoted(part.text))"
        }
        var findings: [Finding] = []
        for part in spacing.clipped {
            findings.append(Finding(.textSpacingLost, elements: part.node.map { [$0] } ?? [],
                                    message: "With WCAG 1.4.12's text spacing, \(part.element)\(text(part))\(heard(part.node)) cuts off \(part.pixels) px of its text: it hides what does not fit and does not grow."))
        }
        for part in spacing.overlapping {
            findings.append(Finding(.textSpacingLost, elements: part.node.map { [$0] } ?? [],
                                    message: "With WCAG 1.4.12's text spacing, the text of \(part.element)\(text(part))\(heard(part.node)) runs \(part.pixels) px over the text of \(part.other ?? "another element")."))
        }
        return findings
    }
}
