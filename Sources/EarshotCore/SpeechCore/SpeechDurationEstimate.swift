/// How long eSpeak NG takes to say a text, estimated from what the text holds, for desk checks
/// without the engine (`EstimatedSpeechDevice`).
///
/// The model is linear in counts taken from the text the engine would be given (after the
/// profile's normalization), scaled by the speaking rate:
///
/// ```text
/// seconds = (utterance + syllable × Hangul syllables + latinSyllable × Latin vowel groups
///            + latinLetter × Latin letters + otherLetter × letters of other scripts
///            + word × words + digit × digits + pause × (, ; :) + sentence × (. ! ? line break))
///           × calibratedRate / rate
/// ```
///
/// The coefficients are data, in the voice profile's `durationEstimate` section, fitted by
/// least squares against the engine's real lengths (`earshot-bench estimate`); the corpus and
/// the errors are in docs/speech-engine.md, "Estimated durations".
public struct SpeechDurationEstimate: Sendable, Equatable {
    /// Seconds for every utterance: the engine's silence before and after the speech.
    public var utterance: Double
    /// Seconds per Hangul syllable block (or lone jamo).
    public var syllable: Double
    /// Seconds per group of Latin vowels (a rough syllable of a Latin word).
    public var latinSyllable: Double
    /// Seconds per Latin letter.
    public var latinLetter: Double
    /// Seconds per letter of another script (kana, Han, Arabic, Cyrillic...), which a voice
    /// may spell out or read in another language.
    public var otherLetter: Double
    /// Seconds per word: a run of letters or digits in any script.
    public var word: Double
    /// Seconds per digit the normalization left as a digit.
    public var digit: Double
    /// Seconds per clause pause: a comma, semicolon or colon followed by a space, between words.
    public var pause: Double
    /// Seconds per sentence break: `.`, `!` or `?` followed by a space, or a line break, between
    /// words.
    public var sentence: Double
    /// The engine rate (words per minute) the coefficients were measured at.
    public var calibratedRate: Int

    /// The keys of the `durationEstimate` section.
    public static let keys = [
        "utterance", "syllable", "latinSyllable", "latinLetter", "otherLetter", "word", "digit", "pause", "sentence",
        "calibratedRate",
    ]

    public init(utterance: Double, syllable: Double, latinSyllable: Double, latinLetter: Double, otherLetter: Double,
                word: Double, digit: Double, pause: Double, sentence: Double, calibratedRate: Int) {
        self.utterance = utterance
        self.syllable = syllable
        self.latinSyllable = latinSyllable
        self.latinLetter = latinLetter
        self.otherLetter = otherLetter
        self.word = word
        self.digit = digit
        self.pause = pause
        self.sentence = sentence
        self.calibratedRate = calibratedRate
    }

    /// Reads the profile's `durationEstimate` section; every key is required.
    public init(profile: VoiceProfile) throws {
        guard let node = profile.sections["durationEstimate"] else {
            throw DataFileError(
                "missing \"durationEstimate\" section; expected {\(Self.keys.map { "\"\($0)\"" }.joined(separator: ", "))} "
                    + "(seconds, and the rate they were measured at; docs/speech-engine.md)",
                at: SourceLocation(file: profile.path, line: 1, column: 1))
        }
        try self.init(section: node)
    }

    /// Reads a `durationEstimate` object.
    public init(section node: JSONNode) throws {
        let object = try node.object(allowing: Self.keys)
        func seconds(_ key: String) throws -> Double {
            let value = try object.requiredDouble(key)
            guard (-1...1).contains(value) else {
                throw DataFileError("\"\(key)\" is in seconds and must be from -1 to 1, found \(value)",
                                    at: object[key]!.location)
            }
            return value
        }
        let rateNode = try object.required("calibratedRate")
        let rate = try rateNode.intValue()
        guard (80...450).contains(rate) else {
            throw DataFileError("\"calibratedRate\" is in words per minute and must be from 80 to 450, found \(rate)",
                                at: rateNode.location)
        }
        self.init(utterance: try seconds("utterance"), syllable: try seconds("syllable"),
                  latinSyllable: try seconds("latinSyllable"), latinLetter: try seconds("latinLetter"),
                  otherLetter: try seconds("otherLetter"), word: try seconds("word"), digit: try seconds("digit"),
                  pause: try seconds("pause"), sentence: try seconds("sentence"), calibratedRate: rate)
    }

    /// The coefficients in the order of `SpeechTextCounts.values`.
    public var coefficients: [Double] {
        [utterance, syllable, latinSyllable, latinLetter, otherLetter, word, digit, pause, sentence]
    }

    /// The estimated length, in seconds, of the engine saying `engineText` at `rate` words per
    /// minute; never negative, and 0 for a text with nothing to say.
    public func seconds(for engineText: String, rate: Int) -> Double {
        let counts = SpeechTextCounts(engineText)
        guard counts.word > 0 else { return 0 }
        let atCalibratedRate = zip(coefficients, counts.values).reduce(0) { $0 + $1.0 * $1.1 }
        return max(0, atCalibratedRate * Double(calibratedRate) / Double(rate))
    }
}

/// What the duration estimate counts in a text (see `SpeechDurationEstimate`).
public struct SpeechTextCounts: Sendable, Equatable {
    public var syllable = 0
    public var latinSyllable = 0
    public var latinLetter = 0
    public var otherLetter = 0
    public var word = 0
    public var digit = 0
    public var pause = 0
    public var sentence = 0

    public init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var inWord = false
        var inVowels = false
        var latinWordHasVowel = false
        var latinWordLetters = 0
        var pendingPause = false
        var pendingSentence = false
        func endLatinWord() {
            // A Latin word without vowels ("Wi-Fi"'s parts have them; "TV", "Ctrl" do not) is
            // still at least one syllable.
            if latinWordLetters > 0 && !latinWordHasVowel { latinSyllable += 1 }
            latinWordLetters = 0
            latinWordHasVowel = false
        }
        for (index, scalar) in scalars.enumerated() {
            let value = scalar.value
            let isHangul = (0xAC00...0xD7A3).contains(value) || (0x3131...0x318E).contains(value)
            let isLatin = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || ((0xC0...0x24F).contains(value) && value != 0xD7 && value != 0xF7)
            let isDigit = (0x30...0x39).contains(value)
            let isLetter = isHangul || isLatin || isDigit || scalar.properties.isAlphabetic
            if isLetter && !inWord {
                word += 1
                // A break counts only between words: the engine adds no pause after the last one.
                if word > 1 {
                    if pendingSentence { sentence += 1 } else if pendingPause { pause += 1 }
                }
                pendingPause = false
                pendingSentence = false
            }
            inWord = isLetter
            if isHangul { syllable += 1 }
            if isDigit { digit += 1 }
            if isLetter && !isHangul && !isLatin && !isDigit { otherLetter += 1 }
            if isLatin {
                latinLetter += 1
                latinWordLetters += 1
                let vowel = "aeiouyAEIOUYàáâãäåèéêëìíîïòóôõöùúûüýÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝ".unicodeScalars.contains(scalar)
                if vowel && !inVowels { latinSyllable += 1 }
                if vowel { latinWordHasVowel = true }
                inVowels = vowel
            } else {
                inVowels = false
                endLatinWord()
            }
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            let followedBySpace = next.map { $0.properties.isWhitespace } ?? false
            switch scalar {
            case ",", ";", ":", "、", "，": if followedBySpace { pendingPause = true }
            case ".", "!", "?", "。": if followedBySpace { pendingSentence = true }
            case "\n": pendingSentence = true
            default: break
            }
        }
        endLatinWord()
    }

    /// The counts in the order of `SpeechDurationEstimate.coefficients`, led by 1 for the
    /// per-utterance part.
    public var values: [Double] {
        [1, Double(syllable), Double(latinSyllable), Double(latinLetter), Double(otherLetter), Double(word), Double(digit),
         Double(pause), Double(sentence)]
    }
}
