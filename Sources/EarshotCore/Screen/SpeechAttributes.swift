import Foundation

/// How an app shapes the speech of an element or an announcement: iOS's `accessibilityLanguage`
/// and the `accessibilitySpeech*` attributes of an attributed label or announcement
/// (docs/screen-format.md, "Speech attributes").
///
/// The scheduler only carries them; the speaker hears them: another voice for `language`, the
/// engine's pitch scaled by `pitch`, every character named for `spellOut`, every punctuation
/// mark spoken for `punctuation`, the phonemes of `ipa` instead of the text.
public struct SpeechAttributes: Sendable, Hashable, CustomStringConvertible {
    /// BCP 47 tag of the text's language (`accessibilityLanguage`); nil is the voice's own.
    public var language: String?
    /// `accessibilitySpeechSpellOut`: each character is spoken on its own.
    public var spellOut: Bool
    /// `accessibilitySpeechPunctuation`: every punctuation mark is spoken, whatever the level.
    public var punctuation: Bool
    /// `accessibilitySpeechPitch`, from 0.5 to 2.0 (1 is the voice's own pitch).
    public var pitch: Double?
    /// `accessibilitySpeechIPANotation`: how the text is pronounced, in IPA.
    public var ipa: String?

    public init(language: String? = nil, spellOut: Bool = false, punctuation: Bool = false, pitch: Double? = nil,
                ipa: String? = nil) {
        self.language = language
        self.spellOut = spellOut
        self.punctuation = punctuation
        self.pitch = pitch
        self.ipa = ipa
    }

    /// No attribute: the voice speaks the text its own way.
    public static let none = SpeechAttributes()

    /// iOS's range for `accessibilitySpeechPitch`.
    public static let pitchRange: ClosedRange<Double> = 0.5...2.0

    public var isEmpty: Bool { self == .none }

    /// The attributes with `language` dropped when it is the voice's own (same primary subtag:
    /// `ko-KR` is `ko`), so that text in the screen's language stays one span with the trait words.
    public func relative(toVoiceLanguage voiceLanguage: String?) -> SpeechAttributes {
        guard let language, let voiceLanguage,
              Self.primarySubtag(language) == Self.primarySubtag(voiceLanguage) else { return self }
        var copy = self
        copy.language = nil
        return copy
    }

    /// `ko` of `ko-KR`, lower-cased.
    public static func primarySubtag(_ tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(tag)).lowercased()
    }

    /// `language=en pitch=1.5 spellOut`, the attributes as the transcript and `--show-normalized` name them.
    public var description: String {
        var words: [String] = []
        if let language { words.append("language=\(language)") }
        if let pitch { words.append("pitch=\(Self.format(pitch))") }
        if spellOut { words.append("spellOut") }
        if punctuation { words.append("punctuation") }
        if let ipa { words.append("ipa=\(ipa)") }
        return words.joined(separator: " ")
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}

/// A run of text spoken with one set of attributes.
public struct SpeechSpan: Sendable, Hashable {
    public var text: String
    public var attributes: SpeechAttributes

    public init(_ text: String, _ attributes: SpeechAttributes = .none) {
        self.text = text
        self.attributes = attributes
    }
}

/// Text as it is spoken: spans in order, each with its attributes. Joined, the spans are the
/// text the transcript shows.
public struct SpokenText: Sendable, Hashable, CustomStringConvertible {
    public private(set) var spans: [SpeechSpan]

    public init() { spans = [] }

    public init(_ text: String, _ attributes: SpeechAttributes = .none) {
        spans = []
        append(text, attributes)
    }

    public init(spans: [SpeechSpan]) {
        self.spans = []
        for span in spans { append(span.text, span.attributes) }
    }

    /// The whole text, as written.
    public var text: String { spans.count == 1 ? spans[0].text : spans.map(\.text).joined() }

    public var isEmpty: Bool { spans.isEmpty }

    /// True when some span has an attribute: the speaker then speaks span by span.
    public var hasAttributes: Bool { spans.contains { !$0.attributes.isEmpty } }

    public var last: Character? { spans.last?.text.last }

    /// Appends text, joining it to the last span when the attributes are the same.
    public mutating func append(_ text: String, _ attributes: SpeechAttributes = .none) {
        guard !text.isEmpty else { return }
        if let lastIndex = spans.indices.last, spans[lastIndex].attributes == attributes {
            spans[lastIndex].text += text
        } else {
            spans.append(SpeechSpan(text, attributes))
        }
    }

    public mutating func append(_ other: SpokenText) {
        for span in other.spans { append(span.text, span.attributes) }
    }

    public var description: String { text }
}

extension SpeechAttributes {
    /// The keys a screen element or an announcement step may carry (besides `language`, which an
    /// element already has and children inherit).
    static let keys = ["spellOut", "punctuation", "pitch", "ipa"]

    /// Reads `spellOut`, `punctuation`, `pitch` and `ipa` from an element or a step, and
    /// `language` when `withLanguage` (an announcement's); a pitch outside 0.5 to 2.0 or an empty
    /// IPA string is an error at its place.
    static func decode(_ object: JSONObjectFields, withLanguage: Bool) throws -> SpeechAttributes {
        var attributes = SpeechAttributes()
        if withLanguage { attributes.language = try object.string("language") }
        attributes.spellOut = try object.bool("spellOut") ?? false
        attributes.punctuation = try object.bool("punctuation") ?? false
        if let pitch = try object.double("pitch") {
            guard pitchRange.contains(pitch) else {
                throw DataFileError("pitch must be from 0.5 to 2.0 (accessibilitySpeechPitch), found \(format(pitch))",
                                    at: object["pitch"]!.location)
            }
            attributes.pitch = pitch
        }
        if let ipa = try object.string("ipa") {
            guard !ipa.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw DataFileError("an IPA pronunciation cannot be empty", at: object["ipa"]!.location)
            }
            attributes.ipa = ipa
        }
        return attributes
    }
}

extension SpeechSpan {
    /// The span as JSON with only the attributes set: `{"text":"Sale","language":"en"}`
    /// (transcripts, render requests).
    public var jsonObject: String {
        var fields = ["\"text\":" + jsonString(text)]
        if let language = attributes.language { fields.append("\"language\":" + jsonString(language)) }
        if let pitch = attributes.pitch { fields.append("\"pitch\":" + SpeechAttributes.format(pitch)) }
        if attributes.spellOut { fields.append("\"spellOut\":true") }
        if attributes.punctuation { fields.append("\"punctuation\":true") }
        if let ipa = attributes.ipa { fields.append("\"ipa\":" + jsonString(ipa)) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `[{…},{…}]`.
    public static func jsonArray(_ spans: [SpeechSpan]) -> String {
        "[" + spans.map(\.jsonObject).joined(separator: ",") + "]"
    }

    /// A span read back from `jsonObject`'s form.
    public init(json node: JSONNode) throws {
        let object = try node.object(allowing: ["text", "language"] + SpeechAttributes.keys)
        self.init(try object.requiredString("text"), try SpeechAttributes.decode(object, withLanguage: true))
    }
}
