extension DeskCheck {
    /// The shown page changed (its scripts answered a click, a timer fired): the screen becomes
    /// `screen`, focus stays on its element while it is there, and each live region change is
    /// said as the reader says it (`ScreenReader.liveRegionSpeech`). When the
    /// focused element's state changed (a check box checked by the click), its new state is
    /// said, as a screen reader speaks a state change of the focus.
    ///
    /// `events` are what else the change did (`WebPageChanges`): the flow log keeps them, with
    /// the regions created filled, for the findings of the web (docs/findings.md, "On web pages").
    public func pageChanged(to screen: Screen, liveChanges: [WebLiveRegions.Change], events: [WebPageChanges.Event] = [],
                            notes: [String] = [], source: String? = nil) {
        executor.run {
            let name = current
            for text in notes { note(text, source: source) }
            for event in events { flowLog.append(.page(time: clock.now, screen: name, change: event)) }
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
            for change in liveChanges {
                let said = source.map { "\($0), live region \(change.region)" } ?? "live region \(change.region)"
                switch change.silenced {
                case .busy:
                    note("live region \"\(change.region)\" changed while aria-busy: \"\(change.text)\" is not said, now or when it is no longer busy", source: said)
                    continue
                case .createdFilled:
                    note("live region \"\(change.region)\" came into the page with its text already in it: \"\(change.text)\" is not said", source: said)
                    flowLog.append(.regionCreatedFilled(time: clock.now, screen: name, region: change.region, text: change.text))
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

    /// The user acted on the page through the browser (a click, focus, typing): what the page
    /// shows in answer should be heard (`live.change-unheard`), and the page's chance to settle
    /// focus after an earlier change ends.
    public func userActed(_ action: PageAction) {
        executor.run { flowLog.append(.pageAction(time: clock.now, action: action.summary)) }
    }
}
