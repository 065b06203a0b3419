import Foundation
import Testing
@testable import EarshotCore

@Suite("The virtual clock runs due work in order and never goes backwards")
struct VirtualClockTests {
    @Test("time starts at zero")
    func startsAtZero() {
        #expect(VirtualClock().now == 0)
    }

    @Test("advancing runs due work in time order, ties in scheduling order, and leaves later work")
    func runsDueWorkInOrder() {
        let clock = VirtualClock()
        let trace = WorkTrace()
        clock.schedule(at: 2) { trace.add("c@\(clock.now)") }
        clock.schedule(at: 1) { trace.add("a@\(clock.now)") }
        clock.schedule(at: 1) { trace.add("b@\(clock.now)") }
        clock.schedule(at: 5) { trace.add("late") }
        clock.advance(to: 3)
        #expect(trace.all == ["a@1.000", "b@1.000", "c@2.000"])
        #expect(clock.now == 3)
        #expect(clock.pendingCount == 1)
        #expect(clock.nextDueTime == 5)
    }

    @Test("work scheduled by running work runs in the same advance when due")
    func nestedWorkRuns() {
        let clock = VirtualClock()
        let trace = WorkTrace()
        clock.schedule(at: 1) {
            trace.add("outer@\(clock.now)")
            clock.schedule(at: 1.5) { trace.add("inner@\(clock.now)") }
            clock.schedule(at: 0.5) { trace.add("past@\(clock.now)") }
        }
        clock.advance(to: 2)
        #expect(trace.all == ["outer@1.000", "past@1.000", "inner@1.500"])
    }

    @Test("time never moves backwards")
    func neverBackwards() {
        let clock = VirtualClock()
        clock.advance(to: 2)
        clock.advance(to: 1)
        #expect(clock.now == 2)
        clock.advance(by: -1)
        #expect(clock.now == 2)
        let trace = WorkTrace()
        clock.schedule(at: 0.5) { trace.add("ran@\(clock.now)") }
        clock.advance(by: 0)
        #expect(trace.all == ["ran@2.000"])
    }

    @Test("cancelled work does not run")
    func cancelledWorkDoesNotRun() {
        let clock = VirtualClock()
        let trace = WorkTrace()
        let work = clock.schedule(at: 1) { trace.add("cancelled") }
        clock.schedule(at: 1) { trace.add("kept") }
        clock.cancel(work)
        clock.runUntilIdle()
        #expect(trace.all == ["kept"])
        #expect(clock.now == 1)
    }

    @Test("twenty thousand jobs in scrambled order run sorted by time, ties by scheduling order")
    func manyJobsRunSorted() {
        let clock = VirtualClock()
        let trace = WorkTrace()
        var cancelled: [ScheduledWork] = []
        for index in 0..<20_000 {
            // 7919 is prime, so this visits every slot of 0..<1000 in a scrambled order, twenty times.
            let time = Double(index * 7919 % 1000) / 10
            let work = clock.schedule(at: TimelineInstant(seconds: time)) { trace.add("\(time) \(index)") }
            if index % 5 == 0 { cancelled.append(work) }
        }
        for work in cancelled { clock.cancel(work) }
        #expect(clock.pendingCount == 16_000)
        clock.runUntilIdle()
        let ran = trace.all.map { line -> (Double, Int) in
            let parts = line.split(separator: " ")
            return (Double(parts[0])!, Int(parts[1])!)
        }
        #expect(ran.count == 16_000)
        #expect(ran.allSatisfy { $0.1 % 5 != 0 })
        #expect(zip(ran, ran.dropFirst()).allSatisfy { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) })
        #expect(clock.now == 99.9)
        #expect(clock.pendingCount == 0)
    }

    @Test("running until idle leaves time at the last job")
    func runUntilIdleStopsAtLastJob() {
        let clock = VirtualClock()
        clock.schedule(at: 3600) {}
        clock.runUntilIdle()
        #expect(clock.now == 3600)
        #expect(clock.nextDueTime == nil)
    }

    @Test("waiting through the clock's own protocol: a condition met by due work, a limit that comes first, nothing left to run")
    func waitingThroughTheProtocol() {
        let clock: any TimelineClock = VirtualClock()
        let done = Locked(false)
        clock.schedule(at: 2) { done.withLock { $0 = true } }
        clock.schedule(at: 5) {}
        // The limit comes before the work that would meet the condition.
        #expect(!clock.wait(until: { done.withLock { $0 } }, before: 1.5))
        #expect(clock.now <= 1.5 && !done.withLock { $0 })
        // Then it is met at the work's time, not later.
        #expect(clock.wait(until: { done.withLock { $0 } }, before: 10))
        #expect(clock.now == 2)
        // A condition nothing can meet: the clock runs out of work and says so.
        #expect(!clock.wait(until: { false }, before: .distantFuture))
        #expect(clock.now == 5)
        clock.wait(until: 7)
        #expect(clock.now == 7)
    }

    @Test("the live clock waits in real time through the same calls")
    func liveWaiting() {
        let clock: any TimelineClock = LiveClock(label: "earshot.test-wait")
        let done = Locked(false)
        let start = clock.now
        clock.schedule(at: start + 0.05) { done.withLock { $0 = true } }
        #expect(!clock.wait(until: { done.withLock { $0 } }, before: start + 0.01))
        #expect(clock.wait(until: { done.withLock { $0 } }, before: start + 5))
        #expect(clock.now >= start + 0.05)
        clock.wait(until: start + 0.08)
        #expect(clock.now >= start + 0.08)
    }
}
