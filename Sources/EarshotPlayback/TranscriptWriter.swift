import EarshotCore
import Foundation

/// `--transcript FILE`: the run's timeline (`RunResult.timeline`) as a transcript file in
/// `format` (`-`: standard output), written whole or not at all. JSON Lines carry the text
/// handed to `speaker`'s engine, which is why the writer holds the speaker.
public struct TranscriptWriter: RunWriter {
    public let option = "--transcript"
    public var path: String
    public var format: TranscriptFormat
    public var speaker: Speaker

    public init(path: String, format: TranscriptFormat, speaker: Speaker) {
        self.path = path
        self.format = format
        self.speaker = speaker
    }

    /// Writes nothing for a run without a timeline (a run of screens or of many scenarios).
    public func write(_ result: RunResult) throws {
        guard let timeline = result.timeline else { return }
        try AtomicFile.writeOutput(ScenarioPlayback.transcript(timeline.transcript, as: format, speaker: speaker), to: path)
    }
}
