extension DeskCheck {
    /// The shown page changed (its scripts answered a click, a timer fired): the screen becomes
    /// `screen`, focus stays on its element while it is there, and each live region change is
    /// said as the reader says it (`ReaderSpeechRules.assertiveLiveRegionsInterrupt`). When the
    /// focused element's state changed (a check box checked by the click), its new state is
    /// said, as a screen reader speaks a state change of the focus.
    public func pageChanged(to screen: Screen, liveChanges: [WebLiveRegions.Change], source: String? = nil) {
        executor.run {
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
            let interrupts = generator.reader.speechRules.assertiveLiveRegionsInterrupt
            for change in liveChanges {
                let assertive = change.politeness == "assertive"
                scheduler.handle(.announcement(change.text, priority: .default, queued: !(assertive && interrupts)),
                                 source: source.map { "\($0), live region \(change.region)" } ?? "live region \(change.region)")
            }
        }
    }
}
