/// The static check on text fields whose name is a separate text stop: common in real apps'
/// dumps (docs/import.md), where a form's caption is a `StaticText` beside an unlabeled
/// `TextField`. (A field with no label and no placeholder is `label.missing`.)
enum FieldChecks {
    static let fieldTraits: AccessibilityTraits = [.textField, .secureTextField, .searchField]

    /// `field.label-separate`: a plain text stop right before a field that has no label of its own.
    @Sendable static func separateLabels(_ linted: LintedScreen) -> [Finding] {
        linted.stops.indices.dropFirst().compactMap { index in
            let text = linted.stops[index - 1], field = linted.stops[index]
            guard isUnlabeledField(field, in: linted.screen), isPlainText(text),
                  let caption = trimmed(text.label) else { return nil }
            return Finding(.fieldLabelSeparate, elements: [text.id, field.id],
                           message: "\(FindingText.quoted(field.id)) has no label: its name \(FindingText.quoted(caption)) is a separate stop, \(FindingText.quoted(text.id)), and the field itself is heard as \(FindingText.quoted(linted.spoken[index].text)).")
        }
    }

    /// A text field, search field or secure field whose node has no label of its own.
    static func isUnlabeledField(_ stop: FocusStop, in screen: Screen) -> Bool {
        guard !stop.traits.isDisjoint(with: fieldTraits), let node = screen.node(stop.id) else { return false }
        return trimmed(node.attributedLabel) == nil && trimmed(node.label) == nil
    }

    /// A stop that is only text: no role, no heading, nothing to activate.
    static func isPlainText(_ stop: FocusStop) -> Bool {
        stop.traits.subtracting([.staticText]).isEmpty
    }
}
