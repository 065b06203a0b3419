import EarshotCore
import Foundation
import Testing

/// The browser's focus is the reader's (docs/web.md, "Focus moved by the page, and keys"): on a
/// real page in Chromium, through the built binary, NVDA follows a focus the page moves by
/// itself and says it as focus says it, at the moment it moved; keys go to the page.
@Suite("The browser's focus on a page, as NVDA follows it", .serialized)
struct WebFocusTests {
    typealias Move = WebNavigationTests.Move

    static func scenario(_ name: String) -> String {
        WebNavigationTests.fixtures.appendingPathComponent(name).path
    }

    /// The start and end of the utterance said for `text`, and the step line that caused it.
    static func timing(of text: String, in output: String) -> (start: String, end: String, line: Int)? {
        for line in output.split(separator: "\n") {
            guard let match = line.firstMatch(of: /^(\S+)  "(.*)"  spoken to (\S+)  \(.*line (\d+)\)$/),
                  match.output.2 == text, let number = Int(match.output.4) else { continue }
            return (String(match.output.1), String(match.output.3), number)
        }
        return nil
    }

    @Test("a button whose click handler focuses a heading: the heading is said with its level, when the click's own speech is over, at the click's time")
    func clickFocusesHeading() throws {
        let output = try WebNavigationTests.check(Self.scenario("focus-click.json"), voice: "en")
        #expect(WebNavigationTests.moves(output) == [
            Move(key: "tab", said: "main landmark Show results button"),
            // NVDA says nothing of its own for the click (the button's focus is its own
            // activation's); the heading the handler focused is said as focus says it.
            Move(key: "page", said: "Results heading level 2"),
            // The reading is on the heading now: the down arrow goes on from it.
            Move(key: "down arrow", said: "Three results."),
        ], "\(output)")
        let button = try #require(Self.timing(of: "main landmark Show results button", in: output))
        let heading = try #require(Self.timing(of: "Results heading level 2", in: output))
        // The click (line 7) waits for the button's speech to end, and the heading is said then.
        #expect(heading.line == 7 && heading.start == button.end, "\(output)")
    }

    @Test("the same through the Enter key: the browser clicks the focused button, and the key names the move")
    func enterFocusesHeading() throws {
        let output = try WebNavigationTests.check(Self.scenario("focus-enter.json"), voice: "en")
        #expect(WebNavigationTests.moves(output) == [
            Move(key: "tab", said: "main landmark Show results button"),
            Move(key: "enter", said: "Results heading level 2"),
            Move(key: "down arrow", said: "Three results."),
        ], "\(output)")
        let button = try #require(Self.timing(of: "main landmark Show results button", in: output))
        let heading = try #require(Self.timing(of: "Results heading level 2", in: output))
        #expect(heading.line == 7 && heading.start == button.end, "\(output)")
        // In Korean, NVDA's words for the heading and its level.
        let korean = WebNavigationTests.moves(try WebNavigationTests.check(Self.scenario("focus-enter.json"), voice: "ko"))
        let words = try WebNavigationTests.words("ko")
        let headingWord = try #require(words.roles[.heading]), level = try #require(words.fill("level", ["level": "2"]))
        #expect(korean.dropFirst().first == Move(key: "enter", said: "Results \(headingWord) \(level)"), "\(korean)")
    }

    @Test("a dialog that focuses its first control is said with it; Escape goes to the page, whose script closes the dialog and focuses its opener, which is said")
    func escapeReturnsToOpener() throws {
        let output = try WebNavigationTests.check(Self.scenario("focus-dialog.json"), voice: "en")
        #expect(WebNavigationTests.moves(output) == [
            Move(key: "page", said: "main landmark Settings dialog Close button"),
            Move(key: "escape", said: "Settings button"),
            // The dialog is hidden again: Tab goes past it, from the opener.
            Move(key: "tab", said: "Skip to help button"),
        ], "\(output)")
    }

    @Test("a dialog that focuses itself: the reading lands on its first item, said after the dialog, and no finding says focus missed it")
    func dialogFocusesItself() throws {
        let output = try WebNavigationTests.check(Self.scenario("focus-container.json"), voice: "en")
        #expect(WebNavigationTests.moves(output) == [
            Move(key: "page", said: "main landmark About dialog Version 2."),
            Move(key: "down arrow", said: "button OK"),
            // The reading is inside the focused dialog: Tab goes to the browser, on from it.
            Move(key: "tab", said: "OK button"),
        ], "\(output)")
        #expect(!output.contains("dialog.focus-not-moved"), "\(output)")
    }

    @Test("Tab from a control whose own handler moved focus elsewhere goes on from the browser's focus, not from the control")
    func tabFromTheBrowsersFocus() throws {
        let output = try WebNavigationTests.check(Self.scenario("focus-tab.json"), voice: "en")
        #expect(WebNavigationTests.moves(output) == [
            Move(key: "tab", said: "main landmark Show results button"),
            Move(key: "tab", said: "Settings button"),
            Move(key: "tab", said: "Skip to help button"),
            Move(key: "page", said: "Help link"),
            // From Help, where the page put the focus: not "Next step", after Skip to help.
            Move(key: "tab", said: "Back to top button"),
            Move(key: "shift+tab", said: "Help link"),
        ], "\(output)")
    }

    @Test("a key step names a key the browser knows; another is an error at its place in the file")
    func unknownKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Self.scenario("focus.html"), toPath: folder.appendingPathComponent("focus.html").path)
        let scenario = folder.appendingPathComponent("keys.json").path
        try """
            {
              "screen": "focus.html",
              "steps": [
                { "page": { "key": "control+Hyper" } }
              ]
            }
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", scenario])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("keys.json:4:24: error: unknown key \"control+Hyper\""), "\(result.stderr)")
        #expect(PageKey(parsing: "shift+Tab") == .shiftTab && PageKey(parsing: "enter") == PageKey("Enter"))
        #expect(PageKey(parsing: "a")?.key == "a" && PageKey(parsing: "shift+shift+a") == nil && PageKey(parsing: "Tabs") == nil)
    }
}
