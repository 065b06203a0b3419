/// How TalkBack describes a stop (docs/talkback.md, "What a stop says"): its label, its role
/// from the view's class, heading, then its state (the app's state description, else the
/// checked or switch words, selected, disabled), joined by the words file's separator; the usage
/// hint after a pause as an utterance of its own, never on a disabled node.
extension DescriptionGenerator {
    func describeForTalkBack(_ stop: FocusStop, _ android: AndroidView, words: TalkBackVocabulary) -> SpokenDescription {
        var pieces: [SpokenPart] = []
        if let label = nonEmpty(stop.label) {
            pieces.append(SpokenPart(slot: "label", text: label, attributes: attributes(of: stop, for: "label")))
        }
        let role = words.role(ofClass: android.className)
        if android.isPassword, let password = nonEmpty(words.password) {
            pieces.append(SpokenPart(slot: "value", text: password))
        }
        let roleWord = words.word(forRole: role)
        if !roleWord.isEmpty { pieces.append(SpokenPart(slot: "role", text: roleWord)) }
        if android.isHeading, !words.heading.isEmpty { pieces.append(SpokenPart(slot: "role", text: words.heading)) }
        for state in Self.talkBackStates(android, role: role) {
            if let word = nonEmpty(state.word(in: words)) { pieces.append(SpokenPart(slot: "state", text: word)) }
        }
        var spoken = SpokenText()
        for piece in pieces {
            Self.append(SpokenText(piece.text, piece.attributes), to: &spoken, with: words.separator)
        }
        let hint = android.isEnabled ? Self.talkBackHint(android, role: role, words: words) : nil
        return SpokenDescription(parts: pieces, spoken: spoken, hint: hint.map { SpokenText($0) }, language: stop.language)
    }

    /// A state TalkBack speaks: the app's own description, or one of the words file's states.
    enum TalkBackState: Equatable {
        case described(String)
        case word(String)

        func word(in words: TalkBackVocabulary) -> String? {
            switch self {
            case .described(let text): text
            case .word(let key): words.states[key]
            }
        }
    }

    /// The states of a node in TalkBack's order: checked (or on/off for a switch or toggle
    /// button), selected, then disabled. A state description replaces the checked words.
    static func talkBackStates(_ android: AndroidView, role: String?) -> [TalkBackState] {
        var states: [TalkBackState] = []
        if let described = nonEmpty(android.stateDescription) {
            states.append(.described(described))
        } else if android.isCheckable {
            let isToggle = role == "switch" || role == "toggleButton"
            states.append(.word(isToggle ? (android.isChecked ? "on" : "off")
                                         : (android.isChecked ? "checked" : "notChecked")))
        }
        if android.isSelected { states.append(.word("selected")) }
        if !android.isEnabled { states.append(.word("disabled")) }
        return states
    }

    /// The usage hint: toggling for a checkable node, activating for a clickable one, then long
    /// pressing; an editable field's editing hint.
    static func talkBackHint(_ android: AndroidView, role: String?, words: TalkBackVocabulary) -> String? {
        var sentences: [String] = []
        if android.isCheckable, let toggle = nonEmpty(words.hints["toggle"]) {
            sentences.append(toggle)
        } else if role == "editText", let edit = nonEmpty(words.hints["edit"]) {
            sentences.append(edit)
        } else if android.isClickable, let activate = nonEmpty(words.hints["activate"]) {
            sentences.append(activate)
        }
        if android.isLongClickable, let longPress = nonEmpty(words.hints["longPress"]) { sentences.append(longPress) }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }
}
