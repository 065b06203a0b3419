/// VoiceOver on a web page in Safari on iOS (docs/mobile-web.md A2–A5, "VoiceOver on a page, as
/// Earshot plays it"): what a page's stop says, the rotor's web categories, live regions and a
/// state changed in place. A stop without web facts is an app's, read as before.
extension VoiceOver {
    /// Label, value, then the stop's words (dimmed, current, visited, role), states, position,
    /// the cell's place and the container words, each joined with the words file's separator;
    /// the landmark words of each landmark the swipe enters from `previous`; then the hint.
    func describeWeb(_ stop: FocusStop, _ facts: VoiceOverWebFacts, after previous: FocusStop?,
                     by generator: DescriptionGenerator) -> SpokenDescription {
        guard let words = web else { return generator.describeWithProfileWords(stop) }
        var parts: [SpokenPart] = []
        func add(_ slot: String, _ text: String?) {
            guard let text, !text.isEmpty else { return }
            parts.append(SpokenPart(slot: slot, text: text))
        }
        facts.before.forEach { add("containers", $0) }
        add("label", stop.label)
        add("value", stop.value)
        facts.words.forEach { add("traits", $0) }
        facts.states.forEach { add("states", $0) }
        facts.place.forEach { add("place", $0) }
        facts.containers.forEach { add("containers", $0) }
        let previousFacts = previous?.readerFacts as? VoiceOverWebFacts
        let before = Set(previousFacts?.landmarks.map(\.id) ?? [])
        // Swiping back into a landmark from after it says "end" and the landmark (recorded).
        let backward = previousFacts.map { $0.index > facts.index } ?? false
        facts.landmarks.filter { !before.contains($0.id) }.forEach { add("landmark", backward ? $0.endWords : $0.words) }
        let text = parts.map(\.text).joined(separator: words.separator)
        let hint = stop.traits.contains(.notEnabled) ? nil : stop.hint
        return SpokenDescription(parts: parts, text: text, hint: hint, language: stop.language)
    }

    /// The rotor on a page (A3, Earshot's choice): headings by the header trait, links by the
    /// link trait, landmarks at the first stop inside each landmark the stop before is outside
    /// of, form controls by the control traits.
    func isWebJumpTarget(_ facts: VoiceOverWebFacts, _ stop: FocusStop, _ target: NavigationTarget,
                         after previous: FocusStop?) -> Bool {
        let role = facts.web.role
        switch target {
        case .heading: return facts.isHeading
        case .link: return stop.traits.contains(.link)
        case .landmark:
            let before = Set((previous?.readerFacts as? VoiceOverWebFacts)?.landmarks.map(\.id) ?? [])
            return facts.landmarks.contains { !before.contains($0.id) }
        case .formField: return role.isFormField || role.isPressable && role != .tab && !stop.traits.contains(.link)
        case .button: return role == .button
        case .checkBox: return role == .checkBox
        case .edit: return role.isTextEntry
        case .focusable: return facts.web.isInTabOrder
        default: return target.matchesTraits(of: stop)
        }
    }
}
