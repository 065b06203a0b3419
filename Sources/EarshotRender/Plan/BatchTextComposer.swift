import EarshotCore

/// Turns a batch item into the text one voice speaks: fills `.strings` placeholders, describes
/// CSV rows and focus stops with the profile's description rules (label, value, trait words,
/// then the hint as a separate segment spoken after a pause), then applies the profile's text
/// normalization to every segment.
public struct BatchTextComposer: Sendable {
    public var placeholders: FormatPlaceholders
    public var generator: DescriptionGenerator
    /// The profile's words heard by each other registered reader, for the stops that reader
    /// reads (the error, for a profile without that reader's words, is met by the first such stop).
    public var readerGenerators: [ScreenReaderName: Result<DescriptionGenerator, any Error>]
    public var normalizer: any TextNormalizer
    /// The profile's timing: `hintPause` before a hint, `queueGap` between the stops of a read-all.
    public var timing: TimingSettings

    public init(placeholders: FormatPlaceholders, generator: DescriptionGenerator, normalizer: any TextNormalizer,
                timing: TimingSettings, readerGenerators: [ScreenReaderName: Result<DescriptionGenerator, any Error>] = [:]) {
        self.placeholders = placeholders
        self.generator = generator
        self.readerGenerators = readerGenerators
        self.normalizer = normalizer
        self.timing = timing
    }

    /// The composer for a profile: its trait words, its normalization, placeholder samples for
    /// its language with `overrides` on top.
    public init(profile: VoiceProfile, placeholderOverrides overrides: [Character: String] = [:]) throws {
        let generator = try DescriptionGenerator(profile: profile, readerNamed: ScreenReaders.standard.name)
        self.init(
            placeholders: FormatPlaceholders.defaults(language: profile.language).merging(overrides),
            generator: generator,
            normalizer: try profile.textNormalizerOrIdentity(),
            timing: try TimingSettings(profile: profile, reader: generator.reader),
            readerGenerators: Dictionary(uniqueKeysWithValues: ScreenReaders.names.map { name in
                (name, Result { try DescriptionGenerator(profile: profile, readerNamed: name) })
            })
        )
    }

    /// What is spoken for `item`, one WAV: segments with a pause between them.
    public func speech(for item: BatchItem) throws -> ComposedSpeech {
        let composed: [SpokenText]
        var pause = timing.hintPause
        let generator = try self.generator(for: item.reader)
        switch item.content {
        case .text(let text):
            composed = [SpokenText(text)]
        case .formatString(let format):
            do {
                composed = [SpokenText(try placeholders.fill(format))]
            } catch let error as PlaceholderError {
                throw DataFileError(error.message, at: item.location)
            }
        case .element(let fields):
            composed = Self.spoken(try Self.focusStop(for: fields, key: item.key, at: item.location), generator)
        case .focusStop(let stop):
            composed = Self.spoken(stop, generator)
        case .readAll(let stops):
            composed = stops.map { generator.describe($0).spoken }
            pause = timing.queueGap
        case .scenario:
            // What a scenario speaks is decided by running it (RenderPlan sends it whole).
            composed = []
        }
        // A segment with speech attributes goes to the worker in spans, which its speaker
        // renders with each span's voice and rules: the manifest shows its text as written.
        return ComposedSpeech(segments: composed.map { $0.hasAttributes ? $0.text : normalizer.normalize($0.text) }, pause: pause,
                              spans: composed.map { $0.hasAttributes ? $0.spans : nil })
    }

    /// The description rules of the reader named `reader`: the profile's words heard by that
    /// reader, else (a composer made without them) the composer's own.
    func generator(for reader: ScreenReaderName) throws -> DescriptionGenerator {
        guard reader != generator.reader.name, let made = readerGenerators[reader] else { return generator }
        return try made.get()
    }

    private static func spoken(_ stop: FocusStop, _ generator: DescriptionGenerator) -> [SpokenText] {
        let description = generator.describe(stop)
        return [description.spoken] + (description.spokenHint.map { [$0] } ?? [])
    }

    /// A CSV row as a focus stop; an unknown trait name is an error at the row's line.
    static func focusStop(for fields: ElementFields, key: String, at location: SourceLocation) throws -> FocusStop {
        var traits: AccessibilityTraits = []
        for name in fields.traits {
            guard let trait = AccessibilityTrait(name: name) else {
                var message = "unknown trait \"\(name)\""
                message += NameSuggestion.didYouMean(name, in: AccessibilityTrait.acceptedNames)
                throw DataFileError(message, at: location)
            }
            traits.insert(AccessibilityTraits(trait))
        }
        func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
        return FocusStop(id: key, label: nonEmpty(fields.label), value: nonEmpty(fields.value),
                         hint: nonEmpty(fields.hint), traits: traits)
    }
}

/// The text of one file: segments spoken one after another with `pause` seconds of silence
/// between them (a description and its hint, or the stops of a read-all).
public struct ComposedSpeech: Sendable, Equatable {
    public var segments: [String]
    public var pause: Double
    /// For each segment, its spans when it has speech attributes (an element's language,
    /// pitch...), else nil; empty when no segment has any.
    public var spans: [[SpeechSpan]?]

    public init(segments: [String], pause: Double = 0, spans: [[SpeechSpan]?] = []) {
        self.segments = segments
        self.pause = pause
        self.spans = spans.contains { $0 != nil } ? spans : []
    }
}
