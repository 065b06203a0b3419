import EarshotCommandLine
import EarshotCore
import EarshotPlayback
import EarshotRender
import EarshotReport
import EarshotWeb
import Foundation

/// `earshot render`: many labels, string tables, screens and scenarios to WAV files with a
/// manifest, using worker processes, resumable and splittable into shards.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Render labels, CSV tables, .strings files, screens, web pages and scenarios to WAV files with a manifest."
    struct Options: CommandOptions {
        @Option("output", short: "o", "DIR", "Folder for the WAV files and manifest.jsonl (required).")
        var output: String?
        @Option(.batchFormat)
        var format: BatchInputFormat?
        @Repeated("voice", "NAME", "Voice profile name or path; repeat to render every item in each voice (default: a scenario's own voice, else the locale's as for --voice elsewhere, else ko).")
        var voices: [String]
        @Repeated(.transcriptFormats)
        var transcriptFormats: [TranscriptFormat]
        @Option(.wholeNumber("jobs", short: "j", "N", "Worker processes, each with its own speech engine (default: number of cores)."))
        var jobs: Int?
        @Option("shard", "I/N", "Render only the I-th of N equal, contiguous parts of the job list.")
        var shard: String?
        @Option("manifest", "FILE", "Manifest path (default: DIR/manifest.jsonl, or DIR/manifest-I-of-N.jsonl for a shard).")
        var manifest: String?
        @Repeated("placeholder", "C=VALUE", "Sample value for .strings placeholders of conversion C (@, d, f, or any such as i); repeatable.")
        var placeholders: [String]
        @Option(.punctuation) var punctuation: PunctuationLevel?
        @Option(.rate) var rate: Int?
        @Option(.screenLanguage) var language: ScreenLanguage?
        @Option(.viewport) var viewport: PageViewport?
        @Option(.reader) var reader: ScreenReaderName?
        @Flag("force", "Render every file even when it is current.")
        var force: Bool
        @Flag("report", "Also write DIR/index.html: a searchable, sortable table of every file with a play control (docs/reports.md).")
        var report: Bool
        @Option(.reportAudio) var reportAudio: PageAudio.Placement?
        @Flag("quiet", short: "q", "No progress and no summary; errors are still reported.")
        var quiet: Bool
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot render INPUT... -o DIR [--voice NAME]... [--punctuation all|some|none] [--jobs N] [--shard I/N]"],
        arguments: [("INPUT", "A label list (.txt), a CSV table (.csv), an Apple string table (.strings), a screen (.json), an accessibility dump (.xml), a web page (.html, or an http://, https:// or file:// address) or a scenario (.json with \"steps\").")],
        options: Options.table,
        notes: """
        Files go to DIR/VOICE/INPUT/NAME.wav with NAME taken from the key, id or line number;
        a scenario gives DIR/VOICE/INPUT/timeline.wav with its transcripts beside it.
        A file whose text, voice profile, rate and Earshot version are unchanged is skipped, so an
        interrupted run resumes where it stopped. Exit status 1 if any item failed.
        See docs/render.md for the manifest format and for running shards on CI or a cluster.
        """)

    static func run(_ arguments: [String]) throws -> ExitCode {
        if arguments.first == "--worker" { return exitCode(of: RenderWorker.serve()) }
        let parsed = try Options.parse(arguments)
        guard let output = parsed.output else { throw UsageError("--output DIR is required") }
        guard !parsed.positionals.isEmpty else { throw UsageError("no input files given") }
        // The manifest and the index page against every file the run reads: the inputs, and
        // through a scenario its parts, screens and voice (`render --manifest d.xml sc.json`,
        // with d.xml the scenario's screen, once replaced the dump).
        let manifest = parsed.manifest ?? (output as NSString).appendingPathComponent("manifest.jsonl")
        var ownOutputs = [(option: "--manifest", path: manifest)]
        if parsed.report {
            ownOutputs.append(("--report", ((manifest as NSString).deletingLastPathComponent as NSString).appendingPathComponent("index.html")))
        }
        // Render's folder is its own: a link there is refused (BatchRenderer), not noted.
        try RunOutputs.check(ownOutputs, inputs: parsed.positionals + parsed.voices.filter(RunOutputs.isVoicePath),
                             notingLinks: false)
        let jobs = parsed.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        guard jobs >= 1 else { throw UsageError("--jobs must be at least 1, got \(jobs)") }
        var shard = Shard.whole
        if let text = parsed.shard {
            guard let parsedShard = Shard(parsing: text) else {
                throw UsageError("--shard expects I/N with 1 <= I <= N, such as 2/3; got \"\(text)\"")
            }
            shard = parsedShard
        }
        var overrides: [Character: String] = [:]
        for text in parsed.placeholders {
            guard let (conversion, value) = FormatPlaceholders.parseOverride(text) else {
                throw UsageError("--placeholder expects C=VALUE with C a conversion character (\(FormatPlaceholders.conversions)), such as d=3; got \"\(text)\"")
            }
            overrides[conversion] = value
        }

        var transcriptFormats: [TranscriptFormat] = []
        for format in parsed.transcriptFormats where !transcriptFormats.contains(format) { transcriptFormats.append(format) }
        if transcriptFormats.isEmpty { transcriptFormats = RenderPlan.defaultTranscriptFormats }

        var settings = RenderRequestSettings(
            inputs: parsed.positionals, format: parsed.format, voices: parsed.voices, placeholders: overrides,
            punctuation: parsed.punctuation, language: parsed.language ?? .asWritten, reader: parsed.reader,
            transcriptFormats: transcriptFormats, rate: parsed.rate)
        let language = parsed.language ?? .asWritten
        let viewport = try ScreenInputOptions.window(parsed.viewport, for: parsed.reader)
        settings.loadPage = { path in try ScreenInputOptions.loadPage(path, language: language, viewport: viewport, covers: false) }
        let planning = try RenderPlanning(settings)
        if !parsed.quiet { for (file, notes) in planning.notes { printNotes(notes, file: file) } }
        for error in planning.unreadable { standardError(error.description) }
        for problem in planning.problems { standardError(problem.description) }

        let quiet = parsed.quiet
        // The index plays the files the render writes, beside it; `embed` puts them inside it.
        let placement = parsed.reportAudio ?? .automatic
        if parsed.reportAudio != nil && !parsed.report {
            throw UsageError("--report-audio says where the page's audio goes: give --report too")
        }
        var renderOptions = BatchRenderOptions(
            outputDirectory: output, jobs: jobs, shard: shard, manifestPath: parsed.manifest,
            force: parsed.force, progress: quiet ? .quiet : RenderProgress.automaticStyle(),
            workerCommand: [workerExecutable(), "render", "--worker"]
        )
        if parsed.report {
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
        if parsed.report {
            let page = try RenderIndex.write(entries: summary.entries, manifest: summary.manifestPath,
                                             inputs: parsed.positionals, reader: parsed.reader, embed: placement == .embed)
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

extension OptionDeclaration where Value == BatchInputFormat {
    /// `render --format`: every input read as this format.
    static var batchFormat: Self {
        OptionDeclaration(spec: .choice(
            "format", BatchInputFormat.names, valueName: "FORMAT",
            "Read every input as \(BatchInputFormat.names.joined(separator: ", ")) (default: by extension and content).")
        ) { text in
            guard let format = BatchInputFormat(rawValue: text) else {
                let valid = BatchInputFormat.allCases.map(\.rawValue)
                throw UsageError("unknown --format \"\(text)\"" + NameSuggestion.didYouMean(text, in: valid) + "; valid formats: \(valid.joined(separator: ", "))")
            }
            return format
        }
    }
}

extension OptionDeclaration where Value == TranscriptFormat {
    /// `render --transcript-format`: the transcripts written beside a scenario's WAV.
    static var transcriptFormats: Self {
        OptionDeclaration(spec: .choice(
            "transcript-format", TranscriptFormat.extensionNames, valueName: "EXT",
            "Transcripts written beside a scenario's WAV: \(TranscriptFormat.extensionNames.joined(separator: ", ")); repeatable (default: txt and vtt).")
        ) { name in
            guard let format = TranscriptFormat(extensionName: name) else {
                throw UsageError(TranscriptFormat.unknownExtensionName(name, option: "transcript-format"))
            }
            return format
        }
    }
}
