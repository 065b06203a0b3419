import Foundation
import Testing
@testable import EarshotCore

/// Scenario times are finite and at most a day, each refused where it is written: before the
/// bound, `"at": 1e15` trapped converting to a sample index and `1e12` ran for minutes.
@Suite("Scenario times are bounded")
struct ScenarioTimeBoundsTests {
    typealias S = ScenarioTestSupport

    @Test("a huge time is a located error naming the limit", arguments: [
        #"{"gesture": "next", "at": 1e15}"#, #"{"gesture": "next", "at": 1e12}"#, #"{"pause": 1e300}"#,
        #"{"gesture": "next", "after": 9223372036854775807}"#, #"{"gesture": "next", "at": 86400.5}"#,
    ])
    func hugeTime(step: String) throws {
        let text = S.scenarioText("\n" + #"{"gesture": "next", "at": 0},"# + "\n" + step)
        let error = try #require(S.parseError(text))
        #expect(error.message.contains("at most 86400 s (a day)"), "\(error)")
        #expect(error.location.line == Self.line(of: step, in: text), "\(error)")
    }

    @Test("times that each fit but add up past a day are refused at the step that crosses it")
    func sumPastADay() throws {
        let text = S.scenarioText("\n" + #"{"pause": 50000},"# + "\n" + #"{"pause": 50000}"#)
        let error = try #require(S.parseError(text))
        #expect(error.message.contains("past the longest timeline"), "\(error)")
        #expect(error.location.line == Self.line(of: #"{"pause": 50000}"#, in: text, last: true))
    }

    @Test("steps without times that follow each other's speech past a day are refused at the step that crosses it")
    func untimedPastADay() throws {
        // Every utterance lasts an hour: the 25th untimed step starts after a day of speech.
        let steps = (0..<30).map { $0 % 2 == 0 ? #"{"gesture": "next"}"# : #"{"gesture": "previous"}"# }.joined(separator: ",\n")
        let text = S.scenarioText("\n" + steps)
        let scenario = try ScenarioFile.parse(text, path: "untimed.json")
        let profile = try ScreenTestSupport.profile("ko")
        let runner = try ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                        device: TimedDevice(speechDuration: 3_600))
        let error = try #require(throws: DataFileError.self) { try runner.run() }
        #expect(error.message.contains("past the longest timeline Earshot plays (86400 s, a day); steps without times follow the speech before them"), "\(error)")
        #expect(error.message.hasPrefix("the run reaches 24:00:00."), "\(error)")
        // The 25th step starts at 24 hours of speech (and the earcons between): it or the next
        // is the one that crosses the day.
        let lines = text.components(separatedBy: "\n")
        let gestureLines = lines.indices.filter { lines[$0].contains(#"{"gesture""#) }.map { $0 + 1 }
        #expect([gestureLines[24], gestureLines[25]].contains(error.location.line), "\(error)")
        // The same steps with minute-long speech run.
        let short = try ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                       device: TimedDevice(speechDuration: 60))
        #expect(try short.run().transcript.entries.count >= 30)
    }

    /// The 1-based line of the (first or last) line holding `fragment`.
    static func line(of fragment: String, in text: String, last: Bool = false) -> Int {
        let lines = text.components(separatedBy: "\n")
        let index = last ? lines.lastIndex { $0.contains(fragment) } : lines.firstIndex { $0.contains(fragment) }
        return (index ?? -1) + 1
    }

    @Test("a day is allowed, and a long quiet stretch runs without making its silence")
    func aDayRuns() throws {
        let result = try S.run(#"{"gesture": "next", "at": 0}, {"gesture": "next", "at": 86000}"#)
        #expect(result.transcript.entries.count == 2, "\(result.transcript.entries)")
    }

    @Test("turning a time into samples never traps")
    func sampleCountNeverTraps() {
        #expect(PCMBuffer.sampleCount(seconds: .infinity, sampleRate: 22050) == 1_099_511_627_776)
        #expect(PCMBuffer.sampleCount(seconds: .nan, sampleRate: 22050) == 0)
        #expect(PCMBuffer.sampleCount(seconds: -5, sampleRate: 22050) == 0)
        #expect(PCMBuffer.sampleCount(seconds: 1e300, sampleRate: 22050) == 1_099_511_627_776)
        #expect(PCMBuffer.sampleCount(seconds: 1.5, sampleRate: 22050) == 33075)
    }
}
