import EarshotCore
@testable import EarshotRender
import Foundation
import Testing

@Suite("Scenario render inputs")
struct ScenarioBatchReaderTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    /// A folder holding a copy of the settings screen and a scenario that reads it.
    func scenarioFolder(voice: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-scenario-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contentsOf: Self.samples.appendingPathComponent("screens/settings.json"))
            .write(to: folder.appendingPathComponent("screen.json"))
        let voiceLine = voice.map { "\"voice\": \"\($0)\", " } ?? ""
        try "{ \(voiceLine)\"screen\": \"screen.json\", \"steps\": [ { \"gesture\": \"next\" } ] }\n"
            .write(to: folder.appendingPathComponent("walk.json"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("a .json file with steps is a scenario, one with elements a screen")
    func detection() throws {
        let folder = try scenarioFolder()
        #expect(BatchInputFormat.detect(path: folder.appendingPathComponent("walk.json").path) == .scenario)
        #expect(BatchInputFormat.detect(path: folder.appendingPathComponent("screen.json").path) == .screen)
        try "{ broken".write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        #expect(BatchInputFormat.detect(path: folder.appendingPathComponent("broken.json").path) == .screen)
    }

    @Test("a scenario is one timeline item whose digest changes when a screen file it reads changes")
    func digestCoversScreens() throws {
        let folder = try scenarioFolder(voice: "en")
        let path = folder.appendingPathComponent("walk.json").path
        let first = try ScenarioBatchParser.read(path: path)
        #expect(first.items.count == 1)
        let item = try #require(first.items.first)
        #expect(item.key == "timeline")
        guard case .scenario(let source) = item.content else {
            Issue.record("not a scenario item: \(item.content)")
            return
        }
        #expect(source.voice == "en")
        #expect(source.path == path)
        #expect(try ScenarioBatchParser.read(path: path).items == first.items, "the same files give the same digest")

        let screen = folder.appendingPathComponent("screen.json")
        try (try String(contentsOf: screen, encoding: .utf8)).replacingOccurrences(of: "블루투스", with: "Bluetooth")
            .write(to: screen, atomically: true, encoding: .utf8)
        guard case .scenario(let changed) = try ScenarioBatchParser.read(path: path).items.first?.content else {
            Issue.record("not a scenario item")
            return
        }
        #expect(changed.digest != source.digest)
    }

    @Test("the plan names a scenario VOICE/INPUT/timeline.wav with one transcript per format, in its own voice when asked")
    func planning() throws {
        let folder = try scenarioFolder(voice: "en")
        let contents = try ScenarioBatchParser.read(path: folder.appendingPathComponent("walk.json").path)
        let korean = PlannedVoice(profile: RenderPlanTests.korean, profileDigest: "ko-digest") { _ in ComposedSpeech(segments: []) }
        var english = RenderPlanTests.korean
        english.name = "en"
        english.path = "/voices/en.json"
        let englishVoice = PlannedVoice(profile: english, profileDigest: "en-digest") { _ in ComposedSpeech(segments: []) }

        let each = RenderPlan(inputs: [contents], inputPaths: ["walk.json"], voices: [korean], engine: "e",
                              transcriptFormats: [.webVTT, .jsonLines])
        #expect(each.problems.isEmpty)
        let job = try #require(each.jobs.first)
        #expect(job.output == "ko/walk/timeline.wav")
        #expect(job.transcripts == ["ko/walk/timeline.vtt", "ko/walk/timeline.jsonl"])
        #expect(job.scenario == folder.appendingPathComponent("walk.json").path)
        #expect(job.segments.isEmpty)

        var asked: [String?] = []
        let own = RenderPlan(inputs: [contents], inputPaths: ["walk.json"], voices: [korean], engine: "e",
                             transcriptFormats: [.webVTT, .jsonLines]) { name in
            asked.append(name)
            return englishVoice
        }
        #expect(asked == ["en"])
        #expect(own.jobs.map(\.output) == ["en/walk/timeline.wav"])
        #expect(own.jobs[0].cacheKey != job.cacheKey, "another voice profile")

        let textOnly = RenderPlan(inputs: [contents], inputPaths: ["walk.json"], voices: [korean], engine: "e",
                                  transcriptFormats: [.text])
        #expect(textOnly.jobs[0].cacheKey != job.cacheKey, "other transcript files")
    }

    @Test("a punctuation level over the profile's goes to the worker and into a scenario's key; a label's level is in its text")
    func punctuationLevel() throws {
        let folder = try scenarioFolder()
        let scenario = try ScenarioBatchParser.read(path: folder.appendingPathComponent("walk.json").path)
        let labels = PlainTextParser.parse("할인 (50%)!\n확인\n", file: "labels.txt")
        func plan(_ level: PunctuationLevel?) throws -> RenderPlan {
            var profile = RenderPlanTests.korean
            profile.punctuationLevel = level
            let composer = try BatchTextComposer(profile: profile)
            let voice = PlannedVoice(profile: profile, profileDigest: "digest") { try composer.speech(for: $0) }
            return RenderPlan(inputs: [scenario, labels], inputPaths: ["walk.json", "labels.txt"], voices: [voice], engine: "e")
        }
        let profiles = try plan(nil), all = try plan(.all), none = try plan(PunctuationLevel.none)
        #expect(profiles.jobs.map(\.punctuation) == [nil, nil, nil])
        #expect(all.jobs.map(\.punctuation) == [.all, .all, .all])
        #expect(Set([profiles, all, none].map { $0.jobs[0].cacheKey }).count == 3, "the scenario's key names the level")
        #expect(all.jobs[1].segments == ["할인  여는 괄호 오십 퍼센트 닫는 괄호  느낌표 "])
        #expect(none.jobs[1].segments == ["할인 (오십 퍼센트)!"])
        #expect(all.jobs[1].cacheKey != none.jobs[1].cacheKey)
        #expect(all.jobs[2].cacheKey == none.jobs[2].cacheKey, "a label without punctuation is the same file at every level")
        #expect(RenderCacheKey.make(segments: ["확인"], profileDigest: "d", punctuation: nil, engine: "e")
                == RenderCacheKey.make(segments: ["확인"], profileDigest: "d", engine: "e"))
    }

    @Test("manifest lines and worker messages carry a scenario's transcripts, heard text and punctuation level")
    func messages() throws {
        let entry = ManifestEntry(input: "walk.json", line: 1, key: "timeline", voice: "ko", text: "설정, 머리말\n끝",
                                  output: "ko/walk/timeline.wav", duration: 1.5, sha256: "ab", cache: "cd",
                                  transcripts: ["ko/walk/timeline.txt", "ko/walk/timeline.vtt"])
        #expect(entry.jsonLine.hasSuffix(",\"transcripts\":[\"ko/walk/timeline.txt\",\"ko/walk/timeline.vtt\"]}"))
        #expect(ManifestEntry(jsonLine: entry.jsonLine[...]) == entry)
        var plain = entry
        plain.transcripts = []
        #expect(!plain.jsonLine.contains("transcripts"))
        #expect(ManifestEntry(jsonLine: plain.jsonLine[...]) == plain)

        let request = RenderRequest(job: 3, profile: "/v/ko.json", segments: [], pause: 0, scenario: "/s/walk.json",
                                    output: "/o/timeline.wav", temporary: "/o/.timeline.wav.1.tmp",
                                    transcripts: [.init(output: "/o/timeline.vtt", temporary: "/o/.timeline.vtt.1.tmp")])
        #expect(try RenderRequest(jsonLine: request.jsonLine) == request)
        #expect(!request.jsonLine.contains("punctuation"))
        var level = request
        level.punctuation = PunctuationLevel.none
        #expect(level.jsonLine.contains(",\"punctuation\":\"none\""))
        #expect(try RenderRequest(jsonLine: level.jsonLine) == level)
        #expect(throws: DataFileError.self) {
            try RenderRequest(jsonLine: level.jsonLine.replacingOccurrences(of: "\"none\"", with: "\"most\""))
        }
        #expect(request.temporaries == ["/o/.timeline.wav.1.tmp", "/o/.timeline.vtt.1.tmp"])
        // Segments with speech attributes travel as spans, null for a plain segment.
        var spoken = RenderRequest(job: 4, profile: "/v/ko.json", segments: ["Sale, 버튼", "힌트"],
                                   spans: [[SpeechSpan("Sale", SpeechAttributes(language: "en", pitch: 1.5)), SpeechSpan(", 버튼")], nil],
                                   pause: 0.75, output: "/o/a.wav", temporary: "/o/.a.wav.1.tmp")
        #expect(spoken.jsonLine.contains(#","spans":[[{"text":"Sale","language":"en","pitch":1.5},{"text":", 버튼"}],null]"#))
        #expect(try RenderRequest(jsonLine: spoken.jsonLine) == spoken)
        #expect(spoken.spans(ofSegment: 1) == nil && spoken.spans(ofSegment: 5) == nil)
        spoken.spans = []
        #expect(!spoken.jsonLine.contains("spans"))
        let response = RenderResponse(job: 3, outcome: .rendered(samples: 10, sampleRate: 22050, sha256: "ab", text: "설정\n끝"))
        #expect(try RenderResponse(jsonLine: response.jsonLine) == response)
    }
}
