/// Finds the dynamic problems of a desk check: what a VoiceOver user suffers across screens
/// (seeds focus-restore-uikit, focus-restore-swiftui, announcements; SEMANTICS §4–5).
///
/// After each screen appears, the app has until the user's next gesture (or the next screen) to
/// settle focus: that window is where a duplicate or missing screen-change sound and the
/// outcome of a return are judged. Announcements are judged by their fates in the transcript.
public enum FlowInspector {
    /// The incidents of a finished run, in time order.
    public static func incidents(log: FlowLog, transcript: SpeechTranscript) -> [FlowIncident] {
        var found = transitionIncidents(log) + announcementIncidents(transcript)
        for event in log.entries {
            if case .ghost(let time, let element, let screen, let shown) = event {
                found.append(FlowIncident(
                    code: .ghostFocus, time: time, screen: screen, elements: [element],
                    detail: "delayed focus move to \"\(element)\" on \"\(screen)\" ran while \"\(shown)\" was shown; cancel it when the screen disappears"))
            }
        }
        return found.enumerated().sorted { a, b in
            a.element.time < b.element.time - 1e-9 || (abs(a.element.time - b.element.time) <= 1e-9 && a.offset < b.offset)
        }.map(\.element)
    }

    /// Screen-change sounds and focus after each appearance.
    static func transitionIncidents(_ log: FlowLog) -> [FlowIncident] {
        var found: [FlowIncident] = []
        let entries = log.entries
        for (index, event) in entries.enumerated() {
            guard case .appeared(let appearance) = event else { continue }
            var window: [FlowEvent] = []
            var closedAt = Double.infinity
            for later in entries[(index + 1)...] {
                if case .gesture(let time, _) = later {
                    closedAt = time
                    break
                }
                if case .appeared(let next) = later {
                    closedAt = next.time
                    break
                }
                window.append(later)
            }
            let screenChanges = window.compactMap { event -> (Double, String?)? in
                if case .posted(let time, _, .screenChanged, let element) = event { return (time, element) }
                return nil
            }
            let screen = appearance.screen
            if appearance.kind.isSystemTransition {
                for (time, element) in screenChanges {
                    found.append(FlowIncident(
                        code: .duplicateScreenChange, time: time, screen: screen, elements: element.map { [$0] } ?? [],
                        detail: "screenChanged posted after the system's \(appearance.kind.rawValue) to \"\(screen)\": the screen-change sound plays twice; post layoutChanged"))
                }
            } else if screenChanges.isEmpty {
                found.append(FlowIncident(
                    code: .missingScreenChange, time: appearance.time, screen: screen, elements: [],
                    detail: "\"\(screen)\" was swapped in without screenChanged: no screen-change sound, focus stays lost; post screenChanged"))
            }
            found += returnIncidents(appearance, window: window, closedAt: closedAt)
        }
        return found
    }

    /// Where focus settled after a return, compared with the seed's rule.
    /// The user acting before a scheduled restoration was due is not held against the app (a
    /// restoration that then runs elsewhere is ghost focus, reported on its own).
    static func returnIncidents(_ appearance: ScreenAppearance, window: [FlowEvent], closedAt: Double) -> [FlowIncident] {
        let screen = appearance.screen
        for event in window {
            if case .restoreScheduled(_, let on, let due) = event, on == screen, due > closedAt + 1e-9 { return [] }
        }
        var restores: [(time: Double, target: String?, by: RestorePlan.Key, repeated: Bool)] = []
        var appMoves: [(time: Double, element: String?)] = []
        var settled: String?
        for event in window {
            switch event {
            case .restore(let time, let on, let target, let by, let repeated) where on == screen:
                restores.append((time, target, by, repeated))
            case .focus(let time, let on, let element, let mover) where on == screen:
                settled = element
                if mover == .app { appMoves.append((time, element)) }
            default: break
            }
        }
        if let repeated = restores.first(where: \.repeated) {
            return [FlowIncident(
                code: .restoreRepeated, time: repeated.time, screen: screen,
                elements: [repeated.target, settled == repeated.target ? nil : settled].compactMap { $0 },
                detail: "focus restored again on this appearance (\(appearance.kind.rawValue)) for a return already restored; restore once per return")]
        }
        guard let departure = appearance.departure, let expected = appearance.expected, settled != expected else {
            return []
        }
        let landed = settled ?? "nothing"
        if appearance.itemGone {
            guard !restores.isEmpty || !appMoves.isEmpty else {
                return [notRestored(appearance, departure: departure, expected: expected, landed: landed)]
            }
            let time = restores.first?.time ?? appMoves.first!.time
            return [FlowIncident(
                code: .noFallback, time: time, screen: screen, elements: [departure.item, expected],
                detail: "\"\(departure.item)\" was deleted and focus went to \(quoted(landed)), not \"\(expected)\"; fall back to the previous item, then the next, then the create button")]
        }
        if let move = appMoves.last, move.element != expected {
            let key = restores.last.map { " by \($0.by.rawValue)" } ?? ""
            return [FlowIncident(
                code: .restoredWrongItem, time: move.time, screen: screen, elements: [move.element ?? "nothing", expected],
                detail: "focus restored\(key) to \(quoted(move.element ?? "nothing")), not \"\(expected)\" where the user left; restore by the item's id")]
        }
        return [notRestored(appearance, departure: departure, expected: expected, landed: landed)]
    }

    private static func notRestored(_ appearance: ScreenAppearance, departure: Departure, expected: String,
                                    landed: String) -> FlowIncident {
        FlowIncident(
            code: .notRestored, time: appearance.time, screen: appearance.screen, elements: [expected, landed],
            detail: "back on \"\(appearance.screen)\" (\(appearance.kind.rawValue)) focus is on \(quoted(landed)), not \"\(expected)\" where the user left; restore focus by id after about 1 s")
    }

    private static func quoted(_ id: String) -> String { id == "nothing" ? id : "\"\(id)\"" }

    /// Announcements the app posted that the user never heard in full.
    static func announcementIncidents(_ transcript: SpeechTranscript) -> [FlowIncident] {
        var byID: [Int: Utterance] = [:]
        for entry in transcript.entries { byID[entry.utterance.id] = entry.utterance }
        var found: [FlowIncident] = []
        for entry in transcript.entries {
            let u = entry.utterance
            guard u.kind == .announcement || u.kind == .layoutString else { continue }
            switch entry.fate {
            case .dropped(let at, let reason):
                switch reason {
                case .postedDuringGestureSpeech, .postedWithinGestureWindow:
                    found.append(FlowIncident(
                        code: .announcementDropped, time: at, screen: "", elements: [],
                        detail: "\"\(u.text)\" was posted while VoiceOver read what the user's gesture caused (\(reason.code)) and was never spoken; post it about 1 s later, or queued"))
                case .screenChanged, .layoutChanged:
                    found.append(FlowIncident(
                        code: .announcementDropped, time: at, screen: "", elements: [],
                        detail: "\"\(u.text)\" was dropped by a \(reason.code) before it was spoken; post it after the focus move, or queued"))
                default: break
                }
            case .cut(_, let at, let by):
                // The user moving on is their choice; the app cutting its own words is not.
                if let cutter = by.utteranceID.flatMap({ byID[$0] }), cutter.isGestureSpeech { continue }
                found.append(FlowIncident(
                    code: .announcementCut, time: at, screen: "", elements: [],
                    detail: "\"\(u.text)\" was cut off at \(clockTime(at)) by \(by.cause); queue it (accessibilitySpeechQueueAnnouncement) or post it after"))
            case .spoken: break
            }
        }
        return found
    }
}
