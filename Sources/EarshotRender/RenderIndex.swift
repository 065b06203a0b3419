import EarshotCore
import EarshotPlayback
import EarshotReport
import Foundation

/// `render --report`'s page: `index.html` beside the manifest.
public enum RenderIndex {
    /// Writes `index.html` beside the manifest: every rendered file, and each screen input
    /// drawn; with `embed` (`--report-audio embed`) each file's bytes are streamed into the
    /// page, which then stands alone. Returns its path.
    /// Each screen is drawn as `reader` reads it (`--reader`), else as its natural reader does
    /// (TalkBack for an Android dump, NVDA for a web page, VoiceOver otherwise).
    public static func write(entries: [ManifestEntry], manifest: String, inputs: [String], reader: ScreenReaderName? = nil,
                             embed: Bool = false) throws -> String {
        let folder = (manifest as NSString).deletingLastPathComponent
        let rows = entries.map { entry in
            RenderIndexPage.Row(input: entry.input, line: entry.line, key: entry.key, voice: entry.voice, text: entry.text,
                                output: entry.output, duration: entry.duration)
        }
        let profile = try VoiceLibrary.locate().profile(entries.first?.voice ?? VoiceLibrary.defaultVoice)
        var generators: [ScreenReaderName: DescriptionGenerator] = [:]
        var screens: [(file: String, drawing: ScreenDrawing, reader: String)] = []
        for input in inputs where input != "-" && [".json", ".xml"].contains(where: input.lowercased().hasSuffix) {
            guard let loaded = try? ScreenLoader.load(path: input) else { continue }  // a scenario, or not a screen
            let name = ScreenReaders.decide(asked: reader, for: [loaded.screen])
            let generator = try generators[name] ?? DescriptionGenerator(profile: profile, reader: try ScreenReaders.make(name, profile: profile))
            generators[name] = generator
            screens.append((input, ScreenDrawing(screen: loaded.screen, generator: generator), generator.reader.title))
        }
        var page = RenderIndexPage(rows: rows, screens: screens, title: "Rendered files in \(folder.isEmpty ? "." : folder)")
        let path = (folder as NSString).appendingPathComponent("index.html")
        guard embed else {
            try AtomicFile.write(page.html(provenance: Provenance.line, speechLanguage: profile.language), to: path, followingLinks: false)
            return path
        }
        var audio = PageAudio()
        page.sources = try entries.map { entry in
            let file = (folder as NSString).appendingPathComponent(entry.output)
            return audio.source(file: file, length: try PageFiles.fileSize(file))
        }
        try audio.write(page.html(provenance: Provenance.line, speechLanguage: profile.language), to: path)
        return path
    }
}
