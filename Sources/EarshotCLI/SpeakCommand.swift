import EarshotAudio
import EarshotCommandLine
import EarshotCore
import EarshotPlayback
import EarshotSpeech
import Foundation

/// `earshot speak`: speaks a text, or one element composed from label, value, traits and hint,
/// through ALSA or into a WAV file.
enum SpeakCommand: Command {
    static let name = "speak"
    static let withoutDevice: String? = "`earshot speak -o FILE.wav` (writes the speech to a file) or `--no-audio` (prints it only)"
    static let summary = "Speak a text or one composed element through ALSA, or write it to WAV."
    struct Options: CommandOptions {
        @Option("output", short: "o", "FILE.wav", "Write the speech to a WAV file instead of playing it (- for standard output).")
        var output: String?
        @Option(.voice) var voice: String?
        @Option(.rate.described("Speaking rate in words per minute (80-450), overriding the profile."))
        var rate: Int?
        @Option(.device) var device: String?
        @Flag("no-audio", "Print what would be spoken; play and write nothing.")
        var noAudio: Bool
        @Flag("phonemes", "Also print eSpeak NG's phonemes for the text.")
        var phonemes: Bool
        @Flag("show-normalized", "Also print the text as handed to the engine after normalization.")
        var showNormalized: Bool
        @Option(.reader.described(
            "Compose the element as this screen reader describes it: voiceover (the default) or talkback, an Android view TalkBack's rules read (docs/talkback.md)."))
        var reader: ScreenReaderName?
        @Option("label", "TEXT", "Compose an element: its accessibility label (talkback: its contentDescription).")
        var label: String?
        @Option("value", "TEXT", "Compose an element: its accessibility value (talkback: a checkable class's checked state, 1/on/true or 0/off/false; else its stateDescription).")
        var value: String?
        @Option(.value("traits", "T1,T2", "Compose an element: traits (button, selected, isHeader, notEnabled, ...; talkback takes button, header, selected, notEnabled, image, searchField, adjustable).")
            .offering(AccessibilityTrait.allCases.map(\.rawValue)))
        var traits: String?
        @Option("hint", "TEXT", "Compose an element: its hint, spoken after the profile's pause (talkback: Android's hint text, an edit text's name; TalkBack's usage hint comes from the view's actions).")
        var hint: String?
        @Option("class", "NAME", "Compose an element with --reader talkback: its Android class, e.g. android.widget.Switch (default: the traits', else android.view.View).")
        var className: String?
        @Option(.punctuation) var punctuation: PunctuationLevel?
        @Option("language", "TAG", "Speak with the voice of this language (accessibilityLanguage), e.g. en; a composed element's trait words stay in the profile's language.")
        var language: String?
        @Flag("spell-out", "Spell the text (or the label and value) character by character (accessibilitySpeechSpellOut).")
        var spellOut: Bool
        @Option("pitch", "FACTOR", "Pitch from 0.5 to 2.0, 1 the voice's own (accessibilitySpeechPitch).")
        var pitch: String?
        @Option("ipa", "IPA", "Pronounce the text (or the label) as this IPA notation (accessibilitySpeechIPANotation).")
        var ipa: String?
        @Option(.espeakData) var espeakData: String?
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        if let output = parsed.output {
            try RunOutputs.check([("-o", output)], inputs: parsed.voice.map { [$0] } ?? [])
            try OutputSafety.checkReplacingWAV(output, option: "-o")
        }
        let profile = try chosenProfile(voice: parsed.voice, punctuation: parsed.punctuation, rate: parsed.rate)
        let reader = try screenReader(parsed.reader, profile: profile, for: [])
        let utterance = try composeUtterance(parsed, profile: profile, reader: reader)
        let out = TextOutput(toStandardError: parsed.output == "-")
        let hasAttributes = utterance.text.hasAttributes || utterance.hint?.hasAttributes == true
        // Attributes may call for another voice, which only the speaker finds. The voice is
        // checked before anything is printed, with or without audio.
        let needsEngine = parsed.phonemes || !parsed.noAudio || hasAttributes
        let engineSpeaker = needsEngine ? try Speaker.checked(profile, espeakData: parsed.espeakData) : nil
        if !needsEngine { try Speaker.checkVoiceWithoutAudio(profile, espeakData: parsed.espeakData) }

        out.line(utterance.text.text)
        if let hint = utterance.hint { out.line("hint: \(hint.text)") }
        // Android's hint text that TalkBack's rules do not speak is never dropped silently.
        if let unspoken = utterance.unspokenHint {
            out.line("note: the hint \"\(unspoken)\" is Android's hint text, which TalkBack says only as the name of an edit text without a label; not spoken")
        }
        let pipeline = try profile.speechPipeline()
        if parsed.showNormalized && !hasAttributes {
            for (name, text) in [("", utterance.text.text)] + (utterance.hint.map { [(" hint", $0.text)] } ?? []) {
                let normalized = pipeline.normalizeReporting(text)
                out.line("normalized\(name): \(normalized.text)")
                // A symbol without a name is never passed on silently.
                for symbol in normalized.unnamed { out.line("unnamed\(name): \(symbol): no name in the \(profile.name) voice's symbols; left out") }
            }
        }
        guard let speaker = engineSpeaker else { return .success }
        let parts = [("", utterance.text)] + (utterance.hint.map { [(" hint", $0)] } ?? [])
        if hasAttributes {
            for (name, spoken) in parts {
                for span in spoken.spans where !span.attributes.isEmpty { out.line("span\(name): \"\(span.text)\" \(span.attributes)") }
                if parsed.showNormalized { out.line("normalized\(name): \(speaker.engineText(for: spoken))") }
                // An attribute that could not be honoured is never dropped silently.
                for note in speaker.notes(for: spoken) { out.line("note\(name): \(note)") }
            }
        }
        if parsed.phonemes {
            out.line("phonemes: \(try speaker.phonemes(utterance.text))")
        }
        if parsed.noAudio { return .success }

        let hintPause = try TimingSettings(profile: profile, reader: reader).hintPause
        if let output = parsed.output {
            let seconds = try speaker.write(utterance.text, hint: utterance.hint, hintPause: hintPause, to: output)
            out.line("wrote \(output == "-" ? "standard output" : output) (\(String(format: "%.2f", seconds)) s)")
            return .success
        }
        try StopOnSignal.watching {
            let sink = try AlsaSink(device: parsed.device ?? AlsaSink.defaultDevice, sampleRate: speaker.sampleRate)
            defer { sink.close() }
            try speaker.speak(utterance.text, hint: utterance.hint, hintPause: hintPause, into: sink)
            try sink.drain()
        }
        return .success
    }

    /// The text to speak: the positional TEXT, or an element composed with the profile's rules;
    /// `reader` composes it (`ScreenReader.describeComposed`: under TalkBack, an Android view),
    /// with the hint the composition leaves unsaid.
    static func composeUtterance(_ parsed: Parsed<Options>, profile: VoiceProfile, reader: any ScreenReader) throws
        -> (text: SpokenText, hint: SpokenText?, unspokenHint: String?) {
        var attributes = SpeechAttributes(language: parsed.language, spellOut: parsed.spellOut, ipa: parsed.ipa)
        if let pitch = parsed.pitch {
            guard let factor = Double(pitch), SpeechAttributes.pitchRange.contains(factor) else {
                throw UsageError("--pitch must be a number from 0.5 to 2.0, got \"\(pitch)\"")
            }
            attributes.pitch = factor
        }
        if attributes.ipa?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw UsageError("--ipa needs an IPA pronunciation, got an empty one")
        }
        attributes = attributes.relative(toVoiceLanguage: profile.language)
        // What the reader has no use for in a composed element is its to say (the standard reader: --class).
        let asked = ComposedElement(className: parsed.className)
        if let refused = type(of: reader).refusal(toCompose: asked) {
            let takers = ScreenReaders.all.filter { $0.refusal(toCompose: asked) == nil }.map { "--reader \($0.name)" }
            throw UsageError("\(refused) is accepted only with \(takers.joined(separator: " or "))")
        }
        let composes = [parsed.label, parsed.value, parsed.traits, parsed.hint, parsed.className].contains { $0 != nil }
        if !composes {
            guard !parsed.positionals.isEmpty else {
                throw UsageError("nothing to speak: give TEXT or --label/--value/--traits/--hint")
            }
            if parsed.positionals == ["-"] {
                // The text from standard input: a file or a pipe, its last line break dropped.
                var text = try TextFileDecoding.read(path: "-")
                while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
                guard !text.isEmpty else { throw UsageError("nothing to speak: standard input is empty") }
                return (SpokenText(text, attributes), nil, nil)
            }
            return (SpokenText(parsed.positionals.joined(separator: " "), attributes), nil, nil)
        }
        if let extra = parsed.positionals.first {
            throw UsageError("give either TEXT (\"\(extra)\") or --label/--value/--traits/--hint, not both")
        }
        let traitNames = (parsed.traits ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var elementAttributes = attributes
        elementAttributes.language = nil
        let generator = try DescriptionGenerator(profile: profile, reader: reader)
        let element = ComposedElement(label: parsed.label, value: parsed.value, traits: traitNames,
                                      className: parsed.className, hint: parsed.hint)
        if let (description, unspoken) = try reader.describeComposed(element, language: attributes.language,
                                                                     speech: elementAttributes, by: generator) {
            return (description.spoken, description.spokenHint, unspoken)
        }
        var traits = AccessibilityTraits()
        for name in traitNames {
            guard let trait = AccessibilityTrait(name: name) else {
                var message = "unknown trait \"\(name)\""
                message += NameSuggestion.didYouMean(name, in: AccessibilityTrait.acceptedNames)
                throw UsageError(message)
            }
            traits.insert(AccessibilityTraits(trait))
        }
        let stop = FocusStop(id: "element", label: parsed.label, value: parsed.value,
                             hint: parsed.hint, traits: traits, language: attributes.language,
                             speech: elementAttributes)
        let description = generator.describe(stop)
        return (description.spoken, description.spokenHint, nil)
    }

    static let help = helpText(
        overview: summary,
        usage: [
            "earshot speak [options] TEXT",
            "earshot speak [options] --label L [--value V] [--traits T1,T2] [--hint H]",
            "earshot speak --reader talkback [options] --label L [--class NAME] [--value V] [--traits T1,T2] [--hint H]",
        ],
        arguments: [("TEXT", "What to say (Korean, English or mixed); - reads it from standard input.")],
        options: Options.table,
        notes: """
        Prints what is spoken first (and the hint on its own line), then plays it or writes the
        WAV file (16-bit mono PCM at the engine's 22050 Hz). With -o - the WAV goes to standard
        output (its sizes say "to the end of the stream") and the printed lines to standard error.
        A text that starts with - would be read as an option: put -- before it, which ends the
        options (earshot speak -- "-5도, 흐림"); - alone reads the text from standard input.
        With --reader talkback the element is an Android view said by TalkBack's own rules and
        words (state, label, role; the usage hint from its actions, 0.4 s later); how each
        option maps onto the view is Earshot's choice (docs/talkback.md, "Composing one
        element"). A trait with no Android counterpart is a usage error.
        Exit codes: 0 success, 64 usage, 65 bad data (a voice profile), 69 speech engine or
        audio device unavailable, 74 I/O.
        """
    )
}
