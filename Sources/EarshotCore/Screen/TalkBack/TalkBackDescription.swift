/// How TalkBack describes a stop (docs/talkback.md, "The order of a description"): its parts
/// (selected, checked, state, label, role, disabled, heading) in the order of TalkBack's default
/// setting, which the words file gives, joined by its separator; the usage hint after a pause as
/// an utterance of its own, never on a disabled node.
///
/// Without a state description a check box says TalkBack's checked words before its label, a
/// switch or toggle button its on or off word (Earshot's choice: Android 11 and later give the
/// framework's own words, which a dump records as `state-description` when it has them).
extension DescriptionGenerator {
    func describeForTalkBack(_ stop: FocusStop, _ android: AndroidView, words: TalkBackVocabulary) -> SpokenDescription {
        let role = Self.talkBackRole(android, words: words)
        var parts: [String: [SpokenPart]] = [:]
        func add(_ slot: String, _ text: String?, _ attributes: SpeechAttributes = .none) {
            guard let text = nonEmpty(text) else { return }
            parts[slot, default: []].append(SpokenPart(slot: slot, text: text, attributes: attributes))
        }
        if android.isSelected { add("selected", words.states["selected"]) }
        let isToggle = role == "switch" || role == "toggleButton"
        if let described = nonEmpty(android.stateDescription) {
            add("state", described)
        } else if isToggle {
            add("state", words.states[android.isChecked ? "on" : "off"])
        } else if android.isCheckable {
            add("checked", words.states[android.isChecked ? "checked" : "notChecked"])
        }
        var label = stop.label
        if android.isPassword, nonEmpty(android.contentDescription) == nil, let password = words.password { label = password }
        add("label", label, attributes(of: stop, for: "label"))
        add("role", words.word(forRole: role))
        // "disabled" is never said on a heading (AccessibilityNodeFeedbackUtils.announceDisabled).
        if !android.isEnabled && !android.isHeading { add("disabled", words.states["disabled"]) }
        if android.isHeading { add("heading", words.heading) }
        var pieces: [SpokenPart] = []
        for slot in words.order { pieces += parts.removeValue(forKey: slot) ?? [] }
        for slot in ["selected", "checked", "state", "label", "role", "disabled", "heading"] {
            pieces += parts.removeValue(forKey: slot) ?? []
        }
        var spoken = SpokenText()
        for piece in pieces {
            Self.append(SpokenText(piece.text, piece.attributes), to: &spoken, with: words.separator)
        }
        let hint = android.isEnabled ? Self.talkBackHint(android, role: role, words: words) : nil
        return SpokenDescription(parts: pieces, spoken: spoken, hint: hint.map { SpokenText($0) }, language: stop.language)
    }

    /// The node's role: its class's, with `Role.getRole`'s condition that a clickable image is
    /// an image button.
    static func talkBackRole(_ android: AndroidView, words: TalkBackVocabulary) -> String? {
        let role = words.role(ofClass: android.className)
        if role == "image", android.isClickable { return "imageButton" }
        return role
    }

    /// The usage hint (`hint_rule_default`): a drop-down list's or an edit text's own, else the
    /// first of toggle (checkable and clickable) and activate (clickable); then the long-press
    /// hint for a long-clickable node.
    static func talkBackHint(_ android: AndroidView, role: String?, words: TalkBackVocabulary) -> String? {
        var sentences: [String] = []
        if role == "dropDownList", let hint = nonEmpty(words.hints["dropDownList"]) {
            sentences.append(hint)
        } else if role == "editText", let hint = nonEmpty(words.hints["editText"]) {
            sentences.append(hint)
        } else if android.isCheckable && android.isClickable, let toggle = nonEmpty(words.hints["toggle"]) {
            sentences.append(toggle)
        } else if android.isClickable, let activate = nonEmpty(words.hints["activate"]) {
            sentences.append(activate)
        }
        if android.isLongClickable, let longPress = nonEmpty(words.hints["longPress"]) { sentences.append(longPress) }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }
}
