/// Finds the dynamic problems of a desk check: what a screen reader's user suffers across screens
/// (the seed articles on focus restoration, UIKit and SwiftUI, and on announcements, listed in
/// docs/sources.md; the rules in docs/desk-checks.md, "How each finding is found").
///
/// After each screen appears, the app has until the user's next gesture (or the next screen) to
/// settle focus: that window is where a duplicate or missing screen-change sound and the
/// outcome of a return are judged. Announcements are judged by their fates in the transcript.
/// Severities and fixes come from `FindingCatalogue`.
public enum FlowInspector {
    /// The codes the checks of every run's timeline report (transitions, announcements, ghost
    /// focus), whatever the screens; a run that played a web page also makes the page checks
    /// (`FindingCode.webPageCodes`, `webFindings`).
    public static let timelineCodes: [FindingCode] = [
        .announcementDropped, .announcementCut, .earconDuplicateScreenChange, .earconMissingScreenChange,
        .focusGhost, .focusNotRestored, .focusRestoredWrongItem, .focusNoFallback, .focusRestoreRepeated,
    ]

    /// The dynamic findings of a finished run heard by `reader`, in time order: the messages
    /// name the reader, and a finding whose fix is the catalogue's takes the reader's wording
    /// (`FindingCatalogue.entry(for:reader:onPage:)`: TalkBack's, NVDA's; the web's when the run
    /// played a web page, `onPage`).
    public static func findings(log: FlowLog, transcript: SpeechTranscript, reader: ScreenReaderName, onPage: Bool) -> [Finding] {
        findings(log: log, transcript: transcript, readerTitle: reader.title).map { $0.heard(by: reader, onPage: onPage) }
    }

    private static func findings(log: FlowLog, transcript: SpeechTranscript, readerTitle: String) -> [Finding] {
        var announcements = announcementFindings(transcript, readerTitle: readerTitle)
        for index in announcements.indices {
            announcements[index].screen = announcements[index].time.flatMap(log.screen(at:))
        }
        var found = transitionFindings(log) + announcements + webFindings(log)
        for event in log.entries {
            if case .ghost(let time, let element, let screen, let shown) = event {
                found.append(Finding(
                    .focusGhost, time: time, elements: [element],
                    message: "A delayed focus move to \"\(element)\" on \"\(screen)\" ran while \"\(shown)\" was shown: \(readerTitle) read an element the user cannot see and focus on \"\(shown)\" was lost.",
                    screen: screen))
            }
        }
        return found.sortedByTime()
    }

    /// Screen-change sounds and focus after each appearance.
    static func transitionFindings(_ log: FlowLog) -> [Finding] {
        var found: [Finding] = []
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
                    found.append(Finding(
                        .earconDuplicateScreenChange, time: time, elements: element.map { [$0] } ?? [],
                        message: "The app posted screenChanged after the system's \(appearance.kind.rawValue) to \"\(screen)\", so the screen-change sound played twice.",
                        screen: screen))
                }
            } else if screenChanges.isEmpty {
                found.append(Finding(
                    .earconMissingScreenChange, time: appearance.time, elements: [],
                    message: "\"\(screen)\" was swapped in inside its container without screenChanged: no screen-change sound, and nothing had focus.",
                    screen: screen))
            }
            found += returnFindings(appearance, window: window, closedAt: closedAt)
        }
        return found
    }

    /// Where focus settled after a return, compared with the seed's rule. The user acting
    /// before a scheduled restoration was due is not held against the app (a restoration that
    /// then runs elsewhere is ghost focus, reported on its own).
    static func returnFindings(_ appearance: ScreenAppearance, window: [FlowEvent], closedAt: Double) -> [Finding] {
        let screen = appearance.screen
        var restores: [(time: Double, target: String?, by: RestorePlan.Key, repeated: Bool)] = []
        var appMoves: [(time: Double, element: String?)] = []
        var settled: String?
        for event in window {
            switch event {
            case .restoreScheduled(_, let on, let due) where on == screen && due > closedAt + 1e-9:
                return []
            case .restore(let time, let on, let target, let by, let repeated) where on == screen:
                restores.append((time, target, by, repeated))
            case .focus(let time, let on, let element, let mover) where on == screen:
                settled = element
                if mover == .app { appMoves.append((time, element)) }
            default: break
            }
        }
        if let repeated = restores.first(where: \.repeated) {
            let target = repeated.target ?? "nothing"
            return [Finding(
                .focusRestoreRepeated, time: repeated.time, elements: repeated.target.map { [$0] } ?? [],
                message: "On \"\(screen)\" appearing again (\(appearance.kind.rawValue)), the app restored focus to \(quoted(target)) a second time for a return it had already restored.",
                screen: screen)]
        }
        guard let departure = appearance.departure, let expected = appearance.expected, settled != expected else {
            return []
        }
        let landed = settled ?? "nothing"
        if appearance.itemGone {
            guard !restores.isEmpty || !appMoves.isEmpty else {
                return [notRestored(appearance, expected: expected, landed: landed)]
            }
            let time = restores.first?.time ?? appMoves.first!.time
            return [Finding(
                .focusNoFallback, time: time, elements: [departure.item, expected],
                message: "\"\(departure.item)\" was deleted; back on \"\(screen)\" focus went to \(quoted(landed)) instead of its neighbour \"\(expected)\".",
                screen: screen)]
        }
        if let move = appMoves.last, move.element != expected {
            let key = restores.last.map { " by \($0.by.rawValue)" } ?? ""
            let wrong = move.element ?? "nothing"
            return [Finding(
                .focusRestoredWrongItem, time: move.time, elements: [wrong, expected],
                message: "Back on \"\(screen)\" the app restored focus\(key) to \(quoted(wrong)), not to \"\(expected)\" that the user had opened.",
                screen: screen)]
        }
        return [notRestored(appearance, expected: expected, landed: landed)]
    }

    private static func notRestored(_ appearance: ScreenAppearance, expected: String, landed: String) -> Finding {
        Finding(
            .focusNotRestored, time: appearance.time, elements: [expected] + (landed == "nothing" ? [] : [landed]),
            message: "Back on \"\(appearance.screen)\" (\(appearance.kind.rawValue)) focus was on \(quoted(landed)), not on \"\(expected)\" where the user had left.",
            screen: appearance.screen)
    }

    private static func quoted(_ id: String) -> String { id == "nothing" ? id : "\"\(id)\"" }

    /// The speech a user's gesture caused that began last at or before `time` (what was being
    /// read, or had just been read, when an announcement was dropped for it).
    private static func gestureSpeech(before time: Double, in transcript: SpeechTranscript) -> Utterance? {
        var latest: (start: Double, utterance: Utterance)?
        for entry in transcript.entries where entry.utterance.isGestureSpeech && !entry.utterance.kind.isEarcon {
            guard let start = entry.fate.startTime, start <= time, start >= (latest?.start ?? -.infinity) else { continue }
            latest = (start, entry.utterance)
        }
        return latest?.utterance
    }

    /// Announcements the app posted that the user never heard in full.
    static func announcementFindings(_ transcript: SpeechTranscript, readerTitle: String) -> [Finding] {
        var byID: [Int: Utterance] = [:]
        for entry in transcript.entries { byID[entry.utterance.id] = entry.utterance }
        var found: [Finding] = []
        for entry in transcript.entries {
            let u = entry.utterance
            guard u.kind == .announcement || u.kind == .layoutString || u.kind == .liveRegion else { continue }
            let posted = u.source.map { " (\($0))" } ?? ""
            switch entry.fate {
            case .dropped(let at, let reason):
                switch reason {
                case .postedDuringGestureSpeech, .postedWithinGestureWindow:
                    // The element whose reading swallowed it: where the app posts it (its action).
                    let reading = gestureSpeech(before: at, in: transcript)?.elementID
                    found.append(Finding(
                        .announcementDropped, time: at, elements: reading.map { [$0] } ?? [],
                        message: "\"\(u.text)\"\(posted) was posted while \(readerTitle) read what the user's gesture caused (\(reason.code)) and was never spoken.",
                        cause: u.source))
                case .screenChanged, .layoutChanged:
                    found.append(Finding(
                        .announcementDropped, time: at, elements: [],
                        message: "\"\(u.text)\"\(posted) was removed by a \(reason.code) before it was spoken.",
                        cause: u.source))
                default: break
                }
            case .cut(_, let at, let by):
                // The user moving on is their choice; the app cutting its own words is not.
                let cutter = by.utteranceID.flatMap { byID[$0] }
                if let cutter, cutter.isGestureSpeech { continue }
                found.append(Finding(
                    .announcementCut, time: at, elements: cutter?.elementID.map { [$0] } ?? [],
                    message: "\"\(u.text)\"\(posted) was cut off by \(by.cause) before its end.",
                    cause: u.source))
            case .spoken: break
            }
        }
        return found
    }
}
