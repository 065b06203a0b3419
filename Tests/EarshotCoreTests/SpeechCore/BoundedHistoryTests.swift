import Foundation
import Testing
@testable import EarshotCore

/// A live session with no end (`explore` reading a pipe) keeps a bounded history: the
/// scheduler's decided utterances, events and results, and the flow log.
@Suite("Bounded history")
struct BoundedHistoryTests {
    @Test("a bounded scheduler keeps at most twice its limit of utterances, events and results, the latest among them")
    func scheduler() {
        let bench = SpeechBench(device: TimedDevice(speechDuration: 0.25))
        bench.scheduler.boundHistory(to: 100)
        let transcript = bench.run((0..<5000).map { (Double($0), SpeechEvent.announcement("안내 \($0)")) })
        #expect((100...200).contains(transcript.entries.count), "\(transcript.entries.count) entries kept of 5,000")
        #expect(transcript.entries.last?.utterance.text == "안내 4999")
        #expect(transcript.events.count <= 200 && transcript.announcementResults.count <= 200)
        // Without a bound, everything is kept (a desk check reads its whole transcript).
        let whole = SpeechBench(device: TimedDevice(speechDuration: 0.25)).run((0..<500).map { (Double($0), SpeechEvent.announcement("안내 \($0)")) })
        #expect(whole.entries.count == 500)
    }

    @Test("a bounded flow log keeps at most twice its limit, and the screen shown before its first kept entry")
    func flowLog() {
        var log = FlowLog(startScreen: "start")
        log.limit = 10
        for index in 0..<1000 { log.append(.gesture(time: Double(index), name: "next")) }
        #expect((10...20).contains(log.entries.count))
        #expect(log.startScreen == "start")
        #expect(log.entries.last == .gesture(time: 999, name: "next"))
    }
}
