import EarshotJack
import Foundation
import Testing

@Suite("earshot check --live plays a scenario in real time")
struct CheckLiveTests {
    static let scenario = CLIRunner.repositoryRoot.appendingPathComponent("samples/scenarios/cart-immediate.json").path

    @Test("live playback on the paced JACK dummy backend makes the same decisions as rendering, in real time")
    func liveMakesTheSameDecisions() throws {
        try JackDummyServer.ensureRunning()
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let folder = try CLIRunner.temporaryFolder()
        let liveTranscript = folder.appendingPathComponent("live.jsonl").path
        let renderedTranscript = folder.appendingPathComponent("rendered.jsonl").path
        let environment = ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + CLIRunner.repositoryRoot.path + "/scripts/alsa-jack.conf"]

        let started = Date()
        let live = try CLIRunner.run(["check", "--live", "--device", "earshot_jack:CLIENT=earshot-check-live",
                                      "--transcript", liveTranscript, Self.scenario], environment: environment)
        let wall = Date().timeIntervalSince(started)
        // Exit 0: the expectations hold, the dropped announcement among them (an expected finding).
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        #expect(live.stdout.contains("6 expectations, 0 failed"))
        #expect(live.stdout.contains("dropped at"))

        let rendered = try CLIRunner.run(["check", "--transcript", renderedTranscript, Self.scenario])
        #expect(rendered.status == 0)
        // Paced: the live run lasts at least as long as the speech it played.
        let audio = try #require(Self.audioSeconds(in: rendered.stdout))
        #expect(wall >= audio - 0.2, "live run took \(wall) s for \(audio) s of speech")

        // Same decisions: the same utterances with the same fates, in the same order.
        #expect(try Self.fates(liveTranscript) == Self.fates(renderedTranscript))
    }

    @Test("check --live --reader talkback --report: the page's audio is TalkBack's, the same bytes a TalkBack render writes")
    func liveReportKeepsTheReader() throws {
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + CLIRunner.repositoryRoot.path + "/scripts/alsa-jack.conf"]
        let page = folder.appendingPathComponent("live.html").path
        let live = try CLIRunner.run(["check", "-q", "--live", "--device", "earshot_jack:CLIENT=earshot-check-report",
                                      "--reader", "talkback", "--report", page, "--report-audio", "external", Self.scenario],
                                     environment: environment)
        // The scenario's expectations are VoiceOver's words: under TalkBack some fail (exit 1),
        // and the page and its audio are written all the same.
        #expect([0, 1].contains(live.status), "\(live.stdout)\(live.stderr)")
        let pageAudio = try Data(contentsOf: folder.appendingPathComponent("live.wav"))
        let talkBack = folder.appendingPathComponent("talkback.wav").path
        let voiceOver = folder.appendingPathComponent("voiceover.wav").path
        #expect(try [0, 1].contains(CLIRunner.run(["check", "-q", "--reader", "talkback", "-o", talkBack, Self.scenario]).status))
        #expect(try CLIRunner.run(["check", "-q", "-o", voiceOver, Self.scenario]).status == 0)
        let rendered = try Data(contentsOf: URL(fileURLWithPath: talkBack))
        #expect(rendered != (try Data(contentsOf: URL(fileURLWithPath: voiceOver))), "the two readers sound different (else this proves nothing)")
        #expect(pageAudio == rendered, "the page's audio is TalkBack's (\(pageAudio.count) bytes, TalkBack's render \(rendered.count))")
    }

    /// `(text, fate)` of every utterance in a JSON Lines transcript.
    static func fates(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["type"] as? String == "utterance" else { return nil }
            return "\(object["text"] ?? "") \(object["fate"] ?? "") \(object["reason"] ?? "")"
        }
    }

    /// The `00:03.838 of audio` figure of the summary line, in seconds.
    static func audioSeconds(in output: String) -> Double? {
        guard let range = output.range(of: #"(\d+):(\d+\.\d+) of audio"#, options: .regularExpression) else { return nil }
        let parts = output[range].split(separator: " ")[0].split(separator: ":")
        return Double(parts[0])! * 60 + Double(parts[1])!
    }
}
