import EarshotCommandLine
import EarshotCore
import EarshotWeb
import Foundation

/// `earshot import`: turns an accessibility dump of a real app into Earshot's own screen file,
/// ready to be edited by hand (hints, grouping, custom actions the dump could not capture).
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "Turn an accessibility dump of a real app into an editable screen file, or save a web page's tree."
    struct Options: CommandOptions {
        @Option("output", short: "o", "SCREEN.json", "Write the screen file here (default: standard output).")
        var output: String?
        @Option(.reader.described(
            "The screen reader that reads the written file unless a command says otherwise: recorded as its \"reader\", and the reader whose focus stops the summary counts. Default: none recorded (TalkBack for an Android dump, NVDA for a web page, else VoiceOver)."))
        var reader: ScreenReaderName?
        @Group var screenInput: ScreenInputOptions
        @Flag("quiet", short: "q", "No notes on standard error (what the dump cannot tell) and no summary line.")
        var quiet: Bool
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        let path = try parsed.singleInput("DUMP", kind: "dump")
        try RunOutputs.check(parsed.output.map { [("-o", $0)] } ?? [], inputs: [path])
        if PageCapture.isPage(path) { return try importPage(path, parsed: parsed) }
        let chosen = parsed.reader
        var loaded = try parsed.screenInput.loadScreen(path, quiet: parsed.quiet)
        if let chosen, let refusal = ScreenReaders.named(chosen)?.refusal(toRead: loaded.screen, called: loaded.format.title) {
            throw UsageError("--reader \(chosen) \(refusal)")
        }
        loaded.screen.reader = chosen
        let source = (path as NSString).lastPathComponent
        var description = "Imported by earshot import from \(source) (\(loaded.format.title))."
        if !loaded.notes.isEmpty { description += " Notes: " + loaded.notes.joined(separator: "; ") + "." }
        let text = ScreenFileWriter.text(of: loaded.screen, description: description)
        guard let output = parsed.output, output != "-" else {
            print(text, terminator: "")
            return .success
        }
        try AtomicFile.write(text, to: output)
        // The file is read by its own reader (the one it names, else the one its content calls for).
        let session = try ReadingSession(voice: try VoiceLibrary.locate().profile(VoiceLibrary.defaultVoice), asking: nil, for: [loaded.screen])
        let stops = FocusOrder(screen: loaded.screen, reader: session.reader).count
        if !parsed.quiet { print("wrote \(output): \(loaded.screen.nodeCount) elements, \(stops) \(session.reader.title) focus stops, from \(loaded.format.title)") }
        return .success
    }

    /// A web page: its accessibility tree, read in Chromium, saved as `PAGE.axtree.json`, which
    /// every command then reads without a browser.
    static func importPage(_ path: String, parsed: Parsed<Options>) throws -> ExitCode {
        // The screenshot is kept in the saved tree, so a report made from it shows the page.
        let tree = try PageCapture(viewport: parsed.screenInput.viewport ?? .desktop, screenshot: true)
            .capture(try PageCapture.address(of: path))
        let loaded = try ScreenLoader.webPage(tree, defaultName: ScreenLoader.defaultName(for: path))
        let natural = ScreenReaders.decide(asked: nil, for: [loaded.screen])
        if let chosen = parsed.reader, chosen != natural {
            throw UsageError("--reader \(chosen): a saved page tree records no reader; it is read by \(natural) unless a command says otherwise")
        }
        if !parsed.quiet { printNotes(loaded.notes, file: path) }
        guard let output = parsed.output, output != "-" else {
            print(tree.json, terminator: "")
            return .success
        }
        try AtomicFile.write(tree.json, to: output)
        let reader = try ScreenReaders.make(natural, profile: try VoiceLibrary.locate().profile(VoiceLibrary.defaultVoice))
        let stops = FocusOrder(screen: loaded.screen, reader: reader).count
        if !parsed.quiet { print("wrote \(output): \(tree.nodes.count) nodes, \(stops) \(reader.title) stops, from \(tree.url)") }
        return .success
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot import [options] DUMP [-o SCREEN.json]", "earshot import [options] PAGE.html|URL [-o PAGE.axtree.json]"],
        arguments: [("DUMP", "WebDriverAgent / Appium page source XML, WebDriverAgent JSON source, idb ui describe-all JSON, or an Android dump (Appium UiAutomator2 page source, uiautomator dump) (recognised by content).")],
        options: Options.table,
        notes: """
        Keeps each element's identifier and frame, the focus stops and their traits; drops the
        wrappers VoiceOver never stops on. An Android dump is kept whole: every view, with what
        the dump said of it in an "android" object. Reading the written file gives the same focus
        stops as reading the dump. --reader records the screen reader that reads the file (its
        "reader", docs/screen-format.md); without it, the file is read as the dump is. What the dump could not say (hints, custom actions) is printed as notes
        and recorded in the file's description. The rules: docs/import.md.
        """
    )
}
