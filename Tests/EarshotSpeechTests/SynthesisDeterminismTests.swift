import EarshotCore
import Testing
@testable import EarshotSpeech

@Suite("Synthesis determinism")
struct SynthesisDeterminismTests {
    let engine: SpeechEngine

    init() throws { engine = try SpeechEngine() }

    /// Texts of both voices with clauses of very different lengths, so that each one follows
    /// texts that leave different traces in the engine.
    static let texts: [(String, VoiceProfile.Engine)] = [
        ("버튼, 선택됨", korean),
        ("버튼 선택됨", korean),
        ("설정, 버튼, 선택됨, 이미지", korean),
        ("전화번호 010-1234-5678, 우편번호 12345번째 항목입니다.", korean),
        ("Apple 선택됨", korean),
        ("Button, selected", english),
        ("Double-tap to activate.", english),
        ("The quick brown fox jumps over the lazy dog, then rests under a big old tree by the river.", english),
    ]

    @Test("the same text gives identical samples whatever was spoken before, in either voice")
    func identicalSamplesAfterAnyHistory() throws {
        var first: [Int: [Int16]] = [:]
        var generator = SplitMix(seed: 7)
        var repeats = 0
        for _ in 0..<120 {
            let index = Int(generator.next() % UInt64(Self.texts.count))
            let (text, settings) = Self.texts[index]
            let samples = try engine.synthesize(text, settings: settings).audio.samples
            guard let reference = first[index] else {
                first[index] = samples
                continue
            }
            repeats += 1
            #expect(samples.count == reference.count, "\"\(text)\": \(samples.count) samples, first time \(reference.count)")
            #expect(firstDifference(samples, reference) == nil, "\"\(text)\" differs from its first synthesis")
        }
        #expect(repeats > 100)
    }

    /// eSpeak lowers a gain when a sample would overflow and raises it back only while voicing:
    /// a loud utterance cut while clipping (an interrupted announcement at volume 200) used to
    /// leave the next one quieter for its first thousands of samples (`버튼, 선택됨` differed
    /// from sample 1800 after these cuts).
    @Test("a loud synthesis that clipped, cut or whole, leaves no gain behind: the next text gives its own samples",
          arguments: [0, 2, 4, 6])
    func identicalSamplesAfterClipping(buffersBeforeCancel: Int) throws {
        let reference = try engine.synthesize("버튼, 선택됨", settings: korean).audio.samples
        var loud = korean
        loud.volume = 200
        loud.pitch = 99
        let cancellation = SynthesisCancellation()
        var buffers = 0
        let clipped = try engine.synthesize("아아아아아", settings: loud, cancellation: cancellation) { _ in
            buffers += 1
            if buffers == buffersBeforeCancel { cancellation.cancel() }
        }
        #expect(clipped.audio.samples.map { Int($0).magnitude }.max() ?? 0 >= 32_000, "the loud text clips")
        let after = try engine.synthesize("버튼, 선택됨", settings: korean).audio.samples
        #expect(after.count == reference.count)
        #expect(firstDifference(after, reference) == nil, "after a clipped text cut after \(buffersBeforeCancel) buffers")
    }

    /// eSpeak sets a voice's formants from the pitch in force when the voice is loaded; a later
    /// pitch parameter moves the pitch only. Before the voice was loaded again on a pitch change,
    /// `버튼, 선택됨` at pitch 50 right after a fresh load at pitch 99 differed from sample 1800.
    @Test("an utterance's formants follow its own pitch, whatever pitch the voice was last loaded with")
    func formantsFollowTheUtterancesPitch() throws {
        var high = korean
        high.pitch = 99
        let text = "버튼, 선택됨"
        // Each reference right after a change of voice: a fresh load at its own pitch.
        _ = try engine.synthesize("Button", settings: english)
        let plain = try engine.synthesize(text, settings: korean).audio.samples
        _ = try engine.synthesize("Button", settings: english)
        let raised = try engine.synthesize(text, settings: high).audio.samples
        #expect(firstDifference(plain, raised) != nil, "pitch 99 sounds other than pitch 50")

        // The same voice, the pitch changed without a change of voice, both ways.
        let lowered = try engine.synthesize(text, settings: korean).audio.samples
        #expect(lowered.count == plain.count)
        #expect(firstDifference(lowered, plain) == nil, "pitch 50 after a load at pitch 99")
        let raisedAgain = try engine.synthesize(text, settings: high).audio.samples
        #expect(raisedAgain.count == raised.count)
        #expect(firstDifference(raisedAgain, raised) == nil, "pitch 99 after a load at pitch 50")
    }

    @Test("a text spoken twice in a row gives identical samples both times")
    func identicalSamplesBackToBack() throws {
        let once = try engine.synthesize("버튼, 선택됨", settings: korean).audio.samples
        let twice = try engine.synthesize("버튼, 선택됨", settings: korean).audio.samples
        #expect(once.count == twice.count)
        #expect(firstDifference(once, twice) == nil)
    }

    /// Another caller's synthesis cancelled part-way (a cut announcement, a full disk) runs
    /// between two of this caller's, as it does when tests or live speech share the engine.
    @Test("a synthesis cancelled part-way leaves nothing behind: the next text gives its own samples", arguments: [1, 2, 3, 5, 8])
    func identicalSamplesAfterCancelledSynthesis(buffersBeforeCancel: Int) throws {
        let spelled = "큐, 알, 칠"
        let reference = try engine.synthesize(spelled, settings: korean).audio.samples
        for (long, settings) in [("주문 내역을 확인하세요, 배송 중입니다. 오늘 오후에 도착할 예정입니다.", korean),
                                 ("The quick brown fox jumps over the lazy dog, then rests under a big old tree.", english)] {
            let cancellation = SynthesisCancellation()
            var buffers = 0
            let cut = try engine.synthesize(long, settings: settings, cancellation: cancellation) { _ in
                buffers += 1
                if buffers == buffersBeforeCancel { cancellation.cancel() }
            }
            #expect(cut.wasCancelled)
            let after = try engine.synthesize(spelled, settings: korean).audio.samples
            #expect(after.count == reference.count, "after \"\(long)\" cut after \(buffersBeforeCancel) buffers: \(after.count) samples, \(reference.count) before")
            #expect(firstDifference(after, reference) == nil, "after \"\(long)\" cut after \(buffersBeforeCancel) buffers")
        }
        // A stream stopped by its writer (a full disk) is the same kind of stop.
        struct Full: Error {}
        #expect(throws: Full.self) {
            var buffers = 0
            try engine.stream("주문 내역을 확인하세요, 배송 중입니다.", settings: korean) { _ in
                buffers += 1
                if buffers == buffersBeforeCancel { throw Full() }
            }
        }
        #expect(firstDifference(try engine.synthesize(spelled, settings: korean).audio.samples, reference) == nil)
    }
}

/// The index of the first sample where two recordings differ (nil when identical), a short
/// message where printing both arrays would not be.
private func firstDifference(_ a: [Int16], _ b: [Int16]) -> Int? {
    let common = min(a.count, b.count)
    return (0..<common).first { a[$0] != b[$0] } ?? (a.count == b.count ? nil : common)
}

/// A small seeded generator so that the order of texts is the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
