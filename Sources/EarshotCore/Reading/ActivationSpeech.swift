/// What a screen reader says after a double tap, decided once for every way Earshot plays a screen.
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
/// Another reader may have rules of its own (`ScreenReader.describeActivation`; TalkBack's:
/// `EventTypeViewClickedFeedbackRule`, docs/talkback.md, "What a double tap says").
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
    /// What is said after a double tap on `before` leaves `after` focused, by the rules above,
    /// in the profile's words; `join` joins the new words as the reader joins parts (the
    /// profile's slots and groups for VoiceOver).
    public func describeActivationWithProfileWords(
        before: FocusStop, after: FocusStop, join: ([SpokenPart]) -> ([SpokenPart], SpokenText)
    ) -> ActivationSpeech {
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
}
