import EarshotPlayback
import EarshotReport
import Foundation

/// Writing the report pages (docs/reports.md): the options `check`, `test`, `read` and `render`
/// share, and the page of one desk check.
enum ReportWriting {
    static let audioOption = OptionSpec.value(
        "report-audio", "embed|external",
        "With --report: embed the WAV in the page (default), or write it beside the page as NAME.wav.")

    /// `embed` (default) or `external`.
    static func externalAudio(_ parsed: ParsedArguments) throws -> Bool {
        switch parsed.value("report-audio") {
        case nil, "embed": return false
        case "external": return true
        case let other?: throw UsageError("--report-audio expects embed or external, got \"\(other)\"")
        }
    }

    /// What made the page: the footer line, with the voice folders as `earshot --version` names them.
    static var provenance: String {
        "Made by Earshot \(earshotVersion) with \(SpeechEngine.identity); voices from \(voiceFoldersInUse())."
    }

    /// Checks a page's name: it ends in .html.
    static func checkPageName(_ path: String, option: String) throws {
        guard path.lowercased().hasSuffix(".html") || path.lowercased().hasSuffix(".htm") else {
            throw UsageError("\(option) \(path): the name must end in .html")
        }
    }

    /// Writes the page of one screen or dump: each stop's speech synthesized and embedded.
    static func writeScreen(_ loaded: LoadedScreen, file: String, speaker: Speaker, to path: String) throws {
        let generator = try DescriptionGenerator(profile: speaker.profile)
        let timing = try TimingSettings(profile: speaker.profile)
        let stops = FocusOrder(screen: loaded.screen).stops
        var sources: [String?] = []
        try TemporaryAudio.forPage(path) { temporary in
            for stop in stops {
                let speech = generator.describe(stop)
                _ = try speaker.write(speech.spoken, hint: speech.spokenHint, hintPause: timing.hintPause, to: temporary)
                sources.append(HTML.dataURI(try TextFileDecoding.contents(path: temporary), type: "audio/wav"))
            }
        }
        let drawing = ScreenDrawing(screen: loaded.screen, generator: generator, audio: sources)
        let findings = try ScreenLinter(profile: speaker.profile).findings(
            for: loaded.screen, source: file, locations: loaded.idLocations,
            fallback: SourceLocation(file: StandardInput.label(for: file), line: 1, column: 1))
        let page = ScreenReportPage(file: StandardInput.label(for: file), drawing: drawing, notes: loaded.notes, findings: findings)
        try AtomicFile.writeOutput(page.html(provenance: provenance, speechLanguage: speaker.profile.language), to: path)
    }

    /// Writes `index.html` beside the manifest: every rendered file, and each screen input drawn.
    /// Returns its path.
    static func writeRenderIndex(entries: [ManifestEntry], manifest: String, inputs: [String]) throws -> String {
        let folder = (manifest as NSString).deletingLastPathComponent
        let rows = entries.map { entry in
            RenderIndexPage.Row(input: entry.input, line: entry.line, key: entry.key, voice: entry.voice, text: entry.text,
                                output: entry.output, duration: entry.duration)
        }
        let profile = try VoiceLibrary.locate().profile(entries.first?.voice ?? "ko")
        let generator = try DescriptionGenerator(profile: profile)
        var screens: [(file: String, drawing: ScreenDrawing)] = []
        for input in inputs where input != "-" && [".json", ".xml"].contains(where: input.lowercased().hasSuffix) {
            guard let loaded = try? ScreenLoader.load(path: input) else { continue }  // a scenario, or not a screen
            screens.append((input, ScreenDrawing(screen: loaded.screen, generator: generator)))
        }
        let page = RenderIndexPage(rows: rows, screens: screens, title: "Rendered files in \(folder.isEmpty ? "." : folder)")
        let path = (folder as NSString).appendingPathComponent("index.html")
        try AtomicFile.write(page.html(provenance: provenance, speechLanguage: profile.language), to: path, followingLinks: false)
        return path
    }

    /// Writes the page of one desk check to `path`. The timeline WAV is `wavPath` when the run
    /// wrote one, else it is rendered again here into a temporary file; it is embedded, or
    /// written beside the page as `NAME.wav` with `external`.
    static func writeDeskCheck(_ scenario: Scenario, result: ScenarioResult, speaker: Speaker, wavPath: String?,
                               to path: String, external: Bool, golden: String? = nil) throws {
        guard let rendered = wavPath, rendered != "-" else {
            return try TemporaryAudio.forPage(path) { file in
                _ = try ScenarioPlayback.run(scenario, speaker: speaker, wavPath: file, transcripts: [])
                try writeDeskCheck(scenario, result: result, speaker: speaker, wavPath: file, to: path, external: external, golden: golden)
            }
        }
        let audio: DeskCheckReport.Audio
        if external {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".wav"
            let beside = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
            if rendered != beside {
                try AtomicFile.write(try TextFileDecoding.contents(path: rendered), to: beside)
            }
            audio = .external(name)
        } else {
            audio = .embedded(try TextFileDecoding.contents(path: rendered))
        }
        let captions = ScenarioPlayback.transcript(result.transcript, as: .webVTT, speaker: speaker)
        let report = DeskCheckReport(scenario: scenario, result: result, generator: try DescriptionGenerator(profile: speaker.profile),
                                     audio: audio, captions: captions, speechLanguage: speaker.profile.language)
        try AtomicFile.writeOutput(report.html(provenance: provenance, golden: golden), to: path)
    }
}
