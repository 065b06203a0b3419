import EarshotCore
import Testing
@testable import EarshotSpeech

@Suite("Speech engine concurrency")
struct SpeechEngineConcurrencyTests {
    @Test("concurrent calls from many tasks are serialised and give the same words and nearly the same audio for the same text")
    func concurrentTasks() async throws {
        let engine = try SpeechEngine()
        let texts = ["찜하기, 버튼, 선택됨", "Selected, Apple, Button"]
        let settings = [korean, english]
        let reference = try (0..<2).map { try engine.synthesize(texts[$0], settings: settings[$0]) }
        let results = try await withThrowingTaskGroup(of: (Int, Synthesis).self) { group in
            for task in 0..<12 {
                group.addTask {
                    // Alternate voices so each call must select its own voice under the lock.
                    let which = task % 2
                    return (which, try SpeechEngine().synthesize(texts[which], settings: settings[which]))
                }
            }
            var all: [(Int, Synthesis)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 12)
        for (which, result) in results {
            let expected = reference[which]
            #expect(result.words.map(\.characterRange) == expected.words.map(\.characterRange))
            // Not bit for bit: eSpeak NG keeps state between utterances in C statics that no
            // API call resets (the pitch-flutter phase, and clause timing that depends on what
            // was spoken before), so the same text differs by a few samples to about 4% in
            // length inside one process. Lengths and word starts agree within 6%.
            let length = expected.audio.samples.count
            #expect(abs(result.audio.samples.count - length) < length * 6 / 100)
            for (a, b) in zip(result.words, expected.words) {
                #expect(abs(a.sampleOffset - b.sampleOffset) < length * 6 / 100)
            }
            #expect(abs(result.level - expected.level) < expected.level * 0.1)
        }
    }
}
