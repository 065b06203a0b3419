import EarshotCore
import EarshotPlayback
import EarshotSpeech
import Foundation
import Testing

/// Speech attributes heard: another language's voice, spelling, pitch, punctuation and IPA, each
/// checked on eSpeak NG's phonemes or on the samples (docs/screen-format.md, "Speech attributes").
@Suite("Speech attributes change what the engine speaks")
struct SpeechAttributeTests {
    static let library = VoiceLibrary(directory: SpeakerTests.voices)

    static func speaker(_ voice: String) throws -> Speaker {
        try Speaker(profile: try library.profile(voice), engine: try SpeechEngine(), library: library)
    }

    /// A Korean screen's element `Sale` with `language: en`, as the description generator makes it.
    static func englishButton(voice: Speaker) throws -> SpokenText {
        let stop = FocusStop(id: "sale", label: "Sale", traits: .button, language: "en")
        return try DescriptionGenerator(profile: voice.profile, reader: VoiceOver()).describe(stop).spoken
    }

    @Test("language en in a Korean screen: the label's phonemes and samples are the English voice's, the trait word stays Korean")
    func englishLabelKoreanTraits() throws {
        let korean = try Self.speaker("ko")
        let english = try Self.speaker("en")
        let spoken = try Self.englishButton(voice: korean)
        #expect(spoken.text == "Sale, 버튼")
        #expect(spoken.spans.map(\.text) == ["Sale", ", 버튼"])
        #expect(spoken.spans.map(\.attributes.language) == ["en", nil])

        let englishLabel = try english.phonemes("Sale")
        let koreanTrait = try korean.phonemes(", 버튼")
        #expect(try korean.phonemes(spoken) == englishLabel + " " + koreanTrait)
        // The Korean voice alone switches to its own English for Latin letters: not the same sound.
        #expect(try korean.phonemes("Sale") != englishLabel)

        // The samples: the English voice's "Sale", then the Korean voice's ", 버튼".
        let samples = try korean.synthesize(spoken).audio.samples
        let label = try english.synthesize("Sale").audio.samples
        let trait = try korean.synthesize(", 버튼").audio.samples
        #expect(samples == label + trait)
    }

    @Test("an element in the voice's own language (ko-KR on ko) is one plain span")
    func ownLanguageIsPlain() throws {
        let korean = try Self.speaker("ko")
        let stop = FocusStop(id: "cart", label: "장바구니", traits: .button, language: "ko-KR")
        let spoken = try DescriptionGenerator(profile: korean.profile, reader: VoiceOver()).describe(stop).spoken
        #expect(!spoken.hasAttributes)
        #expect(spoken.spans.count == 1)
    }

    @Test("spellOut names each character with the voice's words; the value is spelled too, the traits are not")
    func spellOut() throws {
        let korean = try Self.speaker("ko")
        let stop = FocusStop(id: "code", label: "AB12", value: "7", traits: .staticText,
                             speech: SpeechAttributes(spellOut: true))
        let spoken = try DescriptionGenerator(profile: korean.profile, reader: VoiceOver()).describe(stop).spoken
        #expect(spoken.spans.map(\.attributes.spellOut) == [true, false, true])
        #expect(spoken.spans.map(\.text) == ["AB12", ", ", "7"])
        let spelled = try korean.phonemes(SpokenText("AB12", SpeechAttributes(spellOut: true)))
        let whole = try korean.phonemes("AB12")
        #expect(spelled != whole)
        // 12 spelled is 일 이 (one, two), not 십이 (twelve); letters are named one by one.
        #expect(spelled.contains("'iL 'i"), "\(spelled)")
        #expect(!spelled.contains("s'ip"), "\(spelled)")
        #expect(whole.contains("s'ip"), "\(whole)")
        #expect(korean.engineText(for: SpokenText("A-1 찜", SpeechAttributes(spellOut: true))) == "A, 하이픈 마이너스, 일, 찜")
        // Spelled speech is longer than the word read whole.
        let spelledSamples = try korean.synthesize(SpokenText("AB12", SpeechAttributes(spellOut: true))).audio.samples
        let wholeSamples = try korean.synthesize("AB12").audio.samples
        #expect(spelledSamples.count > wholeSamples.count)
    }

    @Test("spelled speech gives the same samples whatever was spoken before")
    func spellOutIsDeterministic() throws {
        let korean = try Self.speaker("ko")
        let spelled = SpokenText("QR7", SpeechAttributes(spellOut: true))
        let first = try korean.synthesize(spelled).audio.samples
        _ = try korean.synthesize("주문 내역을 확인하세요, 배송 중입니다.")
        _ = try korean.synthesize(SpokenText("Hello there", SpeechAttributes(language: "en", pitch: 1.8)))
        #expect(try korean.synthesize(spelled).audio.samples == first)
    }

    @Test("pitch 1.5 is measurably higher and 0.5 lower than the voice's own (autocorrelation)")
    func pitch() throws {
        let korean = try Self.speaker("ko")
        func fundamental(_ factor: Double?) throws -> Double {
            let spoken = SpokenText("아아아 안녕하세요 아아아", SpeechAttributes(pitch: factor))
            return Self.medianFundamental(try korean.synthesize(spoken).audio.samples, sampleRate: korean.sampleRate)
        }
        let own = try fundamental(nil)
        let high = try fundamental(1.5)
        let low = try fundamental(0.5)
        #expect(own > 60 && own < 300, "own pitch \(own) Hz")
        #expect(high > own * 1.15, "1.5: \(high) Hz against \(own) Hz")
        #expect(low < own * 0.9, "0.5: \(low) Hz against \(own) Hz")
    }

    @Test("punctuation speaks every mark of the element's text whatever the level")
    func punctuation() throws {
        let korean = try Self.speaker("ko")
        let plain = SpokenText("할인 (50%)!")
        let marked = SpokenText("할인 (50%)!", SpeechAttributes(punctuation: true))
        #expect(korean.engineText(for: plain) != korean.engineText(for: marked))
        let all = korean.profile.with(punctuation: .all)
        let allSpeaker = try Speaker(profile: all, engine: korean.engine, library: Self.library)
        #expect(korean.engineText(for: marked) == allSpeaker.engineText(for: "할인 (50%)!"))
        #expect(try korean.phonemes(marked) != korean.phonemes(plain))
    }

    @Test("ipa: eSpeak's own IPA for English words converts back to the same phonemes")
    func ipaRoundTrip() throws {
        let english = try Self.speaker("en")
        for word in ["tomato", "thing", "measure", "church", "judge", "bird", "about", "boy", "house", "boat", "father", "cat"] {
            let ipa = try english.engine.phonemes(word, settings: english.profile.engine, ipa: true)
            let expected = try english.phonemes(word)
            let converted = try english.phonemes(SpokenText(word, SpeechAttributes(ipa: ipa)))
            #expect(converted == expected, "\(word): IPA \(ipa) gave \(converted), eSpeak reads \(expected)")
            #expect(english.notes(for: SpokenText(word, SpeechAttributes(ipa: ipa))).isEmpty)
        }
    }

    @Test("ipa changes the sound; a symbol without a mapping falls back to the text with a note")
    func ipaFallback() throws {
        let english = try Self.speaker("en")
        let british = SpokenText("tomato", SpeechAttributes(ipa: "/təˈmɑːtəʊ/"))
        #expect(try english.phonemes(british).hasPrefix("t@m'A:"))
        #expect(try english.phonemes(british) != english.phonemes("tomato"))
        #expect(try english.synthesize(british).audio.samples != english.synthesize("tomato").audio.samples)
        #expect(english.engineText(for: british) == "[[t@'mA:t@U]]")
        // Phoneme input leaves no trace: the same samples after other speech.
        let first = try english.synthesize(british).audio.samples
        _ = try english.synthesize("Something else entirely, with a pause.")
        #expect(try english.synthesize(british).audio.samples == first)

        let click = SpokenText("tomato", SpeechAttributes(ipa: "təˈmʘto"))
        #expect(try english.phonemes(click) == english.phonemes("tomato"))
        #expect(english.notes(for: click) == [
            "IPA \"təˈmʘto\": no eSpeak NG phoneme in voice en for \"ʘ\" (U+0298); the text is read instead",
        ])
        // The Korean voice has its own table: 김치 written in IPA.
        let korean = try Self.speaker("ko")
        let kimchi = SpokenText("Kimchi", SpeechAttributes(ipa: "[kimtɕʰi]"))
        #expect(try korean.phonemes(kimchi) == korean.engine.phonemes("[[kimtShi]]", settings: korean.profile.engine, markup: .phonemes))
        // A voice without a table says so.
        let japanese = try Self.speaker("ja")
        #expect(japanese.notes(for: SpokenText("すし", SpeechAttributes(ipa: "sɯɕi"))) == [
            "IPA \"sɯɕi\": voice ja has no IPA table; the text is read instead",
        ])
    }

    @Test("a language with neither a profile nor an eSpeak NG voice is read with the voice's own, with a note")
    func unknownLanguage() throws {
        let korean = try Self.speaker("ko")
        let spoken = SpokenText("hello", SpeechAttributes(language: "tlh"))
        #expect(try korean.phonemes(spoken) == korean.phonemes("hello"))
        #expect(korean.notes(for: spoken) == ["no voice for language \"tlh\" (no profile, no eSpeak NG voice); read with ko"])
        // eSpeak NG's own voice stands in for a language without a profile.
        let arabic = SpokenText("مرحبا", SpeechAttributes(language: "ar"))
        #expect(korean.notes(for: arabic).isEmpty)
        #expect(try korean.phonemes(arabic) == korean.engine.phonemes("مرحبا", settings: .init(voice: "ar")))
    }

    /// The median of per-frame fundamental frequencies over the voiced frames, from the peak of
    /// the normalized autocorrelation between 60 and 400 Hz.
    static func medianFundamental(_ samples: [Int16], sampleRate: Int) -> Double {
        let frame = 512
        let signal = samples.map(Double.init)
        let loudest = signal.map(abs).max() ?? 0
        var estimates: [Double] = []
        var start = 0
        while start + frame * 2 <= signal.count {
            let window = Array(signal[start..<(start + frame * 2)])
            let energy = window.prefix(frame).reduce(0) { $0 + $1 * $1 } / Double(frame)
            if energy.squareRoot() > loudest * 0.1 {
                var best = 0.0, bestLag = 0
                for lag in (sampleRate / 400)...(sampleRate / 60) {
                    var sum = 0.0, a = 0.0, b = 0.0
                    for index in 0..<frame {
                        sum += window[index] * window[index + lag]
                        a += window[index] * window[index]
                        b += window[index + lag] * window[index + lag]
                    }
                    let score = sum / max((a * b).squareRoot(), 1)
                    if score > best {
                        best = score
                        bestLag = lag
                    }
                }
                if best > 0.6 { estimates.append(Double(sampleRate) / Double(bestLag)) }
            }
            start += frame * 4
        }
        guard !estimates.isEmpty else { return 0 }
        return estimates.sorted()[estimates.count / 2]
    }
}

private extension VoiceProfile {
    func with(punctuation level: PunctuationLevel) -> VoiceProfile {
        var copy = self
        copy.punctuationLevel = level
        return copy
    }
}
