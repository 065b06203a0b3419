import Foundation

/// The desk check across screens: transitions of every kind with VoiceOver's side of them,
/// the flow log, edits to screens not shown, and the findings of the run.
extension DeskCheck {
    /// What happened across screens so far.
    public var flow: FlowLog { executor.run { flowLog } }

    /// The screens as they were when shown, in order (a screen shown twice is listed twice).
    public var shownScreens: [(name: String, screen: Screen)] { executor.run { shownSoFar } }

    /// The static checks of `linter` on every screen as it was shown, each finding once.
    public func staticFindings(linter: ScreenLinter, source: String? = nil) -> [Finding] {
        var seen = Set<String>()
        var found: [Finding] = []
        for (name, screen) in shownScreens {
            for var finding in linter.findings(for: screen, source: source) {
                finding.screen = name
                let key = "\(finding.code.rawValue)|\(finding.screen ?? "")|\(finding.elements)|\(finding.message)"
                if seen.insert(key).inserted { found.append(finding) }
            }
        }
        return found
    }

    /// The dynamic findings so far (call after `finish()` for the complete list).
    public func flowFindings() -> [Finding] {
        FlowInspector.findings(log: flow, transcript: transcript, reader: generator.reader.name, onPage: playsWebPage)
    }

    /// Whether one of the desk check's screens is a web page: its findings are worded for the web.
    var playsWebPage: Bool { screens.holdsWebPage }

    /// Changes a screen that may not be shown (a list refreshed from the server while the
    /// detail is open).
    public func edit(_ edit: ScreenEdit, on screen: String) throws {
        try executor.run {
            try screens.update(screen) { navigator in
                for id in edit.referencedIDs where !navigator.screen.contains(id) {
                    throw DeskCheckError.unknownElement(id, screen: screen, onOtherScreens: [])
                }
                do {
                    try navigator.change { try edit.apply(to: &$0) }
                } catch let error as ScreenEditError {
                    throw DeskCheckError.edit(error, screen: screen)
                }
            }
        }
    }

    // MARK: - Transitions

    /// Leaves the shown screen and shows `name` (inside the executor).
    func navigate(to name: String, kind: TransitionKind, focus: String? = nil, source: String?) throws {
        guard screens[name] != nil else { throw DeskCheckError.unknownScreen(name, valid: screens.names) }
        let from = current
        let now = clock.now.seconds
        let isReturn = kind.isReturn || (kind == .swap && stack.dropLast().contains(name))
        // Where the user was on the screen they leave.
        let leaving = screens.shown
        if let item = leaving.focusedID {
            leftFocus[from] = item
            if !isReturn {
                let siblings = leaving.screen.parentID(of: item).flatMap { leaving.screen.node($0)?.children.map(\.id) }
                    ?? leaving.screen.roots.map(\.id)
                let index = siblings.firstIndex(of: item)
                departures[from] = Departure(
                    time: now, item: item,
                    previous: index.flatMap { $0 > 0 ? siblings[$0 - 1] : nil },
                    next: index.flatMap { $0 + 1 < siblings.count ? siblings[$0 + 1] : nil })
            }
        } else {
            leftFocus[from] = nil
            // Left with nothing focused: there is no place to come back to.
            departures[from] = nil
        }
        if isReturn { departures[from] = nil }
        for (id, work) in pendingWork where work.screen == from && work.cancelOnDisappear {
            clock.cancel(work.work)
            pendingWork[id] = nil
        }
        if isReturn {
            if let index = stack.lastIndex(of: name) { stack.removeSubrange((index + 1)...) } else { stack.append(name) }
        } else {
            stack.append(name)
        }
        try screens.show(name)
        shownSoFar.append((name, screens.shown.screen))
        var appearance = ScreenAppearance(time: now, screen: name, from: from, kind: kind, departure: nil,
                                          expected: nil, itemGone: false)
        if isReturn, let departure = departures[name] {
            appearance.departure = departure
            let shown = screens.shown
            appearance.itemGone = !hasStop(departure.item, shown)
            appearance.expected = [departure.item, departure.previous, departure.next, app[name]?.createButton]
                .compactMap { $0 }.first { hasStop($0, shown) }
        }
        flowLog.append(.appeared(appearance))
        if kind.isSystemTransition {
            var target = focus
            if target == nil, kind == .dismiss || (kind == .pop && reader.remembersFocus),
               let left = leftFocus[name], hasStop(left, screens.shown) {
                target = left
            }
            try announceScreen(focus: target, source: source, mover: .system)
        } else {
            flowLog.append(.focus(time: now, screen: name, element: nil, by: .system))
        }
        try runAppear(on: name, source: source)
    }

    func hasStop(_ id: String, _ navigator: FocusNavigator) -> Bool {
        navigator.order.index(ofStop: id) != nil || navigator.order.index(presenting: id) != nil
    }

}
