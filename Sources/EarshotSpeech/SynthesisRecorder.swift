/// Collects one synthesis as eSpeak NG delivers it: appends the samples, turns eSpeak's word
/// events into `WordBoundary`s in Characters, streams each buffer to the caller, and says when to
/// abort. Used on the synthesizing thread only, inside the library's lock.
final class SynthesisRecorder {
    private let characters: [Character]
    /// For each Unicode scalar of the text, the index of the Character holding it.
    private let characterOfScalar: [Int]
    private let cancellation: SynthesisCancellation?
    private let onChunk: ((SynthesisChunk) -> Void)?
    /// False for streaming: samples and words go to `onChunk` only, so memory stays bounded
    /// whatever the text's length.
    private let keeps: Bool

    private(set) var samples: [Int16] = []
    /// Samples produced so far, kept or not.
    private(set) var sampleCount = 0
    private(set) var words: [WordBoundary] = []
    private(set) var wasCancelled = false
    /// The loudest sample eSpeak produced, dropped buffers included (`ESpeakSession`'s
    /// clipping gain).
    private(set) var peak = 0

    /// `keepsWords` false reports no words (text with markup, whose positions count the markup).
    init(text: String, cancellation: SynthesisCancellation?, onChunk: ((SynthesisChunk) -> Void)?, keeps: Bool = true,
         keepsWords: Bool = true) {
        self.keeps = keeps
        characters = keeps && keepsWords ? Array(text) : []
        var map: [Int] = []
        if keeps && keepsWords {
            map.reserveCapacity(text.unicodeScalars.count)
            for (index, character) in characters.enumerated() {
                map.append(contentsOf: repeatElement(index, count: character.unicodeScalars.count))
            }
        }
        characterOfScalar = map
        self.cancellation = cancellation
        self.onChunk = onChunk
    }

    /// Takes one engine buffer; returns false to make eSpeak abort.
    func receive(samples buffer: UnsafeBufferPointer<Int16>, words events: [ESpeakWordEvent]) -> Bool {
        for sample in buffer where Int(sample).magnitude > peak { peak = Int(Int(sample).magnitude) }
        if cancellation?.isCancelled == true {
            // Drop this buffer: the caller asked for silence from here on.
            wasCancelled = true
            return false
        }
        let start = sampleCount
        sampleCount += buffer.count
        guard keeps else {
            onChunk?(SynthesisChunk(samples: Array(buffer), startSample: start, words: []))
            return true
        }
        samples.append(contentsOf: buffer)
        let newWords = events.compactMap(boundary(for:))
        words.append(contentsOf: newWords)
        if let onChunk, !buffer.isEmpty || !newWords.isEmpty {
            onChunk(SynthesisChunk(samples: Array(buffer), startSample: start, words: newWords))
        }
        return true
    }

    /// eSpeak counts 1-based Unicode scalars; a boundary is widened to whole Characters.
    private func boundary(for event: ESpeakWordEvent) -> WordBoundary? {
        let first = event.textPosition - 1
        guard event.length > 0, first >= 0, first < characterOfScalar.count else { return nil }
        let last = min(first + event.length - 1, characterOfScalar.count - 1)
        let range = characterOfScalar[first]..<(characterOfScalar[last] + 1)
        return WordBoundary(characterOffset: range.lowerBound, characterLength: range.count,
                            word: String(characters[range]), sampleOffset: max(0, event.sample))
    }

    /// Word offsets can point past the last buffer when a synthesis is aborted; keep them inside.
    func finishedWords() -> [WordBoundary] {
        words.filter { $0.sampleOffset < max(samples.count, 1) }
    }
}
