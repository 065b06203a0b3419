import Foundation
import Testing
@testable import EarshotCore

@Suite("The live clock follows monotonic time")
struct LiveClockTests {
    @Test("the live clock runs work no earlier than its time, in time order")
    func liveClockRunsInOrder() async throws {
        let clock = LiveClock(label: "earshot.test-clock")
        let trace = WorkTrace()
        let start = clock.now
        let cancelled = clock.schedule(at: start + 0.02) { trace.add("cancelled") }
        clock.schedule(at: start + 0.06) { trace.add("second \(clock.now - start >= 0.06)") }
        clock.schedule(at: start + 0.03) { trace.add("first \(clock.now - start >= 0.03)") }
        clock.cancel(cancelled)
        try await Task.sleep(nanoseconds: 250_000_000)
        #expect(trace.all == ["first true", "second true"])
        #expect(clock.now >= start + 0.25)
    }
}
