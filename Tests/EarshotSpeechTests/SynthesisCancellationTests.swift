import Dispatch
import Foundation
import EarshotCore
import Testing
@testable import EarshotSpeech

@Suite("Synthesis cancellation")
struct SynthesisCancellationTests {
    let longText = "공지사항 123번째 글, 작성자 사용자42, 댓글 17개. 무선 청소기 상세 정보, 3페이지 중 2페이지. "
        + "나이키, 에어맥스 90, 할인가 12,000원, 리뷰 17개. 서비스 점검 안내, 작성자 사용자7."

    @Test("cancelling from another thread stops synthesis within one engine buffer")
    func cancelFromAnotherThread() throws {
        let engine = try SpeechEngine()
        let full = try engine.synthesize(longText, settings: korean)
        #expect(full.seconds > 5)

        let cancellation = SynthesisCancellation()
        let cancelled = DispatchSemaphore(value: 0)
        var chunks = 0
        var samplesBeforeCancel = 0
        let result = try engine.synthesize(longText, settings: korean, cancellation: cancellation) { chunk in
            chunks += 1
            guard chunks == 3 else { return }
            samplesBeforeCancel = chunk.startSample + chunk.samples.count
            // Cancel on a thread of its own (not a pool that blocked callers may be holding) and
            // hold the synthesis until that has happened, so the very next buffer must not arrive.
            Thread {
                cancellation.cancel()
                cancelled.signal()
            }.start()
            cancelled.wait()
        }
        #expect(result.wasCancelled)
        #expect(chunks == 3)
        #expect(result.audio.samples.count == samplesBeforeCancel)
        #expect(result.audio.samples.count < full.audio.samples.count / 10)
        #expect(result.words.allSatisfy { $0.sampleOffset < result.audio.samples.count })
    }

    @Test("a synthesis after a cancelled one is complete")
    func synthesisAfterCancel() throws {
        let engine = try SpeechEngine()
        let cancellation = SynthesisCancellation()
        let stopped = try engine.synthesize(longText, settings: korean, cancellation: cancellation) { _ in cancellation.cancel() }
        #expect(stopped.wasCancelled)
        let next = try engine.synthesize("버튼, 선택됨", settings: korean)
        #expect(!next.wasCancelled)
        #expect(next.seconds > 1.2 && next.seconds < 2.5)
        #expect(next.words.map(\.word) == ["버튼", "선택됨"])
    }

    @Test("phonemes after a cancelled synthesis are those of the text alone, not the rest of the cancelled one")
    func phonemesAfterCancel() throws {
        let engine = try SpeechEngine()
        let expected = try engine.phonemes("버튼, 선택됨", settings: korean)
        for stopAt in 1...4 {
            let cancellation = SynthesisCancellation()
            var chunks = 0
            let stopped = try engine.synthesize(longText, settings: korean, cancellation: cancellation) { _ in
                chunks += 1
                if chunks == stopAt { cancellation.cancel() }
            }
            #expect(stopped.wasCancelled)
            #expect(try engine.phonemes("버튼, 선택됨", settings: korean) == expected, "cancelled at chunk \(stopAt)")
        }
    }

    @Test("a cancellation made before the call gives no audio")
    func cancelledBeforeStart() throws {
        let engine = try SpeechEngine()
        let cancellation = SynthesisCancellation()
        cancellation.cancel()
        let result = try engine.synthesize(longText, settings: korean, cancellation: cancellation)
        #expect(result.wasCancelled)
        #expect(result.audio.samples.isEmpty)
        #expect(cancellation.isCancelled)
    }
}
