import EarshotCore
import Foundation

/// Reads a scenario file (docs/scenario-format.md) as one batch item: the whole timeline,
/// rendered to a WAV file and its transcripts.
///
/// The scenario is read and checked here, in the planning process, so a mistake in it is
/// reported with its file, line and column like any bad item, and the other inputs still render.
public enum ScenarioBatchParser {
    /// The item key, and the name of the output files (`timeline.wav`, `timeline.vtt`, ...).
    public static let timelineKey = "timeline"

    public static func read(path: String) throws -> BatchInputContents {
        let scenario = try ScenarioFile.load(path: path)
        var files = [path]
        for screen in scenario.screens {
            if let file = screen.file, !files.contains(file) { files.append(file) }
        }
        var hasher = SHA256()
        for file in files {
            let bytes = try TextFileDecoding.contents(path: file)
            hasher.update(Array("\(bytes.count):".utf8))
            hasher.update(bytes)
        }
        let absolute = path.hasPrefix("/")
            ? path
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        let source = ScenarioSource(path: (absolute as NSString).standardizingPath, voice: scenario.voice,
                                    digest: hasher.hexDigest)
        return BatchInputContents(items: [BatchItem(input: path, line: 1, key: timelineKey, content: .scenario(source))])
    }
}
