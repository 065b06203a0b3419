import Foundation
import Testing
@testable import EarshotCore

@Suite("The transcript records every decision readably and as JSON Lines")
struct SpeechTranscriptTests {
    static let steps: [(Double, SpeechEvent)] = [
        (0, .announcement("\"저장\" 완료")),
        (0.5, .focusMoved(element("닫기, 버튼", id: "close"), gesture: "swipe right")),
        (0.75, .announcement("늦은 알림")),
    ]

    @Test("the text transcript gives each utterance's fate with times and causes")
    func textTranscript() {
        let transcript = SpeechBench().run(Self.steps)
        #expect(transcript.description == """
            #1 announcement "\"저장\" 완료" [announcement, requested 0.000]: cut 0.000-0.500 by #2 (focus move (swipe right))
            #2 element "닫기, 버튼" [focus move (swipe right), requested 0.500]: spoken 0.500-1.500
            #3 announcement "늦은 알림" [announcement, requested 0.750]: dropped at 0.750: posted while speech caused by a user gesture was playing
            0.500 announcementDidFinish "\"저장\" 완료" wasSuccessful: false
            0.750 announcementDidFinish "늦은 알림" wasSuccessful: false
            """)
    }

    @Test("an event's source is stamped on its utterances")
    func sourceIsRecorded() {
        let bench = SpeechBench()
        bench.scheduler.schedule(.announcement("저장됨"), at: 0, source: "scenario step 2")
        bench.clock.runUntilIdle()
        let transcript = bench.scheduler.transcript
        #expect(transcript.entries.first?.utterance.source == "scenario step 2")
        #expect(transcript.entries.first?.description
            == "#1 announcement \"저장됨\" [announcement, scenario step 2, requested 0.000]: spoken 0.000-1.000")
        #expect(transcript.jsonLines.contains(#""cause":"announcement","source":"scenario step 2","requestedAt":0.000000"#))
        #expect(transcript.events.map(\.description) == ["0.000 announcement \"저장됨\" priority default [scenario step 2]"])
    }

    @Test("JSON Lines give one parsable object per utterance and per announcementDidFinish")
    func jsonLines() throws {
        let lines = SpeechBench().run(Self.steps).jsonLines.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"type":"utterance","id":1,"kind":"announcement","text":"\"저장\" 완료","priority":"default","queued":false,"element":null,"gesture":false,"cause":"announcement","requestedAt":0.000000,"fate":"cut","start":0.000000,"end":0.500000,"cutBy":2,"cutCause":"focus move (swipe right)"}"#)
        #expect(lines[3] == #"{"type":"announcementDidFinish","id":1,"text":"\"저장\" 완료","wasSuccessful":false,"time":0.500000}"#)
        for (index, line) in lines.enumerated() {
            let object = try JSONDocument.parse(line, file: "line \(index + 1)")
                .object(allowing: ["type", "id", "kind", "earcon", "text", "priority", "queued", "element", "gesture",
                                   "language", "cause", "source", "requestedAt", "fate", "start", "end", "cutBy", "cutCause", "at", "reason",
                                   "reasonText", "wasSuccessful", "time"])
            #expect(try object.requiredString("type").isEmpty == false)
        }
        let dropped = try JSONDocument.parse(lines[2], file: "l3").object(allowing: [
            "type", "id", "kind", "text", "priority", "queued", "element", "gesture", "cause", "source", "requestedAt", "fate",
            "at", "reason", "reasonText"])
        #expect(try dropped.string("reason") == "postedDuringGestureSpeech")
        #expect(try dropped.double("at") == 0.75)
    }
}

@Suite("Live and virtual clocks get the same decisions from the same core")
struct LiveSchedulingTests {
    /// A device that is safe to call from the live clock's queue.
    final class LockedDevice: SpeechDevice, @unchecked Sendable {
        private let inner = TimedDevice(speechDuration: 0.4, earconDuration: 0.2)
        private let lock = NSLock()
        func start(_ utterance: Utterance, at time: Double) throws -> Double? {
            try lock.withLock { try inner.start(utterance, at: time) }
        }
        func stop(_ utterance: Utterance, at time: Double) {
            lock.withLock { inner.stop(utterance, at: time) }
        }
    }

    static let timing = TimingSettings(hintPause: 0.3, gestureWindow: 0.4, queueGap: 0.1, earconGap: 0.1)
    // Every event lands at least 0.1 s away from a decision boundary, so scheduling jitter on a
    // busy machine cannot change the outcome.
    static let steps: [(Double, SpeechEvent)] = [
        (0, .activated(element("켬"), gesture: "double tap")),
        (0.1, .announcement("무시됨")),
        (0.2, .announcement("대기열", queued: true)),
        (1.0, .focusMoved(element("다음", hint: "힌트"), gesture: "swipe right")),
        (2.6, .announcement("마지막")),
    ]

    /// Each utterance's text and outcome without times: what was decided.
    static func decisions(_ transcript: SpeechTranscript) -> [String] {
        transcript.entries.map { entry in
            switch entry.fate {
            case .spoken: "\(entry.utterance.text): spoken"
            case .cut(_, _, let by): "\(entry.utterance.text): cut by \(by)"
            case .dropped(_, let reason): "\(entry.utterance.text): dropped, \(reason.code)"
            }
        }
    }

    @Test("the same events give the same decisions on the live clock as on the virtual clock")
    func liveMatchesVirtual() async throws {
        let virtual = SpeechBench(device: TimedDevice(speechDuration: 0.4, earconDuration: 0.2), timing: Self.timing)
        let expected = virtual.run(Self.steps)
        #expect(Self.decisions(expected) == [
            "activation: spoken",
            "켬: spoken",
            "무시됨: dropped, postedDuringGestureSpeech",
            "대기열: cut by #5 (focus move (swipe right))",
            "다음: spoken",
            "힌트: spoken",
            "마지막: spoken",
        ])
        #expect(expected.fate("대기열") == .cut(start: 0.8, at: 1.0, by: Interruption(utteranceID: 5, cause: "focus move (swipe right)")))

        let clock = LiveClock(label: "earshot.test-live-scheduling")
        let scheduler = SpeechScheduler(clock: clock, device: LockedDevice(), timing: Self.timing)
        let origin = clock.now
        for (time, event) in Self.steps { scheduler.schedule(event, at: origin + time) }
        while clock.now < origin + 3.5 && !(clock.now > origin + 2.6 && scheduler.isIdle) {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let live = scheduler.transcript
        #expect(Self.decisions(live) == Self.decisions(expected))
        // Real time wanders by scheduling delays (which add up along a chain of utterances on a
        // busy machine), not more.
        for (liveEntry, virtualEntry) in zip(live.entries, expected.entries) {
            #expect(abs(liveEntry.fate.decidedAt - origin - virtualEntry.fate.decidedAt) < 0.25,
                    "\(liveEntry): live \(liveEntry.fate.decidedAt - origin), virtual \(virtualEntry.fate.decidedAt)")
        }
    }
}
