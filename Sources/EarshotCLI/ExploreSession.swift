import EarshotPlayback
import Foundation

/// Prints whole lines from any thread, unbuffered, so lines from speech and from keys never mix.
final class LinePrinter: @unchecked Sendable {
    private let lock = NSLock()
    private let handle: FileHandle

    init(handle: FileHandle = .standardOutput) { self.handle = handle }

    func line(_ text: String) {
        lock.withLock { handle.write(Data((text + "\n").utf8)) }
    }
}

/// A live desk check of one screen: gestures move a `FocusNavigator`, what they say goes to the
/// speech scheduler as events, and every utterance is printed as a plain line when it starts,
/// with its fate when it is cut or dropped.
///
/// The navigator and the read-all state belong to the session's serial queue; `perform` may be
/// called from any thread. The scheduler's observer reports on the threads that cause things.
final class ExploreSession: @unchecked Sendable {
    let scheduler: SpeechScheduler
    private let printer: LinePrinter
    private let queue = DispatchQueue(label: "earshot.explore")
    // Confined to `queue`.
    private var navigator: FocusNavigator
    /// The element utterance read-all waits for before moving on; nil when not reading all.
    private var readAllUtterance: Int?

    /// Receives the scheduler's reports before the session exists, then hands them over.
    private final class Relay: @unchecked Sendable {
        weak var session: ExploreSession?
    }

    init(navigator: FocusNavigator, clock: TimelineClock, device: SpeechDevice, profile: VoiceProfile,
         printer: LinePrinter) throws {
        let relay = Relay()
        self.navigator = navigator
        self.printer = printer
        scheduler = try SpeechScheduler(clock: clock, device: device, profile: profile) { record in
            relay.session?.observe(record)
        }
        relay.session = self
    }

    var stopCount: Int { queue.sync { navigator.stops.count } }

    /// The screen appears: the screen-change sound, then its first stop, as VoiceOver does.
    func begin() {
        queue.sync {
            let result = navigator.first()
            printer.line("screen \"\(navigator.screen.name)\": \(navigator.stops.count) focus stops")
            scheduler.handle(.screenChanged(result.speech.map { element(result, $0) }), source: "screen appears")
        }
    }

    /// Carries out `action`; false when it asks to quit.
    func perform(_ action: ExploreAction) -> Bool {
        switch action {
        case .quit: return false
        case .help:
            printer.line(ExploreCommand.sessionHelp)
            return true
        case .wait(let seconds):
            Thread.sleep(forTimeInterval: seconds)
            return true
        case .waitUntilIdle:
            waitUntilIdle(limit: 120)
            return true
        default:
            queue.sync {
                readAllUtterance = nil
                apply(action)
            }
            return true
        }
    }

    /// Waits until nothing plays or waits and read-all has ended, for at most `limit` seconds.
    func waitUntilIdle(limit: Double) {
        let end = Date(timeIntervalSinceNow: limit)
        while Date() < end {
            if scheduler.isIdle && queue.sync(execute: { readAllUtterance == nil }) { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    // MARK: - Gestures and notifications (on `queue`)

    private func apply(_ action: ExploreAction) {
        switch action {
        case .next: gesture("swipe right", navigator.next())
        case .previous: gesture("swipe left", navigator.previous())
        case .first: gesture("four-finger tap top", navigator.first())
        case .last: gesture("four-finger tap bottom", navigator.last())
        case .nextHeading: gesture("rotor headings, swipe down", navigator.nextHeading())
        case .previousHeading: gesture("rotor headings, swipe up", navigator.previousHeading())
        case .activate: gesture("double tap", navigator.activate())
        case .escape: gesture("two-finger scrub", navigator.escape())
        case .increment: gesture("swipe up", navigator.increment())
        case .decrement: gesture("swipe down", navigator.decrement())
        case .touch(let x, let y): gesture("touch \(format(x)),\(format(y))", navigator.touch(x: x, y: y))
        case .readAll(let fromTop): startReadAll(fromTop: fromTop)
        case .listActions: listActions()
        case .performAction(let choice): performAction(choice)
        case .announce(let text, let priority, let queued):
            post(.announcement(text, priority: priority, queued: queued), "UIAccessibility.post(.announcement)")
        case .screenChanged(let id):
            let result = id.map { navigator.focus($0) } ?? navigator.first()
            if let id, case .unavailable = result.outcome {
                printer.line("no element \"\(id)\" with a focus stop\(suggestion(for: id))")
                return
            }
            post(.screenChanged(result.speech.map { element(result, $0) }), "UIAccessibility.post(.screenChanged)")
        case .layoutElement(let id):
            let result = navigator.focus(id)
            guard let speech = result.speech, result.outcome == .moved else {
                printer.line("no element \"\(id)\" with a focus stop\(suggestion(for: id)); for a string write layout \"TEXT\"")
                return
            }
            post(.layoutChanged(.element(element(result, speech))), "UIAccessibility.post(.layoutChanged)")
        case .layoutText(let text): post(.layoutChanged(.text(text)), "UIAccessibility.post(.layoutChanged)")
        case .layoutNone: post(.layoutChanged(.none), "UIAccessibility.post(.layoutChanged)")
        case .pageScrolled(let text): post(.pageScrolled(text), "UIAccessibility.post(.pageScrolled)")
        case .wait, .waitUntilIdle, .help, .quit: break
        }
    }

    private func post(_ event: SpeechEvent, _ source: String) {
        printer.line("\(event)")
        scheduler.handle(event, source: source)
    }

    /// Tells what a gesture did and sends what it says to the scheduler.
    private func gesture(_ name: String, _ result: NavigationResult) {
        let place = result.stop.map { stop in "\(stop.id), \(result.position ?? 0) of \(result.count)" }
        switch result.outcome {
        case .moved:
            printer.line("\(name): \(place ?? "")")
            if let speech = result.speech { scheduler.handle(.focusMoved(element(result, speech), gesture: name)) }
        case .boundary:
            printer.line("\(name): boundary, focus stays" + (place.map { " on \($0)" } ?? ""))
            if let speech = result.speech, !speech.text.isEmpty {
                scheduler.handle(.focusMoved(element(result, speech), gesture: name))
            } else {
                scheduler.handle(.boundaryReached(gesture: name))
            }
        case .activated:
            printer.line("\(name): activated \(place ?? "")" + (result.speech == nil ? " (nothing changed on the screen)" : ""))
            // The activation sound plays either way; the element is re-read only when it changed.
            let speech = result.speech.map { element(result, $0) } ?? ElementSpeech(elementID: result.stop?.id, text: "")
            scheduler.handle(.activated(speech, gesture: name))
        case .adjusted:
            printer.line("\(name): adjusted \(place ?? "")")
            if let speech = result.speech { scheduler.handle(.focusMoved(element(result, speech), gesture: name)) }
        case .performedAction(let action):
            printer.line("\(name): performed action \"\(action)\" of \(place ?? "")")
            if let speech = result.speech { scheduler.handle(.focusMoved(element(result, speech), gesture: name)) }
        case .dismissed(let target):
            printer.line("\(name): dismissed \(target)" + (place.map { "; focus on \($0)" } ?? ""))
            scheduler.handle(.screenChanged(result.speech.map { element(result, $0) }), source: name)
        case .noTarget:
            printer.line("\(name): nothing there")
        case .unavailable(let reason):
            printer.line("\(name): \(reason)")
        }
    }

    private func element(_ result: NavigationResult, _ speech: SpokenDescription, hint: Bool = true) -> ElementSpeech {
        ElementSpeech(elementID: result.stop?.id, description: speech, withHint: hint)
    }

    private func listActions() {
        guard let stop = navigator.focusedStop else {
            printer.line("actions: nothing has focus")
            return
        }
        let actions = navigator.customActions
        if actions.isEmpty {
            printer.line("actions: \(stop.id) has none")
        } else {
            let list = actions.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
            printer.line("actions of \(stop.id): \(list) (press the number, or type :action N)")
        }
    }

    private func performAction(_ choice: String) {
        var name = choice
        if let number = Int(choice) {
            let actions = navigator.customActions
            guard actions.indices.contains(number - 1) else {
                printer.line("action \(number): the focused element has \(actions.count) custom actions")
                return
            }
            name = actions[number - 1]
        }
        gesture("actions rotor, double tap", navigator.performCustomAction(name))
    }

    // MARK: - Read all

    /// Two-finger swipe: each stop is read in turn (without hints) until the end or any other key.
    private func startReadAll(fromTop: Bool) {
        let name = fromTop ? "two-finger swipe up" : "two-finger swipe down"
        let result = fromTop || navigator.focusedID == nil
            ? navigator.first()
            : navigator.focus(navigator.focusedID!)
        guard let speech = result.speech, result.outcome == .moved else {
            printer.line("\(name): nothing to read")
            return
        }
        printer.line("\(name): read all from \(result.stop?.id ?? ""), \(result.position ?? 0) of \(result.count)")
        readAll(result, speech, gesture: name)
    }

    private func readAll(_ result: NavigationResult, _ speech: SpokenDescription, gesture: String) {
        scheduler.handle(.focusMoved(element(result, speech, hint: false), gesture: gesture))
        // A focus move's first utterance is its element, started at once.
        readAllUtterance = scheduler.currentUtterance?.id
    }

    private func continueReadAll(after utteranceID: Int) {
        guard readAllUtterance == utteranceID else { return }
        let result = navigator.next()
        guard result.outcome == .moved, let speech = result.speech else {
            readAllUtterance = nil
            printer.line("read all: end of the screen")
            return
        }
        readAll(result, speech, gesture: "read all")
    }

    // MARK: - What the listener hears

    private func observe(_ record: SpeechRecord) {
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
            case .spoken:
                if u.kind == .element { queue.async { [self] in continueReadAll(after: u.id) } }
            case .cut(let start, let at, let by):
                printer.line("cut \(what) after \(format(at - start)) s by \(by)")
            case .dropped(_, .emptyText):
                break
            case .dropped(_, let reason):
                printer.line("dropped \(what): \(reason)")
            }
        case .announcementDidFinish(let result):
            printer.line("announcementDidFinish \"\(result.text)\" wasSuccessful: \(result.wasSuccessful)")
        }
    }

    private func suggestion(for id: String) -> String {
        nearestName(to: id, in: navigator.stops.map(\.id)).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    private func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
