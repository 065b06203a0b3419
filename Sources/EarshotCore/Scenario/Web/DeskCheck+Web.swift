import Foundation

extension DeskCheck {
    /// The shown page changed (its scripts answered a click, a timer fired): the screen becomes
    /// `screen`, focus stays on its element while it is there, and each live region change is
    /// said as the reader says it (`ScreenReader.liveRegionSpeech`). When the
    /// focused element's state changed (a check box checked by the click), its new state is
    /// said, as a screen reader speaks a state change of the focus.
    ///
    /// `events` are what else the change did (`WebPageChanges`): the flow log keeps them, with
    /// the regions created filled, for the findings of the web (docs/findings.md, "On web pages").
    ///
    /// When the browser's focus moved to another element (a script's `.focus()`, a dialog that
    /// focuses its first control, Tab or a key sent to the page, a click), the reading follows it
    /// as NVDA's browse mode does on a focus event (`event_gainFocus`, browseMode.py): the reading
    /// moves there and the element is said as focus says it (`describeJump` to `.focusable`),
    /// named in the transcript as `focus`'s move (`focus.by`: the key that moved it, else `page`).
    /// Focus that went to `focus.quietOn` (the element the step itself activated, as NVDA's
    /// activation focuses it first and keeps that focus event quiet) moves the reading silently.
    public func pageChanged(to screen: Screen, liveChanges: [WebLiveRegions.Change], events: [WebPageChanges.Event] = [],
                            notes: [String] = [], source: String? = nil, focus: PageFocusCause = PageFocusCause()) {
        executor.run {
            let name = current
            for text in notes { note(text, source: source) }
            for event in events { flowLog.append(.page(time: clock.now.seconds, screen: name, change: event)) }
            let browserFocusBefore = screens.shown.screen.browserFocusID
            let before = screens.shown.focusedStop
            let oldStops = screens.shown.stops.map(\.id)
            screens.shown.change { $0 = screen }
            if let lost = before?.id, screens.shown.focusedID == nil {
                // The reading stays where it was in the document: on what now stands where the
                // removed item stood (after the last item before it that is still there).
                let newStops = screens.shown.stops.map(\.id)
                let kept = Set(newStops)
                let index = oldStops.firstIndex(of: lost) ?? 0
                let previous = oldStops[..<index].last { kept.contains($0) }
                let position = previous.flatMap { newStops.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
                if newStops.indices.contains(position) {
                    _ = screens.shown.focus(newStops[position])
                } else if let last = newStops.last {
                    _ = screens.shown.focus(last)
                } else {
                    note("the page removed the focused element \"\(lost)\" and has no other", source: source)
                }
            }
            if let before, let after = screens.shown.focusedStop, after.id == before.id,
               let said = generator.reader.describeStateChange(before: before, after: after, by: generator) {
                scheduler.handle(.announcement(said, priority: .default, queued: true), source: source)
            }
            // A dialog the page opened, said as the reader says it (TalkBack: its pane title as
            // a window's), before the focus the page moved into it.
            for event in events {
                guard case .dialogOpened(let id, _) = event, let dialog = screen.node(id),
                      let said = generator.reader.dialogOpenedSpeech(dialog, by: generator) else { continue }
                let what = source.map { "\($0), dialog \(id)" } ?? "dialog \(id)"
                switch said {
                case .windowTitle(let title): scheduler.handle(.screenChanged(ElementSpeech(text: title)), source: what)
                case .announcement(let text): scheduler.handle(.announcement(text, priority: .default, queued: true), source: what)
                }
            }
            if PageFocusFollowing.isOn, let target = screens.shown.screen.browserFocusID, target != browserFocusBefore {
                followBrowserFocus(to: target, cause: focus, source: source)
            }
            for change in liveChanges {
                let said = source.map { "\($0), live region \(change.region)" } ?? "live region \(change.region)"
                switch change.silenced {
                case .busy:
                    note("live region \"\(change.region)\" changed while aria-busy: \"\(change.text)\" is not said, now or when it is no longer busy", source: said)
                    continue
                case .createdFilled where generator.reader.saysLiveRegionsCreatedFilled:
                    break
                case .createdFilled:
                    note("live region \"\(change.region)\" came into the page with its text already in it: \"\(change.text)\" is not said", source: said)
                    flowLog.append(.regionCreatedFilled(time: clock.now.seconds, screen: name, region: change.region, text: change.text))
                    continue
                case nil: break
                }
                switch generator.reader.liveRegionSpeech(change, by: generator) {
                case .inTurn(let text): scheduler.handle(.liveRegion(text, order: .inTurn), source: said)
                case .next(let text): scheduler.handle(.liveRegion(text, order: .next), source: said)
                case .interrupting(let text): scheduler.handle(.liveRegion(text, order: .interrupting), source: said)
                case nil: break
                }
            }
        }
    }

    /// The page has finished loading, before the first step: what the reader says then
    /// (`ScreenReader.pageLoadedSpeech`: TalkBack the document Chrome focuses, VoiceOver the
    /// title as its words file says), heard as a focus no gesture caused. The reading stays
    /// before the first stop.
    public func pageLoaded() {
        executor.run {
            let page = screens.shown.screen
            guard let said = generator.reader.pageLoadedSpeech(page, by: generator), !said.description.text.isEmpty else { return }
            var element = ElementSpeech(elementID: page.roots.first?.id, description: said.description)
            element.sound = said.sound.flatMap { scheduler.timing.sounds.sound(for: $0) }
            scheduler.handle(.focusGained(element, by: "page loaded"), source: "page loaded")
        }
    }

    /// The reading goes where the browser's focus went (inside the executor): said as focus
    /// says it, unless it is the element the step activated. A focused element that is no item
    /// (a dialog or region with `tabindex`) puts the reading on the first item inside it, said
    /// after the containers entered (**Earshot's choice**: NVDA reads the whole element from the
    /// buffer, `speakTextInfo` with reason focus).
    private func followBrowserFocus(to target: String, cause: PageFocusCause, source: String?) {
        let previous = screens.shown.focusedStop
        let screen = screens.shown.screen
        let landing = screens.shown.stops.contains { $0.id == target } ? target
            : screens.shown.stops.first { screen.ancestry(of: $0.id).contains(target) }?.id ?? target
        let result = screens.shown.focus(landing)
        let change = modeOnFollowing(target, quiet: target == cause.quietOn || landing == cause.quietOn)
        guard let stop = result.stop, result.outcome == .moved else {
            note("the browser's focus moved to \"\(target)\", which the reader has no item for", source: source)
            if let change { scheduler.handle(.modeSwitched(change, gesture: nil), source: source) }
            return
        }
        flowLog.append(.focus(time: clock.now.seconds, screen: current, element: stop.id, by: cause.by == nil ? .app : .user))
        let said = stop.id == cause.quietOn ? nil : generator.describeJump(to: stop, .focusable, after: previous)
        guard let said, !said.text.isEmpty else {
            if let change { scheduler.handle(.modeSwitched(change, gesture: nil), source: source) }
            return
        }
        var element = speech(said, id: stop.id)
        element.purpose = .keyboardFocus
        if let sound = change?.sound { element.sound = sound }
        defer {
            if let words = change?.words { scheduler.handle(.modeSwitched(ModeSwitch(words: words), gesture: nil), source: source) }
        }
        if let key = cause.by {
            // A key the user pressed: it stops the speech, as any key does.
            scheduler.handle(.focusMoved(element, gesture: key), source: source)
        } else {
            scheduler.handle(.focusGained(element, by: PageFocusCause.byPage), source: source)
        }
    }

    /// The mode a focus event leaves (`event_gainFocus`, browseMode.py at 0057dd93, inside the
    /// executor): the switch NVDA+space is waiting to give with it; leaving focus mode when the
    /// focus came back to the control alt+down arrow expanded (`currentExpandedControl`, which
    /// any focus event forgets); none when NVDA caused the focus itself, its caret already there
    /// (`_objPendingFocusBeforeActivate`: the mode is not looked at again); else the focused
    /// node's own (`shouldPassThrough`).
    private func modeOnFollowing(_ target: String, quiet: Bool) -> ModeSwitch? {
        let expanded = modes.expandedControl
        modes.expandedControl = nil
        if let pending = takePendingSwitch() { return pending }
        guard hasReaderModes else { return nil }
        if modes.focusMode, target == expanded { return switchMode(toFocusMode: false) }
        return quiet ? nil : modeOnFocus(target)
    }

    /// Whether the reading is where the browser's focus is (on the focused element or inside
    /// it): NVDA's Tab then goes to the browser, which moves on in its own tab order
    /// (`_tabOverride`, browseMode.py); otherwise NVDA moves to the next focusable element
    /// from the reading and focuses it.
    public var readingIsOnBrowserFocus: Bool {
        executor.run {
            guard let focus = screens.shown.screen.browserFocusID, let reading = screens.shown.focusedID else { return false }
            return screens.shown.screen.ancestry(of: reading).contains(focus)
        }
    }

    /// The key a gesture is on a page open live when the reader passes it to the browser rather
    /// than moving the reading (nil: the reading moves). Tab and shift+Tab go to the browser
    /// when the reading is on its focus (NVDA's `_tabOverride`, browseMode.py: the browser's own
    /// tab order then, with its radio groups, shadow trees and positive `tabindex`); Escape
    /// does unless it left focus mode (`DeskCheck.modeGesture`; `script_disablePassThrough`,
    /// browseMode.py); in focus mode the arrows, letters, Enter and Tab do (`focusModeKey`).
    public func keyForPage(_ gesture: ScenarioGesture) -> PageKey? {
        // In focus mode the reader's keys go to the page (Escape when `modeGesture` left it to the page).
        if executor.run({ modes.focusMode && hasReaderModes }), let key = executor.run({ focusModeKey(gesture) }) { return key }
        return switch gesture {
        case .jump(.focusable, let forward): readingIsOnBrowserFocus ? (forward ? .tab : .shiftTab) : nil
        case .escape: PageKey("Escape")
        default: nil
        }
    }

    /// How the transcript names a key pressed on the page: the reader's name for the gesture it
    /// is (`tab`, `escape`), else the key itself, in lower case (`enter`, `shift+tab`).
    public func keyName(_ key: PageKey) -> String {
        let gesture: ScenarioGesture? = switch key {
        case .tab: .jump(.focusable, forward: true)
        case .shiftTab: .jump(.focusable, forward: false)
        case PageKey("Escape"): .escape
        default: nil
        }
        if let gesture, let name = generator.reader.gestureName(gesture) { return name }
        return key.description.lowercased()
    }

    /// A gesture passed to the browser as its key (`keyForPage`): the flow keeps it as it keeps
    /// every gesture.
    public func passedToPage(_ gesture: ScenarioGesture) {
        executor.run { flowLog.append(.gesture(time: clock.now.seconds, name: gestureName(gesture))) }
    }

    /// The user acted on the page through the browser (a click, focus, typing): what the page
    /// shows in answer should be heard (`live.change-unheard`), and the page's chance to settle
    /// focus after an earlier change ends.
    public func userActed(_ action: PageAction) {
        executor.run { flowLog.append(.pageAction(time: clock.now.seconds, action: action.summary)) }
    }
}

/// What moved the browser's focus in a change of a page: the key the user pressed (the reader's
/// name for it: `tab`, `enter`, `escape`), else the page itself (`by` nil: its script, its timer,
/// a click); and the element the step activated, whose focus is taken without a word.
public struct PageFocusCause: Sendable, Equatable {
    /// How the transcript names a focus move the page made by itself.
    public static let byPage = "page"

    public var by: String?
    public var quietOn: String?

    public init(by: String? = nil, quietOn: String? = nil) {
        self.by = by
        self.quietOn = quietOn
    }
}

/// Whether the reader follows the browser's focus on a live page (docs/web.md, "The browser's
/// focus is the reader's"): always, but for the measurement of what following costs (docs/web.md,
/// "What a page costs"), which runs `earshot` with `EARSHOT_BENCH_FOCUS_FOLLOWING=off`: then a
/// focus move marks no change of the page and the reading does not go where the focus went.
/// Nothing else reads the variable; it is no setting.
public enum PageFocusFollowing {
    public static let isOn = ProcessInfo.processInfo.environment["EARSHOT_BENCH_FOCUS_FOLLOWING"] != "off"
}

extension DeskCheck {
    /// Whether the reader hears typing on the shown page (`ScreenReader.typedCharacter`): NVDA
    /// does; for a reader that does not, text goes into the page at once.
    public var hearsTyping: Bool {
        executor.run {
            let screen = screens.shown.screen
            return screen.isWebPage && generator.reader.typedCharacter("a", after: "", focus: screen.browserFocusID, in: screen) != nil
        }
    }

    /// A character typed on the page after `typed` (the field's text before it), just before it
    /// reaches the browser's focus: what the reader does (NVDA: its key cuts the speech, and in
    /// an edit field the character is spelled, `typed (KEY)` in the transcript), on the clock now.
    public func typed(_ character: Character, after typed: String, source: String?) {
        executor.run {
            let screen = screens.shown.screen
            let focus = screen.browserFocusID
            guard screen.isWebPage, let said = generator.reader.typedCharacter(character, after: typed, focus: focus, in: screen) else { return }
            let key = character == " " ? "space" : String(character)
            let element = said.echo.map { ElementSpeech(elementID: focus, text: $0, language: focus.flatMap { screen.node($0)?.language },
                                                        purpose: .typedCharacter) }
            scheduler.handle(.typed(element, key: key, interrupts: said.interrupts), source: source)
        }
    }
}
