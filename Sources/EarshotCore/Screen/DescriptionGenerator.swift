import Foundation

/// One piece of a spoken description, with the slot it came from (`label`, `value`, `traits`...).
public struct SpokenPart: Sendable, Equatable {
    public var slot: String
    public var text: String

    public init(slot: String, text: String) {
        self.slot = slot
        self.text = text
    }
}

/// What VoiceOver says for one focus stop: the description, then, after a pause, the hint.
public struct SpokenDescription: Sendable, Equatable {
    /// The pieces in spoken order (label, value, trait words...), before joining.
    public var parts: [SpokenPart]
    /// The description as one string, joined the profile's way.
    public var text: String
    /// Spoken after a pause; nil when there is none.
    public var hint: String?
    /// Language of the element's text, for choosing a voice.
    public var language: String?

    public init(parts: [SpokenPart], text: String, hint: String?, language: String?) {
        self.parts = parts
        self.text = text
        self.hint = hint
        self.language = language
    }
}

/// Composes spoken descriptions of focus stops from a profile's vocabulary.
///
/// One small step per property (label, value, trait words, position, hint), then a layout step
/// that joins slots as the profile says.
public struct DescriptionGenerator: Sendable {
    public let vocabulary: TraitVocabulary

    public init(vocabulary: TraitVocabulary) { self.vocabulary = vocabulary }

    public init(profile: VoiceProfile) throws { self.vocabulary = try TraitVocabulary(profile: profile) }

    /// The full description of a stop, as spoken when focus lands on it.
    public func describe(_ stop: FocusStop) -> SpokenDescription {
        var pieces: [SpokenPart] = []
        if let label = nonEmpty(stop.label) { pieces.append(SpokenPart(slot: "label", text: label)) }
        if let value = spokenValue(of: stop) { pieces.append(SpokenPart(slot: "value", text: value)) }
        for word in words(for: stop) { pieces.append(SpokenPart(slot: word.slot, text: word.text)) }
        let (parts, text) = layout(pieces)
        return SpokenDescription(parts: parts, text: text, hint: hint(for: stop), language: stop.language)
    }

    /// What is spoken after the value of an adjustable element changed: the new value only.
    public func describeValue(of stop: FocusStop) -> SpokenDescription {
        let value = spokenValue(of: stop) ?? ""
        let parts = value.isEmpty ? [] : [SpokenPart(slot: "value", text: value)]
        return SpokenDescription(parts: parts, text: value, hint: nil, language: stop.language)
    }

    /// A switch's value is its state, which the state words say instead (AccessibilitySnapshot
    /// hides it the same way).
    func spokenValue(of stop: FocusStop) -> String? {
        if stop.isOn != nil { return nil }
        return nonEmpty(stop.value)
    }

    /// The profile's words that apply to the stop, in the profile's order, templates filled in.
    func words(for stop: FocusStop) -> [TraitVocabulary.Word] {
        var result: [TraitVocabulary.Word] = []
        for var word in vocabulary.words where !word.text.isEmpty {
            guard word.unlessWith.isDisjoint(with: stop.traits) else { continue }
            switch word.subject {
            case .trait(let trait):
                guard stop.traits.contains(trait) else { continue }
            case .switchOn:
                guard stop.isOn == true else { continue }
            case .switchOff:
                guard stop.isOn == false else { continue }
            case .position:
                guard let position = stop.tabPosition else { continue }
                word.text = word.text
                    .replacingOccurrences(of: "{index}", with: String(position.index))
                    .replacingOccurrences(of: "{count}", with: String(position.count))
            }
            result.append(word)
        }
        return result
    }

    /// The element's own hint, then the profile's hint sentences for its traits and custom
    /// actions; nothing at all for a trait that silences hints (`notEnabled`).
    func hint(for stop: FocusStop) -> String? {
        let silenced = vocabulary.words.contains { word in
            guard word.silencesHints, case .trait(let trait) = word.subject else { return false }
            return stop.traits.contains(trait)
        }
        if silenced { return nil }
        var sentences: [String] = []
        if let own = nonEmpty(stop.hint) { sentences.append(own) }
        for sentence in vocabulary.hints where sentence.unlessWith.isDisjoint(with: stop.traits) {
            switch sentence.subject {
            case .trait(let trait):
                if stop.traits.contains(trait) { sentences.append(sentence.text) }
            case .customActions:
                if !stop.customActions.isEmpty { sentences.append(sentence.text) }
            }
        }
        let joined = sentences.filter { !$0.isEmpty }.joined(separator: vocabulary.hintSeparator)
        return joined.isEmpty ? nil : joined
    }

    /// Joins the pieces slot by slot, group by group; empty slots and groups leave no separator
    /// behind. Pieces of one slot keep their order (the profile's word order).
    func layout(_ pieces: [SpokenPart]) -> ([SpokenPart], String) {
        var parts: [SpokenPart] = []
        var groupTexts: [String] = []
        for group in vocabulary.groups {
            var text = ""
            for slot in group.slots {
                for piece in pieces where piece.slot == slot && !piece.text.isEmpty {
                    parts.append(piece)
                    Self.append(piece.text, to: &text, with: group.separator)
                }
            }
            if !text.isEmpty { groupTexts.append(text) }
        }
        var text = ""
        for groupText in groupTexts { Self.append(groupText, to: &text, with: vocabulary.groupSeparator) }
        if !text.isEmpty { Self.append("", to: &text, with: vocabulary.end) }
        return (parts, text)
    }

    /// Appends `piece` after `text` with `separator`, without doubling punctuation: a label that
    /// already ends a sentence ("완료.", "삭제할까요?") is followed by " Button", not ". Button"
    /// (AccessibilitySnapshot does the same for a final period).
    static func append(_ piece: String, to text: inout String, with separator: String) {
        guard !text.isEmpty else {
            text = piece
            return
        }
        var separator = Substring(separator)
        if let first = separator.first, first.isPunctuation, let last = text.last, sentenceEnds.contains(last) {
            separator = separator.dropFirst()
        }
        text += separator
        text += piece
    }

    private static let sentenceEnds: Set<Character> = [".", "?", "!", "…", "。", "？", "！"]
}
