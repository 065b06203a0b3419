import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot compare`: what a real screen reader said for a screen, swipe by swipe, against what
/// Earshot says for the same screen (docs/compare.md).
enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "Compare a real VoiceOver or TalkBack capture of a screen with what Earshot says, utterance by utterance."
    struct Options: CommandOptions {
        @Option(.voice) var voice: String?
        @Option(.reader) var reader: ScreenReaderName?
        @Option("capture", "NAME", "The captured screen to compare, in a capture file of several (aloud's captures.NAME).")
        var capture: String?
        @Flag("json", "Print one JSON object per utterance (JSON Lines), then the counts.")
        var json: Bool
        @Group var screenInput: ScreenInputOptions
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        guard parsed.positionals.count == 2 else {
            throw UsageError("expected CAPTURE and SCREEN, got \(counted(parsed.positionals.count, "argument"))")
        }
        let (capturePath, screenPath) = (parsed.positionals[0], parsed.positionals[1])
        try checkOrder(capture: capturePath, screen: screenPath)
        let capture = try ScreenReaderCapture.load(path: capturePath, name: parsed.capture)
        if capture.isEarshotReading {
            standardError("note: \(StandardInput.label(for: capturePath)) is earshot read's own output (N/M ID: before each line): the prefixes are taken off, but this compares Earshot with itself; compare a capture of the real screen reader (docs/compare.md)")
        }
        guard !capture.utterances.isEmpty else { throw DataFileError("the capture holds no utterance", at: SourceLocation(file: capturePath, line: 1, column: 1)) }
        let loaded = try parsed.screenInput.loadScreen(screenPath, reader: parsed.reader, covers: false)
        // Without --voice, the capture's language: an English capture is compared in English
        // whatever the locale (the locale's voice when its letters name no profile).
        let fallback = VoiceLibrary.locate().voice(forTextsIn: capture.utterances) ?? VoiceLibrary.defaultVoice
        let profile = try voiceProfile(parsed.voice, default: fallback)
        let report = try ReadReport(screen: loaded.screen, profile: profile,
                                    reader: try screenReader(parsed.reader, profile: profile, for: [(loaded.screen, screenPath)]))
        let stops = report.lines.map { EarshotUtterance(id: $0.id, text: $0.speech.spoken.text, hint: $0.speech.spokenHint?.text) }
        let comparison = CaptureComparison(capture: capture, stops: stops)
        print(parsed.json ? comparison.jsonLines : comparison.text, terminator: "")
        return comparison.allAgree ? .success : .failure
    }

    /// A screen given as CAPTURE is a usage error that says which way round the arguments go
    /// (a screen file read as a capture once failed with "unexpected end of file inside an
    /// object"). Standard input is left alone: it is read once, by its own reader.
    static func checkOrder(capture: String, screen: String) throws {
        guard capture != "-", let data = FileManager.default.contents(atPath: capture) else { return }
        let captureKind = InputKind.of(data, file: capture)
        guard captureKind.isScreen else { return }
        let screenKind = screen == "-" ? nil : FileManager.default.contents(atPath: screen).map { InputKind.of($0, file: screen) }
        if let screenKind, !screenKind.isScreen {
            throw UsageError("the arguments look swapped: \(capture) is \(captureKind.description) and \(screen) is \(screenKind.description); give the capture first: earshot compare \(screen) \(capture)")
        }
        throw UsageError("\(capture) is \(captureKind.description), not a capture: CAPTURE is what the screen reader said (a text file with one utterance a line, JSON Lines, or an aloud capture; docs/compare.md), SCREEN comes second")
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot compare [options] CAPTURE SCREEN"],
        arguments: [
            ("CAPTURE", "What the screen reader said: plain text (one utterance per line, in swipe order), JSON Lines with an \"utterance\" field, or an aloud capture file (Xcode 27's XCUIVoiceOverService, or TalkBack's speech requests: captures.NAME.commands[].speech[].text)."),
            ("SCREEN", "The same screen as a screen file, an accessibility dump or a web page (.html, a saved .axtree.json, or an http://, https:// or file:// address)."),
        ],
        options: Options.table,
        notes: """
        Prints one line per utterance: agree, differ (with both texts), missing (a stop the
        capture lacks), extra (an utterance Earshot has no stop for), or skipped (VoiceOver on,
        a repeat at the last element, stops past a capture cut at its step limit), and last
        `N of M utterances agree`. Texts are compared without case, punctuation or spacing, with
        the hint when the capture has it. Exit codes: 0 all agree, 1 some do not, 64 usage, 65
        a capture or screen that cannot be read. How to record a capture: docs/compare.md.
        """)
}
