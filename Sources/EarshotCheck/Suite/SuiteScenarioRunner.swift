import EarshotCore
import EarshotPlayback
import EarshotReport
import Foundation

/// Runs a suite's scenarios one after another in this process, reusing one speaker per voice:
/// what `earshot test` does with one job, and what each of its workers does with more.
public final class SuiteScenarioRunner {
    /// Where report pages go (`test --report DIR`), and how they carry their audio.
    public struct Report: Sendable {
        public var folder: String
        public var placement: PageAudio.Placement

        public init(folder: String, placement: PageAudio.Placement = .automatic) {
            self.folder = folder
            self.placement = placement
        }

        /// The writer of the folder's `index.html`, for the pages named `pages` (one per
        /// scenario, in the order of the run's verdicts).
        public func indexWriter(pages: [String]) -> SuiteIndexWriter {
            SuiteIndexWriter(path: (folder as NSString).appendingPathComponent("index.html"), pages: pages)
        }
    }

    /// `--voice`: every scenario's voice, over its own.
    public let voice: String?
    public let espeakData: String?
    /// The screen reader every scenario is heard by (`--reader`); nil: each scenario's own.
    public let reader: ScreenReaderName?
    /// `--density`: pixels per dp of the scenarios' Android dumps, for their touch targets.
    public let density: Double?
    /// `--rate`: every scenario spoken at this many words a minute; nil: each profile's own.
    public let rate: Int?
    /// The report pages each scenario writes; nil: none.
    public let report: Report?
    /// An audit is asked for (`--standard`): each page scenario's page is also audited as
    /// loaded (`ScenarioRunner.auditPage`). A suite's own pages are audited whatever it says.
    public let auditsPages: Bool
    private let library: VoiceLibrary
    private var speakers: [String: Speaker] = [:]

    public init(voice: String?, espeakData: String?, reader: ScreenReaderName?, density: Double? = nil,
                rate: Int? = nil, library: VoiceLibrary = .locate(), report: Report? = nil, auditsPages: Bool = false) {
        self.auditsPages = auditsPages
        self.voice = voice
        self.rate = rate
        self.density = density
        self.espeakData = espeakData
        self.reader = reader
        self.library = library
        self.report = report
    }

    /// Runs one scenario, writing its report page (a name in the report's folder) when given one
    /// and the runner has a report; a bad file or a run error becomes the outcome's error. An
    /// engine that cannot start ends the whole run (exit 69), as it would fail every scenario.
    public func run(_ file: String, page: String? = nil) throws -> ScenarioOutcome {
        try run(file, page: page, rate: rate)
    }

    /// Runs one scenario at `rate` words a minute (nil: the profile's own); one speaker per
    /// voice and rate is kept, so a text measured at a rate is not synthesized again.
    public func run(_ file: String, page: String?, rate: Int?) throws -> ScenarioOutcome {
        if ScenarioSuite.isPage(file) { return try audit(file) }
        let start = Date()
        do {
            let scenario = try loadScenario(file)
            let speaker = try speaker(for: scenario, rate: rate)
            let session = try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: reader)
            let result: ScenarioResult
            if let report, let page, !page.isEmpty {
                // The timeline is rendered to a temporary WAV for the page.
                let path = (report.folder as NSString).appendingPathComponent(page)
                result = try TemporaryAudio.forPage(path) { wav in
                    let result = try ScenarioPlayback.run(scenario, speaker: speaker, session: session, wavPath: wav, transcripts: [],
                                                          auditsPage: auditsPages).result
                    // The page is fed this scenario's result alone, as it finishes (no --standard
                    // table: that is the suite's, on its index).
                    var run = try RunResult(command: "earshot test", records: [.scenario(file, result: result, time: Date().timeIntervalSince(start))],
                                            findings: result.findings, files: [file], coverage: result.coverage)
                    run.timeline = result
                    let page = DeskCheckPage(path: path, placement: report.placement, golden: ScenarioSuite.goldenPath(for: file),
                                             ownedFolder: true)
                    try DeskCheckPageWriter(page: page, scenario: scenario, speaker: speaker, wavPath: wav).write(run)
                    return result
                }
            } else {
                result = try ScenarioPlayback.run(scenario, speaker: speaker, session: session, transcripts: [],
                                                  auditsPage: auditsPages).result
            }
            return ScenarioOutcome(file: file, result: result, title: scenario.title, time: Date().timeIntervalSince(start))
        } catch let error as UserFacingError {
            if error.category == .unavailable { throw error }
            return ScenarioOutcome(file: file, error: error, time: Date().timeIntervalSince(start))
        }
    }

    /// Runs one scenario once per rate (`test --rates`): an outcome per rate, each naming its
    /// rate, whose whole-run expectations were checked with the sweep's findings, then the
    /// sweep's own outcome. A scenario that cannot run gives its error once.
    public func runSweep(_ file: String, rates: [Int]) throws -> [ScenarioOutcome] {
        let start = Date()
        do {
            let scenario = try loadScenario(file)
            var runs: [RateSweep.Run] = [], times: [Double] = []
            for rate in rates {
                let started = Date()
                let speaker = try speaker(for: scenario, rate: rate)
                var result = try ScenarioPlayback.run(scenario, speaker: speaker,
                                                      session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: reader)).result
                result.nameRate(rate)
                runs.append(RateSweep.Run(rate: rate, result: result))
                times.append(Date().timeIntervalSince(started))
            }
            let sweep = RateSweep(runs: runs, source: scenario.path)
            var outcomes = zip(sweep.runs, times).map { run, time in
                var outcome = ScenarioOutcome(file: file, result: run.result, title: scenario.title, time: time)
                outcome.sweepRate = run.rate
                return outcome
            }
            outcomes.append(ScenarioOutcome(file: file, sweep: sweep, time: 0))
            return outcomes
        } catch let error as UserFacingError {
            if error.category == .unavailable { throw error }
            return [ScenarioOutcome(file: file, error: error, time: Date().timeIntervalSince(start))]
        }
    }

    /// Runs one scenario once under each of `readers` (`test --readers`): an outcome per reader,
    /// each naming its reader (one that is not the scenario's own has its expectations reported,
    /// not judged, and no golden), then the comparison's own outcome, what each reader said at
    /// each step. A scenario that cannot run gives its error once.
    public func runReaders(_ file: String, readers: [ScreenReaderName]) throws -> [ScenarioOutcome] {
        let start = Date()
        do {
            let scenario = try loadScenario(file)
            let speaker = try speaker(for: scenario, rate: rate)
            // The reader the scenario is written for: its own (`"reader"`), else its screens'.
            let own = ScreenReaders.decide(asked: scenario.reader?.name, for: scenario.screens.map(\.screen))
            var runs: [ReaderComparison.Run] = [], outcomes: [ScenarioOutcome] = []
            for reader in readers {
                let started = Date()
                var outcome: ScenarioOutcome
                do {
                    var result = try ScenarioPlayback.run(scenario, speaker: speaker,
                                                          session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: reader)).result
                    result.nameReader(reader)
                    runs.append(ReaderComparison.Run(reader: reader, result: result))
                    outcome = ScenarioOutcome(file: file, result: result, title: scenario.title, time: Date().timeIntervalSince(started))
                    if reader != own { outcome.writtenFor = own.rawValue }
                } catch let error as UserFacingError {
                    // One reader that cannot play it (a gesture it has not) leaves the others.
                    if error.category == .unavailable { throw error }
                    outcome = ScenarioOutcome(file: file, error: error, time: Date().timeIntervalSince(started))
                }
                outcome.reader = reader.rawValue
                outcomes.append(outcome)
            }
            // The comparison sets side by side the readers that could play it.
            if runs.count >= 2 {
                outcomes.append(ScenarioOutcome(file: file, comparison: ReaderComparison(runs: runs, scenario: scenario), time: 0))
            }
            return outcomes
        } catch let error as UserFacingError {
            if error.category == .unavailable { throw error }
            return [ScenarioOutcome(file: file, error: error, time: Date().timeIntervalSince(start))]
        }
    }

    /// The scenario in `file`, with the run's density (anything else is an error naming it).
    /// A suite's web page audited as `lint PAGE.html` audits it (axe-core and the live checks,
    /// in a context of its own on the run's browser), heard by `--reader` or the reader that
    /// claims a page: its findings are its record. A page that cannot be loaded fails with its
    /// error; no browser ends the run (exit 69), as it would fail every page.
    public func audit(_ file: String) throws -> ScenarioOutcome {
        let start = Date()
        do {
            guard let browser = LivePages.browser else {
                throw DataFileError("\(file) is a web page, which needs a browser and this program has none",
                                    at: SourceLocation(file: file, line: 1, column: 1))
            }
            let profile = try library.profile(voice ?? VoiceLibrary.defaultVoice)
            let window = reader.flatMap { ScreenReaders.named($0)?.pageWindow }
            let audit = try PageAudit(address: try LivePages.address(of: file), named: ScreenLoader.defaultName(for: file), browser: browser,
                                      window: window, linter: { screen in
                                          try ScreenLinter(profile: profile,
                                                           reader: try ScreenReaders.make(ScreenReaders.decide(asked: self.reader, for: [screen]),
                                                                                          profile: profile))
                                      }, source: file, fallback: SourceLocation(file: file, line: 1, column: 1))
            return ScenarioOutcome(file: file, audit: audit, time: Date().timeIntervalSince(start))
        } catch let error as UserFacingError {
            if error.category == .unavailable { throw error }
            return ScenarioOutcome(file: file, error: error, time: Date().timeIntervalSince(start))
        }
    }

    private func loadScenario(_ file: String) throws -> Scenario {
        try InputKind.explaining(file, expected: "a scenario", accepts: { $0 == .scenario }) {
            try ScenarioFile.load(path: file)
        }.withDensity(density)
    }

    /// The speaker for the scenario's voice at `rate`: one per voice and rate, made once and
    /// kept, so a text's length is synthesized once across the run.
    private func speaker(for scenario: Scenario, rate: Int?) throws -> Speaker {
        let key = (voice ?? scenario.voice ?? VoiceLibrary.defaultVoice) + (rate.map { "@\($0)" } ?? "")
        if let known = speakers[key] { return known }
        let speaker = try ScenarioPlayback.speaker(for: scenario, voice: voice, library: library, espeakData: espeakData, rate: rate)
        speakers[key] = speaker
        return speaker
    }

    /// How many speakers (one per voice and rate) the runner holds.
    public var speakerCount: Int { speakers.count }

    /// Texts synthesized for their length and texts whose length was reused, over every speaker.
    public var lengthStatistics: (synthesized: Int, reused: Int) {
        speakers.values.reduce((0, 0)) { sum, speaker in
            let counts = speaker.lengthStatistics
            return (sum.0 + counts.synthesized, sum.1 + counts.reused)
        }
    }
}

extension SuiteWorkers {
    /// A worker's side (`earshot test --worker`): reads `PATH<TAB>PAGE` lines (see
    /// `requestLine`) until its input ends and answers each with one JSON line, a
    /// `ScenarioOutcome`, on standard output.
    public static func serve(_ runner: SuiteScenarioRunner) throws {
        let encoder = JSONEncoder()
        let hold = ProcessInfo.processInfo.environment["EARSHOT_WORKER_HOLD"].flatMap { $0.isEmpty ? nil : $0 }
        while let line = readLine(strippingNewline: true) {
            // For tests of the pool: a scenario is taken but not begun until the file named by
            // EARSHOT_WORKER_HOLD exists, so a test can kill or stop a worker while it holds one.
            if let hold { while !FileManager.default.fileExists(atPath: hold) { usleep(10_000) } }
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts.first ?? line
            let outcome: ScenarioOutcome
            do {
                outcome = try runner.run(file, page: parts.count > 1 ? parts[1] : nil)
            } catch let error as UserFacingError {
                outcome = ScenarioOutcome(file: file, error: error, time: 0)
            }
            var answer = try encoder.encode(outcome)
            answer.append(UInt8(ascii: "\n"))
            FileHandle.standardOutput.write(answer)
        }
    }
}
