import EarshotAudio
import EarshotCore
import EarshotPlayback
import EarshotReport
import Foundation

/// What `earshot check` was asked for: the scenario, how it is heard, where it plays and which
/// files it writes.
public struct ScenarioCheckSettings {
    /// The scenario file (`-`: standard input).
    public var path: String
    /// `--voice`, over the scenario's own; neither: `ko`.
    public var voice: String?
    public var espeakData: String?
    public var punctuation: PunctuationLevel?
    /// `--rate`: words a minute over the profile's own; nil: the profile's.
    public var rate: Int?
    /// `--rates`: the scenario runs once at each (`ScenarioCheck.runSweep`); empty: one run.
    public var rates: [Int] = []
    /// `--reader`; nil: the scenario's own.
    public var reader: ScreenReaderName?
    /// `--live`: the ALSA device the scenario plays on in real time; nil renders it on a
    /// virtual clock.
    public var liveDevice: String?
    /// `-o`: the whole timeline as a WAV file (`-`: standard output).
    public var wavPath: String?
    /// `--transcript`: each file with its format (`-`: standard output).
    public var transcripts: [(path: String, format: TranscriptFormat)]
    /// `--findings`: the findings as a JSON array.
    public var findingsPath: String?
    /// `--report`: the report page (`DeskCheckPage`).
    public var reportPage: String?
    /// `--report-audio`: the page's audio embedded, beside it as NAME.wav, or by size.
    public var reportAudio: PageAudio.Placement
    /// `--standard`: the page carries this standard's conformance table of the run's findings.
    public var standard: StandardID?
    /// `--quiet`: print only failed expectations, unexpected error findings and the summary.
    public var quiet: Bool
    /// Where voices are found.
    public var library: VoiceLibrary
    /// `--baseline`: findings it lists are marked known and do not fail the check.
    public var baseline: FindingBaseline?
    /// `--density`: pixels per dp of the scenario's Android dumps, for their touch targets.
    public var density: Double?

    public init(path: String, voice: String? = nil, espeakData: String? = nil, punctuation: PunctuationLevel? = nil,
                rate: Int? = nil, reader: ScreenReaderName? = nil, liveDevice: String? = nil, wavPath: String? = nil,
                transcripts: [(path: String, format: TranscriptFormat)] = [], findingsPath: String? = nil,
                reportPage: String? = nil, reportAudio: PageAudio.Placement = .automatic, standard: StandardID? = nil,
                quiet: Bool = false, library: VoiceLibrary = .locate(), baseline: FindingBaseline? = nil, density: Double? = nil) {
        self.path = path
        self.voice = voice
        self.espeakData = espeakData
        self.punctuation = punctuation
        self.rate = rate
        self.reader = reader
        self.liveDevice = liveDevice
        self.wavPath = wavPath
        self.transcripts = transcripts
        self.findingsPath = findingsPath
        self.reportPage = reportPage
        self.reportAudio = reportAudio
        self.standard = standard
        self.quiet = quiet
        self.library = library
        self.baseline = baseline
        self.density = density
    }
}

/// `earshot check`'s flow: loads a scenario, runs it with real speech (rendered on a virtual
/// clock, or live through ALSA), tells a person what VoiceOver said with each utterance's fate,
/// the expectations and the findings, writes the files asked for, and says whether it passed.
///
/// ```swift
/// let check = try ScenarioCheck(ScenarioCheckSettings(path: "checkout.json", findingsPath: "findings.json"))
/// let outcome = try check.run { text in print(text, terminator: "") }
/// print(outcome.summary(reports: []))
/// ```
public struct ScenarioCheck {
    public let settings: ScenarioCheckSettings
    public let scenario: Scenario

    /// Loads the scenario; a file of another kind (a screen, a dump) is an error saying what it is.
    public init(_ settings: ScenarioCheckSettings) throws {
        self.settings = settings
        scenario = try InputKind.explaining(settings.path, expected: "a scenario", accepts: { $0 == .scenario }) {
            try ScenarioFile.load(path: settings.path)
        }.withDensity(settings.density)
    }

    /// Every file the check reads: the scenario, the parts it includes, its screens and its voice
    /// (a name or a path), for refusing an output that would overwrite one.
    public var inputs: [String] {
        [settings.path] + scenario.includedFiles + scenario.screens.compactMap(\.file)
            + [scenario.voice, settings.voice].compactMap { $0 }
    }

    /// What a check produced.
    public struct Outcome {
        public var path: String
        public var result: ScenarioResult
        /// Seconds the run took.
        public var time: Double
        /// The files written, in the order the summary names them: the transcripts, the WAV, the
        /// findings, the report page; then (after the CI reports) the page's audio beside it.
        public var written: [String]
        public var besidePage: String?
        /// The run as its audit and CI outputs see it (findings, checks that ran, the
        /// `--standard` table computed once for the page, the terminal and the JSON).
        public var run: RunResult

        /// Every expectation held and every error finding is one the scenario expects.
        public var passed: Bool { result.failedExpectations.isEmpty && !result.findings.hasUnexpectedErrors }

        /// The last line: expectations, failures, audio length, and each file written (`reports`:
        /// the CI reports' paths, named after the check's own files).
        public func summary(reports: [String]) -> String {
            var line = counted(result.expectations.count, "expectation") + ", \(result.failedExpectations.count) failed; "
                + "\(clockTime(result.endTime)) of audio"
            for file in written + reports + [besidePage].compactMap({ $0 }) where file != "-" { line += "; wrote \(file)" }
            return line
        }
    }

    /// Runs the check. `write` receives the text a person reads, each piece ending with its line
    /// break: the title and transcript (live: one line per utterance as it starts, is cut or is
    /// dropped), the notes, the expectations, the findings. The report page is written when the
    /// settings name one. `deviceFailed` is called on the sink's thread the moment a live
    /// device fails (`ScenarioPlayback.runLive`).
    public func run(deviceFailed: (@Sendable (AudioDeviceError) -> Void)? = nil,
                    write: @escaping @Sendable (String) -> Void) throws -> Outcome {
        if let wav = settings.wavPath { try OutputSafety.checkReplacingWAV(wav, option: "-o") }
        let speaker = try ScenarioPlayback.speaker(for: scenario, voice: settings.voice, library: settings.library,
                                                   espeakData: settings.espeakData, punctuation: settings.punctuation,
                                                   rate: settings.rate)
        let session = try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: settings.reader)
        let quiet = settings.quiet
        let page = settings.reportPage
        let started = Date()
        let result: ScenarioResult
        // The run's result is made once, as soon as the timeline is: its transcripts and its
        // page are writers of it, written while the page's audio file still exists.
        var made: RunResult?
        func writeTimeline(_ result: ScenarioResult, wavPath: String?) throws {
            let run = try runResult(result, time: Date().timeIntervalSince(started))
            made = run
            for (path, format) in settings.transcripts {
                try TranscriptWriter(path: path, format: format, speaker: speaker).write(run)
            }
            if let page { try pageWriter(page, speaker: speaker, wavPath: wavPath).write(run) }
        }
        if let device = settings.liveDevice {
            if !quiet, let title = scenario.title { write(title + "\n") }
            let observer: (@Sendable (SpeechRecord) -> Void)? = quiet ? nil : { @Sendable record in
                if let line = ScenarioCheck.liveLine(record) { write(line + "\n") }
            }
            // Transcripts are written at the end: a device that fails leaves no half-written file.
            result = marked(try ScenarioPlayback.runLive(scenario, speaker: speaker, session: session, device: device,
                                                         observer: observer, deviceFailed: deviceFailed,
                                                         auditsPage: settings.standard != nil))
            try writeTimeline(result, wavPath: nil)
            for note in result.notes where !quiet { write("\(note)\n") }
        } else {
            func render(wavPath: String?) throws -> ScenarioResult {
                // With --standard the page is audited as loaded too (its rows judged, not left).
                let result = marked(try ScenarioPlayback.run(scenario, speaker: speaker, session: session, wavPath: wavPath,
                                                             transcripts: [], auditsPage: settings.standard != nil).result)
                try writeTimeline(result, wavPath: wavPath)
                return result
            }
            // A page needs the timeline's audio: without -o it is rendered into a temporary file.
            if let page, settings.wavPath == nil {
                result = try TemporaryAudio.forPage(page) { try render(wavPath: $0) }
            } else {
                result = try render(wavPath: settings.wavPath)
            }
            if !quiet {
                if let title = scenario.title { write(title + "\n") }
                write(result.transcript.readableText)
                for note in result.notes { write("\(note)\n") }
            }
        }
        for expectation in result.expectations where !expectation.passed || !quiet {
            write("\(expectation)\n")
        }
        let findings = result.findings
        write("Findings: \(FindingReport.summary(findings))\n")
        let shown = quiet ? findings.filter { $0.severity == .error && !$0.expected } : findings
        if !shown.isEmpty { write(FindingReport.text(shown)) }
        let run = try made ?? runResult(result, time: Date().timeIntervalSince(started))
        if let file = settings.findingsPath { try FindingsWriter(path: file).write(run) }

        let written = settings.transcripts.map(\.path) + [settings.wavPath, settings.findingsPath, page].compactMap { $0 }
        let beside = page.flatMap { page in
            settings.reportAudio == .external && page != "-" ? (page as NSString).deletingPathExtension + ".wav" : nil
        }.flatMap { beside in
            // When -o names the page's audio file, it is written once and said once.
            settings.wavPath.map { OutputSafety.samePlace($0, beside) } == true ? nil : beside
        }
        return Outcome(path: settings.path, result: result, time: Date().timeIntervalSince(started), written: written,
                       besidePage: beside, run: run)
    }

    /// The run's result for its outputs: the one record, the findings (marked), the checks
    /// that ran and the `--standard` table.
    func runResult(_ result: ScenarioResult, time: Double) throws -> RunResult {
        var run = try RunResult(command: "earshot check", records: [.scenario(settings.path, result: result, time: time)],
                                findings: result.findings, files: [settings.path], coverage: result.coverage,
                                baseline: settings.baseline, standard: settings.standard)
        run.timeline = result
        return run
    }

    /// The report page `path` as a writer of the run's result (a sweep's: its first run is the
    /// page's timeline), its audio the WAV file `wavPath` when the run rendered one.
    func pageWriter(_ path: String, speaker: Speaker, wavPath: String?, sweep: RateSweep? = nil) -> DeskCheckPageWriter {
        DeskCheckPageWriter(page: DeskCheckPage(path: path, placement: settings.reportAudio), scenario: scenario,
                            speaker: speaker, wavPath: wavPath, sweep: sweep)
    }

    /// The result with its findings marked known or new against `--baseline`.
    func marked(_ result: ScenarioResult) -> ScenarioResult {
        guard let baseline = settings.baseline else { return result }
        var marked = result
        marked.findings = baseline.mark(result.findings)
        return marked
    }

    /// One plain line for an utterance as it starts, is cut or is dropped while playing live;
    /// nil for one spoken to its end (its start was the line).
    public static func liveLine(_ record: SpeechRecord) -> String? {
        switch record {
        case .started(let utterance, let time):
            "\(clockTime(time))  \(utterance.kind.isEarcon ? "[\(utterance.text)]" : "\"\(utterance.text)\"")"
        case .finished(let entry):
            if case .spoken = entry.fate { nil } else { "          \(entry)" }
        case .announcementDidFinish(let result):
            "          \(result)"
        }
    }
}
