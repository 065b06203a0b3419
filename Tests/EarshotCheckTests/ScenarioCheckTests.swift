import EarshotCore
import EarshotReport
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotCheck
@testable import EarshotPlayback

/// `earshot check`'s flow without the binary: what a person reads, the files written, the
/// page's audio, and the errors with their categories.
@Suite("Scenario check")
struct ScenarioCheckTests {
    /// The text a check writes, collected from whichever thread writes it.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var pieces: [String] = []
        var text: String { lock.withLock { pieces.joined() } }
        func write(_ piece: String) { lock.withLock { pieces.append(piece) } }
    }

    static func sample(_ name: String) -> String {
        PlaybackTestSupport.scenariosDirectory.appendingPathComponent(name).path
    }

    static func settings(_ path: String) -> ScenarioCheckSettings {
        ScenarioCheckSettings(path: path, library: PlaybackTestSupport.library)
    }

    @Test("a sample prints its golden transcript, expectations and findings, writes the transcript, WAV and findings, and passes")
    func sampleWithFiles() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Self.sample("cart-immediate.json")
        let (transcript, wav, findings) = (folder.appendingPathComponent("t.txt").path, folder.appendingPathComponent("t.wav").path,
                                           folder.appendingPathComponent("f.json").path)
        var settings = Self.settings(path)
        settings.transcripts = [(transcript, .text)]
        settings.wavPath = wav
        settings.findingsPath = findings
        let check = try ScenarioCheck(settings)
        #expect(check.inputs.contains(path) && check.inputs.contains(where: { $0.hasSuffix("screens/product-detail.json") }) && check.inputs.contains("ko"),
                "\(check.inputs)")
        let out = Collected()
        let outcome = try check.run(write: out.write)

        let golden = try String(contentsOfFile: Self.sample("cart-immediate.transcript.txt"), encoding: .utf8)
        #expect(out.text.hasPrefix("Add to cart, announcement posted at once: dropped\n" + golden), "\(out.text)")
        #expect(out.text.contains("cart-immediate.json:13:5: ok: \"장바구니에 담았습니다\" dropped (postedDuringGestureSpeech)\n"))
        #expect(out.text.contains("Findings: 1 finding (1 error; 1 expected)\n\(path):12:5: error (expected) announcement.dropped at 1.913 s [add-to-cart]: "))
        #expect(outcome.passed)
        let summary: String = outcome.summary(reports: ["j.xml"])
        let expected: String = "6 expectations, 0 failed; 00:03.817 of audio; wrote " + [transcript, wav, findings, "j.xml"].joined(separator: "; wrote ")
        #expect(summary == expected)
        #expect(outcome.run.records.flatMap(\.findings).map(\.expected) == [true], "the one finding, expected, goes to JUnit and SARIF")

        #expect(try String(contentsOfFile: transcript, encoding: .utf8) == golden)
        let findingsJSON = try String(contentsOfFile: findings, encoding: .utf8)
        #expect(findingsJSON.hasPrefix("[\n  {\"code\": \"announcement.dropped\", \"severity\": \"error\""), "\(findingsJSON)")
        // 3.817 s of 16-bit mono speech at the voice's rate, with its 44-byte header.
        let speaker = try PlaybackTestSupport.speaker()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int)
        let seconds = Double(size - 44) / 2 / Double(speaker.sampleRate)
        #expect(abs(seconds - 3.817) < 0.05, "\(seconds) s in \(wav)")
    }

    @Test("--quiet prints only the failed expectation and the findings line; a failed expectation fails the check")
    func quietFailure() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("fail.json").path
        try """
        { "screen": "\(PlaybackTestSupport.screensDirectory.appendingPathComponent("product-detail.json").path)",
          "steps": [
            { "gesture": "touch", "x": 100, "y": 720 },
            { "gesture": "activate" },
            { "post": "announcement", "text": "담았습니다", "after": 0.05 },
            { "expect": { "text": "담았습니다", "fate": "spoken" } }
          ] }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        var settings = Self.settings(path)
        settings.quiet = true
        let out = Collected()
        let outcome = try ScenarioCheck(settings).run(write: out.write)
        #expect(!outcome.passed)
        #expect(out.text.hasPrefix("\(path):6:5: expectation failed: expected \"담았습니다\" spoken, but it was dropped at 00:01.913 (postedDuringGestureSpeech)\n"),
                "\(out.text)")
        #expect(!out.text.contains("spoken to"), "no transcript with --quiet: \(out.text)")
        #expect(out.text.contains("Findings: "))
        #expect(outcome.summary(reports: []).hasPrefix("1 expectation, 1 failed; "))
    }

    @Test("the check writes its page from the result: -o's WAV copied beside it, else the timeline rendered into a temporary WAV removed afterwards, or embedded")
    func pageAudio() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html").path
        let beside = folder.appendingPathComponent("page.wav")
        var settings = Self.settings(Self.sample("screen-changed.json"))
        settings.reportPage = page
        settings.reportAudio = .external
        let temporary = try ScenarioCheck(settings).run(write: { _ in })
        let rendered = try Data(contentsOf: beside)
        #expect(rendered.count > 32_000, "real speech beside the page: \(rendered.count) bytes")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("page.wav"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["page.html", "page.wav"],
                "the temporary WAV is gone after the run")
        #expect(temporary.summary(reports: []).hasSuffix("; wrote \(page); wrote \(folder.path)/page.wav"))

        let own = folder.appendingPathComponent("out.wav").path
        settings.wavPath = own
        let withOutput = try ScenarioCheck(settings).run(write: { _ in })
        #expect(withOutput.written == [own, page])
        // The page's audio is -o's WAV, and the same bytes the temporary render gave.
        #expect(try Data(contentsOf: beside) == Data(contentsOf: URL(fileURLWithPath: own)))
        #expect(try Data(contentsOf: beside) == rendered)

        settings.wavPath = nil
        settings.reportAudio = .embed
        settings.reportPage = folder.appendingPathComponent("embedded.html").path
        let embedded = try ScenarioCheck(settings).run(write: { _ in })
        #expect(embedded.besidePage == nil)
        let html = try String(contentsOfFile: folder.appendingPathComponent("embedded.html").path, encoding: .utf8)
        #expect(html.contains("data:audio/wav;base64,"))
        #expect(html.count > rendered.count * 4 / 3, "the whole WAV is in the page: \(html.count) characters")
        // Without a page none is written, and none is named.
        let none = try ScenarioCheck(Self.settings(Self.sample("screen-changed.json"))).run(write: { _ in })
        #expect(none.written.isEmpty && none.besidePage == nil)
    }

    @Test("errors carry their category: a screen given as a scenario, an unknown element at its place, an unknown voice, a file -o would not replace")
    func errors() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = PlaybackTestSupport.screensDirectory.appendingPathComponent("product-detail.json").path
        #expect { try ScenarioCheck(Self.settings(screen)) } throws: { error in
            let error = error as? UserFacingError
            return error?.category == .usage && error?.description.contains("\(screen) is a screen file") == true
        }

        let bad = folder.appendingPathComponent("bad.json").path
        try """
        { "screen": { "elements": [ { "id": "ok", "kind": "button", "text": "확인" } ] },
          "steps": [
            { "post": "layoutChanged", "element": "okay" }
          ] }
        """.write(toFile: bad, atomically: true, encoding: .utf8)
        let wav = folder.appendingPathComponent("x.wav").path
        var settings = Self.settings(bad)
        settings.wavPath = wav
        #expect { try ScenarioCheck(settings).run(write: { _ in }) } throws: { error in
            let error = error as? UserFacingError
            return error?.category == .badData && error?.description.hasPrefix("\(bad):3:43: error: no element \"okay\"") == true
        }
        #expect(!FileManager.default.fileExists(atPath: wav), "no WAV from a run that failed")

        var unknownVoice = Self.settings(Self.sample("screen-changed.json"))
        unknownVoice.voice = "klingon"
        #expect { try ScenarioCheck(unknownVoice).run(write: { _ in }) } throws: { error in
            let error = error as? UserFacingError
            return error?.category == .usage && error?.description.contains("unknown voice \"klingon\"") == true
        }

        let notWAV = folder.appendingPathComponent("notes.wav").path
        try "my notes".write(toFile: notWAV, atomically: true, encoding: .utf8)
        var replacing = Self.settings(Self.sample("screen-changed.json"))
        replacing.wavPath = notWAV
        #expect { try ScenarioCheck(replacing).run(write: { _ in }) } throws: { error in
            (error as? UserFacingError)?.category == .usage
        }
        #expect(try String(contentsOfFile: notWAV, encoding: .utf8) == "my notes")
    }

    @Test("live, an utterance's line as it starts: its time and words in quotes, an earcon's name in brackets")
    func liveLines() {
        let words = Utterance(id: 1, text: "장바구니 담기, 버튼", kind: .element, cause: "swipe", requestedAt: 1.5)
        #expect(ScenarioCheck.liveLine(.started(words, at: 1.5)) == "00:01.500  \"장바구니 담기, 버튼\"")
        let sound = Utterance(id: 2, text: "activation sound", kind: .earcon(EarconName("activation")), cause: "double tap",
                              requestedAt: 62)
        #expect(ScenarioCheck.liveLine(.started(sound, at: 62)) == "01:02.000  [activation sound]")
    }
}
