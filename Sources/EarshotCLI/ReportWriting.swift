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
    /// Where a page's audio goes (`--report-audio`).
    enum AudioPlacement: Equatable {
        case embed, external
        /// Not given: embedded up to `embedLimit` bytes of WAV, beside the page above.
        case automatic

        /// Whether the run may write audio beside the page (its outputs are checked for it).
        var mayWriteBeside: Bool { self != .embed }

        /// Whether `bytes` of WAV go beside the page.
        func external(bytes: Int) -> Bool { self == .external || self == .automatic && bytes > ReportWriting.embedLimit }

        /// The value a worker process is given, nil for the default.
        var argument: String? {
            switch self {
            case .embed: "embed"
            case .external: "external"
            case .automatic: nil
            }
        }
    }

    /// Above this many bytes of WAV (about 7.5 minutes of speech at 22,050 Hz), a page's audio
    /// goes beside it unless `--report-audio embed` says otherwise: a page carries the audio
    /// as base64 (4/3 of its size), and a 35 MB page loads slowly, on a phone above all.
    static let embedLimit = 20_000_000


    /// The note a page whose audio went beside it by default prints on standard error.
    static func besideNote(page: String, beside: String, bytes: Int) -> String {
        "note: \(page): its \(megabytes(bytes)) of audio is written beside it, in \(beside), not embedded (a page embeds up to \(megabytes(embedLimit)); --report-audio embed embeds it anyway)"
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// What made the page: the footer line, naming the kinds of voice folders used (checkout,
    /// installed, …) without their paths: a page names no absolute path of the machine.
    static var provenance: String {
        var kinds: [String] = []
        for entry in VoiceLibrary.locate().entries {
            let kind = entry.source.describe().split(separator: ":").first.map(String.init) ?? ""
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return "Made by Earshot \(earshotVersion) with \(SpeechEngine.identity); voices: \(kinds.isEmpty ? "none found" : kinds.joined(separator: ", "))."
    }

    /// Checks a page's name: it ends in .html.
    static func checkPageName(_ path: String, option: String) throws {
        guard path.lowercased().hasSuffix(".html") || path.lowercased().hasSuffix(".htm") else {
            throw UsageError("\(option) \(path): the name must end in .html")
        }
    }

    /// Writes the page of one screen or dump: each stop's speech synthesized and embedded, or
    /// written beside the page as `NAME-audio/001-ID.wav` (the names `read -o` gives).
    static func writeScreen(_ loaded: LoadedScreen, file: String, speaker: Speaker, to path: String,
                            placement: AudioPlacement = .automatic) throws {
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
            var pieces: [(offset: Int, length: Int)] = []
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
                pieces.append(try output.append(contentsOf: stopWAV))
            }
            output.close()
            let total = pieces.reduce(0) { $0 + $1.length }
            var audio = PageAudio()
            var sources: [String?] = []
            var note: String?
            if path != "-" && placement.external(bytes: total) {
                let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + "-audio"
                let folder = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
                try createFolder(folder)
                for (index, (stop, piece)) in zip(stops, pieces).enumerated() {
                    let file = ReadCommand.stopFileName(position: index + 1, count: stops.count, id: stop.id)
                    try copyPiece(of: bundle, offset: piece.offset, length: piece.length,
                                  to: (folder as NSString).appendingPathComponent(file))
                    sources.append(name + "/" + file)
                }
                note = "The stops' speech is in the folder \(name) beside this page (\(megabytes(total))): keep the two together."
                if placement == .automatic {
                    FileHandle.standardError.write(Data((besideNote(page: path, beside: folder, bytes: total) + "\n").utf8))
                }
            } else {
                sources = pieces.map { audio.source(file: bundle, offset: $0.offset, length: $0.length) }
            }
            let drawing = ScreenDrawing(screen: loaded.screen, generator: generator, audio: sources)
            var page = ScreenReportPage(file: StandardInput.label(for: file), drawing: drawing, notes: loaded.notes, findings: findings)
            page.audioNote = note
            page.rate = speaker.profile.askedRate
            try audio.write(page.html(provenance: provenance, speechLanguage: speaker.profile.language), to: path)
        }
    }

    /// Writes `index.html` beside the manifest: every rendered file, and each screen input drawn.
    /// Returns its path.
    static func writeRenderIndex(entries: [ManifestEntry], manifest: String, inputs: [String], embed: Bool = false) throws -> String {
        let folder = (manifest as NSString).deletingLastPathComponent
        let rows = entries.map { entry in
            RenderIndexPage.Row(input: entry.input, line: entry.line, key: entry.key, voice: entry.voice, text: entry.text,
                                output: entry.output, duration: entry.duration)
        }
        let profile = try VoiceLibrary.locate().profile(entries.first?.voice ?? VoiceLibrary.defaultVoice)
        let generator = try DescriptionGenerator(profile: profile)
        var screens: [(file: String, drawing: ScreenDrawing)] = []
        for input in inputs where input != "-" && [".json", ".xml"].contains(where: input.lowercased().hasSuffix) {
            guard let loaded = try? ScreenLoader.load(path: input) else { continue }  // a scenario, or not a screen
            screens.append((input, ScreenDrawing(screen: loaded.screen, generator: generator)))
        }
        var page = RenderIndexPage(rows: rows, screens: screens, title: "Rendered files in \(folder.isEmpty ? "." : folder)")
        let path = (folder as NSString).appendingPathComponent("index.html")
        guard embed else {
            try AtomicFile.write(page.html(provenance: provenance, speechLanguage: profile.language), to: path, followingLinks: false)
            return path
        }
        // `--report-audio embed`: each file's bytes streamed into the page, which then stands alone.
        var audio = PageAudio()
        page.sources = try entries.map { entry in
            let file = (folder as NSString).appendingPathComponent(entry.output)
            return audio.source(file: file, length: try fileSize(file))
        }
        try audio.write(page.html(provenance: provenance, speechLanguage: profile.language), to: path)
        return path
    }

    /// Writes the page of one desk check to `path`. The timeline WAV is `wavPath` when the run
    /// wrote one, else it is rendered again here into a temporary file; it is embedded, or
    /// written beside the page as `NAME.wav` with `external`. `ownedFolder`: the page is in a
    /// folder the command owns (`test --report DIR`), where a symbolic link is refused rather
    /// than written through.
    static func writeDeskCheck(_ scenario: Scenario, result: ScenarioResult, speaker: Speaker, wavPath: String?,
                               to path: String, placement: AudioPlacement, golden: String? = nil,
                               conformance: ConformanceReport? = nil, ownedFolder: Bool = false, sweep: RateSweep? = nil) throws {
        guard let rendered = wavPath, rendered != "-" else {
            return try TemporaryAudio.forPage(path) { file in
                // Rendered by the reader the run was heard by: a live run's or `--reader`'s, not
                // the scenario's natural one.
                _ = try ScenarioPlayback.run(scenario, speaker: speaker, wavPath: file, transcripts: [], reader: result.reader)
                try writeDeskCheck(scenario, result: result, speaker: speaker, wavPath: file, to: path, placement: placement, golden: golden,
                                   conformance: conformance, ownedFolder: ownedFolder, sweep: sweep)
            }
        }
        let audio: DeskCheckReport.Audio
        var pageAudio = PageAudio()
        let bytes = try fileSize(rendered)
        if path != "-" && placement.external(bytes: bytes) {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".wav"
            let beside = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
            if rendered != beside {
                try copyFile(rendered, to: beside, followingLinks: !ownedFolder)
            }
            audio = .external(name)
            if placement == .automatic {
                FileHandle.standardError.write(Data((besideNote(page: path, beside: beside, bytes: bytes) + "\n").utf8))
            }
        } else {
            audio = .embedded(pageAudio.source(file: rendered, length: bytes))
        }
        let captions = ScenarioPlayback.transcript(result.transcript, as: .webVTT, speaker: speaker)
        var report = DeskCheckReport(scenario: scenario, result: result, generator: try DescriptionGenerator(profile: speaker.profile),
                                     audio: audio, captions: captions, speechLanguage: speaker.profile.language)
        report.conformance = conformance
        report.sweep = sweep
        try pageAudio.write(report.html(provenance: provenance, golden: golden), to: path, followingLinks: !ownedFolder)
    }

    static func fileSize(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileIOError(path: path, reason: "cannot read the audio just written") }
        return Int(info.st_size)
    }

    /// Copies `length` bytes at `offset` of `source` into a new file, through a temporary name
    /// and a rename.
    static func copyPiece(of source: String, offset: Int, length: Int, to destination: String) throws {
        guard let input = FileHandle(forReadingAtPath: source) else { throw FileIOError(path: source, reason: "cannot read file") }
        defer { try? input.close() }
        try input.seek(toOffset: UInt64(offset))
        let temporary = AtomicFile.temporaryPath(for: destination)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileIOError(path: destination, reason: "cannot create file (\(String(cString: strerror(errno))))") }
        do {
            var left = length
            while left > 0, let chunk = try input.read(upToCount: min(left, 1 << 20)), !chunk.isEmpty {
                try chunk.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: destination) }
                left -= chunk.count
            }
            close(descriptor)
            try AtomicFile.commit(temporary, to: destination)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
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
        if descriptor >= 0 { try? SystemCall.close(descriptor) }
        descriptor = -1
    }
}

extension OptionDeclaration where Value == ReportWriting.AudioPlacement {
    /// `--report-audio embed|external`; not given, a command's placement is `.automatic`.
    static var reportAudio: Self {
        OptionDeclaration(spec: .value(
            "report-audio", "embed|external",
            "With --report: embed the audio in the page, or write it beside the page (check, test: NAME.wav; read: the folder NAME-audio; render: the files it renders). Default: embedded up to 20 MB of audio, beside the page above that, with a note; render: beside.")
        ) { text in
            switch text {
            case "embed": return .embed
            case "external": return .external
            default: throw UsageError("--report-audio expects embed or external, got \"\(text)\"")
            }
        }
    }
}
