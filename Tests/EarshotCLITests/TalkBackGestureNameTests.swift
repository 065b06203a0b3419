import Foundation
import Testing

/// Under TalkBack a transcript names the gestures TalkBack's defaults give (google/talkback
/// 26a27dc0, `pref_shortcut_*_default`; docs/talkback.md, "Gestures"), not VoiceOver's.
@Suite("TalkBack's gestures by their own names")
struct TalkBackGestureNameTests {
    @Test("back is a swipe down then left, reading from the focus a two-finger triple tap, first item and read from top have no gesture by default")
    func namesInTheTranscript() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = CLIRunner.repositoryRoot.appendingPathComponent("samples/dumps/android/signin-handmade.xml").path
        let scenario = folder.appendingPathComponent("gestures.json")
        try """
        {"voice": "ko", "screen": "\(dump)", "reader": {"name": "talkback"},
         "steps": [{"gesture": "first"}, {"gesture": "last"}, {"gesture": "escape"}, {"gesture": "readAll", "fromTop": true},
                   {"gesture": "first"}, {"gesture": "readAll"}]}
        """.write(to: scenario, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "--transcript", "-", scenario.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout
        #expect(text.contains("(focus move (focus on first item (no gesture by default)), line 2)"), "\(text)")
        #expect(text.contains("focus on last item (no gesture by default)"), "\(text)")
        #expect(text.contains("read from top (no gesture by default)"), "\(text)")
        #expect(text.contains("(focus move (two-finger triple tap), line 3)"), "\(text)")
        #expect(result.stderr.contains("back (swipe down then left): nothing to dismiss") || text.contains("back (swipe down then left)"),
                "\(text)\(result.stderr)")
        for voiceOver in ["four-finger tap", "two-finger scrub", "read all"] {
            #expect(!text.contains(voiceOver), "VoiceOver's \(voiceOver) under TalkBack:\n\(text)")
        }
        // The same scenario under VoiceOver keeps VoiceOver's names.
        let voiceOver = try CLIRunner.run(["check", "--reader", "voiceover", "--transcript", "-", scenario.path])
        #expect(voiceOver.stdout.contains("four-finger tap top") && voiceOver.stdout.contains("read all from top"), "\(voiceOver.stdout)\(voiceOver.stderr)")
    }
}
