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
