import Dispatch
import Foundation
import Testing
@testable import EarshotCore

@Suite("One serial executor for the clock, the scheduler and the desk check")
struct TimelineExecutorTests {
    @Test("the executor may be entered again from inside; work handed to afterwards runs once the outermost run is left")
    func reentrantWithDeferredWork() {
        let executor = TimelineExecutor()
        let trace = WorkTrace()
        executor.run {
            trace.add("outer")
            executor.run {
                trace.add("inner")
                executor.afterwards { trace.add("afterwards") }
            }
            trace.add("outer again")
        }
        trace.add("left")
        executor.afterwards { trace.add("outside: at once") }
        #expect(trace.all == ["outer", "inner", "outer again", "afterwards", "left", "outside: at once"])
    }

    @Test("an error thrown inside still leaves the executor and runs the deferred work")
    func errorLeavesTheExecutor() {
        struct Failure: Error {}
        let executor = TimelineExecutor()
        let trace = WorkTrace()
        #expect(throws: Failure.self) {
            try executor.run {
                executor.afterwards { trace.add("afterwards") }
                throw Failure()
            }
        }
        // Another thread can enter: the executor was left.
        let entered = DispatchSemaphore(value: 0)
        Thread { executor.run { trace.add("other thread") }; entered.signal() }.start()
        #expect(entered.wait(timeout: .now() + 5) == .success)
        #expect(trace.all == ["afterwards", "other thread"])
    }

    @Test("a second thread waits until the first has left, so their work never interleaves")
    func oneAtATime() {
        let executor = TimelineExecutor()
        let trace = WorkTrace()
        let inside = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            executor.run {
                trace.add("first in")
                inside.signal()
                Thread.sleep(forTimeInterval: 0.05)
                trace.add("first out")
            }
            done.signal()
        }.start()
        inside.wait()
        executor.run { trace.add("second") }
        done.wait()
        #expect(trace.all == ["first in", "first out", "second"])
    }

    @Test("work the live clock fires waits for the executor, and work cancelled there never runs")
    func liveCancellationIsExact() throws {
        let clock = LiveClock(label: "earshot.test-executor")
        let trace = WorkTrace()
        clock.executor.run {
            let doomed = clock.schedule(at: clock.now) { trace.add("cancelled work ran") }
            clock.schedule(at: clock.now) { trace.add("kept") }
            // The queue fires both meanwhile; they wait for this run to end.
            Thread.sleep(forTimeInterval: 0.05)
            clock.cancel(doomed)
        }
        clock.wait(until: clock.now + 0.1)
        #expect(trace.all == ["kept"])
    }

    @Test("the desk check's observer hears each decision once the executor is left, and may call the desk check")
    func observerMayCallTheDeskCheck() throws {
        let box = DeskBox()
        let heard = WorkTrace()
        let desk = try DeskCheck(screen: try ScreenFile.parse(ScenarioTestSupport.screen, file: "shop.json"),
                                 session: try ReadingSession(voice: try ScreenTestSupport.profile("ko"), reader: VoiceOver()), clock: VirtualClock(),
                                 device: TimedDevice()) { record in
            // With locks this deadlocked: the observer ran while the desk check held its own.
            guard case .started(let utterance, _) = record, let desk = box.desk else { return }
            heard.add("\(utterance.text) with focus on \(desk.focusedID ?? "nothing")")
        }
        box.desk = desk
        try desk.perform(.next)
        try desk.perform(.next)
        desk.finish()
        #expect(heard.all == ["상품, 머리말 with focus on title", "담기, 버튼 with focus on add"])
    }

    @Test("live: gestures from the test's thread, timers on the clock's queue and device ends from other threads are decided one at a time")
    func liveThreadsDecideOneAtATime() throws {
        let clock = LiveClock(label: "earshot.test-executor-live")
        let device = LateEndingDevice()
        let desk = try DeskCheck(screen: try ScreenFile.parse(ScenarioTestSupport.screen, file: "shop.json"),
                                 session: try ReadingSession(voice: try ScreenTestSupport.profile("ko"), reader: VoiceOver()), clock: clock, device: device)
        device.scheduler = desk.scheduler
        for index in 0..<40 {
            try desk.perform(index % 5 == 4 ? .previous : .next)
            try desk.post(.announcement("알림 \(index)", priority: .default, queued: index % 2 == 0))
            clock.wait(until: clock.now + 0.002)
        }
        let transcript = desk.finish()
        // Every utterance asked for has exactly one fate (the scheduler stops on a second one).
        #expect(transcript.unfinished.isEmpty)
        #expect(transcript.entries.count >= 80)
        #expect(transcript.entries.contains { $0.fate.wasSpokenInFull })
        #expect(desk.isIdle)
    }
}

/// Lets an observer made before the desk check reach it.
private final class DeskBox: @unchecked Sendable {
    weak var desk: DeskCheck?
}

/// A device that reports each utterance's end 1 to 4 ms later from a global queue, as ALSA's
/// feeder does from its own thread.
private final class LateEndingDevice: SpeechDevice, @unchecked Sendable {
    weak var scheduler: SpeechScheduler?
    private var count = 0

    func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? {
        count += 1
        let id = utterance.id
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1 + count % 4)) { [weak self] in
            self?.scheduler?.deviceFinished(utteranceID: id)
        }
        return nil
    }

    func stop(_ utterance: Utterance, at time: TimelineInstant) {}
}
