import EarshotAudio
import EarshotCore
import EarshotPlayback
import Foundation

/// `earshot check`: runs a scenario file on a virtual clock with real speech, prints what
/// VoiceOver said with each utterance's fate, checks the expectations, and writes the WAV
/// timeline and transcript files on request.
enum CheckCommand: Command {
    static let name = "check"
    static let withoutDevice: String? = "`earshot check` without --live: the same run on a virtual clock, with `-o FILE.wav` for its audio"
    static let summary = "Desk-check a scenario: transcript with fates, expectations, WAV and captions."
    static let options: [OptionSpec] = [
        .value("output", short: "o", "FILE.wav", "Write the whole timeline (cuts and earcons in place) to a WAV file (- for standard output)."),
        .value("transcript", "FILE", "Write the transcript as .txt, .jsonl or .vtt (WebVTT); repeatable; - for standard output."),
        .choice("transcript-format", TranscriptFormat.extensionNames, "The format of --transcript - (default txt)."),
        .value("voice", "NAME|PATH", "Voice profile, overriding the scenario's. Default: the scenario's, else ko."),
        .flag("live", "Play the scenario in real time through ALSA, with the same decisions."),
        .value("device", "PCM", "ALSA device for --live. Default: default."),
        .flag("quiet", short: "q", "Print only failed expectations, error findings and the summary, not the transcript."),
        .value("findings", "FILE.json", "Write the findings (static checks of each screen shown, then the flow's) as a JSON array (- for standard output)."),
        .value("report", "FILE.html", "Write a report page: audio with captions, timeline, transcript, findings, screens (docs/reports.md)."),
        ReportWriting.audioOption,
        .punctuation,
        .reader,
        .espeakData,
    ] + ReportOutputs.options

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try parseArguments(arguments, options: options)
        let path = try parsed.singleInput("SCENARIO.json", kind: "scenario file")
        let transcripts = try transcriptOutputs(parsed)
        if let wav = parsed.value("output"), wav != "-", !wav.lowercased().hasSuffix(".wav") {
            throw UsageError("-o \(wav): the name must end in .wav")
        }
        let reports = ReportOutputs(parsed)
        var outputs = transcripts.map { (option: "--transcript", path: $0.path) }
        if let wav = parsed.value("output") { outputs.append(("-o", wav)) }
        if let findings = parsed.value("findings") { outputs.append(("--findings", findings)) }
        let reportPage = parsed.value("report")
        if let reportPage {
            try ReportWriting.checkPageName(reportPage, option: "--report")
            outputs.append(("--report", reportPage))
        }
        let externalAudio = try ReportWriting.externalAudio(parsed)
        try reports.check(inputs: [path], otherOutputs: outputs)
        // With an output on standard output, the lines a person reads go to standard error.
        let out = TextOutput(toStandardError: outputs.contains { $0.path == "-" } || reports.usesStandardOutput)
        let scenario = try InputKind.explaining(path, expected: "a scenario", accepts: { $0 == .scenario }) {
            try ScenarioFile.load(path: path)
        }
        let inputs = [path] + scenario.includedFiles + scenario.screens.compactMap(\.file)
            + [scenario.voice, parsed.value("voice")].compactMap { $0 }
        try reports.check(inputs: inputs, otherOutputs: outputs)
        if let wav = parsed.value("output") { try OutputSafety.checkReplacingWAV(wav, option: "-o") }
        let speaker = try ScenarioPlayback.speaker(for: scenario, voice: parsed.value("voice"),
                                                   espeakData: parsed.value("espeak-data"),
                                                   punctuation: try parsed.punctuationLevel())
        let reader = try parsed.readerChoice()
        let quiet = parsed.has("quiet")
        let started = Date()
        let result: ScenarioResult
        if parsed.has("live") {
            if parsed.value("output") != nil { throw UsageError("--live plays the scenario; -o renders it: give one of them") }
            if !quiet, let title = scenario.title { out.line(title) }
            let observer: (@Sendable (SpeechRecord) -> Void)? = quiet ? nil : { @Sendable record in printLive(record, out) }
            // A device that fails ends the run at once (exit 69) rather than after the remaining
            // steps' times; no file is half-written (transcripts are written at the end).
            result = try StopOnSignal.watching {
                try ScenarioPlayback.runLive(scenario, speaker: speaker, device: parsed.device,
                                             transcripts: transcripts, reader: reader, observer: observer) { error in
                    standardError(error.description)
                    exit(ExitCode(error.category).rawValue)
                }
            }
        } else {
            if parsed.value("device") != nil { throw UsageError("--device goes with --live") }
            // A report needs the timeline's audio: rendered into a temporary file without -o.
            func run(wavPath: String?) throws -> ScenarioResult {
                let result = try ScenarioPlayback.run(scenario, speaker: speaker, wavPath: wavPath, transcripts: transcripts,
                                                      reader: reader).result
                if let reportPage {
                    try ReportWriting.writeDeskCheck(scenario, result: result, speaker: speaker, wavPath: wavPath,
                                                     to: reportPage, external: externalAudio)
                }
                return result
            }
            if let reportPage, parsed.value("output") == nil {
                result = try TemporaryAudio.forPage(reportPage) { try run(wavPath: $0) }
            } else {
                result = try run(wavPath: parsed.value("output"))
            }
        }
        if parsed.has("live"), reportPage != nil {
            try ReportWriting.writeDeskCheck(scenario, result: result, speaker: speaker, wavPath: nil,
                                             to: reportPage!, external: externalAudio)
        }
        if parsed.has("live") {
            for note in result.notes where !quiet { out.line("\(note)") }
        } else if !quiet {
            if let title = scenario.title { out.line(title) }
            out.text(result.transcript.readableText)
            for note in result.notes { out.line("\(note)") }
        }
        for expectation in result.expectations where !expectation.passed || !quiet {
            out.line("\(expectation)")
        }
        let findings = result.findings
        out.line("Findings: \(FindingReport.summary(findings))")
        let shown = quiet ? findings.filter { $0.severity == .error && !$0.expected } : findings
        if !shown.isEmpty { out.text(FindingReport.text(shown)) }
        if let file = parsed.value("findings") { try FindingsJSON.write(findings, to: file) }
        try reports.write([SuiteRecord.scenario(path, result: result, time: Date().timeIntervalSince(started))],
                          name: "earshot check")
        let failed = result.failedExpectations.count
        var summary = "\(result.expectations.count) expectations, \(failed) failed; \(clockTime(result.endTime)) of audio"
        let written = outputs.map(\.path) + reports.outputs.map(\.path) + (externalAudio && reportPage != nil && reportPage != "-"
            ? [((reportPage! as NSString).deletingPathExtension) + ".wav"] : [])
        for file in written where file != "-" { summary += "; wrote \(file)" }
        out.line(summary)
        return failed == 0 && !findings.hasUnexpectedErrors ? .success : .failure
    }

    /// The `--transcript` files with their formats: by extension, `-` by `--transcript-format`.
    static func transcriptOutputs(_ parsed: ParsedArguments) throws -> [(path: String, format: TranscriptFormat)] {
        var standardFormat = TranscriptFormat.text
        if let name = parsed.value("transcript-format") {
            guard let format = TranscriptFormat(path: "-." + name) else {
                throw UsageError(TranscriptFormat.unknownExtensionName(name, option: "transcript-format"))
            }
            standardFormat = format
        }
        return try parsed.all("transcript").map { file in
            if file == "-" { return (file, standardFormat) }
            guard let format = TranscriptFormat(path: file) else {
                throw UsageError("--transcript \(file): the name must end in \(TranscriptFormat.fileExtensions.joined(separator: ", ")), or be - with --transcript-format")
            }
            return (file, format)
        }
    }

    /// One plain line per utterance as it starts, is cut or is dropped, while playing live.
    static func printLive(_ record: SpeechRecord, _ out: TextOutput) {
        switch record {
        case .started(let utterance, let time):
            out.line("\(clockTime(time))  \(utterance.kind.isEarcon ? "[\(utterance.text)]" : "\"\(utterance.text)\"")")
        case .finished(let entry):
            if case .spoken = entry.fate { return }
            out.line("          \(entry)")
        case .announcementDidFinish(let result):
            out.line("          \(result)")
        }
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot check [options] SCENARIO.json"],
        arguments: [("SCENARIO.json", "A scenario file (see docs/scenario-format.md).")],
        options: options,
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
        Exit codes: 0 all expectations held and no unexpected error finding, 1 an expectation
        failed or an unexpected error finding, 64 usage, 65 bad scenario or screen file
        (file:line:column), 69 speech engine unavailable, 74 I/O.
        """
    )
}
