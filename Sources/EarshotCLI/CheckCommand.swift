import EarshotAudio
import EarshotCheck
import EarshotCommandLine
import EarshotCore
import EarshotReport
import Foundation

/// `earshot check`: runs a scenario file on a virtual clock with real speech, prints what
/// VoiceOver said with each utterance's fate, checks the expectations, and writes the WAV
/// timeline and transcript files on request.
enum CheckCommand: Command {
    static let name = "check"
    static let withoutDevice: String? = "`earshot check` without --live: the same run on a virtual clock, with `-o FILE.wav` for its audio"
    static let summary = "Desk-check a scenario: transcript with fates, expectations, WAV and captions."
    struct Options: CommandOptions {
        @Option("output", short: "o", "FILE.wav", "Write the whole timeline (cuts and earcons in place) to a WAV file (- for standard output).")
        var output: String?
        @Repeated("transcript", "FILE", "Write the transcript as .txt, .jsonl or .vtt (WebVTT); repeatable; - for standard output.")
        var transcript: [String]
        @Option(.standardOutputTranscriptFormat)
        var transcriptFormat: TranscriptFormat?
        @Option("voice", "NAME|PATH", "Voice profile, overriding the scenario's. Default: the scenario's, else ko.")
        var voice: String?
        @Flag("live", "Play the scenario in real time through ALSA, with the same decisions.")
        var live: Bool
        @Option("device", "PCM", "ALSA device for --live. Default: default.")
        var device: String?
        @Flag("quiet", short: "q", "Print only failed expectations, error findings and the summary, not the transcript.")
        var quiet: Bool
        @Option("findings", "FILE.json", "Write the findings (static checks of each screen shown, then the flow's) as a JSON array (- for standard output).")
        var findings: String?
        @Option("report", "FILE.html", "Write a report page: audio with captions, timeline, transcript, findings, screens (docs/reports.md).")
        var report: String?
        @Option(.reportAudio) var reportAudio: PageAudio.Placement?
        @Option(.punctuation) var punctuation: PunctuationLevel?
        @Option(.rate) var rate: Int?
        @Option(.rates) var rates: RatesChoice?
        @Option(.reader) var reader: ScreenReaderName?
        @Option(.espeakData) var espeakData: String?
        @Group var audit: AuditOptions
        @Group var reports: ReportOutputs

        /// The `--transcript` files with their formats: by extension, `-` by `--transcript-format`.
        func transcriptOutputs() throws -> [(path: String, format: TranscriptFormat)] {
            try transcript.map { file in
                if file == "-" { return (file, transcriptFormat ?? .text) }
                guard let format = TranscriptFormat(path: file) else {
                    throw UsageError("--transcript \(file): the name must end in \(TranscriptFormat.fileExtensions.joined(separator: ", ")), or be - with --transcript-format")
                }
                return (file, format)
            }
        }

        /// The settings of the check these options ask for, over the scenario at `path`: the
        /// one place the command line becomes the library's settings.
        func settings(path: String, baseline: FindingBaseline?) throws -> ScenarioCheckSettings {
            ScenarioCheckSettings(
                path: path, voice: voice, espeakData: espeakData, punctuation: punctuation, rate: rate, reader: reader,
                liveDevice: live ? device ?? AlsaSink.defaultDevice : nil, wavPath: output, transcripts: try transcriptOutputs(),
                findingsPath: findings, reportPage: report, reportAudio: reportAudio ?? .automatic, standard: audit.standard,
                quiet: quiet, baseline: baseline, density: audit.density)
        }
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        let path = try parsed.singleInput("SCENARIO.json", kind: "scenario file")
        let transcripts = try parsed.options.transcriptOutputs()
        let wav = parsed.output
        if let wav, wav != "-", !wav.lowercased().hasSuffix(".wav") {
            throw UsageError("-o \(wav): the name must end in .wav")
        }
        let live = parsed.live
        if live, wav != nil { throw UsageError("--live plays the scenario; -o renders it: give one of them") }
        if !live, parsed.device != nil { throw UsageError("--device goes with --live") }
        let reports = parsed.reports
        var outputs = transcripts.map { (option: "--transcript", path: $0.path) }
        if let wav { outputs.append(("-o", wav)) }
        if let findings = parsed.findings { outputs.append(("--findings", findings)) }
        let reportPage = parsed.report
        if let reportPage {
            try ReportWriting.checkPageName(reportPage, option: "--report")
            outputs.append(("--report", reportPage))
        }
        let placement = parsed.reportAudio ?? .automatic
        if let reportPage, reportPage != "-", placement.mayWriteBeside {
            // The page's audio beside it is NAME.wav; when -o names that file, the page uses the
            // timeline written there (one file, not two outputs: a second run replaces it).
            let beside = (reportPage as NSString).deletingPathExtension + ".wav"
            if wav.map({ !OutputSafety.samePlace($0, beside) }) ?? true { outputs.append(("--report-audio", beside)) }
        }
        let audit = parsed.audit
        try audit.validate()
        outputs += audit.outputs
        try reports.check(inputs: [path] + audit.inputs, otherOutputs: outputs)
        // With an output on standard output, the lines a person reads go to standard error.
        let out = TextOutput(toStandardError: outputs.contains { $0.path == "-" } || reports.usesStandardOutput)
        let check = try ScenarioCheck(parsed.options.settings(path: path, baseline: try audit.loadBaseline()))
        try reports.check(inputs: check.inputs + audit.inputs, otherOutputs: outputs)
        if let rates = try parsed.rates?.resolved(profileSweep: check.defaultSweepRates) {
            if parsed.rate != nil { throw UsageError("--rate runs at one rate, --rates at several: give one of them") }
            if live || wav != nil || !transcripts.isEmpty {
                throw UsageError("--rates compares runs at several rates; -o, --transcript and --live write or play one: give --rate RATE for those")
            }
            let outcome = try check.runSweep(rates: rates, write: { out.text($0) })
            try outcome.run.write(reports.writers + audit.writers)
            audit.printSummaries(of: outcome.run, out: out)
            out.line(outcome.summary(reports: reports.outputs.map(\.path) + audit.outputs.map(\.path)))
            return outcome.passed && !audit.failsOn(outcome.run.findings) ? .success : .failure
        }
        let outcome = if live {
            // A device that fails ends the run at once (exit 69) rather than after the remaining
            // steps' times; no file is half-written (transcripts are written at the end).
            try StopOnSignal.watching {
                try check.run(deviceFailed: { error in
                    standardError(error.description)
                    exit(ExitCode(error.category).rawValue)
                }, write: { out.text($0) })
            }
        } else {
            try check.run(write: { out.text($0) })
        }
        try outcome.run.write(reports.writers + audit.writers)
        for reason in outcome.run.coverage.notedReasons { standardError("\(StandardInput.label(for: path)): note: \(reason)") }
        audit.printSummaries(of: outcome.run, out: out)
        out.line(outcome.summary(reports: reports.outputs.map(\.path) + audit.outputs.map(\.path)))
        return outcome.result.failedExpectations.isEmpty && !audit.failsOn(outcome.result.findings) ? .success : .failure
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot check [options] SCENARIO.json"],
        arguments: [("SCENARIO.json", "A scenario file (see docs/scenario-format.md).")],
        options: Options.table,
        notes: """
        Runs the scenario's gestures and app notifications on a virtual clock, with durations
        from real speech, and prints one line per utterance: start time, the words (earcons in
        brackets), the fate (spoken, cut, dropped with its reason) and its cause and scenario
        line. Then each expectation with file:line:column, then the findings: the static checks
        of each screen shown and what the flow did to the user (dropped or cut announcements,
        screen-change sounds twice or missing, focus not restored, restored to the wrong item,
        without fallback, repeated, ghost focus), two lines each with the fix (docs/findings.md,
        docs/desk-checks.md). Without -o nothing is written.
        Each finding starts with FILE:LINE:COLUMN of its cause (the step; an Element: line
        gives the element's place in its screen file). A finding the scenario expects
        (expect: {finding: CODE}) is marked "(expected)" and does not fail the check.
        SCENARIO.json may be - (standard input; relative paths then start at the current
        folder); any output may be - (standard output; this text then goes to standard error).
        --junit and --sarif write CI reports (docs/ci-reports.md).
        --rate WPM runs at that speaking rate; --rates 175,300,450 (or default, the voice
        profile's sweep) runs once per rate and prints each rate's transcript, the utterances
        whose fate changes with the rate, each rate's expectations (an expectation with
        "rates" is checked at those only) and findings, and timing.rate-dependent for an
        announcement heard at some rates and lost at others (docs/speech-scheduling.md,
        "Speaking rates").
        \(AuditOptions.helpNote)
        Exit codes: 0 all expectations held and no unexpected error finding, 1 an expectation
        failed or an unexpected error finding, 64 usage, 65 bad scenario or screen file
        (file:line:column), 69 speech engine unavailable, 74 I/O.
        """
    )
}

extension OptionDeclaration where Value == TranscriptFormat {
    /// `check --transcript-format`: the format of `--transcript -` (a name ending in an extension counts).
    static var standardOutputTranscriptFormat: Self {
        OptionDeclaration(spec: .choice("transcript-format", TranscriptFormat.extensionNames, "The format of --transcript - (default txt).")) { name in
            guard let format = TranscriptFormat(path: "-." + name) else {
                throw UsageError(TranscriptFormat.unknownExtensionName(name, option: "transcript-format"))
            }
            return format
        }
    }
}
