/// What VoiceOver says after a double tap, decided once for every way Earshot plays a screen.
///
/// The rules and their sources (docs/desk-checks.md, "What a double tap says"):
/// - The element stays focused and did not change, or its label changed: it is re-read as it is
///   now (nuli article 1132843, 엔비전스: when focus does not move, VoiceOver re-reads the
///   activated button; the seed article on announcements, docs/sources.md: VoiceOver reads the
///   double-tapped element whether or not its text changed).
/// - Its value or state changed (a switch turned on or off, a selection toggled, a new value):
///   only the new words are spoken, in the profile's words (`끔`, `Off`, `선택됨`), without the
///   hint (createwithswift.com on accessibility values; pride-london-app issue #322: a control
///   whose value changes announces only the new value).
/// - A state word went away and nothing took its place (a selection cleared): there is no new
///   word to say, so the element is re-read (Earshot's choice; no capture shows this case).
/// - The app removed the element: nothing is re-read; only the activation sound plays (the
///   caller passes no stop).
///
/// TalkBack's rule is its own (`EventTypeViewClickedFeedbackRule`; docs/talkback.md, "What a
/// double tap says"): see `describeTalkBackClick`.
public enum ActivationSpeech: Sendable, Equatable {
    /// The whole element, with its hint.
    case reread(SpokenDescription)
    /// The changed value or state words alone.
    case newValue(SpokenDescription)

    /// The description spoken.
    public var description: SpokenDescription {
        switch self {
        case .reread(let description), .newValue(let description): description
        }
    }
}

extension DescriptionGenerator {
    /// What is said after a double tap on `before` leaves `after` focused (the same element as the
    /// app and the reader changed it, or the stop it was merged into).
    public func describeActivation(before: FocusStop, after: FocusStop) -> ActivationSpeech {
        if reader == .talkBack, let words = talkBackWords, let android = after.android {
            return .newValue(describeTalkBackClick(before: before.id == after.id ? before.android : nil,
                                                   after: android, children: after.checkableChildren,
                                                   language: after.language, words: words))
        }
        let now = describe(after)
        guard before.id == after.id else { return .reread(now) }
        let then = describe(before)
        let label: (SpokenPart) -> Bool = { $0.slot == "label" }
        guard then.parts.filter(label) == now.parts.filter(label) else { return .reread(now) }
        var earlier = then.parts
        var added: [SpokenPart] = []
        for part in now.parts where !label(part) {
            if let index = earlier.firstIndex(where: { $0.slot == part.slot && $0.text == part.text }) {
                earlier.remove(at: index)
            } else {
                added.append(part)
            }
        }
        guard !added.isEmpty else { return .reread(now) }
        let (parts, spoken) = join(added)
        // The profile's words are in the voice's language; only the element's own value is not.
        let language = added.contains { $0.slot == "value" } ? now.language : nil
        return .newValue(SpokenDescription(parts: parts, spoken: spoken, hint: nil, language: language))
    }

    /// What TalkBack says for a click (`EventTypeViewClickedFeedbackRule.computeTtsOutput`), the
    /// first of: a checkable node without a state description says its checked state as it is
    /// now, `on` / `off` for a switch or toggle button, else `checked` / `notChecked`; else the
    /// same of its first direct child that has one (`getViewCheckStateText`: a row around its
    /// switch says the switch's `on`); a selected node says `selected`; otherwise nothing (its
    /// `tick` sound plays alone). A node whose state description changed says the new one
    /// (TalkBack speaks it for the content change `CONTENT_CHANGE_TYPE_STATE_DESCRIPTION`, the
    /// rule's comment says). Never the node again.
    func describeTalkBackClick(before: AndroidView?, after android: AndroidView, children: [AndroidView] = [],
                               language: String?, words: TalkBackVocabulary) -> SpokenDescription {
        var part: SpokenPart?
        if let state = nonEmpty(android.stateDescription) {
            if state != before?.stateDescription { part = SpokenPart(slot: "state", text: state) }
        } else if let checked = ([android] + children).lazy.compactMap({ Self.checkedState(of: $0, words: words) }).first {
            part = checked
        } else if android.isSelected, let selected = words.states["selected"].flatMap(nonEmpty) {
            part = SpokenPart(slot: "selected", text: selected)
        }
        let parts = part.map { [$0] } ?? []
        // TalkBack's own words are in the voice's language.
        return SpokenDescription(parts: parts, spoken: SpokenText(part?.text ?? ""), hint: nil,
                                 language: part?.slot == "state" && android.stateDescription != nil ? language : nil)
    }

    /// A checkable view's checked words as a click says them (`getNodeCheckedStateText`): none for
    /// a view that is not checkable or has a state description (which its own event speaks).
    private static func checkedState(of android: AndroidView, words: TalkBackVocabulary) -> SpokenPart? {
        guard android.isCheckable, nonEmpty(android.stateDescription) == nil else { return nil }
        let toggle = TalkBackDescription.isToggle(TalkBackDescription.role(of: android, words: words))
        let key = toggle ? (android.isChecked ? "on" : "off") : (android.isChecked ? "checked" : "notChecked")
        return words.states[key].flatMap(nonEmpty).map { SpokenPart(slot: toggle ? "state" : "checked", text: $0) }
    }

    /// Parts joined as the reader joins them: the profile's slots and groups for VoiceOver, the
    /// words file's separator for TalkBack.
    private func join(_ parts: [SpokenPart]) -> ([SpokenPart], SpokenText) {
        guard reader == .talkBack, let words = talkBackWords else { return layout(parts) }
        var spoken = SpokenText()
        for part in parts { Self.append(SpokenText(part.text, part.attributes), to: &spoken, with: words.separator) }
        return (parts, spoken)
    }
}
