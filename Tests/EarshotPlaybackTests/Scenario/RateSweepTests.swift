import EarshotCore
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// A scenario at several speaking rates in this process: real speech at each rate, lengths
/// measured once per text, voice and rate, and the sweep's comparison of the runs.
@Suite("Rate sweeps")
struct RateSweepTests {
    static func scenario() throws -> Scenario {
        try ScenarioFile.load(path: PlaybackTestSupport.scenariosDirectory.appendingPathComponent("rate-cart-delay.json").path)
    }

    static func speaker(rate: Int) throws -> Speaker {
        let profile = try PlaybackTestSupport.library.profile("ko").atRate(rate)
        return try Speaker(profile: profile, engine: try PlaybackTestSupport.speaker().engine, library: PlaybackTestSupport.library)
    }

    @Test("without audio a text is synthesized once per speaker: the label read twice is measured once, and a second run measures nothing")
    func lengthsMeasuredOnce() throws {
        let scenario = try Self.scenario()
        let speaker = try Self.speaker(rate: 450)
        let first = try ScenarioPlayback.run(scenario, speaker: speaker, session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: nil)).result
        // The label (read on touch and again after the double tap) and the announcement (spoken at 450).
        #expect(speaker.lengthStatistics.synthesized == 2)
        #expect(speaker.lengthStatistics.reused == 1)
        let second = try ScenarioPlayback.run(scenario, speaker: speaker, session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: nil)).result
        #expect(speaker.lengthStatistics.synthesized == 2)
        #expect(speaker.lengthStatistics.reused == 4)
        #expect(first.transcript == second.transcript)
        // The measured lengths are the rendered ones: the same run written to a WAV agrees.
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fast = try Self.speaker(rate: 450)
        let rendered = try ScenarioPlayback.run(scenario, speaker: fast, session: try ScenarioPlayback.session(for: scenario, speaker: fast, asking: nil),
                                                wavPath: folder.appendingPathComponent("t.wav").path).result
        #expect(rendered.transcript == first.transcript)
    }

    @Test("the sweep matches the runs' utterances, reports the announcement lost at 175 only, and checks whole-run expectations with its finding")
    func sweepOfTwoRates() throws {
        let scenario = try Self.scenario()
        let runs = try [175, 450].map { rate in
            let speaker = try Self.speaker(rate: rate)
            return RateSweep.Run(rate: rate, result: try ScenarioPlayback.run(scenario, speaker: speaker, session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: nil)).result)
        }
        #expect(runs[0].result.transcript.rate == nil)
        #expect(runs[1].result.transcript.rate == 450)
        let sweep = RateSweep(runs: runs, source: scenario.path)
        #expect(sweep.changes.count == 1)
        let change = try #require(sweep.changes.first)
        #expect(change.utterance.text == "장바구니에 담았습니다")
        #expect(change.fates[175]??.kindName == "dropped")
        #expect(change.fates[450]??.kindName == "spoken")
        #expect(sweep.findings.map(\.code) == [.timingRateDependent])
        let finding = try #require(sweep.findings.first)
        #expect(finding.elements == ["add-to-cart"])
        #expect(finding.expected)
        #expect(finding.location?.line == 16)
        #expect(finding.message.contains("lost at 175"))
        // In each run the expectation of the sweep's finding now holds (at one rate it was not checked).
        for run in runs {
            let single = try #require(run.result.expectations.first { if case .finding(.timingRateDependent, _) = $0.expectation { true } else { false } })
            #expect(single.notChecked != nil)
        }
        for run in sweep.runs {
            let checked = try #require(run.result.expectations.first { if case .finding(.timingRateDependent, _) = $0.expectation { true } else { false } })
            #expect(checked.notChecked == nil && checked.passed)
        }
        // The drop at 175 is expected there ("rates": [175, 300]), the sweep's finding everywhere.
        #expect(sweep.passed)
    }
}
