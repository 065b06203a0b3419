import EarshotAudio
import EarshotCheck
import EarshotCommandLine
import EarshotCore
import EarshotPlayback
import EarshotReport
import EarshotSpeech
import Foundation

/// `earshot read`: every focus stop of a screen in its reader's order (VoiceOver's, or
/// TalkBack's for an Android dump), printed and spoken.
enum ReadCommand: Command {
    static let name = "read"
    static let withoutDevice: String? = "`earshot read -o DIR` (one WAV per stop), `--report PAGE.html` (a page to listen to) or `--no-audio` (the stops printed)"
    static let summary = "Read every focus stop of a screen file or web page, in its reader's order (VoiceOver, TalkBack, NVDA)."
    struct Options: CommandOptions {
        @Option(.voice) var voice: String?
        @Option(.reader) var reader: ScreenReaderName?
        @Flag("no-audio", "Print the focus stops only.")
        var noAudio: Bool
        @Option("report", "FILE.html", "Write a page: the screen drawn with its numbered stops, a play control per stop, the findings (docs/reports.md).")
        var report: String?
        @Option(.reportAudio) var reportAudio: PageAudio.Placement?
        @Flag("quiet", short: "q", "No notes on standard error (what a dump cannot tell): the stops alone.")
        var quiet: Bool
        @Flag("json", "Print one JSON object per focus stop (JSON Lines: index, id, text, hint, traits, frame, source) and play nothing.")
        var json: Bool
        @Option("output", short: "o", "DIR", "Write one WAV per focus stop into DIR instead of playing.")
        var output: String?
        @Option(.device) var device: String?
        @Option(.punctuation) var punctuation: PunctuationLevel?
        @Option(.rate) var rate: Int?
        @Option(.espeakData) var espeakData: String?
        @Group var screenInput: ScreenInputOptions
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        let path = try parsed.singleInput("SCREEN", kind: "screen file")
        let loaded = try parsed.screenInput.loadScreen(path, reader: parsed.reader, quiet: parsed.quiet, picture: parsed.report != nil,
                                                          covers: parsed.report != nil)
        let profile = try chosenProfile(voice: parsed.voice, punctuation: parsed.punctuation, rate: parsed.rate)
        // The reader is chosen, and its words read, once for the whole command.
        let reader = try screenReader(parsed.reader, profile: profile, for: [(loaded.screen, path)])
        let report = try ReadReport(screen: loaded.screen, profile: profile, reader: reader)
        // The voice is known to eSpeak NG before the first stop is printed, whatever the mode.
        let printsOnly = parsed.json || (parsed.noAudio && parsed.output == nil && parsed.report == nil)
        let speaker: Speaker?
        if printsOnly {
            try Speaker.checkVoiceWithoutAudio(profile, espeakData: parsed.espeakData)
            speaker = nil
        } else {
            speaker = try Speaker.checked(profile, espeakData: parsed.espeakData)
        }
        if let page = parsed.report, let speaker {
            try ReportWriting.checkPageName(page, option: "--report")
            let placement = parsed.reportAudio ?? .automatic
            try RunOutputs.check([("--report", page)], inputs: [path], voice: parsed.voice)
            if placement.mayWriteBeside && page != "-" {
                // The folder of the stops' audio beside the page is the command's own: one an
                // earlier run wrote is filled again, and a link planted in it is refused.
                let folder = (page as NSString).deletingPathExtension + "-audio"
                let names = report.lines.map(stopFileName)
                if FileManager.default.fileExists(atPath: folder), FileKind(atPath: AtomicFile.destination(of: folder)) != .folder {
                    throw OutputPathError("--report-audio \(folder) is a file: the page's audio goes into a folder of that name beside it (remove the file, or give --report-audio embed); nothing was written")
                }
                try OutputSafety.checkOwnedFolder(folder, files: names, option: "--report-audio")
            }
            try ScreenPage.write(loaded, file: path, speaker: speaker, reader: reader, to: page, placement: placement, reading: report)
            print(report.text, terminator: "")
            print("wrote \(page)")
            return .success
        }
        if parsed.json {
            if parsed.output != nil { throw UsageError("--json prints the stops; -o writes WAV files: give one of them") }
            print(report.jsonLines(locations: loaded.idLocations), terminator: "")
            return .success
        }
        print(report.text, terminator: "")
        guard let speaker, !(parsed.noAudio && parsed.output == nil) else { return .success }
        let timing = try TimingSettings(profile: profile, reader: reader)
        if let folder = parsed.output {
            // The folder is the command's own: a link planted in it is refused, never written through.
            let names = report.lines.map(stopFileName)
            try OutputSafety.checkOwnedFolder(folder, files: names, option: "read -o")
            try RunOutputs.check(names.map { ("-o", (folder as NSString).appendingPathComponent($0)) }, inputs: [path],
                                 voice: parsed.voice)
            try createFolder(folder)
            for (line, name) in zip(report.lines, names) {
                let file = (folder as NSString).appendingPathComponent(name)
                try speaker.write(line.speech.spoken, hint: line.speech.spokenHint, hintPause: timing.hintPause, to: file,
                                  followingLinks: false)
            }
            print("wrote \(report.lines.count) WAV files to \(folder)")
            return .success
        }
        try StopOnSignal.watching {
            let sink = try AlsaSink(device: parsed.device ?? AlsaSink.defaultDevice, sampleRate: speaker.sampleRate)
            defer { sink.close() }
            let gap = PCMBuffer.silence(seconds: timing.queueGap, sampleRate: speaker.sampleRate).samples
            for line in report.lines {
                try speaker.speak(line.speech.spoken, hint: line.speech.spokenHint, hintPause: timing.hintPause, into: sink)
                sink.enqueue(gap)
            }
            try sink.drain()
        }
        return .success
    }

    /// `003-card-2.wav`: the position keeps files in reading order; the id is made safe for any file system.
    static func stopFileName(_ line: ReadReport.Line) -> String {
        ScreenPage.stopFileName(position: line.position, count: line.count, id: line.id)
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot read [options] SCREEN"],
        arguments: [("SCREEN", "A screen file (docs/screen-format.md) or an accessibility dump of a real app: WebDriverAgent / Appium page source XML, WebDriverAgent JSON, idb ui describe-all JSON, Android uiautomator XML (docs/import.md); a web page: .html, a saved .axtree.json, or an http://, https:// or file:// address (docs/web.md); - reads standard input.")],
        options: Options.table,
        notes: """
        Prints one line per focus stop: position/count, element id, what the reader says, and the
        hint in parentheses. Then speaks the stops in order (or writes NNN-id.wav files with -o).
        --json prints instead one JSON object per stop and line, for scripts:
          {"index": 1, "count": 5, "id": "back", "text": "뒤로, 버튼", "hint": null,
           "traits": ["button"], "frame": [0, 44, 80, 44], "source": {"file": "cart.json", "line": 9, "column": 13}}
        (source: where the element is written in the input; null when unknown).
        """
    )
}
