import EarshotAudio
import EarshotCore
import EarshotPlayback
import EarshotRender
import EarshotSpeech
import Foundation
import Testing

/// A screen reader that exists only in these tests: it visits the standard stops from last to
/// first and speaks every label backwards ("확인" is "인확"). Registered here and nowhere else,
/// it proves that adding a reader is local: `read`'s report, `check`'s scenario run with real
/// speech and `render`'s planning and rendering all hear it without a change outside its type.
struct BackwardsReader: ScreenReader {
    static let name = ScreenReaderName("backwards")
    static let title = "Backwards"

    init(profile: VoiceProfile) throws {}

    /// Its own stops rule: the standard order, reversed.
    func stops(of screen: Screen) -> [FocusStop] { FocusOrder.standardStops(of: screen).reversed() }

    func describe(_ stop: FocusStop, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription {
        var backwards = stop
        backwards.label = stop.label.map { String($0.reversed()) }
        return generator.describeWithProfileWords(backwards)
    }

    /// Its own timing: a short hint pause, announcements never dropped for a gesture.
    var speechRules: ReaderSpeechRules { ReaderSpeechRules(hintPause: 0.2, announcementsYieldToGestures: false) }

    /// Its own sounds: the profile's earcons, each for another thing.
    static let sounds = ReaderSounds(activation: .pageScroll, screenChanged: .boundary, boundary: .activation)
    func sounds(in profile: VoiceProfile) throws -> ReaderSounds { Self.sounds }

    /// Its own wording of a missing label.
    static func findingWording(_ code: FindingCode) -> FindingWording? {
        code == .labelMissing ? FindingWording(meaning: "Backwards hears nothing.", fix: "Name it backwards.", seed: "these tests") : nil
    }
}

@Suite("A reader registered only in the tests", .serialized)
struct TestReaderTests {
    init() { ScreenReaders.register(BackwardsReader.self) }

    static let library = VoiceLibrary(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices").path)

    static func speaker() throws -> Speaker { try Speaker(voice: "ko", library: library) }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Two buttons; the screen file names the test reader as its own (`"reader"`).
    static let screenJSON = """
    {
      "screen": "확인 화면",
      "reader": "backwards",
      "elements": [
        { "id": "ok", "kind": "button", "label": "확인", "frame": [16, 100, 100, 44] },
        { "id": "cancel", "kind": "button", "label": "취소", "frame": [16, 200, 100, 44] }
      ]
    }
    """

    static let scenarioJSON = """
    {
      "title": "Two swipes",
      "voice": "ko",
      "screen": "screen.json",
      "steps": [
        { "gesture": "next" },
        { "gesture": "next" }
      ]
    }
    """

    /// The test's files in a folder of its own.
    static func files() throws -> (folder: URL, screen: String, scenario: String) {
        let folder = try Self.temporaryFolder()
        let screen = folder.appendingPathComponent("screen.json")
        let scenario = folder.appendingPathComponent("scenario.json")
        try screenJSON.write(to: screen, atomically: true, encoding: .utf8)
        try scenarioJSON.write(to: scenario, atomically: true, encoding: .utf8)
        return (folder, screen.path, scenario.path)
    }

    @Test("the registry knows the reader by name; a screen file may name it; a misspelt name lists it")
    func registered() throws {
        #expect(ScreenReaders.names.contains(BackwardsReader.name))
        #expect(ScreenReaderName("backwards").title == "Backwards")
        let (folder, screen, _) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try ScreenLoader.load(path: screen)
        #expect(loaded.screen.reader == BackwardsReader.name)
        #expect(ScreenReaders.natural(for: loaded.screen) == BackwardsReader.name)
        let error = UnknownScreenReader(name: ScreenReaderName("backward")).description
        #expect(error.contains(#"did you mean "backwards"?"#), "\(error)")
    }

    @Test("the reader's timing, sounds and finding wording are its own, with no change outside its type")
    func ownKnowledge() throws {
        let profile = try Self.library.profile("ko")
        let reader = try ScreenReaders.make(BackwardsReader.name, profile: profile)
        let timing = try TimingSettings(profile: profile, reader: reader)
        #expect(timing.hintPause == 0.2 && !timing.announcementsYieldToGestures)
        #expect(timing.sounds == BackwardsReader.sounds)
        let standard = try TimingSettings(profile: profile, reader: try ScreenReaders.make(ScreenReaders.standard.name, profile: profile))
        #expect(standard.hintPause != 0.2 && standard.sounds != BackwardsReader.sounds)
        let entry = FindingCatalogue.entry(for: .labelMissing, reader: BackwardsReader.name)
        #expect(entry.meaning == "Backwards hears nothing." && entry.fix == "Name it backwards.")
        #expect(FindingCatalogue.entry(for: .labelFileName, reader: BackwardsReader.name) == FindingCatalogue.entry(for: .labelFileName))

        // A run over the screen that names it decides it once, and its session carries its timing and sounds.
        let (folder, screen, _) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try ReadingSession(voice: profile, asking: nil, for: [try ScreenLoader.load(path: screen).screen])
        #expect(session.reader.name == BackwardsReader.name && session.words.reader.name == BackwardsReader.name)
        #expect(try session.timing().hintPause == 0.2 && session.sounds() == BackwardsReader.sounds)
    }

    @Test("read: the report lists the stops last first, each label backwards")
    func read() throws {
        let (folder, screen, _) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try ScreenLoader.load(path: screen)
        let profile = try Self.library.profile("ko")
        let reader = try ScreenReaders.make(ScreenReaders.natural(for: loaded.screen), profile: profile)
        let report = try ReadReport(screen: loaded.screen, profile: profile, reader: reader)
        #expect(report.lines.map(\.id) == ["cancel", "ok"])
        #expect(report.lines.map(\.speech.text) == ["소취, 버튼", "인확, 버튼"])
        // The standard reader, asked for, reads the same screen forwards.
        let forwards = try ReadReport(screen: loaded.screen, profile: profile, reader: try ScreenReaders.make(ScreenReaders.standard.name, profile: profile))
        #expect(forwards.lines.map(\.speech.text) == ["확인, 버튼", "취소, 버튼"])
    }

    @Test("check: a scenario run with real speech says the labels backwards, in the transcript and its timeline")
    func check() throws {
        let (folder, _, scenarioPath) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.load(path: scenarioPath)
        let speaker = try Self.speaker()
        let transcript = folder.appendingPathComponent("run.txt").path
        let wav = folder.appendingPathComponent("run.wav").path
        // The screen's own reader (its file names it), and the same reader asked for by name.
        for reader in [nil, BackwardsReader.name] {
            let run = try ScenarioPlayback.run(scenario, speaker: speaker,
                                               session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: reader),
                                               wavPath: wav, transcriptPaths: [transcript])
            #expect(run.result.reader == BackwardsReader.name)
            #expect(run.result.transcript.heardTexts == ["소취, 버튼", "인확, 버튼"])
            let text = try String(contentsOfFile: transcript, encoding: .utf8)
            #expect(text.contains("소취, 버튼") && text.contains("인확, 버튼") && !text.contains("확인"), "\(text)")
            // eSpeak NG spoke both: the timeline holds at least the two labels' samples.
            let audio = try WAVFile.read(path: wav)
            let spoken = try speaker.sampleCount(of: SpokenText("소취, 버튼")) + speaker.sampleCount(of: SpokenText("인확, 버튼"))
            #expect(audio.samples.count >= spoken && spoken > 0)
        }
    }

    @Test("render: the plan's texts are backwards, and a job rendered in-process as a worker renders it speaks them")
    func render() throws {
        let (folder, screen, scenario) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let planning = try RenderPlanning(RenderRequestSettings(inputs: [screen, scenario], reader: BackwardsReader.name,
                                                                transcriptFormats: [.text],
                                                                library: Self.library))
        #expect(planning.problems.isEmpty, "\(planning.problems)")
        let jobs = planning.plan.jobs
        #expect(jobs.filter { $0.scenario == nil }.map(\.segments) == [["소취, 버튼"], ["인확, 버튼"], ["소취, 버튼", "인확, 버튼"]])
        let engine = try SpeechEngine()
        let speaker = try Self.speaker()

        // A stop: the WAV is the speech of its backwards text, sample for sample.
        let stop = try #require(jobs.first { $0.item.key == "cancel" })
        let stopWAV = folder.appendingPathComponent("cancel.wav").path
        let stopResponse = RenderWorker.render(Self.request(for: stop, output: stopWAV), engine: engine)
        guard case .rendered = stopResponse.outcome else {
            Issue.record("the stop was not rendered: \(stopResponse.outcome)")
            return
        }
        let expected = folder.appendingPathComponent("expected.wav").path
        _ = try speaker.write("소취, 버튼", hint: nil, hintPause: 0, to: expected)
        #expect(try WAVFile.read(path: stopWAV).samples == WAVFile.read(path: expected).samples)

        // The scenario: run in-process by the reader its request names, its transcript backwards.
        let run = try #require(jobs.first { $0.scenario != nil })
        #expect(run.reader == BackwardsReader.name)
        let runWAV = folder.appendingPathComponent("scenario.wav").path
        let runText = folder.appendingPathComponent("scenario.txt").path
        let response = RenderWorker.render(Self.request(for: run, output: runWAV, transcript: runText), engine: engine)
        guard case .rendered(_, _, _, let heard) = response.outcome else {
            Issue.record("the scenario was not rendered: \(response.outcome)")
            return
        }
        #expect(heard == "소취, 버튼\n인확, 버튼")
        let text = try String(contentsOfFile: runText, encoding: .utf8)
        #expect(text.contains("소취, 버튼") && text.contains("인확, 버튼"), "\(text)")
        #expect(try WAVFile.read(path: runWAV).samples.count > 0)
    }

    /// A page saved by `earshot import` (Tests/FuzzCorpus/axtree/basics.axtree.json), copied
    /// into `folder` with a scenario of two swipes on it.
    static func savedPage(in folder: URL) throws -> (tree: String, scenario: String) {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus/axtree/basics.axtree.json")
        let tree = folder.appendingPathComponent("basics.axtree.json")
        try FileManager.default.copyItem(at: source, to: tree)
        let scenario = folder.appendingPathComponent("page.json")
        try #"{"title": "Two swipes on a page", "voice": "en", "screen": "basics.axtree.json", "steps": [{"gesture": "next"}, {"gesture": "next"}]}"#
            .write(to: scenario, atomically: true, encoding: .utf8)
        return (tree.path, scenario.path)
    }

    @Test("on a saved web tree: read lists the page's stops last first with labels backwards, and check hears them so")
    func savedWebTree() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (tree, scenarioPath) = try Self.savedPage(in: folder)
        let loaded = try ScreenLoader.load(path: tree)
        let profile = try Self.library.profile("en")
        let backwards = try ReadReport(screen: loaded.screen, profile: profile,
                                       reader: try ScreenReaders.make(BackwardsReader.name, profile: profile))
        // Its rule reverses the standard order (VoiceOver reads a page in its own, Safari's, way).
        let forwards = FocusOrder.standardStops(of: loaded.screen)
        #expect(backwards.lines.count > 2)
        #expect(backwards.lines.map(\.id) == forwards.map(\.id).reversed())
        let said = backwards.lines.map(\.speech.text)
        #expect(said.contains { $0.contains("trac ot ddA") } && !said.contains { $0.contains("Add to cart") }, "\(said)")

        // check: the page's scenario run with real speech, the reader asked for by name.
        let scenario = try ScenarioFile.load(path: scenarioPath)
        let speaker = try Speaker(voice: "en", library: Self.library)
        let run = try ScenarioPlayback.run(scenario, speaker: speaker,
                                           session: try ScenarioPlayback.session(for: scenario, speaker: speaker,
                                                                                 asking: BackwardsReader.name))
        #expect(run.result.reader == BackwardsReader.name)
        // The two stops' words (their hints, the reader's standard words, may follow them).
        let stopsHeard = run.result.transcript.entries.filter { $0.utterance.kind == .element && $0.fate.wasSpokenInFull }
            .map(\.utterance.text)
        #expect(stopsHeard == Array(said.prefix(2)), "\(run.result.transcript.heardTexts)")
    }

    /// The request a render sends a worker for `job`, writing to `output` (and a text transcript).
    static func request(for job: RenderJob, output: String, transcript: String? = nil) -> RenderRequest {
        var request = RenderRequest(
            job: job.index, profile: job.profilePath, punctuation: job.punctuation, segments: job.segments,
            spans: job.spans, pause: job.pause, scenario: job.scenario, reader: job.reader, output: output,
            temporary: output + ".part",
            transcripts: transcript.map { [RenderRequest.OutputFile(output: $0, temporary: $0 + ".part")] } ?? [])
        request.rate = job.rate
        return request
    }
}
