import EarshotAudio
import EarshotCore
import EarshotPlayback
import EarshotReport
import Foundation

/// The report page of one screen or dump (`read --report`): the screen drawn (over its
/// screenshot, for a web page), each stop's speech, the screen's static findings.
public enum ScreenPage {
    /// Writes the page of `loaded` (read from `file`) to `path`: each stop's speech synthesized
    /// and embedded, or written beside the page as `NAME-audio/001-ID.wav` (the names `read -o`
    /// gives). `reading` is the screen as `read` listed it (its stops and speech, computed once
    /// for the listing, the page, its drawing and its findings); nil: read here.
    public static func write(_ loaded: LoadedScreen, file: String, speaker: Speaker, reader: any ScreenReader, to path: String,
                             placement: PageAudio.Placement = .automatic, reading: ReadReport? = nil) throws {
        let reading = try reading ?? ReadReport(screen: loaded.screen, profile: speaker.profile, reader: reader)
        let timing = try TimingSettings(profile: speaker.profile, reader: reader)
        let stops = reading.lines.map(\.stop)
        let findings = try ScreenLinter(profile: speaker.profile, reader: reader).findings(
            for: loaded.screen, stops: stops, source: file, locations: loaded.idLocations,
            fallback: SourceLocation(file: StandardInput.label(for: file), line: 1, column: 1))
        // Each stop's WAV goes into one bundle file on disk, streamed into the page as it is
        // written: the page never holds its audio in memory.
        try TemporaryAudio.forPage(path, count: 2) { temporaries in
            let (stopWAV, bundle) = (temporaries[0], temporaries[1])
            var pieces: [(offset: Int, length: Int)] = []
            let output = try BundleFile(path: bundle)
            defer { output.close() }
            for (stop, speech) in zip(stops, reading.lines.map(\.speech)) {
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
                    let file = stopFileName(position: index + 1, count: stops.count, id: stop.id)
                    try PageFiles.copyPiece(of: bundle, offset: piece.offset, length: piece.length,
                                            to: (folder as NSString).appendingPathComponent(file))
                    sources.append(name + "/" + file)
                }
                note = "The stops' speech is in the folder \(name) beside this page (\(PageAudio.megabytes(total))): keep the two together."
                if placement == .automatic { PageAudio.noteBeside(page: path, beside: folder, bytes: total) }
            } else {
                sources = pieces.map { audio.source(file: bundle, offset: $0.offset, length: $0.length) }
            }
            let drawing = ScreenDrawing(screen: loaded.screen, reading: reading, audio: sources, picture: loaded.picture,
                                        covered: findings)
            var page = ScreenReportPage(file: StandardInput.label(for: file), drawing: drawing, notes: loaded.notes, findings: findings)
            page.audioNote = note
            page.rate = speaker.profile.askedRate
            page.readerTitle = reader.title
            try audio.write(page.html(provenance: Provenance.line, speechLanguage: speaker.profile.language), to: path)
        }
    }

    /// The file of a stop's speech, in the folder `read -o` or a page's audio fills:
    /// `003-card-2.wav`: the position keeps files in reading order; the id is made safe for any
    /// file system.
    public static func stopFileName(position number: Int, count: Int, id: String) -> String {
        let digits = max(3, String(count).count)
        let position = String(repeating: "0", count: max(0, digits - String(number).count)) + String(number)
        let safe = id.unicodeScalars.map { scalar -> String in
            let allowed = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
            return allowed ? String(scalar) : "_"
        }.joined()
        return "\(position)-\(safe.prefix(80)).wav"
    }
}
