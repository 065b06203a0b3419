/// A reader's browse and focus modes on a web page (NVDA's pass-through; docs/web.md, "Browse
/// and focus modes, as played"): in focus mode the reader's keys go to the page.
struct ReaderModes: Sendable {
    /// Focus mode (NVDA's `passThrough`): arrows, letters, Enter and Tab go to the page.
    var focusMode = false
    /// The user chose the mode with NVDA+space (`disableAutoPassThrough`): focus changes no
    /// longer switch it, and Escape goes to the page.
    var chosenByUser = false
    /// The mode last reported (`reportPassThrough.last`): a switch is heard only when it differs.
    var reported = false
    /// A switch of NVDA+space waiting for the focus it moves, heard with it (its sound first).
    var pending: (change: ModeSwitch, gesture: String)?
    /// The control alt+down arrow expanded into focus mode (NVDA's `currentExpandedControl`):
    /// the next focus event, if it lands on it, means it collapsed again, and leaves focus mode.
    var expandedControl: String?
}

/// What a reader's mode gesture did (`DeskCheck.modeGesture`).
public enum ModeGestureOutcome: Sendable, Equatable {
    /// Not a mode gesture here: the gesture goes on as any other (Escape in browse mode goes to the page).
    case notHandled
    /// The mode switched (or stayed, as NVDA keeps it); `focus` is an element the browser should
    /// focus now (NVDA+space into focus mode with the reading on a focusable element the
    /// browser's focus is not on: `_focusLastFocusableObject`).
    case handled(focus: String?)
    /// Alt+down arrow or alt+up arrow in browse mode (`collapseOrExpandControl`): the browser
    /// focuses `focus` first, quietly (the control at the reading, when the browser's focus is
    /// elsewhere), then `expandOrCollapse` decides the mode and the key goes to the page.
    case passesKey(focus: String?, key: PageKey)
}

extension DeskCheck {
    /// Whether the reader has browse and focus modes on the shown screen (NVDA on a page).
    var hasReaderModes: Bool {
        let screen = screens.shown.screen
        return screen.isWebPage && generator.reader.passesThrough(onFocusOf: screen.browserFocusID ?? "", in: screen) != nil
    }

    /// Whether the reader is in focus mode now, where its keys go to the page.
    public var inFocusMode: Bool { executor.run { modes.focusMode } }

    /// Focus landed on the node `id` (reason focus, NVDA's `event_gainFocus`): focus mode when
    /// the reader passes the node's keys through (`shouldPassThrough`), browse mode otherwise,
    /// unless the user chose the mode; what the switch gives, if it switched (inside the executor).
    func modeOnFocus(_ id: String) -> ModeSwitch? {
        guard !modes.chosenByUser, let passes = generator.reader.passesThrough(onFocusOf: id, in: screens.shown.screen) else {
            return nil
        }
        return switchMode(toFocusMode: passes)
    }

    /// Sets the mode and says the switch when it differs from the one last reported
    /// (`reportPassThrough` with `onlyIfChanged`).
    func switchMode(toFocusMode focusMode: Bool) -> ModeSwitch? {
        modes.focusMode = focusMode
        guard focusMode != modes.reported else { return nil }
        modes.reported = focusMode
        let change = generator.reader.modeSwitch(toFocusMode: focusMode)
        return change.sound == nil && change.words == nil ? nil : change
    }

    /// The reader's own mode gestures: NVDA+space (`toggleFocusMode`,
    /// `script_toggleVirtualBufferPassThrough`) toggles the mode, the user's choice from then on
    /// (into focus mode) or no longer (back to browse mode); Escape in focus mode the reader
    /// switched to by itself leaves it without reaching the page (`script_disablePassThrough`),
    /// unless the focus is an ARIA menu item or grid cell, whose Escape the page gets; Enter on
    /// a field the reader passes through (NVDA's `_activatePosition`) enters focus mode and
    /// focuses the field in place of activating it.
    /// `canFocus`: a browser is there to focus an element (a page open live); the switch is then
    /// heard with that focus (`takePendingSwitch`, `flushPendingSwitch`).
    public func modeGesture(_ gesture: ScenarioGesture, canFocus: Bool = false, source: String?) -> ModeGestureOutcome {
        executor.run {
            let name = gestureName(gesture)
            switch gesture {
            case .toggleFocusMode:
                guard hasReaderModes else { return .notHandled }
                flowLog.append(.gesture(time: clock.now.seconds, name: name))
                let focusMode = !modes.focusMode
                modes.chosenByUser = focusMode
                let change = switchMode(toFocusMode: focusMode) ?? ModeSwitch()
                let screen = screens.shown.screen
                guard canFocus, focusMode, let reading = screens.shown.focusedID, reading != screen.browserFocusID,
                      let focusable = ([reading] + screen.ancestry(of: reading).reversed()).first(where: { screen.node($0)?.web?.isFocusable == true })
                else {
                    scheduler.handle(.modeSwitched(change, gesture: name), source: source)
                    return .handled(focus: nil)
                }
                modes.pending = (change, name)
                return .handled(focus: focusable)
            case .activate([]), .space:
                // Enter in browse mode on a field NVDA passes through (`_activatePosition`:
                // `shouldPassThrough(obj)` with no reason): focus mode, reported, and the field
                // focused, whose focus event speaks it; nothing is activated.
                let screen = screens.shown.screen
                guard hasReaderModes, !modes.focusMode, let reading = screens.shown.focusedID,
                      generator.reader.passesThrough(onActivating: reading, in: screen) == true else { return .notHandled }
                flowLog.append(.gesture(time: clock.now.seconds, name: name))
                let change = switchMode(toFocusMode: true) ?? ModeSwitch()
                guard canFocus, reading != screen.browserFocusID else {
                    scheduler.handle(.modeSwitched(change, gesture: name), source: source)
                    return .handled(focus: nil)
                }
                modes.pending = (change, name)
                return .handled(focus: reading)
            case .expandControl, .collapseControl:
                // In focus mode the script does not run: the key goes to the page (`focusModeKey`).
                guard hasReaderModes, !modes.focusMode, let key = focusModeKey(gesture) else { return .notHandled }
                guard canFocus else {
                    flowLog.append(.gesture(time: clock.now.seconds, name: name))
                    scheduler.handle(.modeSwitched(expandOrCollapseNow(gesture) ?? ModeSwitch(), gesture: name), source: source)
                    return .handled(focus: nil)
                }
                // `_focusLastFocusableObject`: the focusable element at the reading, unless it
                // has the browser's focus already.
                let screen = screens.shown.screen
                let focusable = screens.shown.focusedID.flatMap { reading in
                    ([reading] + screen.ancestry(of: reading).reversed()).first { screen.node($0)?.web?.isFocusable == true }
                }
                return .passesKey(focus: focusable == screen.browserFocusID ? nil : focusable, key: key)
            case .escape:
                let screen = screens.shown.screen
                guard hasReaderModes, modes.focusMode, !modes.chosenByUser,
                      generator.reader.escapeLeavesFocusMode(on: screen.browserFocusID, in: screen) else { return .notHandled }
                flowLog.append(.gesture(time: clock.now.seconds, name: name))
                modes.chosenByUser = false
                let change = switchMode(toFocusMode: false)
                scheduler.handle(.modeSwitched(change ?? ModeSwitch(), gesture: name), source: source)
                return .handled(focus: nil)
            default:
                return .notHandled
            }
        }
    }

    /// Alt+down arrow or alt+up arrow in browse mode, just before its key goes to the page
    /// (`_collapseOrExpandControl_scriptHelper`, browseMode.py at 0057dd93): a collapsed control
    /// with the browser's focus switches to focus mode and is remembered as the expanded control;
    /// otherwise browse mode stays, unless the user chose focus mode. The switch is heard at
    /// once, as the key is sent (`reportPassThrough`), before what the page answers.
    public func expandOrCollapse(_ gesture: ScenarioGesture, source: String?) {
        executor.run {
            scheduler.handle(.modeSwitched(expandOrCollapseNow(gesture) ?? ModeSwitch(), gesture: gestureName(gesture)), source: source)
        }
    }

    /// `expandOrCollapse` inside the executor: the switch it makes, if any.
    private func expandOrCollapseNow(_ gesture: ScenarioGesture) -> ModeSwitch? {
        let screen = screens.shown.screen
        if let focus = screen.browserFocusID, screen.node(focus)?.web?.expanded == false {
            modes.expandedControl = focus
            return switchMode(toFocusMode: true)
        }
        return modes.chosenByUser ? nil : switchMode(toFocusMode: false)
    }

    /// The key a gesture is in focus mode, where the reader passes its keys to the page
    /// (browseMode.py: the scripts of browse mode do not run while `passThrough` is on): the
    /// arrows, control+home and control+end, Enter, space, Tab, the quick navigation letters
    /// (which type), control+alt+arrows and alt+up and down arrow; nil for a gesture the reader
    /// keeps (NVDA+down arrow).
    func focusModeKey(_ gesture: ScenarioGesture) -> PageKey? {
        switch gesture {
        case .next: PageKey("ArrowDown")
        case .previous: PageKey("ArrowUp")
        case .first: PageKey("Home", modifiers: [.control])
        case .last: PageKey("End", modifiers: [.control])
        case .activate: PageKey("Enter")
        case .space: PageKey("Space")
        case .expandControl: PageKey("ArrowDown", modifiers: [.alt])
        case .collapseControl: PageKey("ArrowUp", modifiers: [.alt])
        case .jump(.focusable, let forward): forward ? .tab : .shiftTab
        case .jump: generator.reader.gestureName(gesture).flatMap { PageKey(parsing: $0) }
        case .tableMove(let direction):
            PageKey(["nextColumn": "ArrowRight", "previousColumn": "ArrowLeft", "nextRow": "ArrowDown",
                     "previousRow": "ArrowUp"][direction.rawValue] ?? "ArrowDown", modifiers: [.control, .alt])
        default: nil
        }
    }

    /// After a key went to the page in focus mode: an up or down arrow that left the focus on a
    /// single-line edit says its line (NVDA's caret movement in an edit field,
    /// `EditableText.script_caret_moveByLine`: the line's text, or "blank").
    public func keyReachedPage(_ gesture: ScenarioGesture, focusBefore: String?, source: String?) {
        executor.run {
            guard modes.focusMode, gesture == .next || gesture == .previous else { return }
            let screen = screens.shown.screen
            guard let focus = screen.browserFocusID, focus == focusBefore,
                  let line = generator.reader.caretLine(of: focus, in: screen) else { return }
            scheduler.handle(.focusMoved(ElementSpeech(elementID: focus, text: line, purpose: .newValue), gesture: gestureName(gesture)),
                             source: source)
        }
    }

    /// The switch of NVDA+space waiting for its focus, taken by the focus move that says it
    /// (inside the executor).
    func takePendingSwitch() -> ModeSwitch? {
        defer { modes.pending = nil }
        return modes.pending?.change
    }

    /// Says a switch of NVDA+space whose focus moved nothing (the browser kept its focus).
    public func flushPendingSwitch(source: String?) {
        executor.run {
            guard let (change, gesture) = modes.pending else { return }
            modes.pending = nil
            scheduler.handle(.modeSwitched(change, gesture: gesture), source: source)
        }
    }
}
