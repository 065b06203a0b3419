import EarshotCore
import Foundation
import Testing
@testable import EarshotSpeech

@Suite("Streamed synthesis")
struct SpeechStreamTests {
    @Test("streaming gives exactly the samples of a whole synthesis, in engine buffers")
    func sameSamples() throws {
        let engine = try SpeechEngine()
        let text = String(repeating: "장바구니에 담았습니다. ", count: 20)
        let whole = try engine.synthesize(text, settings: korean).audio.samples
        var streamed: [Int16] = []
        var chunks = 0
        let count = try engine.stream(text, settings: korean) { chunk in
            streamed.append(contentsOf: chunk)
            chunks += 1
            #expect(chunk.count <= 22050 * 60 / 1000 + 1)
        }
        #expect(count == whole.count && streamed == whole)
        #expect(chunks > 100)
    }

    struct DiskFull: Error {}

    @Test("an error from the receiver stops the synthesis and is thrown")
    func receiverErrorStops() throws {
        let engine = try SpeechEngine()
        var calls = 0
        #expect(throws: DiskFull.self) {
            try engine.stream(String(repeating: "장바구니에 담았습니다. ", count: 50), settings: korean) { _ in
                calls += 1
                if calls == 3 { throw DiskFull() }
            }
        }
        #expect(calls == 3, "no buffer is handed on after the failure")
        // The engine is usable afterwards, and speaks from a clean start.
        let after = try engine.synthesize("확인", settings: korean)
        #expect(after.audio.samples == (try engine.synthesize("확인", settings: korean)).audio.samples)
    }
}
