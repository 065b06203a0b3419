import EarshotAudio
import EarshotBatch
import EarshotCore
import EarshotPlayback
import EarshotReport
import EarshotSpeech
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
        let stops = FocusOrder(screen: loaded.screen, for: generator).stops
        let findings = try ScreenLinter(profile: speaker.profile).findings(
            for: loaded.screen, source: file, locations: loaded.idLocations,
            fallback: SourceLocation(file: StandardInput.label(for: file), line: 1, column: 1))
        // Each stop's WAV goes into one bundle file on disk, streamed into the page as it is
        // written: the page never holds its audio in memory.
        try TemporaryAudio.forPage(path, count: 2) { temporaries in
            let (stopWAV, bundle) = (temporaries[0], temporaries[1])
            var audio = PageAudio()
            var sources: [String?] = []
            let output = try BundleFile(path: bundle)
            defer { output.close() }
            for stop in stops {
                let speech = generator.describe(stop)
                do {
                    _ = try speaker.write(speech.spoken, hint: speech.spokenHint, hintPause: timing.hintPause, to: stopWAV)
                } catch let error as WAVFormatError {
                    let place = loaded.idLocations[stop.id] ?? SourceLocation(file: StandardInput.label(for: file), line: 1, column: 1)
                    throw DataFileError("stop \(stop.id) speaks for longer than one WAV file holds, so \(path) cannot carry it (\(error.problem))", at: place)
                }
                let range = try output.append(contentsOf: stopWAV)
                sources.append(audio.source(file: bundle, offset: range.offset, length: range.length))
            }
            let drawing = ScreenDrawing(screen: loaded.screen, generator: generator, audio: sources)
            let page = ScreenReportPage(file: StandardInput.label(for: file), drawing: drawing, notes: loaded.notes, findings: findings)
            try audio.write(page.html(provenance: provenance, speechLanguage: speaker.profile.language), to: path)
        }
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
    /// written beside the page as `NAME.wav` with `external`. `ownedFolder`: the page is in a
    /// folder the command owns (`test --report DIR`), where a symbolic link is refused rather
    /// than written through.
    static func writeDeskCheck(_ scenario: Scenario, result: ScenarioResult, speaker: Speaker, wavPath: String?,
                               to path: String, external: Bool, golden: String? = nil, ownedFolder: Bool = false) throws {
        guard let rendered = wavPath, rendered != "-" else {
            return try TemporaryAudio.forPage(path) { file in
                _ = try ScenarioPlayback.run(scenario, speaker: speaker, wavPath: file, transcripts: [])
                try writeDeskCheck(scenario, result: result, speaker: speaker, wavPath: file, to: path, external: external,
                                   golden: golden, ownedFolder: ownedFolder)
            }
        }
        let audio: DeskCheckReport.Audio
        var pageAudio = PageAudio()
        if external {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".wav"
            let beside = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
            if rendered != beside {
                try copyFile(rendered, to: beside, followingLinks: !ownedFolder)
            }
            audio = .external(name)
        } else {
            audio = .embedded(pageAudio.source(file: rendered, length: try fileSize(rendered)))
        }
        let captions = ScenarioPlayback.transcript(result.transcript, as: .webVTT, speaker: speaker)
        let report = DeskCheckReport(scenario: scenario, result: result, generator: try DescriptionGenerator(profile: speaker.profile),
                                     audio: audio, captions: captions, speechLanguage: speaker.profile.language)
        try pageAudio.write(report.html(provenance: provenance, golden: golden), to: path, followingLinks: !ownedFolder)
    }

    static func fileSize(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileIOError(path: path, reason: "cannot read the audio just written") }
        return Int(info.st_size)
    }

    /// Copies a file in pieces, through a temporary name and a rename.
    static func copyFile(_ source: String, to destination: String, followingLinks: Bool = true) throws {
        let temporary = followingLinks ? AtomicFile.temporaryPath(for: destination) : AtomicFile.siblingTemporaryPath(for: destination)
        let entry = try AtomicFile.createTemporary(temporary, for: destination)
        defer { TemporaryFiles.release(entry) }
        let output = try BundleFile(path: temporary)
        do {
            _ = try output.append(contentsOf: source)
            output.close()
            try AtomicFile.commit(temporary, to: destination, followingLinks: followingLinks)
        } catch {
            output.close()
            unlink(temporary)
            throw error
        }
    }
}

/// A file that other files are appended to in pieces, each one's place remembered.
final class BundleFile {
    let path: String
    private var descriptor: Int32
    private var size = 0

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileIOError(path: path, reason: "cannot create file (\(String(cString: strerror(errno))))") }
    }

    /// Appends the whole of `file`; returns where it now lies.
    func append(contentsOf file: String) throws -> (offset: Int, length: Int) {
        guard let handle = FileHandle(forReadingAtPath: file) else { throw FileIOError(path: file, reason: "cannot read file") }
        defer { try? handle.close() }
        let offset = size
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            try chunk.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: path) }
            size += chunk.count
        }
        return (offset, size - offset)
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }
}
