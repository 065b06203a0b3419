import Foundation
import Testing
@testable import EarshotCore

@Suite("Live and virtual clocks get the same decisions from the same core")
struct LiveSchedulingTests {
    /// A device that is safe to call from the live clock's queue.
    final class LockedDevice: SpeechDevice, @unchecked Sendable {
        private let inner = TimedDevice(speechDuration: 0.4, earconDuration: 0.2)
        private let lock = NSLock()
        func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? {
            try lock.withLock { try inner.start(utterance, at: time) }
        }
        func stop(_ utterance: Utterance, at time: TimelineInstant) {
            lock.withLock { inner.stop(utterance, at: time) }
        }
    }

    static let timing = TimingSettings(hintPause: 0.3, gestureWindow: 0.4, queueGap: 0.1, earconGap: 0.1)
    // Every event lands at least 0.1 s away from a decision boundary, so scheduling jitter on a
    // busy machine cannot change the outcome.
    static let steps: [(Double, SpeechEvent)] = [
        (0, .activated(elementSpeech("켬"), gesture: "double tap")),
        (0.1, .announcement("무시됨")),
        (0.2, .announcement("대기열", queued: true)),
        (1.0, .focusMoved(elementSpeech("다음", hint: "힌트"), gesture: "swipe right")),
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
        for (time, event) in Self.steps { scheduler.schedule(event, at: origin + .seconds(time)) }
        while clock.now < origin + 3.5 && !(clock.now > origin + 2.6 && scheduler.isIdle) {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let live = scheduler.transcript
        #expect(Self.decisions(live) == Self.decisions(expected))
        // Real time wanders by scheduling delays (which add up along a chain of utterances on a
        // busy machine), not more.
        for (liveEntry, virtualEntry) in zip(live.entries, expected.entries) {
            #expect(abs(liveEntry.fate.decidedAt - origin.seconds - virtualEntry.fate.decidedAt) < 0.25,
                    "\(liveEntry): live \(liveEntry.fate.decidedAt - origin.seconds), virtual \(virtualEntry.fate.decidedAt)")
        }
    }
}
