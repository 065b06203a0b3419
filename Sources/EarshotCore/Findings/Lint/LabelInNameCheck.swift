/// `label.not-in-name`: a control whose visible text is not inside the name the screen reader
/// says for it (WCAG 2.2 2.5.3; docs/findings.md): a person who sees "Send" and says "click
/// Send" to speech control, or hears something else from the screen reader, is lost.
///
/// - The visible text: on a web page, the text inside a link or a pressable control (a button,
///   a menu item, a tab, a check box or radio button made of ARIA, an option), its runs of text
///   in order (the text inside a field, a combo box or a slider is its value, not its label);
///   on Android, a view's own `text` where it also has a `contentDescription` (TalkBack speaks
///   the description instead). Other platforms' dumps hold one of the two only.
/// - The name: the web control's accessible name (Chromium's), the Android view's description.
/// - Compared folded (Earshot's choice, after WCAG's Understanding of 2.5.3, which lets case,
///   punctuation and spacing differ): lower case, every run of characters that are neither
///   letters nor digits a single space. The folded text must appear in the folded name as whole
///   words (a text "Go" is not in "Google").
/// - Left out: a control whose visible text is a single character or only symbols (an icon
///   glyph: "×", "+"), which Understanding exempts as not a text label.
enum LabelInNameCheck {
    /// Why `screen` cannot be judged, or nil when it can: only a web page and an Android dump
    /// hold a control's visible text apart from its name.
    static func uncheckedReason(_ screen: Screen) -> String? {
        func android(_ node: AccessibilityNode) -> Bool { node.android != nil || node.children.contains(where: android) }
        guard !screen.isWebPage, !screen.roots.contains(where: android) else { return nil }
        return "an iOS dump or a screen file holds a control's name, not the text it shows apart from it, so a person compares them"
    }

    /// Lower case, each run of characters that are not letters or digits one space, trimmed.
    static func folded(_ text: String) -> String {
        var out = "", space = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if space, !out.isEmpty { out.append(" ") }
                out.append(character)
                space = false
            } else {
                space = true
            }
        }
        return out
    }

    /// Whether the folded `text` is in the folded `name` as whole words.
    static func contains(_ name: String, _ text: String) -> Bool {
        (" " + folded(name) + " ").contains(" " + folded(text) + " ")
    }

    /// The visible text of a web control: the runs of text inside it, in order.
    static func visibleText(_ node: AccessibilityNode) -> String? {
        var runs: [String] = []
        func walk(_ node: AccessibilityNode) {
            if let web = node.web, web.isText, let text = web.name { runs.append(text) }
            node.children.forEach(walk)
        }
        node.children.forEach(walk)
        let words = runs.joined(separator: " ").split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// A switch or toggle button whose text is its state: Android's `Switch` and `ToggleButton`
    /// show their `textOn` / `textOff` ("ON", "OFF"), which a dump gives as the view's text; that
    /// is no label, so its name need not contain it (seen on the corpus's network settings dump).
    static func showsItsState(_ view: AndroidView) -> Bool {
        view.isCheckable && ["Switch", "SwitchCompat", "SwitchMaterial", "MaterialSwitch", "ToggleButton"].contains(String(view.shortClassName))
    }

    @Sendable static func mismatches(_ linted: LintedScreen) -> [Finding] {
        guard uncheckedReason(linted.screen) == nil else { return [] }
        var findings: [Finding] = []
        for (position, stop) in linted.stops.enumerated() {
            guard let node = linted.screen.node(stop.id) else { continue }
            let pair: (text: String, name: String)?
            if let web = node.web {
                guard web.role.isPressable || web.role == .link, let name = web.name, let text = visibleText(node) else { continue }
                pair = (text, name)
            } else if let android = node.android, !Self.showsItsState(android), let text = nonEmpty(android.text),
                      let name = nonEmpty(android.contentDescription) {
                pair = (text, name)
            } else {
                pair = nil
            }
            guard let pair else { continue }
            let text = folded(pair.text)
            guard text.count > 1, !contains(pair.name, pair.text) else { continue }
            findings.append(Finding(.labelNotInName, elements: [stop.id],
                                    message: "The control shows \(FindingText.quoted(pair.text)), but its name is \(FindingText.quoted(pair.name)), which does not contain it: the screen reader says \(FindingText.quoted(linted.spoken[position].text)) (stop \(position + 1)), and speech control does not find it by the words on screen."))
        }
        return findings
    }
}
