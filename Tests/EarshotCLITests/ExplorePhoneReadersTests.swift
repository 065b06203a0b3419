import Foundation
import Testing

/// `explore --reader voiceover|talkback PAGE.html`: a page laid out in the reader's phone and
/// explored with that reader's gestures (swipes, double tap, VoiceOver's rotor, TalkBack's reading
/// controls), driven through explore's scripted input (docs/mobile-web.md, "The three readers side
/// by side, explore, the phones as data").
@Suite("explore reads a page under the phone readers", .serialized)
struct ExplorePhoneReadersTests {
    static let page = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web/talkback.html").path

    /// Every line of `expected`, in this order, among the session's lines.
    static func expectInOrder(_ expected: [String], in output: String) {
        let lines = output.split(separator: "\n").map(String.init)
        var position = lines.startIndex
        for line in expected {
            guard let found = lines[position...].firstIndex(of: line) else {
                Issue.record("missing, or out of order: \(line)\n--- output:\n\(output)")
                return
            }
            position = found + 1
        }
    }

    @Test("VoiceOver in the iPhone's window: the rotor's links, form controls and headings, a double tap, a swipe, in Safari's words")
    func voiceOver() throws {
        let script = "link\nform-field\nactivate\nidle\nheading\nprevious-heading\nnext\n"
        let result = try CLIRunner.run(["explore", "--no-audio", "--voice", "en", "--reader", "voiceover", Self.page],
                                       input: Data(script.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectInOrder([
            "speaking #2 element: Delivery, heading level 2",
            "rotor links, swipe down: home, 3 of 11",
            "speaking #3 element: Home, link",
            "rotor form controls, swipe down: terms, 4 of 11",
            "speaking #4 element: Accept terms, checkbox, unchecked",
            "double tap: activated terms, 4 of 11",
            "sound #5: activation",
            "rotor headings, swipe down: boundary, focus stays on terms, 4 of 11",
            "rotor headings, swipe up: heading-1, 1 of 11",
            "speaking #8 element: Delivery, heading level 2",
            // The iPhone's window: the page writes its width, 390.
            "swipe right: text-2, 2 of 11",
            "speaking #9 element: 390",
        ], in: result.stdout)
    }

    @Test("TalkBack in the Android phone's window: the reading controls' links, lists, controls, headings and landmarks, in Chrome's and TalkBack's words")
    func talkBack() throws {
        let script = "link\nlist\nform-field\nactivate\nidle\nprevious-heading\nlandmark\nnext\n"
        let result = try CLIRunner.run(["explore", "--no-audio", "--voice", "en", "--reader", "talkback", Self.page],
                                       input: Data(script.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectInOrder([
            "speaking #2 element: Delivery, heading 2",
            "reading control links, swipe down: home, 3 of 14",
            "speaking #4 element: Home, link",
            "speaking #5 hint: Double-tap to activate",
            "reading control lists, swipe down: listmarker-1, 5 of 14",
            "speaking #7 element: •, 1 of 3, In list, 3 items",
            "reading control controls, swipe down: name, 12 of 14",
            "speaking #9 element: Required, Name, Edit box, Out of list",
            "double tap: activated name, 12 of 14",
            "sound #11: tick",
            "reading control headings, swipe up: heading-1, 1 of 14",
            "speaking #14 element: Delivery, heading 2",
            "reading control landmarks, swipe down: boundary, focus stays on heading-1, 1 of 14",
            // The Android phone's window: the page writes its width, 412.
            "swipe right: wide, 2 of 14",
        ], in: result.stdout)
        #expect(result.stdout.contains(" element: 412\n"), "\(result.stdout)")
    }
}
