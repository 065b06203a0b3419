/// Turns a batch item into the text one voice speaks: fills `.strings` placeholders, describes
/// CSV rows and focus stops with the profile's description rules (label, value, trait words,
/// then the hint as a separate segment spoken after a pause), then applies the profile's text
/// normalization to every segment.
public struct BatchTextComposer: Sendable {
    public var placeholders: FormatPlaceholders
    public var generator: DescriptionGenerator
    public var normalizer: any TextNormalizer

    public init(placeholders: FormatPlaceholders, generator: DescriptionGenerator, normalizer: any TextNormalizer) {
        self.placeholders = placeholders
        self.generator = generator
        self.normalizer = normalizer
    }

    /// The composer for a profile: its trait words, its normalization, placeholder samples for
    /// its language with `overrides` on top.
    public init(profile: VoiceProfile, placeholderOverrides overrides: [Character: String] = [:]) throws {
        self.init(
            placeholders: FormatPlaceholders.defaults(language: profile.language).merging(overrides),
            generator: try DescriptionGenerator(profile: profile),
            normalizer: try profile.textNormalizerOrIdentity()
        )
    }

    /// The segments spoken for `item`, one WAV: a pause goes between segments.
    public func segments(for item: BatchItem) throws -> [String] {
        let composed: [String]
        switch item.content {
        case .text(let text):
            composed = [text]
        case .formatString(let format):
            composed = [placeholders.fill(format)]
        case .element(let fields):
            composed = spoken(try Self.focusStop(for: fields, key: item.key, at: item.location))
        case .focusStop(let stop):
            composed = spoken(stop)
        case .readAll(let stops):
            composed = stops.map { generator.describe($0).text }
        }
        return composed.map { normalizer.normalize($0) }
    }

    private func spoken(_ stop: FocusStop) -> [String] {
        let description = generator.describe(stop)
        return [description.text] + (description.hint.map { [$0] } ?? [])
    }

    /// A CSV row as a focus stop; an unknown trait name is an error at the row's line.
    static func focusStop(for fields: ElementFields, key: String, at location: SourceLocation) throws -> FocusStop {
        var traits: AccessibilityTraits = []
        for name in fields.traits {
            guard let trait = AccessibilityTrait(name: name) else {
                var message = "unknown trait \"\(name)\""
                if let near = nearestName(to: name, in: AccessibilityTrait.acceptedNames) { message += "; did you mean \"\(near)\"?" }
                throw DataFileError(message, at: location)
            }
            traits.insert(AccessibilityTraits(trait))
        }
        func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
        return FocusStop(id: key, label: nonEmpty(fields.label), value: nonEmpty(fields.value),
                         hint: nonEmpty(fields.hint), traits: traits)
    }
}
