import EarshotCore
import EarshotRender
import Foundation
import Testing

/// `earshot render` with scenario files as inputs: the timeline WAV and transcripts of each,
/// in the same run as labels and screens.
@Suite("earshot render: scenarios", .serialized)
struct RenderScenarioTests {
    static let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples")

    @Test("a scenario renders its timeline WAV and transcripts, byte for byte what check -o writes, as one manifest line of what was heard")
    func timelineAndTranscripts() throws {
        let folder = try CLIRunner.temporaryFolder()
        let scenario = Self.samples.appendingPathComponent("scenarios/cart-immediate.json").path
        let screen = Self.samples.appendingPathComponent("screens/tab-bar.json").path
        let result = try render([scenario, screen, "-o", "out", "-q", "--transcript-format", "txt",
                                 "--transcript-format", "vtt", "--transcript-format", "jsonl"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let run = try RenderedRun(folder: folder.appendingPathComponent("out"))
        let timeline = try #require(run.entries.first)
        #expect(timeline.key == "timeline")
        #expect(timeline.output == "ko/cart-immediate/timeline.wav")
        #expect(timeline.transcripts == ["txt", "vtt", "jsonl"].map { "ko/cart-immediate/timeline.\($0)" })
        #expect(run.entries.dropFirst().allSatisfy { $0.output.hasPrefix("ko/tab-bar/") && $0.transcripts.isEmpty })
        try run.expectEveryFileComplete()
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("out/ko/cart-immediate").path).sorted()
        #expect(files == ["timeline.jsonl", "timeline.txt", "timeline.vtt", "timeline.wav"])

        // The manifest's text is what the listener heard: the double-tapped button twice, not
        // the announcement VoiceOver dropped while it re-read the button.
        #expect(timeline.text == "장바구니 담기, 버튼\n장바구니 담기, 버튼")
        let transcript = String(decoding: try run.bytes(of: "ko/cart-immediate/timeline.txt"), as: UTF8.self)
        #expect(transcript.contains("\"장바구니에 담았습니다\"  dropped: postedDuringGestureSpeech"))

        let check = try CLIRunner.run(["check", scenario, "-o", "check.wav", "--transcript", "check.txt",
                                       "--transcript", "check.vtt", "--transcript", "check.jsonl", "-q"],
                                      currentDirectory: folder)
        #expect(check.status == 0 || check.status == 1, "\(check.stderr)")
        for ext in ["wav", "txt", "vtt", "jsonl"] {
            let checked = try Data(contentsOf: folder.appendingPathComponent("check.\(ext)"))
            #expect(try run.bytes(of: "ko/cart-immediate/timeline.\(ext)") == checked, "timeline.\(ext)")
        }
    }

    @Test("without --voice a scenario speaks in its own voice; with --voice, in each voice given")
    func scenarioVoices() throws {
        let folder = try CLIRunner.temporaryFolder()
        try writeScenario(named: "english.json", voice: "en", steps: 2, in: folder)
        try "확인\n".write(to: folder.appendingPathComponent("labels.txt"), atomically: true, encoding: .utf8)

        let own = try render(["english.json", "labels.txt", "-o", "own", "-q"], in: folder)
        #expect(own.status == 0, "\(own.stderr)")
        let ownRun = try RenderedRun(folder: folder.appendingPathComponent("own"))
        #expect(ownRun.entries.map(\.output) == ["en/english/timeline.wav", "ko/labels/line-0001.wav"])
        #expect(ownRun.entries[0].voice == "en")
        #expect(ownRun.entries[0].text.hasPrefix("설정, Heading"), "\(ownRun.entries[0].text)")

        let each = try render(["english.json", "-o", "each", "-q", "--voice", "ko", "--voice", "en"], in: folder)
        #expect(each.status == 0, "\(each.stderr)")
        let eachRun = try RenderedRun(folder: folder.appendingPathComponent("each"))
        #expect(eachRun.entries.map(\.output) == ["ko/english/timeline.wav", "en/english/timeline.wav"])
        #expect(eachRun.entries[0].text.hasPrefix("설정, 머리말"), "\(eachRun.entries[0].text)")
        #expect(try eachRun.bytes(of: "en/english/timeline.wav") == ownRun.bytes(of: "en/english/timeline.wav"))
        try eachRun.expectEveryFileComplete()
    }

    @Test("a second run skips a current scenario; changing a screen it reads, or losing a transcript, renders it again")
    func incremental() throws {
        let folder = try CLIRunner.temporaryFolder()
        try writeScenario(named: "walk.json", voice: "ko", steps: 2, in: folder)
        let first = try render(["walk.json", "-o", "out"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("rendered 1, skipped 0"), "\(first.stderr)")
        let before = try RenderedRun(folder: folder.appendingPathComponent("out"))

        let second = try render(["walk.json", "-o", "out"], in: folder)
        #expect(second.stderr.contains("rendered 0, skipped 1"), "\(second.stderr)")
        #expect(try RenderedRun(folder: folder.appendingPathComponent("out")).manifestBytes == before.manifestBytes)

        let screenFile = folder.appendingPathComponent("screen.json")
        let screen = try String(contentsOf: screenFile, encoding: .utf8)
        try screen.replacingOccurrences(of: "\"설정\"", with: "\"환경 설정\"").write(to: screenFile, atomically: true, encoding: .utf8)
        let third = try render(["walk.json", "-o", "out"], in: folder)
        #expect(third.stderr.contains("rendered 1, skipped 0"), "\(third.stderr)")
        let after = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(after.entries[0].text.hasPrefix("환경 설정"), "\(after.entries[0].text)")
        #expect(after.entries[0].sha256 != before.entries[0].sha256)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/ko/walk/timeline.vtt"))
        let fourth = try render(["walk.json", "-o", "out"], in: folder)
        #expect(fourth.stderr.contains("rendered 1, skipped 0"), "\(fourth.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/ko/walk/timeline.vtt").path))
    }

    @Test("scenarios with labels: --jobs 2 and shards 1/2 + 2/2 give the same bytes and manifest as --jobs 1")
    func jobsAndShards() throws {
        let folder = try CLIRunner.temporaryFolder()
        let scenarios = ["cart-immediate", "cart-queued", "flow-announcement-cut-after"].map {
            Self.samples.appendingPathComponent("scenarios/\($0).json").path
        }
        try "찜하기\n뒤로 가기\n".write(to: folder.appendingPathComponent("labels.txt"), atomically: true, encoding: .utf8)
        let inputs = [scenarios[0], "labels.txt", scenarios[1], scenarios[2]]
        #expect(try render(inputs + ["-o", "one", "-q", "--jobs", "1"], in: folder).status == 0)
        #expect(try render(inputs + ["-o", "two", "-q", "--jobs", "2"], in: folder).status == 0)
        var concatenated = Data()
        for index in 1...2 {
            #expect(try render(inputs + ["-o", "shards", "-q", "--shard", "\(index)/2"], in: folder).status == 0)
            concatenated += try Data(contentsOf: folder.appendingPathComponent("shards/manifest-\(index)-of-2.jsonl"))
        }
        let one = try RenderedRun(folder: folder.appendingPathComponent("one"))
        let two = try RenderedRun(folder: folder.appendingPathComponent("two"))
        let shards = try RenderedRun(folder: folder.appendingPathComponent("shards"), manifest: nil)
        #expect(one.entries.count == 5)
        #expect(one.manifestBytes == two.manifestBytes)
        #expect(concatenated == one.manifestBytes)
        for entry in one.entries {
            for file in [entry.output] + entry.transcripts {
                #expect(try one.bytes(of: file) == two.bytes(of: file), "\(file)")
                #expect(try one.bytes(of: file) == shards.bytes(of: file), "\(file)")
            }
        }
    }

    @Test("a broken scenario is reported with its file, line and column, and the other inputs still render")
    func brokenScenario() throws {
        let folder = try CLIRunner.temporaryFolder()
        let screen = Self.samples.appendingPathComponent("screens/settings.json").path
        let text = "{\n  \"screen\": \"\(screen)\",\n  \"steps\": [\n    { \"gesture\": \"nxt\" }\n  ]\n}\n"
        try text.write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        try "확인\n".write(to: folder.appendingPathComponent("labels.txt"), atomically: true, encoding: .utf8)
        let result = try render(["broken.json", "labels.txt", "-o", "out", "-q"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.json:4:18: error: unknown gesture \"nxt\""), "\(result.stderr)")
        let run = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(run.entries.map(\.output) == ["ko/labels/line-0001.wav"])
    }

    @Test("Ctrl-C while a long scenario renders leaves no partial WAV, transcript or temporary file")
    func interruptedScenario() throws {
        let folder = try CLIRunner.temporaryFolder()
        try writeScenario(named: "long.json", voice: "ko", steps: 2000, gesture: "readAll", in: folder)
        let process = try CLIRunner.start(["render", "long.json", "-o", "out", "-q"], currentDirectory: folder)
        // Wait until the worker has begun the timeline (its temporary WAV exists), then stop.
        let partFolder = folder.appendingPathComponent("out/ko/long")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: partFolder.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".tmp") }) { break }
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        usleep(300_000)
        let left = (try? FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("out").path)) ?? []
        #expect(left.filter { $0.hasPrefix("ko/long/") || $0.hasSuffix(".tmp") }.isEmpty, "\(left)")
        #expect(ManifestEntry.readAll(path: folder.appendingPathComponent("out/manifest.jsonl").path).isEmpty)
    }

    /// A scenario over a copy of the settings sample screen: `steps` times the same gesture.
    private func writeScenario(named name: String, voice: String, steps: Int, gesture: String = "next",
                               in folder: URL) throws {
        let screen = try Data(contentsOf: Self.samples.appendingPathComponent("screens/settings.json"))
        try screen.write(to: folder.appendingPathComponent("screen.json"))
        let list = Array(repeating: "    { \"gesture\": \"\(gesture)\" }", count: steps).joined(separator: ",\n")
        let text = "{\n  \"voice\": \"\(voice)\",\n  \"screen\": \"screen.json\",\n  \"steps\": [\n\(list)\n  ]\n}\n"
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func render(_ arguments: [String], in folder: URL) throws -> CLIRunner.Result {
        try CLIRunner.run(["render"] + arguments, currentDirectory: folder)
    }
}
