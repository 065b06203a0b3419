import Foundation

/// The VoiceOver reader: screens, a focus navigator per screen, the speech scheduler and a
/// clock, driven one gesture or app notification at a time. Every way Earshot plays a screen is
/// this one reader: `check` and scenario rendering on a virtual clock, `explore` on the live
/// clock driven by keys, and other packages' tests through the Swift API:
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
/// double tap plays the activation sound, then what `DescriptionGenerator.describeActivation`
/// decides (the element re-read, or only its new value; nothing when the app removed it); an
/// adjustment speaks the new value; a custom action plays the activation sound and says the
/// action's name; escape that dismisses a dialog plays the screen-change sound and reads the
/// first stop under it. A gesture that does nothing (a swipe on an empty screen, a touch on no
/// element, a double tap on a dimmed element) is silent and is reported in `notes`. What the
/// reader says itself is tagged with a `SpeechPurpose` on its utterances.
///
/// The clock and device are injected: a `VirtualClock` makes `wait` instant (rendering); any
/// other clock makes it sleep (live playback).
///
/// Ownership: the reader's state (the screens, read-all, the flow) belongs to the desk check
/// and changes only inside the clock's `TimelineExecutor`, the one serial context it shares with
/// its scheduler and clock: each public method enters it, the work the desk check puts on the
/// clock (the app's delayed work, the next step of a read-all) runs in it, and the scheduler's
/// reports reach the desk check once the executor is left. The executor may be entered again
/// from inside, so no method needs a "with the lock held" twin.
public final class DeskCheck: @unchecked Sendable {
    public let clock: TimelineClock
    public let scheduler: SpeechScheduler
    public let generator: DescriptionGenerator

    /// The clock's executor: everything below changes inside it only.
    var executor: TimelineExecutor { clock.executor }
    var screens: ScreenSet
    /// What a read-all has left to speak.
    private var readAll: ReadAll?
    private var notesSoFar: [DeskCheckNote] = []
    /// The app's declared behaviours by screen, and the reader's transition settings.
    let app: [String: ScreenBehaviours]
    let reader: ReaderSettings
    /// Flow state (Flows/DeskCheck+Transitions.swift, DeskCheck+AppBehaviours.swift): the log,
    /// the navigation stack, where each screen was left, the app's remembered items and its
    /// delayed work.
    var flowLog = FlowLog()
    var stack: [String] = []
    var departures: [String: Departure] = [:]
    var leftFocus: [String: String] = [:]
    var memories: [String: RestoreMemory] = [:]
    var pendingWork: [Int: PendingWork] = [:]
    var nextWorkID = 0
    /// Each screen as it was when it was shown, in order (the static checks run on these).
    var shownSoFar: [(name: String, screen: Screen)] = []
    /// The reader's browse and focus modes on a page (Web/DeskCheck+Modes.swift).
    var modes = ReaderModes()

    /// The stops a read-all has left to speak.
    private struct ReadAll: Sendable {
        var remaining: [String]
        var source: String?
        /// From the top (VoiceOver's two-finger swipe up) or from the focused stop (down).
        var fromTop: Bool
    }

    /// The name of the screen shown now (inside the executor).
    var current: String { screens.shownName }

    /// `screens` by name; the first (or `startScreen`) is shown. `observer` hears each start,
    /// fate and `announcementDidFinish` as it happens, once the executor is left (so it may call
    /// the desk check, but must not wait for time to pass).
    /// `app` declares what the app does on activations and appearances (scenario `app`
    /// section); `reader` overrides the profile's `transitions` settings. `session` is the run's
    /// reading: the voice, and the screen reader that hears the screens, made once for the run.
    public init(screens: [(name: String, screen: Screen)], startScreen: String? = nil, session: ReadingSession,
                clock: TimelineClock, device: SpeechDevice, app: [String: ScreenBehaviours] = [:],
                reader: ReaderSettings? = nil,
                observer: (@Sendable (SpeechRecord) -> Void)? = nil) throws {
        self.clock = clock
        self.app = app
        self.reader = try reader ?? ReaderSettings(profile: session.voice)
        generator = session.words
        self.screens = try ScreenSet(screens, start: startScreen, generator: generator)
        let start = self.screens.shownName
        stack = [start]
        flowLog = FlowLog(startScreen: start)
        shownSoFar = [(start, self.screens.shown.screen)]
        scheduler = SpeechScheduler(clock: clock, device: device, timing: try session.timing())
        scheduler.setObserver { [weak self] record in
            self?.observe(record)
            observer?(record)
        }
    }

    /// One screen, shown from the start.
    public convenience init(screen: Screen, session: ReadingSession, clock: TimelineClock, device: SpeechDevice,
                            observer: (@Sendable (SpeechRecord) -> Void)? = nil) throws {
        try self.init(screens: [(screen.name, screen)], session: session, clock: clock, device: device,
                      observer: observer)
    }

    /// Keeps only about the latest `limit` utterances and flow events (a live session with no
    /// end: `explore`); the findings of a bounded desk check see only those.
    public func boundHistory(to limit: Int) {
        executor.run { flowLog.limit = max(1, limit) }
        scheduler.boundHistory(to: limit)
    }

    // MARK: - State

    /// The clock's time in seconds: the view a scenario's times (seconds in its file) compare
    /// with; the clock itself keeps whole nanoseconds (`TimelineInstant`).
    public var now: Double { clock.now.seconds }

    /// The name of the screen shown now.
    public var currentScreen: String { executor.run { current } }

    /// The shown screen as it is now (after the app's changes).
    public var screen: Screen { executor.run { screens.shown.screen } }

    /// The element whose stop has focus on the shown screen.
    public var focusedID: String? { executor.run { screens.shown.focusedID } }

    /// The focus stops of the shown screen, in reading order, with the focused one's index.
    public var stops: (stops: [FocusStop], focused: Int?) {
        executor.run { (screens.shown.stops, screens.shown.focusedIndex) }
    }

    /// Gestures that did nothing, and why.
    public var notes: [DeskCheckNote] { executor.run { notesSoFar } }

    /// True when nothing plays, waits, or is left of a read-all.
    /// The app's delayed work counts: a desk check is idle once it has run or been cancelled.
    public var isIdle: Bool {
        executor.run { readAll == nil && pendingWork.isEmpty && scheduler.isIdle }
    }

    /// What was decided so far (call `finish()` for every fate).
    public var transcript: SpeechTranscript { scheduler.transcript }

    // MARK: - Time

    /// Lets time pass until `time` in seconds (instantly on a virtual clock); the time is
    /// rounded to the clock's nanosecond once, here.
    public func wait(until time: Double) { clock.wait(until: TimelineInstant(seconds: time)) }

    public func wait(seconds: Double) { clock.wait(until: clock.now + max(.zero, .seconds(seconds))) }

    /// Lets time pass until everything asked for so far has been said, but not past `time`:
    /// true when that happened first, false when `time` came first (the clock is then at or
    /// before `time`, with everything due by then done).
    public func waitUntilIdle(before time: Double) -> Bool {
        clock.wait(until: { isIdle }, before: TimelineInstant(seconds: time))
    }

    /// Lets time pass until everything asked for so far has been said (or cut or dropped).
    public func waitUntilIdle() {
        _ = clock.wait(until: { isIdle }, before: .distantFuture)
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
    /// the navigator did; for a double tap, its `speech` is what was said after the sound (nil
    /// when the app removed the element).
    @discardableResult
    public func perform(_ gesture: ScenarioGesture, source: String? = nil) throws -> NavigationResult {
        try executor.run { try performNow(gesture, source: source) }
    }

    private func performNow(_ gesture: ScenarioGesture, source: String?) throws -> NavigationResult {
        readAll = nil
        let shown = current
        let focusBefore = screens.shown.focusedID
        let name = gestureName(gesture)
        flowLog.append(.gesture(time: clock.now.seconds, name: name))
        defer {
            if current == shown, screens.shown.focusedID != focusBefore {
                flowLog.append(.focus(time: clock.now.seconds, screen: shown, element: screens.shown.focusedID, by: .user))
            }
        }
        let result: NavigationResult
        switch gesture {
        case .next: result = screens.shown.next()
        case .previous: result = screens.shown.previous()
        case .first: result = screens.shown.first()
        case .last: result = screens.shown.last()
        case .jump(let target, let forward): result = screens.shown.jump(to: target, forward: forward)
        case .tableMove(let direction): result = screens.shown.moveInTable(direction)
        case .touch(let x, let y): result = screens.shown.touch(x: x, y: y)
        case .escape: result = screens.shown.escape()
        case .toggleFocusMode, .expandControl, .collapseControl:
            // A reader with browse and focus modes takes it first (`modeGesture`).
            note("\(name): \(generator.reader.title) has no browse and focus modes on this screen", source: source)
            return NavigationResult(outcome: .noTarget, stop: screens.shown.focusedStop, position: nil, count: screens.shown.stops.count,
                                    speech: nil)
        case .increment: result = screens.shown.increment()
        case .decrement: result = screens.shown.decrement()
        case .activate(let edits):
            return try activate(edits: edits, gesture: name, source: source)
        case .space:
            // Browse mode's Enter script, or, for a reader without one, a double tap.
            return try activate(edits: [], gesture: name, source: source)
        case .customAction(let actionName, let edits):
            result = screens.shown.performCustomAction(actionName)
            guard case .performedAction = result.outcome else { break }
            try apply(edits)
            let said = ElementSpeech(elementID: result.stop?.id, text: actionName, language: result.stop?.language,
                                     purpose: .action)
            scheduler.handle(.activated(said, gesture: name), source: source)
            return result
        case .scroll(_, let text):
            scheduler.handle(.pageScrolled(text), source: source)
            let navigator = screens.shown
            return NavigationResult(outcome: .moved, stop: navigator.focusedStop,
                                    position: navigator.focusedIndex.map { $0 + 1 }, count: navigator.stops.count,
                                    speech: nil)
        case .readAll(let fromTop):
            let stops = screens.shown.stops
            let start = fromTop ? 0 : (screens.shown.focusedIndex ?? 0)
            guard start < stops.count else {
                note("\(name): no focus stops on screen \"\(current)\"", source: source)
                return NavigationResult(outcome: .noTarget, stop: nil, position: nil, count: 0, speech: nil)
            }
            readAll = ReadAll(remaining: screens.shown.readAllSteps(from: start).map { stops[$0].id }, source: source, fromTop: fromTop)
            return continueReadAll()
        }
        switch result.outcome {
        case .moved:
            if let spoken = result.speech, let stop = result.stop {
                var element = speech(spoken, id: stop.id)
                if gesture.movesKeyboardFocus { element.purpose = .keyboardFocus }
                if let sound = generator.reader.focusSound(on: stop, from: focusBefore, screen: screens.shown.screen) {
                    element.sound = scheduler.timing.sounds.sound(for: sound)
                }
                // Tab focuses what it lands on: a reader with browse and focus modes switches
                // as focus says (NVDA's sound before the words; its words after them).
                let change = gesture.movesKeyboardFocus && hasReaderModes ? modeOnFocus(stop.id) : nil
                if let sound = change?.sound { element.sound = sound }
                scheduler.handle(.focusMoved(element, gesture: name), source: source)
                if let words = change?.words { scheduler.handle(.modeSwitched(ModeSwitch(words: words), gesture: nil), source: source) }
            }
        case .adjusted, .boundary:
            // An adjusted value is spoken alone, without the hint; at the end of an adjustable's
            // range the value is said again; at the first or last stop, the boundary sound, or
            // what the reader says when a jump finds nothing ("no next heading").
            if let spoken = result.speech, !spoken.text.isEmpty {
                let element = ElementSpeech(elementID: result.stop?.id, description: spoken, withHint: false,
                                            purpose: .newValue)
                scheduler.handle(.focusMoved(element, gesture: name), source: source)
            } else if result.outcome == .boundary {
                scheduler.handle(.boundaryReached(gesture: name), source: source)
            }
        case .dismissed:
            // The dialog is gone: as on any screen change, the sound, then the first stop.
            let element = result.speech.flatMap { spoken in result.stop.map { speech(spoken, id: $0.id) } }
            scheduler.handle(.screenChanged(element), source: source)
        case .noTarget:
            note("\(name): nothing there", source: source)
        case .unavailable(let reason):
            note("\(name): \(reason)", source: source)
        case .activated, .performedAction:
            break
        }
        return result
    }

    /// Double tap: the app's changes and behaviours, then the activation sound and what
    /// `describeActivation` decides, then the app's follow-ups (delayed posts, navigation).
    private func activate(edits: [ScreenEdit], gesture name: String, source: String?) throws -> NavigationResult {
        let shown = current
        let before = screens.shown.focusedStop
        var result = screens.shown.activate()
        guard result.outcome == .activated else {
            if case .unavailable(let reason) = result.outcome { note("\(name): \(reason)", source: source) }
            if result.outcome == .noTarget { note("\(name): nothing there", source: source) }
            return result
        }
        try apply(edits)
        let behaviours = before.map { behavioursOnActivate($0.id, screen: screens.shown.screen, shown: shown) } ?? []
        try applyImmediate(behaviours, activated: before?.id, source: source)
        let navigator = screens.shown
        var said = ElementSpeech(text: "", purpose: .reread)
        result.speech = nil
        if let before, let after = navigator.focusedStop {
            let activation = generator.describeActivation(before: before, after: after)
            switch activation {
            case .reread(let description):
                said = ElementSpeech(elementID: after.id, description: description, purpose: .reread)
            case .newValue(let description):
                said = ElementSpeech(elementID: after.id, description: description, withHint: false, purpose: .newValue)
            }
            result.speech = said.text.isEmpty ? nil : activation.description
            result.stop = after
            result.position = navigator.focusedIndex.map { $0 + 1 }
        } else {
            result.stop = nil
            result.position = nil
        }
        result.count = navigator.stops.count
        // With no stop left (the app removed it), the empty text is dropped: only the sound plays.
        scheduler.handle(.activated(said, gesture: name), source: source)
        try runFollowUps(behaviours, activated: before?.id, on: shown, source: source)
        return result
    }

    /// How `gesture` is named in the transcript and the flow: the reader's name for it (NVDA's
    /// keys), else VoiceOver's gesture.
    public func gestureName(_ gesture: ScenarioGesture) -> String {
        generator.reader.gestureName(gesture) ?? gesture.name
    }

    // MARK: - The app

    /// Posts a notification now.
    public func post(_ notification: PostedNotification, source: String? = nil) throws {
        try executor.run { try postNow(notification, source: source) }
    }

    /// `post` inside the executor.
    func postNow(_ notification: PostedNotification, source: String?) throws {
        readAll = nil
        switch notification {
        case .announcement(let text, let priority, let queued, let attributes):
            scheduler.handle(.announcement(text, priority: priority, queued: queued, attributes: attributes),
                             source: source)
        case .pageScrolled(let text):
            scheduler.handle(.pageScrolled(text), source: source)
        case .announceForAccessibility(let text):
            // Queued; a short one is not cut by what comes after it (TalkBack's
            // INTERRUPTIBLE_IF_LONG, 30 characters).
            scheduler.handle(.announcement(text, priority: text.count <= 30 ? .high : .default, queued: true),
                             source: source)
        case .liveRegion(let text, let assertive):
            scheduler.handle(.announcement(text, priority: .default, queued: !assertive), source: source)
        case .paneTitle(let text):
            flowLog.append(.posted(time: clock.now.seconds, screen: current, notification: .screenChanged, element: nil))
            scheduler.handle(.screenChanged(ElementSpeech(text: text)), source: source)
        case .layoutChangedText(let text):
            scheduler.handle(.layoutChanged(.text(text)), source: source)
        case .layoutChangedNil:
            scheduler.handle(.layoutChanged(.none), source: source)
        case .layoutChangedElement(let id):
            try requireElement(id)
            let result = screens.shown.focus(id)
            flowLog.append(.posted(time: clock.now.seconds, screen: current, notification: .layoutChanged, element: id))
            flowLog.append(.focus(time: clock.now.seconds, screen: current, element: screens.shown.focusedID, by: .app))
            if let spoken = result.speech, let stop = result.stop {
                scheduler.handle(.layoutChanged(.element(speech(spoken, id: stop.id))), source: source)
            } else {
                if case .unavailable(let reason) = result.outcome { note("layoutChanged: \(reason)", source: source) }
                scheduler.handle(.layoutChanged(.none), source: source)
            }
        case .screenChangedText(let text, let screen):
            if let screen, screen != current { try navigate(to: screen, kind: .swap, source: source) }
            flowLog.append(.posted(time: clock.now.seconds, screen: current, notification: .screenChanged, element: nil))
            _ = screens.shown.first()
            flowLog.append(.focus(time: clock.now.seconds, screen: current, element: screens.shown.focusedID, by: .app))
            scheduler.handle(.screenChanged(ElementSpeech(text: text)), source: source)
        case .screenChanged(let element, let screen):
            if let screen, screen != current { try navigate(to: screen, kind: .swap, source: source) }
            flowLog.append(.posted(time: clock.now.seconds, screen: current, notification: .screenChanged, element: element))
            try announceScreen(focus: element, source: source, mover: .app)
        }
    }

    /// Changes the shown screen (the app updating a label, inserting a row...). Silent: the app
    /// posts a notification if VoiceOver should say something.
    public func edit(_ edit: ScreenEdit) throws {
        try executor.run { try apply([edit]) }
    }

    /// Swaps the shown screen without a notification; nothing has focus until the next gesture.
    public func show(screen name: String) throws {
        try executor.run { try navigate(to: name, kind: .swap, source: nil) }
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
        try executor.run {
            readAll = nil
            try navigate(to: name, kind: kind, focus: focus, source: source)
        }
    }

    // MARK: - Plumbing (inside the executor)

    func speech(_ description: SpokenDescription, id: String) -> ElementSpeech {
        ElementSpeech(elementID: id, description: description)
    }

    func note(_ text: String, source: String?) {
        notesSoFar.append(DeskCheckNote(time: clock.now.seconds, source: source, text: text))
    }

    /// `screenChanged` on the shown screen: focus `id` or the first stop, and speak it after the sound.
    func announceScreen(focus id: String?, source: String?, mover: FocusMover = .system) throws {
        let result: NavigationResult
        if let id {
            try requireElement(id)
            result = screens.shown.focus(id)
        } else {
            result = screens.shown.first()
        }
        flowLog.append(.focus(time: clock.now.seconds, screen: current, element: screens.shown.focusedID, by: mover))
        if case .unavailable(let reason) = result.outcome { note("screenChanged: \(reason)", source: source) }
        let element = result.speech.flatMap { spoken in result.stop.map { speech(spoken, id: $0.id) } }
        scheduler.handle(.screenChanged(element), source: source)
    }

    /// Throws unless the shown screen has an element `id`.
    func requireElement(_ id: String) throws {
        guard screens.shown.screen.contains(id) else {
            throw DeskCheckError.unknownElement(id, screen: current, onOtherScreens: screens.others(containing: id))
        }
    }

    /// Applies the app's changes to the shown screen.
    func apply(_ edits: [ScreenEdit]) throws {
        for edit in edits {
            for id in edit.referencedIDs { try requireElement(id) }
            do {
                try screens.shown.change { try edit.apply(to: &$0) }
            } catch let error as ScreenEditError {
                throw DeskCheckError.edit(error, screen: current)
            }
        }
    }

    /// Speaks the next stop of a read-all (without hints, as VoiceOver reads continuously).
    @discardableResult
    private func continueReadAll() -> NavigationResult {
        while var next = readAll, !next.remaining.isEmpty {
            let id = next.remaining.removeFirst()
            let source = next.source
            readAll = next
            let result = screens.shown.readLine(from: id)
            if let spoken = result.speech, let stop = result.stop {
                let element = ElementSpeech(elementID: stop.id, description: spoken, withHint: false, purpose: .readAll)
                scheduler.handle(.focusMoved(element, gesture: gestureName(.readAll(fromTop: next.fromTop))),
                                 source: source)
                return result
            }
            // The stop vanished (the app removed it meanwhile): go on with the next.
        }
        readAll = nil
        return NavigationResult(outcome: .noTarget, stop: nil, position: nil, count: screens.shown.stops.count,
                                speech: nil)
    }

    /// Read-all goes on after each of its utterances ends in full, after the queue gap: the
    /// scheduler's report ends a read-all with nothing left, or puts its next step on the clock.
    private func observe(_ record: SpeechRecord) {
        guard case .finished(let entry) = record, entry.utterance.purpose == .readAll,
              entry.utterance.kind == .element else { return }
        switch entry.fate {
        case .spoken, .dropped(_, .deviceFailed): break
        default: return
        }
        executor.run {
            guard let reading = readAll else { return }
            guard !reading.remaining.isEmpty else {
                readAll = nil
                return
            }
            clock.schedule(at: TimelineInstant(seconds: entry.fate.decidedAt) + scheduler.gaps.queueGap) { [weak self] in
                guard let self, readAll != nil, scheduler.isIdle else { return }
                continueReadAll()
            }
        }
    }
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

    public var category: ErrorCategory { .badData }

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
