import Foundation

/// A virtual VoiceOver user at a desk: screens, a focus navigator, the speech scheduler and a
/// clock, driven one gesture or app notification at a time.
///
/// Scenario files run through it (`ScenarioRunner`), and other packages' tests can drive it
/// directly:
///
/// ```swift
/// let desk = try DeskCheck(screen: screen, profile: profile, clock: VirtualClock(), device: device)
/// try desk.perform(.next)
/// try desk.perform(.activate(edits: []))
/// desk.wait(seconds: 0.05)
/// try desk.post(.announcement("장바구니에 담았습니다", priority: .default, queued: false))
/// let transcript = desk.finish()
/// ```
///
/// Gestures become scheduler events as VoiceOver's do: a focus move speaks the new element; a
/// double tap plays the activation sound and re-reads the element (the seed "announcements":
/// VoiceOver reads the double-tapped element whether or not it changed); an adjustment speaks
/// the new value; a custom action plays the activation sound and says the action's name. A
/// gesture that does nothing (a swipe on an empty screen, a touch on no element, a double tap
/// on a dimmed element) is silent and is reported in `notes`.
///
/// The clock and device are injected: a `VirtualClock` makes `wait` instant (rendering); any
/// other clock makes it sleep (live playback). Safe to use from one driving thread while the
/// clock runs the scheduler's timers on another.
public final class DeskCheck: @unchecked Sendable {
    public let clock: TimelineClock
    public let scheduler: SpeechScheduler
    public let generator: DescriptionGenerator

    // State below is guarded by `lock` (recursive: the scheduler's observer can run inside
    // `handle`, on the driving thread).
    let lock = NSRecursiveLock()
    var navigators: [String: FocusNavigator]
    let screenNames: [String]
    var current: String
    private var readAll: ReadAll?
    private var notesSoFar: [DeskCheckNote] = []
    /// The app's declared behaviours by screen, and the reader's transition settings.
    let app: [String: ScreenBehaviours]
    let reader: ReaderSettings
    /// Flow state (Flows/DeskCheck+Transitions.swift, DeskCheck+AppBehaviours.swift): the log, the navigation stack, where each screen was
    /// left, the app's remembered items and its delayed work.
    var flowLog = FlowLog()
    var stack: [String] = []
    var departures: [String: Departure] = [:]
    var leftFocus: [String: String] = [:]
    var memories: [String: RestoreMemory] = [:]
    var pendingWork: [Int: PendingWork] = [:]
    var nextWorkID = 0
    /// Each screen as it was when it was shown, in order (the static checks run on these).
    var shownSoFar: [(name: String, screen: Screen)] = []

    /// The stops a read-all has left to speak.
    private struct ReadAll {
        var remaining: [String]
        var source: String?
    }

    /// `screens` by name; the first (or `startScreen`) is shown. `observer` hears each start,
    /// fate and `announcementDidFinish` as it happens.
    /// `app` declares what the app does on activations and appearances (scenario `app`
    /// section); `reader` overrides the profile's `transitions` settings.
    public init(screens: [(name: String, screen: Screen)], startScreen: String? = nil, profile: VoiceProfile,
                clock: TimelineClock, device: SpeechDevice, app: [String: ScreenBehaviours] = [:],
                reader: ReaderSettings? = nil,
                observer: (@Sendable (SpeechRecord) -> Void)? = nil) throws {
        precondition(!screens.isEmpty, "a desk check needs a screen")
        self.clock = clock
        self.app = app
        self.reader = try reader ?? ReaderSettings(profile: profile)
        generator = try DescriptionGenerator(profile: profile)
        var navigators: [String: FocusNavigator] = [:]
        for (name, screen) in screens { navigators[name] = FocusNavigator(screen: screen, generator: generator) }
        self.navigators = navigators
        screenNames = screens.map(\.name)
        current = startScreen ?? screens[0].name
        stack = [current]
        flowLog = FlowLog(startScreen: current)
        shownSoFar = [(current, navigators[current]!.screen)]
        let relay = ObserverRelay()
        scheduler = try SpeechScheduler(clock: clock, device: device, profile: profile) { record in
            relay.desk?.observe(record)
            observer?(record)
        }
        relay.desk = self
    }

    /// One screen, shown from the start.
    public convenience init(screen: Screen, profile: VoiceProfile, clock: TimelineClock, device: SpeechDevice,
                            observer: (@Sendable (SpeechRecord) -> Void)? = nil) throws {
        try self.init(screens: [(screen.name, screen)], profile: profile, clock: clock, device: device,
                      observer: observer)
    }

    // MARK: - State

    public var now: Double { clock.now }

    /// The name of the screen shown now.
    public var currentScreen: String { lock.withLock { current } }

    /// The shown screen as it is now (after the app's changes).
    public var screen: Screen { lock.withLock { navigators[current]!.screen } }

    /// The element whose stop has focus on the shown screen.
    public var focusedID: String? { lock.withLock { navigators[current]!.focusedID } }

    /// Gestures that did nothing, and why.
    public var notes: [DeskCheckNote] { lock.withLock { notesSoFar } }

    /// True when nothing plays, waits, or is left of a read-all.
    /// The app's delayed work counts: a desk check is idle once it has run or been cancelled.
    public var isIdle: Bool { lock.withLock { readAll == nil && pendingWork.isEmpty } && scheduler.isIdle }

    /// What was decided so far (call `finish()` for every fate).
    public var transcript: SpeechTranscript { scheduler.transcript }

    // MARK: - Time

    /// Lets time pass until `time` (instantly on a virtual clock).
    public func wait(until time: Double) {
        if let virtual = clock as? VirtualClock {
            virtual.advance(to: time)
            return
        }
        while clock.now < time { Thread.sleep(forTimeInterval: min(0.005, time - clock.now)) }
    }

    public func wait(seconds: Double) { wait(until: clock.now + max(0, seconds)) }

    /// Lets time pass until everything asked for so far has been said, but not past `time`:
    /// true when that happened first, false when `time` came first (the clock is then at or
    /// before `time`, with everything due by then done).
    public func waitUntilIdle(before time: Double) -> Bool {
        if let virtual = clock as? VirtualClock {
            while !isIdle, let due = virtual.nextDueTime {
                if due > time + 1e-9 { return false }
                virtual.advance(to: due)
            }
            return isIdle
        }
        while !isIdle {
            if clock.now >= time { return false }
            Thread.sleep(forTimeInterval: min(0.005, max(0.0005, time - clock.now)))
        }
        return true
    }

    /// Lets time pass until everything asked for so far has been said (or cut or dropped).
    public func waitUntilIdle() {
        if let virtual = clock as? VirtualClock {
            while !isIdle, let due = virtual.nextDueTime { virtual.advance(to: due) }
            return
        }
        while !isIdle { Thread.sleep(forTimeInterval: 0.005) }
    }

    /// Lets the speech finish, ends the session (so every utterance has a fate) and returns the
    /// transcript.
    @discardableResult
    public func finish() -> SpeechTranscript {
        waitUntilIdle()
        scheduler.endSession()
        return scheduler.transcript
    }

    // MARK: - The user

    /// Performs a gesture now and hands VoiceOver's speech for it to the scheduler. Returns what
    /// the navigator did.
    @discardableResult
    public func perform(_ gesture: ScenarioGesture, source: String? = nil) throws -> NavigationResult {
        try lock.withLock {
            readAll = nil
            let shown = current
            var navigator = navigators[shown]!
            let focusBefore = navigator.focusedID
            flowLog.append(.gesture(time: clock.now, name: gesture.name))
            defer {
                navigators[shown] = navigator
                if navigator.focusedID != focusBefore, current == shown {
                    flowLog.append(.focus(time: clock.now, screen: shown, element: navigator.focusedID, by: .user))
                }
            }
            let name = gesture.name
            let result: NavigationResult
            switch gesture {
            case .next: result = navigator.next()
            case .previous: result = navigator.previous()
            case .first: result = navigator.first()
            case .last: result = navigator.last()
            case .nextHeading: result = navigator.nextHeading()
            case .previousHeading: result = navigator.previousHeading()
            case .touch(let x, let y): result = navigator.touch(x: x, y: y)
            case .escape: result = navigator.escape()
            case .increment: result = navigator.increment()
            case .decrement: result = navigator.decrement()
            case .activate(let edits):
                let activatedID = navigator.focusedID
                result = navigator.activate()
                guard result.outcome == .activated else { break }
                try apply(edits, to: &navigator)
                let behaviours = activatedID.map { behavioursOnActivate($0, screen: navigator.screen, shown: shown) } ?? []
                try applyImmediate(behaviours, activated: activatedID, to: &navigator, source: source)
                // VoiceOver re-reads the double-tapped element as it is now; if the app removed
                // it, only the activation sound plays (the empty re-read is dropped).
                let reread = navigator.focusedStop.map { speech(navigator.describe($0), id: $0.id) }
                    ?? ElementSpeech(text: "")
                scheduler.handle(.activated(reread, gesture: name), source: source)
                navigators[shown] = navigator
                try runFollowUps(behaviours, activated: activatedID, on: shown, source: source)
                navigator = navigators[shown]!
                return result
            case .customAction(let actionName, let edits):
                result = navigator.performCustomAction(actionName)
                guard case .performedAction = result.outcome else { break }
                try apply(edits, to: &navigator)
                let said = ElementSpeech(elementID: result.stop?.id, text: actionName, language: result.stop?.language)
                scheduler.handle(.activated(said, gesture: name), source: source)
                return result
            case .scroll(_, let text):
                scheduler.handle(.pageScrolled(text), source: source)
                return NavigationResult(outcome: .moved, stop: navigator.focusedStop,
                                        position: navigator.focusedIndex.map { $0 + 1 }, count: navigator.stops.count,
                                        speech: nil)
            case .readAll(let fromTop):
                let stops = navigator.stops
                let start = fromTop ? 0 : (navigator.focusedIndex ?? 0)
                guard start < stops.count else {
                    note("\(name): no focus stops on screen \"\(current)\"", source: source)
                    return NavigationResult(outcome: .noTarget, stop: nil, position: nil, count: 0, speech: nil)
                }
                readAll = ReadAll(remaining: stops[start...].map(\.id), source: source)
                let first = continueReadAll(&navigator)
                return first
            }
            if let spoken = result.speech, let stop = result.stop {
                // Adjusted values are spoken alone and without the hint.
                let adjusted = result.outcome == .adjusted || result.outcome == .boundary
                var element = speech(spoken, id: stop.id)
                if adjusted { element.hint = nil }
                scheduler.handle(.focusMoved(element, gesture: name), source: source)
            } else if result.outcome == .boundary {
                scheduler.handle(.boundaryReached(gesture: name), source: source)
            } else {
                switch result.outcome {
                case .noTarget: note("\(name): nothing there", source: source)
                case .unavailable(let reason): note("\(name): \(reason)", source: source)
                default: break
                }
            }
            return result
        }
    }

    // MARK: - The app

    /// Posts a notification now.
    public func post(_ notification: PostedNotification, source: String? = nil) throws {
        try lock.withLock {
            readAll = nil
            switch notification {
            case .announcement(let text, let priority, let queued, let attributes):
                scheduler.handle(.announcement(text, priority: priority, queued: queued, attributes: attributes),
                                 source: source)
            case .pageScrolled(let text):
                scheduler.handle(.pageScrolled(text), source: source)
            case .layoutChangedText(let text):
                scheduler.handle(.layoutChanged(.text(text)), source: source)
            case .layoutChangedNil:
                scheduler.handle(.layoutChanged(.none), source: source)
            case .layoutChangedElement(let id):
                var navigator = navigators[current]!
                try requireElement(id, on: navigator)
                let result = navigator.focus(id)
                navigators[current] = navigator
                flowLog.append(.posted(time: clock.now, screen: current, notification: .layoutChanged, element: id))
                flowLog.append(.focus(time: clock.now, screen: current, element: navigator.focusedID, by: .app))
                if let spoken = result.speech, let stop = result.stop {
                    scheduler.handle(.layoutChanged(.element(speech(spoken, id: stop.id))), source: source)
                } else {
                    if case .unavailable(let reason) = result.outcome { note("layoutChanged: \(reason)", source: source) }
                    scheduler.handle(.layoutChanged(.none), source: source)
                }
            case .screenChangedText(let text, let screen):
                if let screen, screen != current { try navigate(to: screen, kind: .swap, source: source) }
                flowLog.append(.posted(time: clock.now, screen: current, notification: .screenChanged, element: nil))
                var navigator = navigators[current]!
                _ = navigator.first()
                navigators[current] = navigator
                flowLog.append(.focus(time: clock.now, screen: current, element: navigator.focusedID, by: .app))
                scheduler.handle(.screenChanged(ElementSpeech(text: text)), source: source)
            case .screenChanged(let element, let screen):
                if let screen, screen != current { try navigate(to: screen, kind: .swap, source: source) }
                flowLog.append(.posted(time: clock.now, screen: current, notification: .screenChanged, element: element))
                try announceScreen(focus: element, source: source, mover: .app)
            }
        }
    }

    /// Changes the shown screen (the app updating a label, inserting a row...). Silent: the app
    /// posts a notification if VoiceOver should say something.
    public func edit(_ edit: ScreenEdit) throws {
        try lock.withLock {
            var navigator = navigators[current]!
            try apply([edit], to: &navigator)
            navigators[current] = navigator
        }
    }

    /// Swaps the shown screen without a notification; nothing has focus until the next gesture.
    public func show(screen name: String) throws {
        try lock.withLock { try navigate(to: name, kind: .swap, source: nil) }
    }

    /// A system transition to `name`: the screen-change sound, then `focus` (or the first
    /// element) is focused and read.
    public func transition(to name: String, focus: String? = nil, source: String? = nil) throws {
        try transition(to: name, kind: .push, focus: focus, source: source)
    }

    /// A transition of any kind (docs/scenario-format.md, "App flows"): system ones play the
    /// screen-change sound and focus the first element (a pop: the top, or where the user was
    /// when the reader remembers focus; a dismissal: the element that presented the modal); a
    /// swap plays nothing and leaves nothing focused.
    public func transition(to name: String, kind: TransitionKind, focus: String? = nil, source: String? = nil) throws {
        try lock.withLock {
            readAll = nil
            try navigate(to: name, kind: kind, focus: focus, source: source)
        }
    }

    // MARK: - Plumbing

    func speech(_ description: SpokenDescription, id: String) -> ElementSpeech {
        ElementSpeech(elementID: id, description: description)
    }

    func note(_ text: String, source: String?) {
        notesSoFar.append(DeskCheckNote(time: clock.now, source: source, text: text))
    }

    func switchScreen(to name: String) throws {
        guard let navigator = navigators[name] else { throw DeskCheckError.unknownScreen(name, valid: screenNames) }
        // A screen shown anew starts without focus (no restoration unless the app asks).
        navigators[name] = FocusNavigator(screen: navigator.screen, generator: generator)
        current = name
    }

    /// `screenChanged` on the shown screen: focus `id` or the first stop, and speak it after the sound.
    func announceScreen(focus id: String?, source: String?, mover: FocusMover = .system) throws {
        var navigator = navigators[current]!
        let result: NavigationResult
        if let id {
            try requireElement(id, on: navigator)
            result = navigator.focus(id)
        } else {
            result = navigator.first()
        }
        navigators[current] = navigator
        flowLog.append(.focus(time: clock.now, screen: current, element: navigator.focusedID, by: mover))
        if case .unavailable(let reason) = result.outcome { note("screenChanged: \(reason)", source: source) }
        let element = result.speech.flatMap { spoken in result.stop.map { speech(spoken, id: $0.id) } }
        scheduler.handle(.screenChanged(element), source: source)
    }

    func requireElement(_ id: String, on navigator: FocusNavigator) throws {
        guard navigator.screen.contains(id) else {
            let elsewhere = navigators.filter { $0.key != current && $0.value.screen.contains(id) }.map(\.key).sorted()
            throw DeskCheckError.unknownElement(id, screen: current, onOtherScreens: elsewhere)
        }
    }

    func apply(_ edits: [ScreenEdit], to navigator: inout FocusNavigator) throws {
        for edit in edits {
            for id in edit.referencedIDs { try requireElement(id, on: navigator) }
            do {
                try navigator.change { try edit.apply(to: &$0) }
            } catch let error as ScreenEditError {
                throw DeskCheckError.edit(error, screen: current)
            }
        }
    }

    /// Speaks the next stop of a read-all (without hints, as VoiceOver reads continuously).
    @discardableResult
    private func continueReadAll(_ navigator: inout FocusNavigator) -> NavigationResult {
        guard var reading = readAll, !reading.remaining.isEmpty else {
            readAll = nil
            return NavigationResult(outcome: .noTarget, stop: nil, position: nil, count: navigator.stops.count,
                                    speech: nil)
        }
        let id = reading.remaining.removeFirst()
        readAll = reading
        let result = navigator.focus(id)
        if let spoken = result.speech, let stop = result.stop {
            var element = speech(spoken, id: stop.id)
            element.hint = nil
            scheduler.handle(.focusMoved(element, gesture: ScenarioGesture.readAll(fromTop: false).name),
                             source: reading.source)
        } else {
            // The stop vanished (the app removed it meanwhile): go on with the next.
            return continueReadAll(&navigator)
        }
        return result
    }

    /// Read-all goes on after each of its utterances ends in full, after the queue gap.
    private func observe(_ record: SpeechRecord) {
        guard case .finished(let entry) = record,
              entry.utterance.cause == "focus move (\(ScenarioGesture.readAll(fromTop: false).name))" else { return }
        switch entry.fate {
        case .spoken, .dropped(_, .deviceFailed): break
        default: return
        }
        lock.withLock {
            guard readAll != nil else { return }
            if readAll!.remaining.isEmpty {
                readAll = nil
                return
            }
            clock.schedule(at: entry.fate.decidedAt + scheduler.timing.queueGap) { [weak self] in
                guard let self else { return }
                self.lock.withLock {
                    guard self.readAll != nil, self.scheduler.isIdle else { return }
                    var navigator = self.navigators[self.current]!
                    self.continueReadAll(&navigator)
                    self.navigators[self.current] = navigator
                }
            }
        }
    }
}

/// Lets the scheduler's observer reach the desk check, which exists only after the scheduler.
private final class ObserverRelay: @unchecked Sendable {
    weak var desk: DeskCheck?
}

/// Something a step did not do, and why: e.g. `double tap: "save" is dimmed (notEnabled)`.
public struct DeskCheckNote: Sendable, Equatable, CustomStringConvertible {
    public var time: Double
    public var source: String?
    public var text: String

    public var description: String {
        "\(clockTime(time)) note: \(text)" + (source.map { " (\($0))" } ?? "")
    }
}

/// A step that names something the desk check does not have at that moment.
public enum DeskCheckError: UserFacingError {
    case unknownElement(String, screen: String, onOtherScreens: [String])
    case unknownScreen(String, valid: [String])
    case edit(ScreenEditError, screen: String)

    public var exitCode: ExitCode { .dataError }

    public var description: String {
        switch self {
        case .unknownElement(let id, let screen, let others):
            "no element \"\(id)\" on the shown screen \"\(screen)\""
                + (others.isEmpty ? " (it was removed, or not inserted yet)" : " (it is on \(others.map { "\"\($0)\"" }.joined(separator: ", ")))")
        case .unknownScreen(let name, let valid):
            "unknown screen \"\(name)\" (screens: \(valid.joined(separator: ", ")))"
        case .edit(let error, let screen):
            error.description.replacingOccurrences(of: "error: ", with: "") + " (screen \"\(screen)\")"
        }
    }
}
