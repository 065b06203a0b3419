import EarshotAudio
import EarshotCore
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

@Suite("The timeline renderer writes what was heard, cuts and earcons in place", .serialized)
struct TimelineRendererTests {
    static func earcon(_ id: Int, _ name: EarconName) -> Utterance {
        Utterance(id: id, text: name.rawValue, kind: .earcon(name), cause: "test", requestedAt: 0)
    }

    @Test("a cut stops at its exact sample, silence fills the gaps, and each sound sits at its start sample")
    func exactPlacement() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let speaker = try PlaybackTestSupport.speaker()
        let path = folder.appendingPathComponent("t.wav").path
        let renderer = try TimelineRenderer(speaker: speaker, output: try WAVStreamWriter(path: path, sampleRate: speaker.sampleRate))
        let library = renderer.earcons
        let screenChanged = try #require(library.buffer(for: .screenChanged)).samples
        let boundary = try #require(library.buffer(for: .boundary)).samples

        let first = try #require(try renderer.start(Self.earcon(1, .screenChanged), at: .zero))
        #expect(first == .samples(screenChanged.count, rate: 22050))
        renderer.stop(Self.earcon(1, .screenChanged), at: TimelineInstant(seconds: 0.1))
        _ = try renderer.start(Self.earcon(2, .boundary), at: TimelineInstant(seconds: 0.3))
        let speech = Utterance(id: 3, text: "확인", kind: .element, cause: "test", requestedAt: 0.5)
        let lengthDuration = try #require(try renderer.start(speech, at: TimelineInstant(seconds: 0.5)))
        try renderer.finish(at: TimelineInstant(seconds: 0.5) + lengthDuration + .seconds(0.25))
        let length = lengthDuration.seconds

        let audio = try WAVFile.read(path: path)
        #expect(Array(audio.samples[0..<2205]) == Array(screenChanged[0..<2205]))
        #expect(audio.samples[2205..<6615].allSatisfy { $0 == 0 })
        #expect(Array(audio.samples[6615..<(6615 + boundary.count)]) == boundary)
        #expect(audio.samples[(6615 + boundary.count)..<11025].allSatisfy { $0 == 0 })
        let speechEnd = 11025 + Int((length * 22050).rounded())
        #expect(audio.rms(in: 11025..<speechEnd) > 300)
        #expect(audio.samples[speechEnd...].allSatisfy { $0 == 0 })
        #expect(audio.samples.count == Int(((0.75 + length) * 22050).rounded()))
        #expect(renderer.peakBufferedSamples == max(screenChanged.count, boundary.count, speechEnd - 11025))
    }

    @Test("rendering the same utterances twice gives identical bytes")
    func deterministicSounds() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let speaker = try PlaybackTestSupport.speaker()
        var files: [Data] = []
        for name in ["1.wav", "2.wav"] {
            let path = folder.appendingPathComponent(name).path
            let renderer = try TimelineRenderer(speaker: speaker, output: try WAVStreamWriter(path: path, sampleRate: 22050))
            _ = try renderer.start(Self.earcon(1, .activation), at: TimelineInstant(seconds: 0.125))
            _ = try renderer.start(Self.earcon(2, .pageScroll), at: TimelineInstant(seconds: 0.5))
            renderer.stop(Self.earcon(2, .pageScroll), at: TimelineInstant(seconds: 0.53))
            _ = try renderer.start(Self.earcon(3, .screenChanged), at: TimelineInstant(seconds: 0.53))
            try renderer.finish(at: TimelineInstant(seconds: 1))
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(files[0].count == 44 + 2 * 22050)
        #expect(files[0] == files[1])
    }

    @Test("a scenario run with real speech places every utterance where the transcript says")
    func scenarioTimeline() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.load(path: PlaybackTestSupport.scenariosDirectory.appendingPathComponent("swipe-cuts-announcement.json").path)
        let wav = folder.appendingPathComponent("s.wav").path
        let speaker = try PlaybackTestSupport.speaker()
        let run = try ScenarioPlayback.run(scenario, speaker: speaker, session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: nil), wavPath: wav)
        #expect(run.result.passed)
        let audio = try WAVFile.read(path: wav)
        func sample(_ t: Double) -> Int { Int((t * 22050).rounded()) }
        #expect(audio.samples.count == sample(run.result.endTime))
        let t = run.result.transcript
        // Silence exactly between sounds: from each end (or cut) to the next start.
        let played = t.entries.compactMap { e -> (Int, Int)? in
            switch e.fate {
            case .spoken(let s, let end): (sample(s), sample(end))
            case .cut(let s, let at, _): (sample(s), sample(at))
            case .dropped: nil
            }
        }.sorted { $0.0 < $1.0 }
        #expect(played.count >= 4)
        for (index, sound) in played.enumerated() {
            #expect(audio.rms(in: sound.0..<sound.1) > 200, "sound \(index) is audible")
            if index + 1 < played.count, played[index + 1].0 > sound.1 {
                #expect(audio.samples[sound.1..<played[index + 1].0].allSatisfy { $0 == 0 }, "silence after sound \(index)")
            }
        }
        let cut = try #require(t.entries.first { if case .cut = $0.fate { return true } else { return false } })
        #expect(cut.utterance.kind == .announcement)
        #expect(t.announcementResults.first?.wasSuccessful == false)
    }

    @Test("without a WAV file the durations still come from real speech")
    func durationsWithoutFile() throws {
        let scenario = try ScenarioFile.load(path: PlaybackTestSupport.scenariosDirectory.appendingPathComponent("cart-queued.json").path)
        let speaker = try PlaybackTestSupport.speaker()
        let run = try ScenarioPlayback.run(scenario, speaker: speaker, session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: nil))
        let first = try #require(run.result.transcript.entries.first)
        guard case .spoken(let start, let end) = first.fate else {
            Issue.record("the first element was not spoken: \(first.fate)")
            return
        }
        #expect(start == 0)
        #expect(end > 1.0 && end < 3.0, "\"\(first.utterance.text)\" took \(end) s")
        #expect(run.result.passed)
        #expect(run.audioDuration == Double(Int((run.result.endTime * 22050).rounded())) / 22050)
    }

    @Test("a 10-minute scenario renders holding one utterance at a time, not the timeline")
    func longScenarioBoundedMemory() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.parse(SoakScenario.text(screen: "../screens/product-list.json", rounds: 12),
                                              path: PlaybackTestSupport.scenariosDirectory.appendingPathComponent("long.json").path)
        let wav = folder.appendingPathComponent("long.wav").path
        let speaker = try PlaybackTestSupport.speaker()
        let run = try ScenarioPlayback.run(scenario, speaker: speaker, session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: nil), wavPath: wav)
        #expect(run.audioDuration >= 600, "the scenario lasts \(run.audioDuration) s")
        let audio = try WAVFile.read(path: wav)
        #expect(Double(audio.samples.count) / Double(audio.sampleRate) == run.audioDuration)
        // The most held at once is one sound (the longest card, about 8 s), not the timeline.
        #expect(run.peakBufferedSamples > 2 * audio.sampleRate)
        #expect(run.peakBufferedSamples < 15 * audio.sampleRate)
        #expect(run.peakBufferedSamples * 40 < audio.samples.count)
        let kinds = Set(run.result.transcript.entries.map(\.fate.code))
        #expect(kinds == ["spoken", "cut", "dropped"])
    }
}

extension UtteranceFate {
    var code: String {
        switch self {
        case .spoken: "spoken"
        case .cut: "cut"
        case .dropped: "dropped"
        }
    }
}
