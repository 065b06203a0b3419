import EarshotAudio
import EarshotCore
import EarshotSpeech
import Foundation

/// A voice ready to speak: its profile, the process's eSpeak NG engine and the profile's text
/// normalizer. Everything Earshot says goes through `synthesize`, so the transcript keeps the
/// original text while the engine hears the normalized one.
///
/// Text with speech attributes (`SpokenText`) is spoken span by span, each span with what its
/// attributes ask for, and the pieces joined without a gap (docs/screen-format.md, "Speech
/// attributes"):
/// - `language`: the voice of that language's profile (its engine voice, rate and
///   normalization), found in the same voice library, at this profile's asked rate when a
///   command asked for one (`--rate`: the listener's rate is the same for every language); without a profile, eSpeak NG's voice of
///   that name at this profile's settings; when eSpeak has none either, this voice (`notes`
///   says so).
/// - `pitch`: the engine's pitch (0 to 100) times the factor, so 2.0 on the default 50 is 100.
/// - `punctuation`: the normalization at punctuation level `all`.
/// - `spellOut`: each character on its own, separated by commas (`A, B, 1, 2`): eSpeak NG names
///   a lone letter (`A` is "ay", `ㅋ` 키읔), the voice's rules read a lone digit (`1` 일), and a
///   symbol gets its name at punctuation level `all`; white space is left out. (SSML's `say-as`
///   spells too, but eSpeak NG then reloads the voice from its own file, whose pitch flutter
///   makes the samples depend on what was spoken before.)
/// - `ipa`: the pronunciation converted with the voice's IPA table and given as eSpeak phoneme
///   input `[[…]]`; a symbol the table lacks leaves the text spoken instead (`notes` says so).
public final class Speaker: Sendable {
    public let profile: VoiceProfile
    public let engine: SpeechEngine
    public let normalizer: any TextNormalizer
    /// Where the voices of other languages come from.
    let library: VoiceLibrary
    /// Voices of other languages and the variants of this one, made on first use.
    private let voices = Locked<[String: SpanVoice]>([:])
    /// The length in samples of each text synthesized for its length alone (`sampleCount`):
    /// the speaker's voice and rate are fixed, so the text is the key.
    private let lengths = Locked<[SpokenText: Int]>([:])
    /// How many texts `sampleCount` synthesized, and how many it found already measured.
    private let lengthCounts = Locked<(synthesized: Int, reused: Int)>((0, 0))

    /// Loads the profile's normalizer; engine problems surface on the first synthesis.
    public init(profile: VoiceProfile, engine: SpeechEngine, library: VoiceLibrary = .locate()) throws {
        self.profile = profile
        self.engine = engine
        self.library = library
        self.normalizer = try profile.textNormalizerOrIdentity()
    }

    /// Loads a profile by name or path from the voices folder and starts the engine.
    public convenience init(voice: String, library: VoiceLibrary = .locate(), espeakData: String? = nil) throws {
        let profile = try library.profile(voice)
        try self.init(profile: profile, engine: try SpeechEngine(dataPath: espeakData), library: library)
    }

    public var sampleRate: Int { engine.sampleRate }

    /// The text the engine is given for `text`: normalized for the profile's language.
    public func engineText(for text: String) -> String {
        normalizer.normalize(text)
    }

    /// The text the engine is given for each span, joined: markup included (`<speak>…`, `[[…]]`).
    public func engineText(for spoken: SpokenText) -> String {
        guard spoken.hasAttributes else { return engineText(for: spoken.text) }
        return spoken.spans.map { (try? rendering(of: $0))?.text ?? engineText(for: $0.text) }.joined()
    }

    /// Synthesizes `text` after normalization with the profile's engine settings.
    public func synthesize(
        _ text: String,
        cancellation: SynthesisCancellation? = nil,
        onChunk: ((SynthesisChunk) -> Void)? = nil
    ) throws -> Synthesis {
        try engine.synthesize(engineText(for: text), settings: profile.engine,
                              cancellation: cancellation, onChunk: onChunk)
    }

    /// Synthesizes text with speech attributes, span by span, as one piece of audio. Word
    /// boundaries count characters of the spans' engine texts joined; spans with markup
    /// (spelled, IPA) report no words.
    public func synthesize(
        _ spoken: SpokenText,
        cancellation: SynthesisCancellation? = nil,
        onChunk: ((SynthesisChunk) -> Void)? = nil
    ) throws -> Synthesis {
        guard spoken.hasAttributes else { return try synthesize(spoken.text, cancellation: cancellation, onChunk: onChunk) }
        var samples: [Int16] = []
        var words: [WordBoundary] = []
        var characters = 0
        var sampleRate = engine.sampleRate
        for span in spoken.spans {
            let piece = try rendering(of: span)
            let start = samples.count
            let part = try engine.synthesize(piece.text, settings: piece.settings, markup: piece.markup,
                                             cancellation: cancellation) { chunk in
                var chunk = chunk
                chunk.startSample += start
                chunk.words = chunk.words.map { Self.shifted($0, characters: characters, samples: start) }
                onChunk?(chunk)
            }
            sampleRate = part.audio.sampleRate
            samples += part.audio.samples
            words += part.words.map { Self.shifted($0, characters: characters, samples: start) }
            characters += piece.text.count
            if part.wasCancelled {
                return Synthesis(audio: PCMBuffer(sampleRate: sampleRate, samples: samples), words: words, wasCancelled: true)
            }
        }
        return Synthesis(audio: PCMBuffer(sampleRate: sampleRate, samples: samples), words: words, wasCancelled: false)
    }

    /// The length of `spoken` in samples, as `synthesize` would give it, synthesized once per
    /// text in this speaker's life: a run that needs only durations (no audio written) asks
    /// the engine once for a text it repeats, and a suite or rate sweep that holds one speaker
    /// per voice and rate reuses them across scenarios.
    public func sampleCount(of spoken: SpokenText) throws -> Int {
        if let known = lengths.withLock({ $0[spoken] }) {
            lengthCounts.withLock { $0.reused += 1 }
            return known
        }
        let count = try synthesize(spoken).audio.samples.count
        lengths.withLock { $0[spoken] = count }
        lengthCounts.withLock { $0.synthesized += 1 }
        return count
    }

    /// How many texts `sampleCount` synthesized and how many it answered from what it had
    /// measured (for the benchmark).
    public var lengthStatistics: (synthesized: Int, reused: Int) { lengthCounts.withLock { $0 } }

    private static func shifted(_ word: WordBoundary, characters: Int, samples: Int) -> WordBoundary {
        var word = word
        word.characterOffset += characters
        word.sampleOffset += samples
        return word
    }

    /// Selects the profile's engine settings once (voice, rate, pitch), so that a voice eSpeak NG
    /// lacks or data it cannot load fails here, with the engine's message (exit 69), before any
    /// work: never as every utterance of a run dropped.
    public func checkEngine() throws {
        _ = try engine.phonemes("", settings: profile.engine)
    }

    /// Synthesizes `text` after normalization, handing each engine buffer to `onChunk` and
    /// keeping nothing: memory stays flat for a text of any length. Returns the sample count.
    @discardableResult
    public func stream(_ text: String, onChunk: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> Int {
        try engine.stream(engineText(for: text), settings: profile.engine, onChunk: onChunk)
    }

    /// `stream` for text with speech attributes, span by span.
    @discardableResult
    public func stream(_ spoken: SpokenText, onChunk: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> Int {
        guard spoken.hasAttributes else { return try stream(spoken.text, onChunk: onChunk) }
        var count = 0
        for span in spoken.spans {
            let piece = try rendering(of: span)
            count += try engine.stream(piece.text, settings: piece.settings, markup: piece.markup, onChunk: onChunk)
        }
        return count
    }

    /// Speaks `text`, then after `hintPause` seconds `hint`, straight into a WAV file (temporary
    /// name, then a rename; nothing is left if it fails): memory stays flat for any length.
    /// Returns the file's length in seconds.
    @discardableResult
    public func write(_ text: String, hint: String?, hintPause: Double, to path: String, followingLinks: Bool = true) throws -> Double {
        try write(SpokenText(text), hint: hint.map { SpokenText($0) }, hintPause: hintPause, to: path, followingLinks: followingLinks)
    }

    /// `write` for text with speech attributes. With `followingLinks` false (a file in a
    /// folder the command owns) a symbolic link at `path` is refused, not written through.
    @discardableResult
    public func write(_ spoken: SpokenText, hint: SpokenText?, hintPause: Double, to path: String,
                      followingLinks: Bool = true) throws -> Double {
        let writer = try WAVStreamWriter(path: path, sampleRate: sampleRate, followingLinks: followingLinks)
        do {
            try speak(spoken, hint: hint, hintPause: hintPause, into: writer)
            try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
        return Double(writer.sampleCount) / Double(sampleRate)
    }

    /// Speaks `spoken`, then after `hintPause` seconds `hint`, into `sink` as it is synthesized:
    /// the one speak loop, for a file and for the sound card alike.
    public func speak(_ spoken: SpokenText, hint: SpokenText?, hintPause: Double, into sink: some SampleSink) throws {
        try stream(spoken) { try sink.receive($0) }
        if let hint {
            try sink.receiveSilence(seconds: hintPause, sampleRate: sampleRate)
            try stream(hint) { try sink.receive($0) }
        }
    }

    /// eSpeak's phonemes for the normalized text.
    public func phonemes(_ text: String) throws -> String {
        try engine.phonemes(engineText(for: text), settings: profile.engine)
    }

    /// eSpeak's phonemes span by span (each in its own voice), joined with spaces.
    public func phonemes(_ spoken: SpokenText) throws -> String {
        guard spoken.hasAttributes else { return try phonemes(spoken.text) }
        return try spoken.spans.map { span in
            let piece = try rendering(of: span)
            return try engine.phonemes(piece.text, settings: piece.settings, markup: piece.markup)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What the attributes of `spoken` could not do, one sentence each: a language without a
    /// voice, an IPA pronunciation read as text.
    public func notes(for spoken: SpokenText) -> [String] {
        var notes: [String] = []
        for span in spoken.spans where !span.attributes.isEmpty {
            if let note = (try? rendering(of: span))?.note, !notes.contains(note) { notes.append(note) }
        }
        return notes
    }

    // MARK: Spans

    /// What the engine gets for one span: its text (or markup), the settings and a note when an
    /// attribute could not be honoured.
    struct SpanRendering {
        var text: String
        var settings: VoiceProfile.Engine
        var markup: EngineMarkup
        var note: String?
    }

    func rendering(of span: SpeechSpan) throws -> SpanRendering {
        let attributes = span.attributes
        let voice = try self.voice(for: attributes.language)
        var settings = voice.profile.engine
        if let pitch = attributes.pitch {
            settings.pitch = min(100, max(0, Int((Double(settings.pitch) * pitch).rounded())))
        }
        var note = voice.note
        if let ipa = attributes.ipa {
            switch voice.ipa?.convert(ipa) {
            case .phonemes(let phonemes)?:
                return SpanRendering(text: "[[" + phonemes + "]]", settings: settings, markup: .phonemes, note: note)
            case .unmapped(let symbols)?:
                note = "IPA \"\(ipa)\": no eSpeak NG phoneme in voice \(voice.profile.name) for "
                    + symbols.map(\.description).joined(separator: ", ") + "; the text is read instead"
            case nil:
                note = "IPA \"\(ipa)\": voice \(voice.profile.name) has no IPA table; the text is read instead"
            }
        }
        if attributes.spellOut {
            let characters = UnicodeNFC.composed(span.text).filter { !$0.isWhitespace }
            let names = characters.map { character in
                let named = voice.allPunctuation.normalize(String(character)).trimmingCharacters(in: .whitespaces)
                return named.isEmpty ? String(character) : named
            }
            return SpanRendering(text: names.joined(separator: ", "), settings: settings, markup: .none, note: note)
        }
        let normalizer = attributes.punctuation ? voice.allPunctuation : voice.normalizer
        return SpanRendering(text: normalizer.normalize(span.text), settings: settings, markup: .none, note: note)
    }

    /// The voice for a span's language (nil: this one), and a note when none could be found.
    private func voice(for language: String?) throws -> SpanVoice {
        let key = language.map(SpeechAttributes.primarySubtag) ?? ""
        let own = SpeechAttributes.primarySubtag(profile.language)
        return try voices.withLock { cache in
            if let voice = cache[key] { return voice }
            let voice = try makeVoice(language: key == own ? nil : language)
            cache[key] = voice
            return voice
        }
    }

    private func makeVoice(language: String?) throws -> SpanVoice {
        guard let language else { return try SpanVoice(profile: profile, normalizer: normalizer) }
        let tag = language.lowercased()
        let primary = SpeechAttributes.primarySubtag(language)
        for name in [tag, primary] {
            if var other = try? library.profile(name) {
                if let asked = profile.askedRate { other = other.atRate(asked) }
                if let voice = try? SpanVoice(profile: other) { return voice }
            }
        }
        let known = (try? engine.voiceNames()) ?? []
        if let name = [tag, primary].first(where: known.contains) {
            var settings = profile.engine
            settings.voice = name
            let bare = VoiceProfile(name: name, language: language, engine: settings, path: "")
            if let voice = try? SpanVoice(profile: bare) { return voice }
        }
        var fallback = try SpanVoice(profile: profile, normalizer: normalizer)
        fallback.note = "no voice for language \"\(language)\" (no profile, no eSpeak NG voice); read with \(profile.name)"
        return fallback
    }
}

/// One voice a span can be spoken with: a profile, its normalization at the profile's level and
/// at level `all`, and its IPA table.
struct SpanVoice: Sendable {
    var profile: VoiceProfile
    var normalizer: any TextNormalizer
    var allPunctuation: any TextNormalizer
    var ipa: IPAPhonemeTable?
    /// Why this voice stands in for the one asked for, when it does.
    var note: String?

    init(profile: VoiceProfile, normalizer: (any TextNormalizer)? = nil) throws {
        self.profile = profile
        self.normalizer = try normalizer ?? profile.textNormalizerOrIdentity()
        var loud = profile
        loud.punctuationLevel = PunctuationLevel.all
        allPunctuation = try loud.textNormalizerOrIdentity()
        ipa = try IPAPhonemeTable(profile: profile)
    }
}
