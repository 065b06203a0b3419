import EarshotCore
import EarshotPlayback
import EarshotRender
import EarshotReport
import Foundation

/// `earshot render`: many labels, string tables, screens and scenarios to WAV files with a
/// manifest, using worker processes, resumable and splittable into shards.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Render labels, CSV tables, .strings files, screens and scenarios to WAV files with a manifest."
    static let options: [OptionSpec] = [
        .value("output", short: "o", "DIR", "Folder for the WAV files and manifest.jsonl (required)."),
        .choice("format", BatchInputFormat.self, valueName: "FORMAT",
                "Read every input as \(BatchInputFormat.names.joined(separator: ", ")) (default: by extension and content)."),
        .value("voice", "NAME", "Voice profile name or path; repeat to render every item in each voice (default: a scenario's own voice, else the locale's as for --voice elsewhere, else ko)."),
        .choice("transcript-format", TranscriptFormat.extensionNames, valueName: "EXT",
                "Transcripts written beside a scenario's WAV: \(TranscriptFormat.extensionNames.joined(separator: ", ")); repeatable (default: txt and vtt)."),
        .value("jobs", short: "j", "N", "Worker processes, each with its own speech engine (default: number of cores)."),
        .value("shard", "I/N", "Render only the I-th of N equal, contiguous parts of the job list."),
        .value("manifest", "FILE", "Manifest path (default: DIR/manifest.jsonl, or DIR/manifest-I-of-N.jsonl for a shard)."),
        .value("placeholder", "C=VALUE", "Sample value for .strings placeholders of conversion C (@, d, f, or any such as i); repeatable."),
        .punctuation,
        .rate,
        .screenLanguage,
        .reader,
        .flag("force", "Render every file even when it is current."),
        .flag("report", "Also write DIR/index.html: a searchable, sortable table of every file with a play control (docs/reports.md)."),
        ReportWriting.audioOption,
        .flag("quiet", short: "q", "No progress and no summary; errors are still reported."),
    ]

    static let help = helpText(
        overview: summary,
        usage: ["earshot render INPUT... -o DIR [--voice NAME]... [--punctuation all|some|none] [--jobs N] [--shard I/N]"],
        arguments: [("INPUT", "A label list (.txt), a CSV table (.csv), an Apple string table (.strings), a screen (.json) or a scenario (.json with \"steps\").")],
        options: options,
        notes: """
        Files go to DIR/VOICE/INPUT/NAME.wav with NAME taken from the key, id or line number;
        a scenario gives DIR/VOICE/INPUT/timeline.wav with its transcripts beside it.
        A file whose text, voice profile, rate and Earshot version are unchanged is skipped, so an
        interrupted run resumes where it stopped. Exit status 1 if any item failed.
        See docs/render.md for the manifest format and for running shards on CI or a cluster.
        """)

    static func run(_ arguments: [String]) throws -> ExitCode {
        if arguments.first == "--worker" { return exitCode(of: RenderWorker.serve()) }
        let parsed = try parseArguments(arguments, options: options)
        guard let output = parsed.value("output") else { throw UsageError("--output DIR is required") }
        guard !parsed.positionals.isEmpty else { throw UsageError("no input files given") }
        // The manifest and the index page against every file the run reads: the inputs, and
        // through a scenario its parts, screens and voice (`render --manifest d.xml sc.json`,
        // with d.xml the scenario's screen, once replaced the dump).
        let manifest = parsed.value("manifest") ?? (output as NSString).appendingPathComponent("manifest.jsonl")
        var ownOutputs = [(option: "--manifest", path: manifest)]
        if parsed.has("report") {
            ownOutputs.append(("--report", ((manifest as NSString).deletingLastPathComponent as NSString).appendingPathComponent("index.html")))
        }
        // Render's folder is its own: a link there is refused (BatchRenderer), not noted.
        try RunOutputs.check(ownOutputs, inputs: parsed.positionals + parsed.all("voice").filter(RunOutputs.isVoicePath),
                             notingLinks: false)
        let jobs = try parsed.int("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        guard jobs >= 1 else { throw UsageError("--jobs must be at least 1, got \(jobs)") }
        var shard = Shard.whole
        if let text = parsed.value("shard") {
            guard let parsedShard = Shard(parsing: text) else {
                throw UsageError("--shard expects I/N with 1 <= I <= N, such as 2/3; got \"\(text)\"")
            }
            shard = parsedShard
        }
        var forcedFormat: BatchInputFormat?
        if let text = parsed.value("format") {
            guard let format = BatchInputFormat(rawValue: text) else {
                let valid = BatchInputFormat.allCases.map(\.rawValue)
                throw UsageError("unknown --format \"\(text)\"" + NameSuggestion.didYouMean(text, in: valid) + "; valid formats: \(valid.joined(separator: ", "))")
            }
            forcedFormat = format
        }
        var overrides: [Character: String] = [:]
        for text in parsed.all("placeholder") {
            guard let (conversion, value) = FormatPlaceholders.parseOverride(text) else {
                throw UsageError("--placeholder expects C=VALUE with C a conversion character (\(FormatPlaceholders.conversions)), such as d=3; got \"\(text)\"")
            }
            overrides[conversion] = value
        }

        var transcriptFormats: [TranscriptFormat] = []
        for name in parsed.all("transcript-format") {
            guard let format = TranscriptFormat(extensionName: name) else {
                throw UsageError(TranscriptFormat.unknownExtensionName(name, option: "transcript-format"))
            }
            if !transcriptFormats.contains(format) { transcriptFormats.append(format) }
        }
        if transcriptFormats.isEmpty { transcriptFormats = RenderPlan.defaultTranscriptFormats }

        let planning = try RenderPlanning(RenderRequestSettings(
            inputs: parsed.positionals, format: forcedFormat, voices: parsed.all("voice"), placeholders: overrides,
            punctuation: try parsed.punctuationLevel(), language: try parsed.screenLanguage(), reader: try parsed.readerChoice(),
            transcriptFormats: transcriptFormats, rate: try parsed.rate()))
        if !parsed.has("quiet") { for (file, notes) in planning.notes { printNotes(notes, file: file) } }
        for error in planning.unreadable { standardError(error.description) }
        for problem in planning.problems { standardError(problem.description) }

        let quiet = parsed.has("quiet")
        // The index plays the files the render writes, beside it; `embed` puts them inside it.
        let placement = try ReportWriting.audioPlacement(parsed)
        if parsed.value("report-audio") != nil && !parsed.has("report") {
            throw UsageError("--report-audio says where the page's audio goes: give --report too")
        }
        var renderOptions = BatchRenderOptions(
            outputDirectory: output, jobs: jobs, shard: shard, manifestPath: parsed.value("manifest"),
            force: parsed.has("force"), progress: quiet ? .quiet : RenderProgress.automaticStyle(),
            workerCommand: [workerExecutable(), "render", "--worker"]
        )
        if parsed.has("report") {
            renderOptions.extraOutputs = [((renderOptions.resolvedManifestPath as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("index.html")]
        }
        let renderer = BatchRenderer(plan: planning.plan, options: renderOptions)
        let summary = try renderer.run()
        for failure in summary.failures { standardError(failure.description) }
        if let error = summary.manifestError { standardError(error.description) }
        if !quiet {
            var line = "rendered \(summary.rendered), skipped \(summary.skipped) (current)"
            let failed = summary.failures.count + planning.failedCount
            if failed > 0 { line += ", failed \(failed)" }
            line += String(format: "; %.1f s of audio; manifest: %@", summary.renderedAudioSeconds, summary.manifestPath)
            standardError(line)
        }
        if let signal = summary.interruptedBy {
            standardError("render: stopped by signal \(signal); the manifest lists the \(summary.entries.count) finished files. Run the same command again to resume.")
            StopOnSignal.dieOf(signal)
        }
        if summary.manifestError != nil || summary.failures.contains(where: \.isIOError) { return .ioError }
        if parsed.has("report") {
            let page = try RenderIndex.write(entries: summary.entries, manifest: summary.manifestPath,
                                             inputs: parsed.positionals, embed: placement == .embed)
            if !quiet { standardError("render: wrote \(page)") }
        }
        let anyFailed = !summary.failures.isEmpty || planning.failedCount > 0
        return anyFailed ? .failure : .success
    }

    /// The running `earshot` binary, started again in worker mode.
    /// A render worker's exit status: 0 when its input ended with every answer written.
    static func exitCode(of ending: RenderWorker.Ending) -> ExitCode {
        switch ending {
        case .finished: .success
        case .engineFailed(let category): ExitCode(category)
        case .unreadableRequest: .failure
        case .answerLost: .ioError
        }
    }

    static func workerExecutable() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments[0]
    }
}
