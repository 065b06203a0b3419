import EarshotCore

/// Where a word of the input text starts in the synthesized audio; captions follow these.
///
/// Positions count Swift `Character`s (extended grapheme clusters) of the text given to
/// `SpeechEngine.synthesize`, so `Array(text)[characterOffset..<characterOffset + characterLength]`
/// is the word as a user sees it. eSpeak reports Unicode scalars; a word boundary inside a
/// character is widened to the whole character.
public struct WordBoundary: Sendable, Equatable {
    /// Index of the word's first character in the text.
    public var characterOffset: Int
    /// Number of characters in the word (at least 1).
    public var characterLength: Int
    /// The word as it appears in the text.
    public var word: String
    /// Index of the first sample of the word in `Synthesis.audio`.
    public var sampleOffset: Int

    public init(characterOffset: Int, characterLength: Int, word: String, sampleOffset: Int) {
        self.characterOffset = characterOffset
        self.characterLength = characterLength
        self.word = word
        self.sampleOffset = sampleOffset
    }

    /// The word's range in the characters of the text.
    public var characterRange: Range<Int> { characterOffset..<(characterOffset + characterLength) }
}

/// The result of synthesizing one text: its audio and where each word starts.
public struct Synthesis: Sendable, Equatable {
    /// 16-bit mono PCM at the engine's sample rate.
    public var audio: PCMBuffer
    /// Words in the order spoken, with non-decreasing sample offsets inside the audio.
    public var words: [WordBoundary]
    /// True when a `SynthesisCancellation` stopped the synthesis before the end of the text;
    /// `audio` then holds what was produced until then.
    public var wasCancelled: Bool

    public init(audio: PCMBuffer, words: [WordBoundary], wasCancelled: Bool) {
        self.audio = audio
        self.words = words
        self.wasCancelled = wasCancelled
    }
}

/// One engine buffer as it is produced, for playing speech while the rest is synthesized.
public struct SynthesisChunk: Sendable, Equatable {
    /// The new samples (at most one engine buffer, 60 ms).
    public var samples: [Int16]
    /// Index of `samples[0]` in the whole synthesis.
    public var startSample: Int
    /// Words that eSpeak reported with this buffer; their sample offsets may lie in a later one.
    public var words: [WordBoundary]

    public init(samples: [Int16], startSample: Int, words: [WordBoundary]) {
        self.samples = samples
        self.startSample = startSample
        self.words = words
    }
}
