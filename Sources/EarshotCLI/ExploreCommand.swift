import Dispatch
import EarshotAudio
import EarshotCommandLine
import EarshotCore
import EarshotExplore
import EarshotPlayback
import Foundation

/// `earshot explore`: an interactive desk check of a screen file. Keys are VoiceOver's gestures,
/// typed commands post the app's notifications, speech plays live through ALSA, and every
/// utterance is printed as a plain line.
enum ExploreCommand: Command {
    static let name = "explore"
    static let withoutDevice: String? = "`earshot explore --no-audio` (the same walk, printed)"
    static let summary = "Explore a screen file live: keys for gestures, typed notifications, speech through ALSA."
    struct Options: CommandOptions {
        @Option(.voice) var voice: String?
        @Option(.reader) var reader: ScreenReaderName?
        @Option(.device) var device: String?
        @Flag("no-audio", "Play nothing; utterances last as long as their synthesized speech would.")
        var noAudio: Bool
        @Option(.rate) var rate: Int?
        @Option(.espeakData) var espeakData: String?
        @Group var screenInput: ScreenInputOptions
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        let path = try parsed.singleInput("SCREEN", kind: "screen file or scenario")
        if parsed.noAudio && parsed.device != nil {
            throw UsageError("--no-audio plays nothing: leave out --device")
        }
        let device = parsed.device ?? AlsaSink.defaultDevice
        let explored = try load(path, parsed.options)
        let speaker = explored.speaker
        let profile = speaker.profile
        let earcons = try EarconLibrary(profile: profile, sampleRate: speaker.sampleRate)

        let printer = LinePrinter()
        let clock = LiveClock(label: "earshot.explore-clock")
        let output: LiveOutput
        if parsed.noAudio {
            output = LiveOutput(device: SilentSpeechDevice(speaker: speaker, earcons: earcons), live: nil)
        } else {
            let sink = try AlsaSink(device: device, sampleRate: speaker.sampleRate,
                                    periodMilliseconds: 10)
            output = LiveOutput(device: nil, live: LiveSpeechDevice(speaker: speaker, earcons: earcons, sink: sink))
        }
        let session = try ExploreSession(screens: explored.screens, startScreen: explored.startScreen,
                                         app: explored.app, reader: explored.reader, clock: clock,
                                         device: output.speechDevice,
                                         session: try ReadingSession(voice: profile, reader: explored.screenReader),
                                         printer: printer)
        output.live?.bind(to: session.scheduler)

        let terminal = KeyTerminal()
        let ending = SessionEnding(terminal: terminal, session: session, output: output)
        let signals = ending.watchSignals(printer: printer)
        defer {
            signals.forEach { $0.cancel() }
            ending.finish()
        }

        let audio = parsed.noAudio ? "no audio" : "ALSA device \(device)"
        let rate = profile.askedRate.map { ", \($0) words a minute" } ?? ""
        printer.line("earshot explore: \(path), voice \(profile.name)\(rate), \(audio). Press ? for help, q to quit.")
        session.begin()
        if let terminal {
            terminal.enterKeyMode()
            readKeys(terminal: terminal, session: session, printer: printer)
        } else {
            readLines(session: session, printer: printer)
        }
        // A stop signal that came meanwhile decides the exit status: its handler ends the process.
        ending.waitIfStopping()
        return .success
    }

    /// What a session explores: one screen, or a scenario's screens with its app's behaviours
    /// (its steps are not run: the keys are the steps).
    struct Explored {
        var screens: [(name: String, screen: Screen)]
        var startScreen: String?
        var app: [String: ScreenBehaviours] = [:]
        var reader: ReaderSettings?
        var speaker: Speaker
        /// The screen reader that hears the screens, chosen once (`--reader`, else theirs).
        var screenReader: any ScreenReader
    }

    /// A scenario (told by its content) gives its screens, app and voice; anything else is read
    /// as a screen file or dump.
    static func load(_ path: String, _ options: Options) throws -> Explored {
        let isScenario = path != "-" && (try? TextFileDecoding.contents(path: path)).map {
            InputKind.of($0, file: path) == .scenario
        } == true
        if isScenario {
            // A scenario's web page is read as it loads, in the process's browser.
            let scenario = try ScenarioFile.load(path: path).withPageLoaded(in: LivePages.browser)
            let speaker = try ScenarioPlayback.speaker(for: scenario, voice: options.voice,
                                                       espeakData: options.espeakData, rate: options.rate)
            let reader = try screenReader(options.reader, profile: speaker.profile, for: scenario.screens.map { ($0.screen, $0.file ?? $0.name) })
            return Explored(screens: scenario.screens.map { ($0.name, $0.screen) }, startScreen: scenario.startScreen,
                            app: scenario.app, reader: scenario.reader, speaker: speaker, screenReader: reader)
        }
        let screen = try options.screenInput.loadScreen(path, reader: options.reader, covers: false).screen
        let profile = try chosenProfile(voice: options.voice, rate: options.rate)
        let reader = try screenReader(options.reader, profile: profile, for: [(screen, path)])
        return Explored(screens: [(screen.name, screen)], speaker: try Speaker.checked(profile, espeakData: options.espeakData),
                        screenReader: reader)
    }

    /// Reads keys until `q`, Ctrl-C or Ctrl-D.
    static func readKeys(terminal: KeyTerminal, session: ExploreSession, printer: LinePrinter) {
        let reader = KeyDecoder(descriptor: terminal.descriptor)
        while true {
            let action: ExploreAction?
            switch ExploreAction.meaning(of: reader.next()) {
            case .action(let meant): action = meant
            case .typedCommand: action = typedCommand(terminal: terminal, printer: printer)
            case .nothing(let line):
                printer.line(line)
                action = nil
            }
            if let action, !session.perform(action) { return }
        }
    }

    /// `:` then a line typed with the terminal's own editing; nil if it was empty or wrong.
    static func typedCommand(terminal: KeyTerminal, printer: LinePrinter) -> ExploreAction? {
        FileHandle.standardOutput.write(Data(":".utf8))
        terminal.enterLineMode()
        let line = readLine(strippingNewline: true)
        terminal.enterKeyMode()
        guard let line, !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do {
            return try ExploreAction.parse(line)
        } catch {
            printer.line("\(error)")
            return nil
        }
    }

    /// Standard input is not a terminal: one command per line (`ExploreSession.perform(line:)`),
    /// each at most 64 KiB (a longer line is skipped with a message); at the end of input,
    /// waits for speech to end.
    static func readLines(session: ExploreSession, printer: LinePrinter) {
        let reader = CommandLineEditor(descriptor: STDIN_FILENO)
        while let item = reader.next() {
            switch item {
            case .line(let line):
                if !session.perform(line: line) { return }
            case .tooLong(let number, let bytes):
                printer.line("line \(number): \(bytes) bytes, longer than the \(reader.limit / 1024) KiB explore reads as one command; skipped")
            }
        }
        session.waitUntilIdle(limit: 120)
    }

    static let help = helpText(
        overview: summary,
        usage: [
            "earshot explore [options] SCREEN",
            "earshot explore [options] SCENARIO.json",
            "earshot explore --no-audio SCREEN < commands.txt",
        ],
        arguments: [
            ("SCREEN", "A screen file (docs/screen-format.md), an accessibility dump of a real app (docs/import.md), or a web page: .html, a saved .axtree.json, or an http://, https:// or file:// address (docs/web.md)."),
            ("SCENARIO.json", "A scenario (docs/scenario-format.md): its screens, start screen, voice and app behaviours, without its steps."),
        ],
        options: Options.table,
        notes: """
        Starts as VoiceOver does on a new screen: the screen-change sound, then the first element.
        The reader is the one earshot check runs: the same gestures give the same words.
        Each utterance is printed as one plain line when it starts ("speaking #3 element: ..."),
        and again when it is cut or dropped, with why. No colours, no cursor movement.

        \(ExploreSession.help)

        When standard input is not a terminal, commands and keys (n, right, enter, ...) are read
        one per line (a leading ':' is optional), at a listener's pace: a gesture waits for the
        speech before it to end, unless a "wait SECONDS" line just before times it; notifications
        are posted at once. At the end of input explore waits for speech to end, then quits. q, Ctrl-C and
        errors restore the terminal and close the audio device; Ctrl-Z suspends (fg resumes).
        """
    )
}

/// Where a session's speech goes: the live ALSA device, or a silent device that only times.
struct LiveOutput {
    let device: SpeechDevice?
    let live: LiveSpeechDevice?

    var speechDevice: SpeechDevice { live ?? device! }

    /// Cuts what plays and releases the sound device.
    func close() {
        live?.close()
        live?.sink.close()
    }
}

/// Ends a session exactly once, however it ends: `q`, end of input, an error, or a signal.
final class SessionEnding: @unchecked Sendable {
    private let terminal: KeyTerminal?
    private let session: ExploreSession
    private let output: LiveOutput
    private let lock = NSLock()
    private var finished = false
    /// The stop signal being handled, if one came.
    private var stopping: Int32?

    init(terminal: KeyTerminal?, session: ExploreSession, output: LiveOutput) {
        self.terminal = terminal
        self.session = session
        self.output = output
    }

    /// Restores the terminal, ends the speech session and closes the device.
    func finish() {
        let first = lock.withLock {
            defer { finished = true }
            return !finished
        }
        guard first else { return }
        terminal?.restore()
        session.scheduler.endSession()
        output.close()
    }

    /// Ends the process at once with 128 + `number`: the terminal restored and the sound
    /// device cut, without waiting for the speech scheduler, whose lock a long synthesis may
    /// hold for seconds (`--no-audio` times speech by synthesizing it).
    private func stop(by number: Int32) {
        let first = lock.withLock {
            defer { stopping = stopping ?? number }
            return stopping == nil
        }
        guard first else { return }
        terminal?.restore()
        output.live?.sink.interrupt()
        FileHandle.standardOutput.write(Data("\n".utf8))
        TemporaryFiles.removeAllRegistered()
        _exit(128 + number)
    }

    /// Waits for the handler of a stop signal that has come, which ends the process.
    func waitIfStopping() {
        guard lock.withLock({ stopping != nil }) else { return }
        while true { pause() }
    }

    /// Stops the process by SIGTSTP's own default action, so the shell sees the job stopped
    /// by the terminal as usual, then puts back the handler that brought the signal here.
    private static func stopAsIfByControlZ() {
        SystemCall.stopByDefaultAction(SIGTSTP)
    }

    /// On SIGINT, SIGTERM or SIGHUP: finish, then exit with 128 + the signal number. On Ctrl-Z
    /// (SIGTSTP): give the shell its terminal back, then stop; on `fg` (SIGCONT): take it again.
    func watchSignals(printer: LinePrinter) -> [DispatchSourceSignal] {
        let suspension = [SIGTSTP, SIGCONT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInteractive))
            source.setEventHandler { [self] in
                if number == SIGTSTP {
                    terminal?.suspend()
                    FileHandle.standardOutput.write(Data("\n".utf8))
                    Self.stopAsIfByControlZ()
                } else if let terminal {
                    terminal.resume()
                    printer.line("explore resumed; press ? for help, q to quit")
                }
            }
            source.resume()
            return source
        }
        return suspension + [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInteractive))
            source.setEventHandler { [self] in
                stop(by: number)
            }
            source.resume()
            return source
        }
    }
}
