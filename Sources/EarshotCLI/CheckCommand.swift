import EarshotPlayback
import Foundation

/// `earshot check`: runs a scenario file on a virtual clock with real speech, prints what
/// VoiceOver said with each utterance's fate, checks the expectations, and writes the WAV
/// timeline and transcript files on request.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Desk-check a scenario: transcript with fates, expectations, WAV and captions."
    static let options: [OptionSpec] = [
        .value("output", short: "o", "FILE.wav", "Write the whole timeline (cuts and earcons in place) to a WAV file."),
        .value("transcript", "FILE", "Write the transcript as .txt, .jsonl or .vtt (WebVTT); repeatable."),
        .value("voice", "NAME|PATH", "Voice profile, overriding the scenario's. Default: the scenario's, else ko."),
        .flag("live", "Play the scenario in real time through ALSA, with the same decisions."),
        .value("device", "PCM", "ALSA device for --live. Default: default."),
        .flag("quiet", short: "q", "Print only failed expectations, error findings and the summary, not the transcript."),
        .value("findings", "FILE.json", "Write the findings (static checks of each screen shown, then the flow's) as a JSON array."),
        .espeakData,
    ]

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try parseArguments(arguments, options: options)
        let path = try parsed.singleInput("SCENARIO.json", kind: "scenario file")
        let transcripts = parsed.all("transcript")
        for file in transcripts where TranscriptFormat(path: file) == nil {
            throw UsageError("--transcript \(file): the name must end in \(TranscriptFormat.fileExtensions.joined(separator: ", "))")
        }
        if let wav = parsed.value("output"), !wav.lowercased().hasSuffix(".wav") {
            throw UsageError("-o \(wav): the name must end in .wav")
        }
        let scenario = try ScenarioFile.load(path: path)
        var outputs = transcripts.map { (option: "--transcript", path: $0) }
        if let wav = parsed.value("output") { outputs.append(("-o", wav)) }
        if let findings = parsed.value("findings") { outputs.append(("--findings", findings)) }
        let inputs = [path] + scenario.screens.compactMap(\.file) + [scenario.voice, parsed.value("voice")].compactMap { $0 }
        try OutputSafety.check(outputs: outputs, inputs: inputs)
        if let wav = parsed.value("output") { try OutputSafety.checkReplacingWAV(wav, option: "-o") }
        let speaker = try ScenarioPlayback.speaker(for: scenario, voice: parsed.value("voice"),
                                                   espeakData: parsed.value("espeak-data"))
        let quiet = parsed.has("quiet")
        let result: ScenarioResult
        if parsed.has("live") {
            if parsed.value("output") != nil { throw UsageError("--live plays the scenario; -o renders it: give one of them") }
            if !quiet, let title = scenario.title { print(title) }
            let observer: (@Sendable (SpeechRecord) -> Void)? = quiet ? nil : { @Sendable record in printLive(record) }
            // A device that fails ends the run at once (exit 69) rather than after the remaining
            // steps' times; no file is half-written (transcripts are written at the end).
            result = try StopOnSignal.watching {
                try ScenarioPlayback.runLive(scenario, speaker: speaker, device: parsed.device,
                                             transcriptPaths: transcripts, observer: observer) { error in
                    standardError(error.description)
                    exit(error.exitCode.rawValue)
                }
            }
        } else {
            if parsed.value("device") != nil { throw UsageError("--device goes with --live") }
            result = try ScenarioPlayback.run(scenario, speaker: speaker, wavPath: parsed.value("output"),
                                              transcriptPaths: transcripts).result
        }
        if parsed.has("live") {
            for note in result.notes where !quiet { print(note) }
        } else if !quiet {
            if let title = scenario.title { print(title) }
            print(result.transcript.readableText, terminator: "")
            for note in result.notes { print(note) }
        }
        for expectation in result.expectations where !expectation.passed || !quiet {
            print(expectation)
        }
        let findings = result.findings
        print("Findings: \(FindingReport.summary(findings))")
        let shown = quiet ? findings.atLeast(.error) : findings
        if !shown.isEmpty { print(FindingReport.text(shown), terminator: "") }
        if let file = parsed.value("findings") { try FindingsJSON.write(findings, to: file) }
        let failed = result.failedExpectations.count
        var summary = "\(result.expectations.count) expectations, \(failed) failed; \(clockTime(result.endTime)) of audio"
        if let wav = parsed.value("output") { summary += "; wrote \(wav)" }
        for file in transcripts { summary += "; wrote \(file)" }
        if let file = parsed.value("findings") { summary += "; wrote \(file)" }
        print(summary)
        return failed == 0 && !findings.hasErrors ? .success : .failure
    }

    /// One plain line per utterance as it starts, is cut or is dropped, while playing live.
    static func printLive(_ record: SpeechRecord) {
        switch record {
        case .started(let utterance, let time):
            print("\(clockTime(time))  \(utterance.kind.isEarcon ? "[\(utterance.text)]" : "\"\(utterance.text)\"")")
        case .finished(let entry):
            if case .spoken = entry.fate { return }
            print("          \(entry)")
        case .announcementDidFinish(let result):
            print("          \(result)")
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
        Exit codes: 0 all expectations held and no error finding, 1 an expectation failed or an
        error finding, 64 usage, 65 bad scenario or screen file (file:line:column), 69 speech
        engine unavailable, 74 I/O.
        """
    )
}
