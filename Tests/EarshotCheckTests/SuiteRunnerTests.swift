import EarshotCheck
import EarshotCore
import EarshotPlayback
import EarshotReport
import EarshotWorkers
import Foundation
import Testing

/// `earshot test`'s suite running without the binary: one scenario at a time in this process,
/// and scenarios shared out among worker processes with the answers in file order.
@Suite("Suite runner and suite workers")
struct SuiteRunnerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let library = VoiceLibrary(directory: root.appendingPathComponent("voices").path)
    static let suite = root.appendingPathComponent("samples/suite")

    @Test("a scenario's transcript is its golden's; a bad file is an outcome with its place; one speaker per voice")
    func inProcess() throws {
        let runner = SuiteScenarioRunner(voice: nil, espeakData: nil, reader: nil, library: Self.library)
        for name in ["open-post", "delete-post"] {
            let file = Self.suite.appendingPathComponent(name + ".json").path
            let outcome = try runner.run(file)
            #expect(outcome.error == nil, "\(outcome.error ?? "")")
            #expect(outcome.transcript == (try String(contentsOfFile: ScenarioSuite.goldenPath(for: file), encoding: .utf8)))
        }
        #expect(runner.speakerCount == 1)
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bad-\(UUID().uuidString).json").path
        defer { unlink(bad) }
        try #"{"screen": "nowhere.json", "steps": []}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let outcome = try runner.run(bad)
        #expect(outcome.error?.hasPrefix("\(bad):1:12: error: screen file \"nowhere.json\" not found") == true, "\(outcome.error ?? "")")
    }

    @Test("with a report folder a scenario's page carries its timeline's audio; --reader voiceover hears an Android scenario otherwise")
    func pagesAndReader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = SuiteScenarioRunner(voice: nil, espeakData: nil, reader: nil, library: Self.library,
                                         report: SuiteScenarioRunner.Report(folder: folder.path, placement: .external))
        let outcome = try runner.run(Self.suite.appendingPathComponent("open-post.json").path, page: "open-post.html")
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        let pageSamples = ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("open-post.wav").path)[.size] as? Int) ?? 0) / 2
        #expect(pageSamples > 16_000, "real speech in the page's WAV: \(pageSamples) samples")
        let html = try String(contentsOfFile: folder.appendingPathComponent("open-post.html").path, encoding: .utf8)
        #expect(html.contains("open-post.wav") && html.contains("open-post.transcript.txt"), "the page names its audio and golden")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["open-post.html", "open-post.wav"],
                "the temporary WAV is gone after the run")

        let android = Self.root.appendingPathComponent("samples/scenarios/android-signin.json").path
        let own = try SuiteScenarioRunner(voice: nil, espeakData: nil, reader: nil, library: Self.library).run(android)
        let voiceOver = try SuiteScenarioRunner(voice: nil, espeakData: nil, reader: .voiceOver, library: Self.library).run(android)
        #expect(own.error == nil && voiceOver.error == nil)
        #expect(own.transcript.contains("\"로그인, 버튼\""), "\(own.transcript)")
        #expect(own.transcript != voiceOver.transcript)
    }

    @Test("workers answer in any order, the outcomes come in file order; a killed worker's scenario fails; an unavailable engine ends the run")
    func workers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each scenario's answer is written beside it; a worker prints it, or dies on "die".
        var files: [(file: String, page: String)] = []
        for name in ["a", "b", "die", "c", "d"] {
            let file = folder.appendingPathComponent(name + ".json").path
            // Sizes differ, so the biggest-first order is not the file order.
            try String(repeating: " ", count: name.count * 10 + (name == "c" ? 500 : 0)).write(toFile: file, atomically: true, encoding: .utf8)
            let outcome = ScenarioOutcome(file: file, failure: "answer \(name)", category: name == "d" ? .unavailable : nil, time: 0)
            try JSONEncoder().encode(outcome).write(to: URL(fileURLWithPath: file + ".answer"))
            files.append((file, ""))
        }
        let worker = ["/bin/sh", "-c", #"while IFS= read -r line; do tab="$(printf '\t')"; f="${line%%$tab*}"; case "$f" in *die.json) kill -9 $$;; esac; cat "$f.answer"; echo; done"#]
        var seen: [String] = []
        let settings = WorkerPoolSettings(command: worker, size: 2)
        _ = try SuiteWorkers.run(Array(files.prefix(4)), settings: settings) { seen.append($0.error ?? "") }
        #expect(seen == ["answer a", "answer b", "error: the test worker stopped while running it (killed by signal 9)", "answer c"])
        seen = []
        #expect(throws: ReportedError.self) { _ = try SuiteWorkers.run(files, settings: settings) { seen.append($0.error ?? "") } }
    }
}
