import Foundation
import Testing
import EarshotAudio
import EarshotCore

/// `earshot check` run as a user would: the built binary, its output and exit code.
@Suite("earshot check desk-checks scenario files", .serialized)
struct CheckCommandTests {
    static let scenarios = CLIRunner.repositoryRoot.appendingPathComponent("samples/scenarios")

    static let sampleNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".findings.json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test("the samples include the seed's cart cases, a cut, a screenChanged and a list walk")
    func samplesExist() {
        for name in ["cart-immediate", "cart-delayed", "cart-queued", "swipe-cuts-announcement", "screen-changed",
                     "product-list-walk"] {
            #expect(Self.sampleNames.contains(name), "missing samples/scenarios/\(name).json")
        }
    }

    @Test("each sample's expectations hold, its transcript and findings equal the golden files beside it, and it passes as written (every error finding expected)",
          arguments: sampleNames)
    func golden(name: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("\(name).transcript.txt")
        let findings = folder.appendingPathComponent("\(name).findings.json")
        // Run from the samples' folder, so positions in the findings are relative and the goldens
        // hold no machine's paths.
        let result = try CLIRunner.run(["check", "--quiet", "\(name).json", "--transcript", output.path,
                                        "--findings", findings.path], currentDirectory: Self.scenarios)
        #expect(result.stdout.contains("expectations, 0 failed;"), "stdout: \(result.stdout) stderr: \(result.stderr)")
        for (written, goldenName) in [(output, "\(name).transcript.txt"), (findings, "\(name).findings.json")] {
            let golden = Self.scenarios.appendingPathComponent(goldenName)
            // Findings name the scenario file as given; the goldens hold it relative to samples/scenarios.
            let text = try String(contentsOf: written, encoding: .utf8)
                .replacingOccurrences(of: Self.scenarios.path + "/", with: "")
            if ProcessInfo.processInfo.environment["EARSHOT_RECORD_GOLDENS"] == "1" {
                try text.write(to: golden, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(text == expected, "\(goldenName)")
        }
        // Every sample passes as written: a before sample expects the finding it shows.
        let unexpected = try String(contentsOf: findings, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(#""severity": "error""#) && $0.contains(#""expected": false"#) }
        #expect(unexpected.isEmpty)
        #expect(result.status == 0, "stdout: \(result.stdout) stderr: \(result.stderr)")
    }

    @Test("the printed transcript shows time, words and fate, then the findings with their position and fix")
    func printsTranscript() throws {
        let result = try CLIRunner.run(["check", "cart-immediate.json"], currentDirectory: Self.scenarios)
        // The expectations hold; the dropped announcement is the error finding the sample expects: exit 0.
        #expect(result.status == 0)
        #expect(result.stdout.contains("Findings: 1 finding (1 error; 1 expected)\ncart-immediate.json:12:5: error (expected) announcement.dropped at 1.913 s [add-to-cart]: "))
        #expect(result.stdout.contains("\n  Element: ../screens/product-detail.json:10:13\n  Fix: Post the announcement about 1 s after"))
        #expect(result.stdout.contains(#"  "장바구니에 담았습니다"  dropped: postedDuringGestureSpeech  (announcement, line 12)"#))
        #expect(result.stdout.contains("[activation sound]  spoken to"))
        #expect(result.stdout.contains("cart-immediate.json:13:5: ok: \"장바구니에 담았습니다\" dropped (postedDuringGestureSpeech)"))
        #expect(result.stdout.hasSuffix("6 expectations, 0 failed; 00:03.817 of audio\n"))
    }

    @Test("an announcement swallowed by a swipe's speech is not blamed on a double tap the scenario does not have")
    func droppedAfterSwipe() throws {
        let result = try CLIRunner.run(["check", "--rate", "450", Self.scenarios.appendingPathComponent("swipe-cuts-announcement.json").path])
        let fix = result.stdout.split(separator: "\n").first { $0.contains("Fix: Post the announcement") }
        #expect(fix?.contains("the swipe that moved focus") == true, "\(result.stdout)")
        #expect(!result.stdout.contains("after the double tap ("), "\(result.stdout)")
    }

    @Test("a failed expectation prints file:line:column, expected and actual, and exits 1")
    func failedExpectation() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("fail.json").path
        let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/product-detail.json").path
        try """
        { "screen": "\(screen)",
          "steps": [
            { "gesture": "touch", "x": 100, "y": 720 },
            { "gesture": "activate" },
            { "post": "announcement", "text": "담았습니다", "after": 0.05 },
            { "expect": { "text": "담았습니다", "fate": "spoken" } }
          ] }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "-q", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(path):6:5: expectation failed: expected \"담았습니다\" spoken, but it was dropped at 00:01.913 (postedDuringGestureSpeech)"))
        #expect(result.stdout.contains("1 expectation, 1 failed"))
    }

    @Test("an unknown element id exits 65 with file:line:column")
    func badID() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.json").path
        try """
        { "screen": { "elements": [ { "id": "ok", "kind": "button", "text": "확인" } ] },
          "steps": [
            { "post": "layoutChanged", "element": "okay" }
          ] }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", path, "-o", folder.appendingPathComponent("x.wav").path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):3:43: error: no element \"okay\""))
        #expect(result.stderr.contains("did you mean \"ok\"?"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.wav").path))
    }

    @Test("a time going backwards at run time exits 65 at the step")
    func timeBackwards() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("back.json").path
        try """
        { "screen": { "elements": [ { "id": "ok", "kind": "button", "text": "확인" } ] },
          "steps": [ { "gesture": "next" }, { "gesture": "next" },
                     { "gesture": "previous", "at": 0.2 } ] }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):3:14: error: time goes backwards"))
    }

    @Test("-o writes a valid WAV of the whole timeline and --transcript writes well-formed WebVTT and JSON Lines")
    func outputs() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("s.wav").path
        let vtt = folder.appendingPathComponent("s.vtt").path
        let jsonl = folder.appendingPathComponent("s.jsonl").path
        let result = try CLIRunner.run(["check", "-q", Self.scenarios.appendingPathComponent("screen-changed.json").path,
                                        "-o", wav, "--transcript", vtt, "--transcript", jsonl])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try WAVFile.read(path: wav)
        #expect(audio.sampleRate == 22050)
        #expect(abs(Double(audio.samples.count) / 22050 - 14.959) < 0.001)

        let text = try String(contentsOfFile: vtt, encoding: .utf8)
        #expect(text.hasPrefix("WEBVTT\n\n"))
        let blocks = text.components(separatedBy: "\n\n").dropFirst().filter { !$0.isEmpty }
        #expect(blocks.count == 8)
        var previousStart = -1.0
        for block in blocks {
            let lines = block.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.count == 3, "cue: \(block)")
            let timing = lines[1].components(separatedBy: " --> ")
            #expect(timing.count == 2)
            let start = Self.seconds(timing[0]), end = Self.seconds(timing[1])
            #expect(start >= previousStart && end > start, "cue times: \(lines[1])")
            #expect(end <= Double(audio.samples.count) / 22050 + 0.0005)
            #expect(!lines[2].isEmpty && !lines[2].contains("-->"))
            previousStart = start
        }
        #expect(text.contains("\n[screen change sound]\n"))

        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
        // The double tap's selection is spoken as its new value alone, without a hint.
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
        #expect(lines.contains { $0.contains(#""engineText":"#) })
    }

    @Test("checking the same scenario twice writes identical WAV bytes")
    func identicalBytes() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [Data] = []
        for name in ["a.wav", "b.wav"] {
            let wav = folder.appendingPathComponent(name).path
            let result = try CLIRunner.run(["check", "-q", Self.scenarios.appendingPathComponent("product-list-walk.json").path, "-o", wav])
            #expect(result.status == 0)
            files.append(try Data(contentsOf: URL(fileURLWithPath: wav)))
        }
        #expect(files[0].count > 1_000_000)
        #expect(files[0] == files[1])
    }

    @Test("usage errors exit 64: no scenario, a transcript name without a known extension")
    func usage() throws {
        #expect(try CLIRunner.run(["check"]).status == 64)
        let bad = try CLIRunner.run(["check", Self.scenarios.appendingPathComponent("cart-queued.json").path, "--transcript", "x.srt"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains(".txt, .jsonl, .vtt"))
        let help = try CLIRunner.run(["check", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE:"))
    }

    /// `00:00:01.250` in seconds.
    static func seconds(_ stamp: String) -> Double {
        let parts = stamp.split(separator: ":").map { Double($0) ?? .nan }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }
}
