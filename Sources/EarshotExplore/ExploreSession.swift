import EarshotCore
import Foundation

/// Prints whole lines from any thread, unbuffered, so lines from speech and from keys never mix.
/// A control character in a line (typed, or in a screen's labels) is shown as its code
/// (`TerminalText`), never sent to the terminal.
public final class LinePrinter: @unchecked Sendable {
    private let lock = NSLock()
    private let handle: FileHandle
    /// Lines kept back while a step runs, to be printed after the line that says what it did.
    private var held: [String]?

    public init(handle: FileHandle = .standardOutput) { self.handle = handle }

    public func line(_ raw: String) {
        let text = TerminalText.visible(raw)
        lock.withLock {
            if held != nil {
                held!.append(text)
            } else {
                handle.write(Data((text + "\n").utf8))
            }
        }
    }

    /// Runs `body`, keeping back the lines printed meanwhile (from any thread); then prints
    /// `heading(result)`, if any, and the kept lines after it.
    @discardableResult
    public func holding<T>(_ body: () -> T, heading: (T) -> String?) -> T {
        lock.withLock { held = held ?? [] }
        let result = body()
        let first = heading(result).map(TerminalText.visible)
        lock.withLock {
            let lines = (first.map { [$0] } ?? []) + (held ?? [])
            held = nil
            if !lines.isEmpty { handle.write(Data(lines.map { $0 + "\n" }.joined().utf8)) }
        }
        return result
    }
}

/// A live desk check: the one VoiceOver reader (`DeskCheck`) on the live clock, driven by keys
/// and typed commands. Every utterance is printed as a plain line when it starts, with its fate
/// when it is cut or dropped; what a gesture did is printed as it happens.
///
/// The session keeps no reader state of its own: focus, read-all and the app's behaviours are
/// the desk check's, so `explore` and `check` cannot disagree. `perform` may be called from any
/// thread; the desk check serializes.
public final class ExploreSession: @unchecked Sendable {
    public let desk: DeskCheck
    private let printer: LinePrinter
    /// How many of the desk check's notes were printed (read and written by the driving thread).
    private var notesPrinted = 0

    /// A session over `screens` (the first, or `startScreen`, shown) with the app's behaviours,
    /// heard as `session` reads (its voice and its reader, made once for the run).
    public init(screens: [(name: String, screen: Screen)], startScreen: String? = nil, app: [String: ScreenBehaviours] = [:],
         reader: ReaderSettings? = nil, clock: TimelineClock, device: SpeechDevice, session: ReadingSession,
         printer: LinePrinter) throws {
        self.printer = printer
        desk = try DeskCheck(screens: screens, startScreen: startScreen, session: session,
                             clock: clock, device: device,
                             app: app, reader: reader) { record in Self.print(record, to: printer) }
        // A session may run for hours, or read an endless pipe: its memory stays flat.
        desk.boundHistory(to: Self.historyLimit)
    }

    /// The utterances and flow events a session keeps (the reader's decisions need only the
    /// latest few; the lines printed are the record).
    public static let historyLimit = 1000

    public var scheduler: SpeechScheduler { desk.scheduler }

    public var stopCount: Int { desk.stops.stops.count }

    /// The screen appears: the screen-change sound, then its first stop, as VoiceOver does.
    public func begin() {
        printer.line("screen \"\(desk.currentScreen)\": \(stopCount) focus stops")
        run { try desk.post(.screenChanged(element: nil, screen: nil), source: "screen appears") }
    }

    /// Carries out `action`; false when it asks to quit.
    public func perform(_ action: ExploreAction) -> Bool {
        switch action {
        case .quit: return false
        case .help: printer.line(Self.help)
        case .wait(let seconds): desk.wait(seconds: seconds)
        case .waitUntilIdle: waitUntilIdle(limit: 120)
        case .listActions: listActions()
        case .performAction(let choice): performAction(choice)
        default:
            if let gesture = action.gesture {
                perform(gesture)
            } else if let notification = action.notification {
                post(notification)
            }
        }
        return true
    }

    /// Carries out one line of a script (standard input that is not a terminal): blank lines and
    /// `#` comments are skipped, a command that cannot be read is printed as an error and the
    /// script goes on. False when it asks to quit.
    ///
    /// A script's pace is a listener's: a gesture (`next`, `n`, `activate`, …) waits until the
    /// speech before it has ended, as a person hears an element out before swiping on (and so
    /// does `quit`, as the end of input does), while an
    /// app's notification (`announce`, `screen`, `layout`, …) is posted at once, as an app posts
    /// it. `wait SECONDS` right before a gesture times it instead: it comes SECONDS after the
    /// command before the wait, which is how a script cuts speech short (`next`, `wait 0.3`,
    /// `next`). `idle` waits for silence before anything.
    public func perform(line raw: String) -> Bool {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.hasPrefix("#") { return true }
        do {
            let action = try ExploreAction.parse(line)
            if action.gesture != nil || action == .quit, !gestureTimedByWait { waitUntilIdle(limit: 120) }
            if case .wait = action { gestureTimedByWait = true } else { gestureTimedByWait = false }
            return perform(action)
        } catch {
            printer.line("\(error)")
            return true
        }
    }

    /// The script's line before was `wait SECONDS`: the next gesture keeps that time.
    private var gestureTimedByWait = false

    /// The help shown inside a session (`?` or `help`), and in `earshot explore --help`.
    public static var help: String {
        var lines = ["KEYS:"]
        lines += ExploreAction.keyHelp.map { "  \($0.0.padding(toLength: 12, withPad: " ", startingAt: 0)) \($0.1)" }
        lines.append("COMMANDS (after :, or one per line on standard input):")
        lines += ExploreAction.commandHelp.map { "  \($0.0): \($0.1)" }
        return lines.joined(separator: "\n")
    }

    /// Waits until nothing plays or waits and read-all has ended, for at most `limit` seconds.
    public func waitUntilIdle(limit: Double) {
        _ = desk.waitUntilIdle(before: desk.now + limit)
    }

    // MARK: - Gestures and notifications

    /// Performs a gesture and tells what it did.
    private func perform(_ gesture: ScenarioGesture) {
        printer.holding({ run { try desk.perform(gesture, source: nil) } }) { result in
            result.map { Self.describe(gesture, $0, named: desk.gestureName(gesture)) }
        }
        skipNotes()
    }

    /// What a gesture did, in one line: `swipe right: card-1, 2 of 5`; `name` is the gesture's
    /// name under the reader (`DeskCheck.gestureName`: NVDA's keys), VoiceOver's by default.
    public static func describe(_ gesture: ScenarioGesture, _ result: NavigationResult, named name: String? = nil) -> String {
        let name = name ?? gesture.name
        let place = result.stop.map { stop in "\(stop.id), \(result.position ?? 0) of \(result.count)" }
        switch result.outcome {
        case .moved:
            if case .readAll = gesture { return "\(name): from \(place ?? "")" }
            return "\(name): \(place ?? "")"
        case .boundary:
            return "\(name): boundary, focus stays" + (place.map { " on \($0)" } ?? "")
        case .activated:
            return place.map { "\(name): activated \($0)" } ?? "\(name): activated; the element is gone from the screen"
        case .adjusted:
            return "\(name): adjusted \(place ?? "")"
        case .performedAction(let action):
            return "\(name): performed action \"\(action)\" of \(place ?? "")"
        case .dismissed(let target):
            return "\(name): dismissed \(target)" + (place.map { "; focus on \($0)" } ?? "")
        case .noTarget:
            return "\(name): nothing there"
        case .unavailable(let reason):
            return "\(name): \(reason)"
        }
    }

    /// Posts a notification as the app would, printing it and any note the reader made.
    private func post(_ notification: PostedNotification) {
        printer.holding({ run { try desk.post(notification, source: "UIAccessibility.post") } }) { _ in
            Self.describe(notification)
        }
        printNotes()
    }

    private func listActions() {
        let (stops, focused) = desk.stops
        guard let focused else {
            printer.line("actions: nothing has focus")
            return
        }
        let stop = stops[focused]
        if stop.customActions.isEmpty {
            printer.line("actions: \(stop.id) has none")
        } else {
            let list = stop.customActions.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
            printer.line("actions of \(stop.id): \(list) (press the number, or type :action N)")
        }
    }

    private func performAction(_ choice: String) {
        var name = choice
        if let number = Int(choice) {
            let (stops, focused) = desk.stops
            let actions = focused.map { stops[$0].customActions } ?? []
            guard actions.indices.contains(number - 1) else {
                printer.line("action \(number): the focused element has \(actions.count) custom actions")
                return
            }
            name = actions[number - 1]
        }
        perform(.customAction(name: name, edits: []))
    }

    /// Runs a step of the reader; an error (an element not on the screen) is printed, with the
    /// nearest id on the screen.
    @discardableResult
    private func run<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as DeskCheckError {
            var line = "error: \(error.description)"
            if case .unknownElement(let id, _, _) = error {
                line += NameSuggestion.didYouMean(id, in: desk.stops.stops.map(\.id))
            }
            printer.line(line)
        } catch {
            printer.line("\(error)")
        }
        return nil
    }

    /// Prints the notes the reader made since the last call (a post that focused nothing).
    private func printNotes() {
        let notes = desk.notes
        for note in notes.dropFirst(notesPrinted) { printer.line("note: \(note.text)") }
        notesPrinted = notes.count
    }

    /// A gesture's line already says what its note says.
    private func skipNotes() { notesPrinted = desk.notes.count }

    // MARK: - What the listener hears

    public static func describe(_ notification: PostedNotification) -> String {
        switch notification {
        case .announcement(let text, let priority, let queued, let attributes):
            "\(SpeechEvent.announcement(text, priority: priority, queued: queued, attributes: attributes))"
        case .screenChanged(let element, _): "screenChanged" + (element.map { " to \($0)" } ?? "")
        case .screenChangedText(let text, _): "screenChanged \"\(text)\""
        case .layoutChangedElement(let id): "layoutChanged to \(id)"
        case .layoutChangedText(let text): "layoutChanged \"\(text)\""
        case .layoutChangedNil: "layoutChanged nil"
        case .pageScrolled(let text): "pageScrolled \"\(text)\""
        case .announceForAccessibility(let text): "announceForAccessibility \"\(text)\""
        case .liveRegion(let text, let assertive): "live region \(assertive ? "assertive" : "polite") \"\(text)\""
        case .paneTitle(let text): "pane title \"\(text)\""
        }
    }

    private static func print(_ record: SpeechRecord, to printer: LinePrinter) {
        switch record {
        case .started(let utterance, _):
            if let earcon = utterance.earcon {
                printer.line("sound #\(utterance.id): \(earcon)")
            } else {
                printer.line("speaking #\(utterance.id) \(utterance.kind): \(utterance.text)")
            }
        case .finished(let entry):
            let u = entry.utterance
            let what = u.kind.isEarcon ? "#\(u.id) \(u.kind)" : "#\(u.id) \(u.kind) \"\(u.text)\""
            switch entry.fate {
            case .spoken, .dropped(_, .emptyText):
                break
            case .cut(let start, let at, let by):
                printer.line("cut \(what) after \(String(format: "%.2f", at - start)) s by \(by)")
            case .dropped(_, let reason):
                printer.line("dropped \(what): \(reason)")
            }
        case .announcementDidFinish(let result):
            printer.line("announcementDidFinish \"\(result.text)\" wasSuccessful: \(result.wasSuccessful)")
        }
    }
}
