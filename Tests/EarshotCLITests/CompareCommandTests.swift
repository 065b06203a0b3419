import Foundation
import Testing

/// `earshot compare` on real VoiceOver speech (Tests/Fixtures/corpora/voiceover-captures, the
/// aloud capture of a SwiftUI fixture app on iOS 27) against screen files written from that
/// app's source (samples/compare).
@Suite("earshot compare against a real VoiceOver capture")
struct CompareCommandTests {
    static let root = CLIRunner.repositoryRoot
    static let capture = root.appendingPathComponent("Tests/Fixtures/corpora/voiceover-captures/voiceover-ios27.json").path

    @Test("every captured screen agrees with the screen file written from the fixture's source",
          arguments: [("repeated", 5), ("modal", 2), ("scroll", 12), ("dynamic", 2)])
    func capturedScreensAgree(screen: String, agreeing: Int) throws {
        let file = Self.root.appendingPathComponent("samples/compare/fixture-\(screen).json").path
        let result = try CLIRunner.run(["compare", "--voice", "en", "--capture", screen, Self.capture, file])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("\(agreeing) of \(agreeing) utterances agree\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("differ") && !result.stdout.contains("missing") && !result.stdout.contains("extra"))
    }

    @Test("a changed label differs and exits 1; --json gives one object per utterance")
    func changedLabel() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: Self.root.appendingPathComponent("samples/compare/fixture-modal.json"), encoding: .utf8)
        let changed = folder.appendingPathComponent("modal.json").path
        try original.replacingOccurrences(of: "Dismiss modal", with: "Close modal").write(toFile: changed, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["compare", "--voice", "en", "--capture", "modal", Self.capture, changed])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(#"differ   step 1, stop 2: VoiceOver "Dismiss modal Button", Earshot "Close modal, Button""#), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 of 2 utterances agree\n"))
        let json = try CLIRunner.run(["compare", "--json", "--voice", "en", "--capture", "modal", Self.capture, changed])
        let objects = try json.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(objects.contains { $0["verdict"] as? String == "differ" && $0["captured"] as? String == "Dismiss modal Button" })
        #expect(objects.last?["agree"] as? Int == 1 && objects.last?["compared"] as? Int == 2)
        // A plain-text capture of the same screen.
        let text = folder.appendingPathComponent("capture.txt").path
        try "Modal details Heading\nDismiss modal Button\nModal value 12.50\n".write(toFile: text, atomically: true, encoding: .utf8)
        let plain = try CLIRunner.run(["compare", "--voice", "en", text, Self.root.appendingPathComponent("samples/compare/fixture-modal.json").path])
        #expect(plain.status == 0 && plain.stdout.hasSuffix("3 of 3 utterances agree\n"), "\(plain.stdout)")
        let unnamed = try CLIRunner.run(["compare", Self.capture, changed])
        #expect(unnamed.status == 65 && unnamed.stderr.contains("pick one with --capture NAME"), "\(unnamed.stderr)")
    }
}

/// Compare given what it does not take: the arguments the wrong way round, or Earshot's own
/// reading instead of a capture.
@Suite("earshot compare says what went wrong with its arguments")
struct CompareArgumentTests {
    static let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/product-detail.json").path

    @Test("a screen as CAPTURE: the arguments swapped are named as such, with the right order; a screen in both places says what a capture is")
    func swapped() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = folder.appendingPathComponent("capture.txt").path
        try "상품 목록, 뒤로 버튼\n".write(toFile: capture, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["compare", Self.screen, capture])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("error: the arguments look swapped: \(Self.screen) is a screen file and \(capture) is a text file; give the capture first: earshot compare \(capture) \(Self.screen)"), "\(result.stderr)")
        #expect(!result.stderr.contains("unexpected end of file"), "\(result.stderr)")
        let both = try CLIRunner.run(["compare", Self.screen, Self.screen])
        #expect(both.status == 64 && both.stderr.contains("is a screen file, not a capture: CAPTURE is what the screen reader said"), "\(both.stderr)")
    }

    @Test("earshot read's own output as the capture: its prefixes are taken off, and a note says it compares Earshot with itself")
    func ownReading() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try CLIRunner.run(["read", "--no-audio", Self.screen])
        #expect(read.status == 0 && read.stdout.contains("1/5 back: "), "\(read.stdout)")
        let capture = folder.appendingPathComponent("read.txt").path
        try read.stdout.write(toFile: capture, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["compare", capture, Self.screen])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("5 of 5 utterances agree\n"), "\(result.stdout)")
        #expect(result.stderr.contains("is earshot read's own output (N/M ID: before each line): the prefixes are taken off, but this compares Earshot with itself"), "\(result.stderr)")
    }
}

/// TalkBack: the real capture's three screens against dumps written from its focus events
/// (Tests/Fixtures/talkback/README.md).
@Suite("earshot compare with TalkBack")
struct TalkBackCompareTests {
    static let root = CLIRunner.repositoryRoot
    static let capture = root.appendingPathComponent("Tests/Fixtures/corpora/voiceover-captures/talkback-focus-android14.json").path

    static func dump(_ screen: String) -> String {
        root.appendingPathComponent("Tests/Fixtures/talkback/capture-\(screen).uiautomator.xml").path
    }

    @Test("every captured screen agrees, hints included and none on the disabled button",
          arguments: [("nested", 5), ("scroll", 30), ("dialog", 3)])
    func capturedScreensAgree(screen: String, agreeing: Int) throws {
        let result = try CLIRunner.run(["compare", "--voice", "en", "--reader", "talkback", "--capture", screen,
                                        Self.capture, Self.dump(screen)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("\(agreeing) of \(agreeing) utterances agree\n"), "\(result.stdout)")
        if screen == "nested" {
            #expect(result.stdout.contains(#"agree    step 1, stop 2: "SAME LABEL, Button Double-tap to activate""#), "\(result.stdout)")
            #expect(result.stdout.contains(#"agree    step 3, stop 4: "UNAVAILABLE CONTROL, Button, disabled""#), "\(result.stdout)")
        }
    }

    @Test("an Android dump is read by TalkBack without --reader; as VoiceOver it differs and exits 1")
    func readerDefaultsToTalkBack() throws {
        let natural = try CLIRunner.run(["compare", "--voice", "en", "--capture", "nested", Self.capture, Self.dump("nested")])
        #expect(natural.status == 0, "\(natural.stdout)\(natural.stderr)")
        let voiceOver = try CLIRunner.run(["compare", "--voice", "en", "--reader", "voiceover", "--capture", "nested",
                                           Self.capture, Self.dump("nested")])
        #expect(voiceOver.status == 1, "\(voiceOver.stdout)")
        #expect(voiceOver.stdout.contains("differ"), "\(voiceOver.stdout)")
        #expect(voiceOver.stdout.contains(": TalkBack \""), "the capture's reader is named: \(voiceOver.stdout)")
    }
}
