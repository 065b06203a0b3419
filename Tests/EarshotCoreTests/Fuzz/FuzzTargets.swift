#if !FUZZING
@testable import EarshotCore
@testable import EarshotRender
#endif
import Foundation

/// What the fuzzer (scripts/fuzz.sh) and its regression corpus (Tests/FuzzCorpus) feed bytes to:
/// each reader a user can hand a file to, then what is built from a file that reads (focus
/// order, descriptions, lint, a scenario run on a virtual clock). A thrown error is a correct
/// answer to bad input; a crash, a trap or a hang is a bug.
///
/// Compiled twice: into the core's tests, and by scripts/fuzz.sh into a libFuzzer binary with
/// the core's sources (`-D FUZZING`, one module, so it does not import it).
enum FuzzTarget: String, CaseIterable {
    case screen
    case dump
    /// WebDriverAgent page source XML alone (Earshot's XML reader), and idb's JSON alone, so
    /// each reader gets the fuzzer's time for itself, seeded with its own format.
    case pageSource = "page-source"
    case idbJSON = "idb-json"
    /// Android uiautomator XML alone (Appium page source and `uiautomator dump`).
    case uiautomator
    case scenario
    case strings
    case labels
    /// What a screen reader said (`compare`'s capture files: plain text, JSON Lines, aloud),
    /// then compared with stops made from it.
    case capture
    /// A saved web page tree (`earshot import`'s `.axtree.json`): read, made a screen, read by
    /// NVDA's rules; and written again, which must read again (`import` writes only what
    /// `read` reads).
    case axtree
    #if FUZZING
    /// `explore`'s command lines from standard input, each parsed as a typed command. Built
    /// into the fuzzer only (the reader and parser are EarshotExplore's); the corpus replay is
    /// `ExploreCommandCorpusTests`.
    case exploreCommands = "explore-commands"
    #endif

    /// The voice profiles used to describe and lint: `EARSHOT_VOICES`, else the repository's.
    static let profile: VoiceProfile? = {
        let folder = ProcessInfo.processInfo.environment["EARSHOT_VOICES"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices").path
        return try? VoiceLibrary(directory: folder).profile("ko")
    }()

    static let linter: ScreenLinter? = profile.flatMap { try? ScreenLinter(profile: $0, reader: VoiceOver()) }

    func run(_ data: Data) {
        switch self {
        case .screen:
            if let loaded = try? ScreenLoader.parse(data, file: "fuzz.json", format: .screen) { Self.exercise(loaded.screen) }
        case .dump:
            for format in [ScreenInputFormat.wdaXML, .wdaJSON, .idbJSON, .uiautomator] {
                if let loaded = try? ScreenLoader.parse(data, file: "fuzz.dump", format: format) { Self.exercise(loaded.screen) }
            }
        case .pageSource:
            if let loaded = try? ScreenLoader.parse(data, file: "fuzz.xml", format: .wdaXML) { Self.exercise(loaded.screen) }
        case .idbJSON:
            if let loaded = try? ScreenLoader.parse(data, file: "fuzz.json", format: .idbJSON) { Self.exercise(loaded.screen) }
        case .uiautomator:
            if let loaded = try? ScreenLoader.parse(data, file: "fuzz.xml", format: .uiautomator) {
                Self.exercise(loaded.screen)
                // TalkBack's order and words, as `read` gives them for an Android dump.
                if let profile = Self.profile, loaded.screen.nodeCount < 5000 {
                    _ = try? ReadReport(screen: loaded.screen, profile: profile, reader: try TalkBack(profile: profile))
                }
            }
        case .scenario:
            guard let text = try? TextFileDecoding.decode(data, file: "fuzz.json"),
                  let scenario = try? ScenarioFile.parse(text, path: "/nonexistent/fuzz.json"),
                  let profile = Self.profile,
                  let runner = try? ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                                   device: FixedLengthDevice()) else { return }
            _ = try? runner.run()
        case .strings:
            guard let text = try? TextFileDecoding.decode(data, file: "fuzz.strings") else { return }
            let placeholders = FormatPlaceholders.defaults(language: "ko")
            for item in StringsTableParser.parse(text, file: "fuzz.strings").items {
                if case .formatString(let format) = item.content { _ = try? placeholders.fill(format) }
            }
        case .labels:
            guard let text = try? TextFileDecoding.decode(data, file: "fuzz.csv") else { return }
            _ = LabelTableParser.parse(text, file: "fuzz.csv")
            _ = PlainTextParser.parse(text, file: "fuzz.txt")
        case .capture:
            guard let text = try? TextFileDecoding.decode(data, file: "fuzz.capture") else { return }
            let names = [nil, "screen"]
            for name in names {
                guard let capture = try? ScreenReaderCapture.parse(text, file: "fuzz.capture", name: name) else { continue }
                // Stops that say some of it, in another order, with hints: every verdict is reached.
                let stops = capture.utterances.prefix(500).enumerated().map { index, utterance in
                    EarshotUtterance(id: "s\(index)", text: index % 3 == 0 ? utterance : "other \(index)", hint: index % 2 == 0 ? "hint" : nil)
                }
                let comparison = CaptureComparison(capture: capture, stops: Array(stops.reversed()) + stops)
                _ = comparison.text
                _ = comparison.jsonLines
            }
        case .axtree:
            guard let text = try? TextFileDecoding.decode(data, file: "fuzz.axtree.json"),
                  let root = try? JSONDocument.parse(text, file: "fuzz.axtree.json"),
                  let tree = try? WebPageTree.decode(root) else { return }
            guard (try? WebPageTree.decode(JSONDocument.parse(tree.json, file: "again.axtree.json"))) != nil else {
                fatalError("a saved tree that reads does not read again once written")
            }
            guard let loaded = try? ScreenLoader.webPage(tree, defaultName: "fuzz") else { return }
            Self.exercise(loaded.screen)
            if let profile = Self.profile, loaded.screen.nodeCount < 5000, let nvda = try? NVDA(profile: profile) {
                _ = try? ReadReport(screen: loaded.screen, profile: profile, reader: nvda)
            }
        #if FUZZING
        case .exploreCommands:
            let reader = CommandLineEditor(data: data, limit: 4096)
            while let item = reader.next() {
                if case .line(let line) = item { _ = try? ExploreAction.parse(line) }
            }
        #endif
        }
    }

    /// Everything built from a screen: stops, descriptions, lint, and the written screen file.
    static func exercise(_ screen: Screen) {
        let stops = FocusOrder(screen: screen).stops
        if let profile, let generator = try? DescriptionGenerator(profile: profile, reader: VoiceOver()) {
            for stop in stops.prefix(2000) { _ = generator.describe(stop) }
        }
        if screen.nodeCount < 5000 { _ = linter?.findings(for: screen) }
        _ = ScreenFileWriter.text(of: screen)
    }
}

/// A speech device that plays every utterance for 0.5 s: scenario runs without an engine.
final class FixedLengthDevice: SpeechDevice {
    func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? { .seconds(0.5) }
    func stop(_ utterance: Utterance, at time: TimelineInstant) {}
}
