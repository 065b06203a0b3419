import EarshotCore
import EarshotPlayback
import Foundation

extension ScenarioCheck {
    /// What a check at several rates produced.
    public struct SweepOutcome {
        public var path: String
        public var sweep: RateSweep
        /// Seconds the whole sweep took.
        public var time: Double
        public var written: [String]
        /// The sweep as its audit and CI outputs see it: a record per rate (JUnit `FILE @ RATE
        /// wpm`), then the sweep's own; every run's findings, then the sweep's.
        public var run: RunResult

        public var passed: Bool { sweep.passed }

        public func summary(reports: [String]) -> String {
            let count = sweep.runs.reduce(0) { $0 + $1.result.expectations.count }
            var line = "\(sweep.rates.count) rates (\(sweep.rates.map(String.init).joined(separator: ", ")) words a minute): "
                + counted(count, "expectation") + " checked, \(sweep.failedExpectationCount) failed; "
                + "\(counted(sweep.changes.count, "utterance")) changed fate"
            for file in written + reports where file != "-" { line += "; wrote \(file)" }
            return line
        }
    }

    /// The voice profile's sweep (`--rates default`, `VoiceProfile.sweepRates`).
    public func defaultSweepRates() throws -> [Int] {
        try settings.library.profile(settings.voice ?? scenario.voice ?? VoiceLibrary.defaultVoice).sweepRates()
    }

    /// Runs the scenario once per rate on a virtual clock and prints, for a person: each rate's
    /// transcript (not with `quiet`), the utterances whose fate changes with the rate, each
    /// rate's expectations (failed ones only with `quiet`), the sweep's findings, then each
    /// rate's. Writes `--findings` (every run's findings, each with its rate, then the sweep's)
    /// and the report page: the first rate's run with every rate's fates beside it.
    public func runSweep(rates: [Int], write: (String) -> Void) throws -> SweepOutcome {
        let started = Date()
        let quiet = settings.quiet
        var runs: [RateSweep.Run] = []
        var speakers: [Speaker] = []
        for rate in rates {
            let speaker = try ScenarioPlayback.speaker(for: scenario, voice: settings.voice, library: settings.library,
                                                       espeakData: settings.espeakData, punctuation: settings.punctuation, rate: rate)
            let session = try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: settings.reader)
            var result = marked(try ScenarioPlayback.run(scenario, speaker: speaker, session: session, transcripts: []).result)
            result.nameRate(rate)
            runs.append(RateSweep.Run(rate: rate, result: result))
            speakers.append(speaker)
        }
        var sweep = RateSweep(runs: runs, source: scenario.path)
        if let baseline = settings.baseline { sweep.mark(baseline) }
        if !quiet, let title = scenario.title { write(title + "\n") }
        for run in sweep.runs where !quiet {
            write("At \(run.rate) words a minute:\n")
            write(run.result.transcript.readableText)
            for note in run.result.notes { write("\(note)\n") }
        }
        write("Fates that change with the rate: \(sweep.changes.isEmpty ? "none" : String(sweep.changes.count))\n")
        write(sweep.readableChanges)
        for run in sweep.runs {
            for expectation in run.result.expectations where !expectation.passed || !quiet {
                write("at \(run.rate) words a minute: \(expectation)\n")
            }
        }
        let shown = { (findings: [Finding]) in quiet ? findings.filter { $0.severity == .error && !$0.expected } : findings }
        write("Findings across rates: \(FindingReport.summary(sweep.findings))\n")
        if !shown(sweep.findings).isEmpty { write(FindingReport.text(shown(sweep.findings))) }
        for run in sweep.runs {
            write("Findings at \(run.rate) words a minute: \(FindingReport.summary(run.result.findings))\n")
            if !shown(run.result.findings).isEmpty { write(FindingReport.text(shown(run.result.findings))) }
        }
        let time = Date().timeIntervalSince(started)
        let records = sweep.runs.map { SuiteRecord.scenario(settings.path, result: $0.result, time: time / Double(sweep.runs.count), rate: $0.rate) }
            + [SuiteRecord.sweep(settings.path, sweep)]
        let run = try RunResult(command: "earshot check", records: records, findings: sweep.runs.flatMap(\.result.findings) + sweep.findings,
                                files: [settings.path], coverage: sweep.coverage, baseline: settings.baseline, standard: settings.standard)
        if let file = settings.findingsPath { try FindingsWriter(path: file).write(run) }
        let page = settings.reportPage
        if let page { try pageWriter(page, speaker: speakers[0], wavPath: nil, sweep: sweep).write(run) }
        let written = [settings.findingsPath, page].compactMap { $0 }
        return SweepOutcome(path: settings.path, sweep: sweep, time: time, written: written, run: run)
    }
}
