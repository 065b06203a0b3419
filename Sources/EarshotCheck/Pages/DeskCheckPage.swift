import EarshotCore
import EarshotPlayback
import EarshotReport
import Foundation

/// The report page of one desk check (docs/reports.md), written from the run's result: what
/// `check --report`, `check --rates --report` and each scenario of `test --report DIR` write.
public struct DeskCheckPage: Sendable {
    /// Where the page goes (`-`: standard output).
    public var path: String
    /// Embedded, beside the page as `NAME.wav`, or by size.
    public var placement: PageAudio.Placement
    /// The golden transcript the page names (`test`).
    public var golden: String?
    /// The `--standard` table of the run's findings.
    public var conformance: ConformanceReport?
    /// The page is in a folder the command owns (`test --report DIR`), where a symbolic link is
    /// refused rather than written through.
    public var ownedFolder: Bool

    public init(path: String, placement: PageAudio.Placement = .automatic, golden: String? = nil,
                conformance: ConformanceReport? = nil, ownedFolder: Bool = false) {
        self.path = path
        self.placement = placement
        self.golden = golden
        self.conformance = conformance
        self.ownedFolder = ownedFolder
    }

    /// Writes the page of `result`. The timeline WAV is `wavPath` when the run wrote one, else
    /// it is rendered again here into a temporary file, by the reader the run was heard by (a
    /// live run's or `--reader`'s, not the scenario's natural one). `sweep`: the page of a
    /// sweep of rates, whose first run is `result`.
    public func write(_ scenario: Scenario, result: ScenarioResult, speaker: Speaker, wavPath: String?,
                      sweep: RateSweep? = nil) throws {
        guard let rendered = wavPath, rendered != "-" else {
            return try TemporaryAudio.forPage(path) { file in
                let session = try ReadingSession(voice: speaker.profile, reader: try ScreenReaders.make(result.reader, profile: speaker.profile))
                _ = try ScenarioPlayback.run(scenario, speaker: speaker, session: session, wavPath: file, transcripts: [])
                try write(scenario, result: result, speaker: speaker, wavPath: file, sweep: sweep)
            }
        }
        let audio: DeskCheckReport.Audio
        var pageAudio = PageAudio()
        let bytes = try PageFiles.fileSize(rendered)
        if path != "-" && placement.external(bytes: bytes) {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".wav"
            let beside = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
            if rendered != beside {
                try PageFiles.copyFile(rendered, to: beside, followingLinks: !ownedFolder)
            }
            audio = .external(name)
            if placement == .automatic { PageAudio.noteBeside(page: path, beside: beside, bytes: bytes) }
        } else {
            audio = .embedded(pageAudio.source(file: rendered, length: bytes))
        }
        let captions = ScenarioPlayback.transcript(result.transcript, as: .webVTT, speaker: speaker)
        var report = DeskCheckReport(scenario: scenario, result: result,
                                     generator: try DescriptionGenerator(profile: speaker.profile, readerNamed: result.reader),
                                     audio: audio, captions: captions, speechLanguage: speaker.profile.language)
        report.conformance = conformance
        report.sweep = sweep
        try pageAudio.write(report.html(provenance: Provenance.line, golden: golden), to: path, followingLinks: !ownedFolder)
    }
}
