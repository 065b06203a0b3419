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
