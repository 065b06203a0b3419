import EarshotCore
import EarshotPlayback
import Foundation

/// `--report PAGE`: the report page of a run of one scenario (`DeskCheckPage`) as a writer of
/// its result: the timeline (`RunResult.timeline`) and the `--standard` table of the run.
///
/// The page needs what the result does not hold: the scenario (its screens and steps), the
/// speaker (captions and the reader's words) and the timeline's audio. The audio is given as a
/// handle, the WAV file the run's renderer streamed it to (`wavPath`), not as samples: a run
/// holds one utterance's samples at a time, and so does writing its page (nil, or `-`: the
/// page renders the timeline again into a temporary file). `test --report DIR` feeds it one
/// scenario at a time, a result of that scenario alone, as each run finishes.
public struct DeskCheckPageWriter: RunWriter {
    public let option = "--report"
    public var page: DeskCheckPage
    public var scenario: Scenario
    public var speaker: Speaker
    public var wavPath: String?
    /// The page of a sweep of rates: the timeline is its first run.
    public var sweep: RateSweep?

    public var path: String { page.path }

    public init(page: DeskCheckPage, scenario: Scenario, speaker: Speaker, wavPath: String?, sweep: RateSweep? = nil) {
        self.page = page
        self.scenario = scenario
        self.speaker = speaker
        self.wavPath = wavPath
        self.sweep = sweep
    }

    public func write(_ result: RunResult) throws {
        guard let timeline = sweep?.runs.first?.result ?? result.timeline else {
            preconditionFailure("a desk check's page is written from a run of one scenario")
        }
        var page = page
        page.conformance = result.conformance
        try page.write(scenario, result: timeline, speaker: speaker, wavPath: wavPath, sweep: sweep)
    }
}
