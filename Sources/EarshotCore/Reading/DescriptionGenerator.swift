import Foundation

/// One piece of a spoken description, with the slot it came from (`label`, `value`, `traits`...)
/// and the speech attributes it is spoken with (the element's, for its own texts; none for the
/// profile's words).
public struct SpokenPart: Sendable, Equatable {
    public var slot: String
    public var text: String
    public var attributes: SpeechAttributes

    public init(slot: String, text: String, attributes: SpeechAttributes = .none) {
        self.slot = slot
        self.text = text
        self.attributes = attributes
    }
}

/// What a screen reader says for one focus stop: the description, then, after a pause, the hint.
public struct SpokenDescription: Sendable, Equatable {
    /// The pieces in spoken order (label, value, trait words...), before joining.
    public var parts: [SpokenPart]
    /// The description as spoken: spans with their attributes, joined the profile's way.
    public var spoken: SpokenText
    /// Spoken after a pause; nil when there is none.
    public var spokenHint: SpokenText?
    /// Language of the element's text, for choosing a voice.
    public var language: String?

    public init(parts: [SpokenPart], spoken: SpokenText, hint: SpokenText?, language: String?) {
        self.parts = parts
        self.spoken = spoken
        self.spokenHint = hint
        self.language = language
    }

    public init(parts: [SpokenPart], text: String, hint: String?, language: String?) {
        self.init(parts: parts, spoken: SpokenText(text), hint: hint.map { SpokenText($0) }, language: language)
    }

    /// The description as one string.
    public var text: String { spoken.text }
    /// The hint as one string; nil when there is none.
    public var hint: String? { spokenHint?.text }
}

/// Composes spoken descriptions of focus stops from a profile's vocabulary.
///
/// One small step per property (label, value, trait words, position, hint), then a layout step
/// that joins slots as the profile says.
///
/// An element's speech attributes apply to its own texts: `language`, `pitch` and `punctuation`
/// to its label, value and own hint; `spellOut` to its label and value; `ipa` to its label alone
/// (the pronunciation of the name). The profile's words (traits, positions, hint sentences) keep
/// the voice's language and pitch, as VoiceOver keeps them in the device's language.
public struct DescriptionGenerator: Sendable {
    public let vocabulary: TraitVocabulary
    /// The voice's language: an element in this language needs no other voice.
    public let voiceLanguage: String?
    /// The screen reader whose rules and words describe stops (and whose focus rules order them),
    /// made once for the run.
    public let reader: any ScreenReader

    /// The words of `vocabulary`, heard by `reader`.
    public init(vocabulary: TraitVocabulary, voiceLanguage: String? = nil, reader: any ScreenReader) {
        self.vocabulary = vocabulary
        self.voiceLanguage = voiceLanguage
        self.reader = reader
    }

    /// The profile's words, heard by `reader` (made for the profile).
    public init(profile: VoiceProfile, reader: any ScreenReader) throws {
        self.vocabulary = try TraitVocabulary(profile: profile)
        self.voiceLanguage = profile.language
        self.reader = reader
    }

    /// The profile's words, heard by the reader named `name` (made for the profile, its words read once).
    public init(profile: VoiceProfile, readerNamed name: ScreenReaderName) throws {
        try self.init(profile: profile, reader: try ScreenReaders.make(name, profile: profile))
    }

    /// The full description of a stop, as spoken when focus lands on it from nowhere.
    public func describe(_ stop: FocusStop) -> SpokenDescription { describe(stop, after: nil) }

    /// The full description of a stop, as spoken when focus lands on it from `previous` (nil: from
    /// nowhere), in the reader's words. VoiceOver says the same whatever the previous stop;
    /// TalkBack says a collection item's position and the move into or out of a list from it.
    public func describe(_ stop: FocusStop, after previous: FocusStop?) -> SpokenDescription {
        reader.describe(stop, after: previous, by: self)
    }

    /// What is said when the reading reaches a line of stops (`ScreenReader.line(around:in:)`)
    /// from `previous`, in the reader's words.
    public func describeLine(_ line: ArraySlice<FocusStop>, after previous: FocusStop?) -> SpokenDescription {
        reader.describeLine(line, after: previous, by: self)
    }

    /// What is said when a jump to `target` (Tab, quick navigation, the rotor) lands on `stop`
    /// from `previous`, in the reader's words.
    public func describeJump(to stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?) -> SpokenDescription {
        reader.describeJump(to: stop, target, after: previous, by: self)
    }

    /// What is said after a double tap on `before` leaves `after` focused (the same element as the
    /// app and the reader changed it, or the stop it was merged into), in the reader's words.
    public func describeActivation(before: FocusStop, after: FocusStop) -> ActivationSpeech {
        reader.describeActivation(before: before, after: after, by: self)
    }

    /// The words the reader says for what the stop is, and what they are called in a finding.
    public func kindWords(for stop: FocusStop) -> (noun: String, words: [String]) {
        reader.kindWords(for: stop, by: self)
    }

    /// The stop described with the profile's words (label, value, trait words, hint, joined by
    /// the profile's slots and groups): VoiceOver's description, and a reader's for a stop it
    /// has no facts of its own about.
    public func describeWithProfileWords(_ stop: FocusStop) -> SpokenDescription {
        var pieces: [SpokenPart] = []
        if let label = nonEmpty(stop.label) {
            pieces.append(SpokenPart(slot: "label", text: label, attributes: attributes(of: stop, for: "label")))
        }
        if let value = spokenValue(of: stop) {
            pieces.append(SpokenPart(slot: "value", text: value, attributes: attributes(of: stop, for: "value")))
        }
        for word in words(for: stop) { pieces.append(SpokenPart(slot: word.slot, text: word.text)) }
        let (parts, spoken) = layout(pieces)
        return SpokenDescription(parts: parts, spoken: spoken, hint: hint(for: stop), language: stop.language)
    }

    /// The profile's trait words for what the stop is (`label.repeats-trait`).
    public func traitWords(for stop: FocusStop) -> (noun: String, words: [String]) {
        let traitWords = words(for: stop).compactMap { word -> String? in
            guard case .trait = word.subject else { return nil }
            return word.text
        }
        return ("trait word", traitWords)
    }

    /// The attributes the stop's own text in `slot` is spoken with (see the type's comment).
    func attributes(of stop: FocusStop, for slot: String) -> SpeechAttributes {
        var attributes = stop.speech
        attributes.language = stop.language
        if slot != "label" { attributes.ipa = nil }
        if slot == "hint" { attributes.spellOut = false }
        return attributes.relative(toVoiceLanguage: voiceLanguage)
    }

    /// What is spoken after the value of an adjustable element changed: the new value only.
    public func describeValue(of stop: FocusStop) -> SpokenDescription {
        let value = spokenValue(of: stop) ?? ""
        let part = SpokenPart(slot: "value", text: value, attributes: attributes(of: stop, for: "value"))
        return SpokenDescription(parts: value.isEmpty ? [] : [part], spoken: SpokenText(value, part.attributes),
                                 hint: nil, language: stop.language)
    }

    /// A switch's value is its state, which the state words say instead (VoiceOver's capture of a
    /// SwiftUI toggle says `Notifications Switch button on`, without its value `1`).
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
    /// actions (a control's default hint only when it has none of its own:
    /// `replacedByOwnHint`); nothing at all for a trait that silences hints (`notEnabled`).
    func hint(for stop: FocusStop) -> SpokenText? {
        let silenced = vocabulary.words.contains { word in
            guard word.silencesHints, case .trait(let trait) = word.subject else { return false }
            return stop.traits.contains(trait)
        }
        if silenced { return nil }
        var sentences: [SpokenText] = []
        let own = nonEmpty(stop.hint)
        if let own { sentences.append(SpokenText(own, attributes(of: stop, for: "hint"))) }
        for sentence in vocabulary.hints where sentence.unlessWith.isDisjoint(with: stop.traits) && !sentence.text.isEmpty
            && !(own != nil && sentence.replacedByOwnHint) {
            switch sentence.subject {
            case .trait(let trait):
                if stop.traits.contains(trait) { sentences.append(SpokenText(sentence.text)) }
            case .customActions:
                if !stop.customActions.isEmpty { sentences.append(SpokenText(sentence.text)) }
            }
        }
        var joined = SpokenText()
        for (index, sentence) in sentences.enumerated() {
            if index > 0 { joined.append(vocabulary.hintSeparator) }
            joined.append(sentence)
        }
        return joined.isEmpty ? nil : joined
    }

    /// Joins the pieces slot by slot, group by group; empty slots and groups leave no separator
    /// behind. Pieces of one slot keep their order (the profile's word order). Separators are
    /// spoken without attributes, as the profile's words are.
    func layout(_ pieces: [SpokenPart]) -> ([SpokenPart], SpokenText) {
        var parts: [SpokenPart] = []
        var groupTexts: [SpokenText] = []
        for group in vocabulary.groups {
            var text = SpokenText()
            for slot in group.slots {
                for piece in pieces where piece.slot == slot && !piece.text.isEmpty {
                    parts.append(piece)
                    Self.append(SpokenText(piece.text, piece.attributes), to: &text, with: group.separator)
                }
            }
            if !text.isEmpty { groupTexts.append(text) }
        }
        var text = SpokenText()
        for groupText in groupTexts { Self.append(groupText, to: &text, with: vocabulary.groupSeparator) }
        if !text.isEmpty { Self.append(SpokenText(), to: &text, with: vocabulary.end) }
        return (parts, text)
    }

    /// Appends `piece` after `text` with `separator`, without doubling punctuation: a label that
    /// already ends a sentence ("완료.", "Delete it?") is followed by " 버튼" or " Button", not
    /// ", Button": the sentence's own pause is enough. `afterSentenceEnd` keeps the whole
    /// separator there too (TalkBack's joiner does).
    static func append(_ piece: SpokenText, to text: inout SpokenText, with separator: String, afterSentenceEnd: Bool = false) {
        guard !text.isEmpty else {
            text = piece
            return
        }
        var separator = Substring(separator)
        if !afterSentenceEnd, let first = separator.first, first.isPunctuation, let last = text.last, sentenceEnds.contains(last) {
            separator = separator.dropFirst()
        }
        text.append(String(separator))
        text.append(piece)
    }

    private static let sentenceEnds: Set<Character> = [".", "?", "!", "…", "。", "？", "！"]
}
