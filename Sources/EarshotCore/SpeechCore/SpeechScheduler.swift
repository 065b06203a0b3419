import Foundation

/// Decides, event by event, what a VoiceOver user hears, what is cut off and what is dropped.
///
/// One state machine serves rendering and live playback: it reads a `TimelineClock` (virtual or
/// real) and drives a `SpeechDevice` (WAV timeline or ALSA); only those two differ. The rules
/// (Apple's documentation of `UIAccessibility.Notification`, `accessibilitySpeechQueueAnnouncement`
/// and `accessibilitySpeechAnnouncementPriority`, and the seed article on announcements,
/// docs/sources.md):
///
/// - Speech caused by a user gesture (focus move, the re-read after activation, the page
///   position after a scroll, the boundary earcon) interrupts everything, a high-priority
///   announcement included, and drops everything waiting.
/// - A hint follows its element after `timing.hintPause` if the element was spoken in full, and
///   is cancelled by any new event.
/// - A default-priority announcement (and a `layoutChanged` string) interrupts current speech,
///   but is dropped while gesture speech plays or within `timing.gestureWindow` of a gesture.
/// - A queued or low-priority announcement waits for current and waiting speech to end.
/// - A high-priority announcement interrupts current speech (gesture speech too: Earshot's
///   choice, as the app asked for urgency) and cannot be interrupted except by a user gesture.
///   Anything else that would interrupt it waits for it instead, ahead of the queue.
/// - `screenChanged` drops waiting speech, interrupts current speech, plays the screen-change
///   earcon, then the element. `layoutChanged` with an element does the same without the earcon.
/// - A focus the page moved (`focusGained`, no gesture) cuts or drops only the speech of an
///   earlier keyboard focus (purpose `keyboardFocus`) and is said after everything else that
///   plays or waits (NVDA's focus event without a key: docs/web.md).
/// - `pageScrolled` with the same string as the previous one is a boundary: the boundary earcon
///   plays instead of the page position.
/// - A character typed on a page (`typed`) cuts everything as a gesture does when its key
///   interrupts speech (NVDA's default), then its echo plays; otherwise the echo waits its turn.
///
/// Every utterance ends with exactly one `UtteranceFate`; announcements also get an
/// `announcementDidFinish` report. Events, device reports and clock timers may arrive on any
/// thread: each is handled inside the clock's `TimelineExecutor`, one at a time, the context the
/// desk check shares.
public final class SpeechScheduler: @unchecked Sendable {
    public let timing: TimingSettings
    /// `timing`'s pauses as clock durations, made once.
    public let gaps: TimingSettings.Durations
    private let clock: TimelineClock
    private let device: SpeechDevice
    /// Changed inside the executor, as all state below.
    private var observer: (@Sendable (SpeechRecord) -> Void)?

    // All state below changes inside `clock.executor` only.
    private var playing: Playing?
    private var waiting: [Waiting] = []
    private var startTimer: ScheduledWork?
    /// End of the last utterance that played (in full or cut); gaps are measured from it.
    private var lastEnd = TimelineInstant(nanoseconds: .min)
    private var lastGestureAt: TimelineInstant?
    private var lastPageScrollText: String?
    /// The `source` of the event being handled, stamped on the utterances it makes.
    private var currentSource: String?
    private var nextUtteranceID = 1
    private var nextGroup = 1
    private var utterances: [Utterance] = []
    private var fates: [Int: UtteranceFate] = [:]
    private var results: [AnnouncementResult] = []
    private var events: [SpeechEventRecord] = []
    /// With a limit (`boundHistory`), the transcript keeps about this many of the latest
    /// decided utterances, events and results: a live session that runs for hours stays small.
    private var historyLimit: Int?
    /// Reports made by the event being handled, delivered to the observer when the executor is left.
    private var outbox: [SpeechRecord] = []

    /// The utterance being played.
    private struct Playing {
        var utterance: Utterance
        var group: Int
        var start: TimelineInstant
        /// Known when the device returned a duration.
        var end: TimelineInstant?
        var endTimer: ScheduledWork?
    }

    /// An utterance waiting to start.
    private struct Waiting {
        var utterance: Utterance
        /// Utterances made by one event share a group: when one is cut, its followers go too.
        var group: Int
        /// Silence required after the previous utterance ended before this one may start.
        var gap: TimelineDuration
        /// Dropped if an earlier utterance of its group is cut or fails.
        var follows: Bool
        /// Dropped by any new event before it starts (hints).
        var cancelledByEvents: Bool
        /// Put ahead of the queue because it would have interrupted a high-priority announcement.
        var jumpedQueue: Bool
    }

    /// `observer`, if given, hears each start, fate and `announcementDidFinish` as it happens
    /// (on the thread that caused it, once the executor is left, in the order they were decided).
    public init(clock: TimelineClock, device: SpeechDevice, timing: TimingSettings,
                observer: (@Sendable (SpeechRecord) -> Void)? = nil) {
        self.clock = clock
        self.device = device
        self.timing = timing
        gaps = timing.durations
        self.observer = observer
    }

    /// A scheduler with the timing of a voice profile's `timing` section, as `reader` changes it.
    public convenience init(clock: TimelineClock, device: SpeechDevice, profile: VoiceProfile,
                            reader: any ScreenReader,
                            observer: (@Sendable (SpeechRecord) -> Void)? = nil) throws {
        self.init(clock: clock, device: device, timing: try TimingSettings(profile: profile, reader: reader),
                  observer: observer)
    }

    // MARK: - Inputs

    /// Handles `event` now (at `clock.now`). `source` is recorded with it, e.g. a scenario step.
    public func handle(_ event: SpeechEvent, source: String? = nil) {
        deciding {
            let now = clock.now
            events.append(SpeechEventRecord(time: now.seconds, event: event, source: source))
            if let limit = historyLimit, events.count > 2 * limit { events.removeFirst(events.count - limit) }
            currentSource = source
            defer { currentSource = nil }
            settle(now: now)
            if event != .layoutChanged(.none) {
                // Any event cancels a hint that has not started yet.
                dropWaiting(where: { $0.cancelledByEvents }, reason: .cancelledByNewEvent, at: now)
            }
            switch event {
            case .focusMoved(let element, let gesture):
                let cause = "focus move (\(gesture))"
                var plan = Plan(cause: cause, gesture: true)
                plan.add(earcon: element.sound, scheduler: self, now: now)
                plan.add(element: element, gap: element.sound == nil ? .zero : gaps.earconGap, scheduler: self, now: now)
                userGesture(plan, now: now)
            case .activated(let element, let gesture):
                var plan = Plan(cause: "activation (\(gesture))", gesture: true)
                plan.add(earcon: timing.sounds.activation, scheduler: self, now: now)
                // A reader that says nothing and plays nothing on activation (NVDA on a page)
                // still stops the speech under way, and leaves no empty line behind.
                if !(element.text.isEmpty && timing.sounds.activation == nil) {
                    plan.add(element: element, gap: gaps.earconGap, scheduler: self, now: now)
                }
                userGesture(plan, now: now)
            case .boundaryReached(let gesture):
                var plan = Plan(cause: "boundary (\(gesture))", gesture: true)
                plan.add(earcon: timing.sounds.boundary, scheduler: self, now: now)
                userGesture(plan, now: now)
            case .pageScrolled(let text):
                var plan = Plan(cause: "pageScrolled", gesture: true)
                if text == lastPageScrollText {
                    plan.add(earcon: timing.sounds.boundary, scheduler: self, now: now)
                    let repeated = makeUtterance(text: text, kind: .pageScroll, cause: "pageScrolled", now: now,
                                                 gesture: true)
                    decide(repeated, .dropped(at: now.seconds, reason: .repeatedPageScroll), at: now)
                } else {
                    plan.add(earcon: timing.sounds.pageScroll, scheduler: self, now: now)
                    plan.add(text: text, kind: .pageScroll, gap: gaps.earconGap, follows: true,
                             scheduler: self, now: now)
                }
                lastPageScrollText = text
                userGesture(plan, now: now)
            case .announcement(let text, let priority, let queued, let attributes):
                announce(text, kind: .announcement, priority: priority, queued: queued,
                         cause: "announcement" + (priority == .default ? "" : " \(priority)") + (queued ? " queued" : ""),
                         attributes: attributes, now: now)
            case .screenChanged(let element):
                var plan = Plan(cause: "screenChanged", gesture: false)
                plan.add(earcon: timing.sounds.screenChanged, scheduler: self, now: now)
                if let element {
                    plan.add(element: element, gap: gaps.earconGap, scheduler: self, now: now)
                }
                lastPageScrollText = nil
                appChange(plan, dropping: .screenChanged, now: now)
            case .layoutChanged(.element(let element)):
                var plan = Plan(cause: "layoutChanged", gesture: false)
                plan.add(element: element, gap: .zero, scheduler: self, now: now)
                appChange(plan, dropping: .layoutChanged, now: now)
            case .liveRegion(let text, let order):
                let cause = switch order {
                case .inTurn: "live region polite"
                case .next: "live region assertive"
                case .interrupting: "alert"
                }
                announce(text, kind: .liveRegion, priority: .default, queued: order == .inTurn, next: order == .next,
                         cause: cause, now: now)
            case .focusGained(let element, let by):
                var plan = Plan(cause: "focus move (\(by))", gesture: false)
                plan.add(earcon: element.sound, scheduler: self, now: now)
                plan.add(element: element, gap: element.sound == nil ? .zero : gaps.earconGap, scheduler: self, now: now)
                focusGained(plan, now: now)
            case .modeSwitched(let change, let gesture):
                // A key the user pressed cuts the speech, as any key does in NVDA; a switch that
                // came with a focus is heard after it, the words queued as NVDA's message is.
                var plan = Plan(cause: "mode switch" + (gesture.map { " (\($0))" } ?? ""), gesture: gesture != nil)
                plan.add(earcon: change.sound, scheduler: self, now: now)
                if let words = change.words {
                    plan.add(text: words, kind: .element, gap: change.sound == nil ? .zero : gaps.earconGap,
                             follows: !plan.items.isEmpty, scheduler: self, now: now)
                }
                if gesture != nil {
                    userGesture(plan, now: now)
                } else if !plan.items.isEmpty {
                    focusGained(plan, now: now)
                }
            case .typed(let element, let key, let interrupts):
                // The key cuts the speech (all of it, as a gesture) when the reader says so;
                // else its echo waits its turn.
                var plan = Plan(cause: "typed (\(key))", gesture: interrupts)
                if let element { plan.add(element: element, gap: .zero, scheduler: self, now: now) }
                if interrupts {
                    userGesture(plan, now: now)
                } else if !plan.items.isEmpty {
                    var items = plan.items
                    let group = takeGroup()
                    for index in items.indices { items[index].group = group }
                    items[0].gap = waiting.isEmpty && playing == nil ? .zero : gaps.queueGap
                    waiting.append(contentsOf: items)
                }
            case .layoutChanged(.text(let text)):
                announce(text, kind: .layoutString, priority: .default, queued: false, cause: "layoutChanged", now: now)
            case .layoutChanged(.none):
                break
            }
            pump(now: now)
        }
    }

    /// Schedules `event` on the clock at `time` (a scenario step); returns the clock's handle.
    @discardableResult
    public func schedule(_ event: SpeechEvent, at time: TimelineInstant, source: String? = nil) -> ScheduledWork {
        // Weak: work left on the clock when a run ends early (an error) must not keep the
        // scheduler, its device and the device's audio alive (LeakSanitizer found the cycle).
        clock.schedule(at: time) { [weak self] in self?.handle(event, source: source) }
    }

    /// The device reports that `utteranceID` played to its end (devices that returned no
    /// duration from `start`). Reports for an utterance no longer playing are ignored.
    public func deviceFinished(utteranceID: Int) {
        deciding {
            guard let current = playing, current.utterance.id == utteranceID else { return }
            let now = clock.now
            if let timer = current.endTimer { clock.cancel(timer) }
            finishPlaying(at: min(current.end ?? now, now))
            pump(now: now)
        }
    }

    /// Ends the session now: cuts what plays and drops what waits, so every utterance has a fate.
    public func endSession() {
        deciding {
            let now = clock.now
            settle(now: now)
            cutPlaying(by: Interruption(utteranceID: nil, cause: "session end"), at: now)
            dropWaiting(where: { _ in true }, reason: .sessionEnded, at: now)
        }
    }

    /// Keeps only about the latest `limit` decided utterances, events and announcement results
    /// (at most twice as many between trims): for a live session with no end (`explore`); a
    /// desk check that reads its transcript at the end keeps everything.
    public func boundHistory(to limit: Int) {
        clock.executor.run { historyLimit = max(1, limit) }
    }

    /// Replaces the observer (see `init`): how a part made after the scheduler (the desk check
    /// that owns it) comes to hear it.
    public func setObserver(_ observer: (@Sendable (SpeechRecord) -> Void)?) {
        clock.executor.run { self.observer = observer }
    }

    /// Drops the oldest decided utterances and their fates, events and results past twice the
    /// limit (amortized constant work per utterance). Called inside the executor.
    private func trimHistory() {
        guard let limit = historyLimit else { return }
        if utterances.count > 2 * limit {
            let cut = utterances.count - limit
            var kept: [Utterance] = []
            kept.reserveCapacity(limit + 16)
            for (index, u) in utterances.enumerated() {
                if index < cut, fates[u.id] != nil {
                    fates[u.id] = nil
                } else {
                    kept.append(u)
                }
            }
            utterances = kept
        }
        if events.count > 2 * limit { events.removeFirst(events.count - limit) }
        if results.count > 2 * limit { results.removeFirst(results.count - limit) }
    }

    // MARK: - Outputs

    /// Everything decided so far.
    public var transcript: SpeechTranscript {
        clock.executor.run {
            let entries = utterances.compactMap { u in fates[u.id].map { TranscriptEntry(utterance: u, fate: $0) } }
            let unfinished = utterances.filter { fates[$0.id] == nil }
            return SpeechTranscript(entries: entries, announcementResults: results, events: events,
                                    unfinished: unfinished, durationsEstimated: device.durationsAreEstimated)
        }
    }

    /// The utterance playing now, if any.
    public var currentUtterance: Utterance? { clock.executor.run { playing?.utterance } }

    /// True when nothing plays or waits.
    public var isIdle: Bool { clock.executor.run { playing == nil && waiting.isEmpty } }

    // MARK: - Decisions

    /// The utterances one event asks for, in playing order.
    private struct Plan {
        var cause: String
        var gesture: Bool
        var items: [Waiting] = []

        init(cause: String, gesture: Bool) {
            self.cause = cause
            self.gesture = gesture
        }

        /// The first utterance that will play, which is what interrupts current speech.
        var leadID: Int? { items.first?.utterance.id }

        /// The earcon, unless the reader plays none here (nil).
        mutating func add(earcon: EarconName?, scheduler: SpeechScheduler, now: TimelineInstant) {
            guard let earcon else { return }
            let u = scheduler.makeUtterance(text: earcon.rawValue, kind: .earcon(earcon), cause: cause, now: now,
                                            gesture: gesture)
            items.append(Waiting(utterance: u, group: 0, gap: .zero, follows: !items.isEmpty,
                                 cancelledByEvents: false, jumpedQueue: false))
        }

        /// An element's speech and, if it has one, its hint after the hint pause.
        mutating func add(element: ElementSpeech, gap: TimelineDuration, scheduler: SpeechScheduler, now: TimelineInstant) {
            add(text: element.text, kind: .element, elementID: element.elementID, language: element.language,
                spans: element.spans, purpose: element.purpose, gap: gap, follows: !items.isEmpty,
                scheduler: scheduler, now: now)
            if let hint = element.hint, !hint.isEmpty {
                let u = scheduler.makeUtterance(text: hint, kind: .hint, elementID: element.elementID,
                                                language: element.language, spans: element.hintSpans,
                                                purpose: element.purpose, cause: cause, now: now, gesture: false)
                items.append(Waiting(utterance: u, group: 0, gap: scheduler.gaps.hintPause, follows: true,
                                     cancelledByEvents: true, jumpedQueue: false))
            }
        }

        mutating func add(text: String, kind: UtteranceKind, elementID: String? = nil, language: String? = nil,
                          spans: [SpeechSpan]? = nil, purpose: SpeechPurpose? = nil, gap: TimelineDuration, follows: Bool,
                          scheduler: SpeechScheduler, now: TimelineInstant) {
            let u = scheduler.makeUtterance(text: text, kind: kind, elementID: elementID, language: language,
                                            spans: spans, purpose: purpose, cause: cause, now: now, gesture: gesture)
            if text.allSatisfy(\.isWhitespace) {
                scheduler.decide(u, .dropped(at: now.seconds, reason: .emptyText), at: now)
                return
            }
            items.append(Waiting(utterance: u, group: 0, gap: gap, follows: follows,
                                 cancelledByEvents: false, jumpedQueue: false))
        }
    }

    /// A user gesture: everything waiting is dropped, everything playing is cut.
    private func userGesture(_ plan: Plan, now: TimelineInstant) {
        lastGestureAt = now
        dropWaiting(where: { _ in true }, reason: .replacedByUserGesture, at: now)
        cutPlaying(by: Interruption(utteranceID: plan.leadID, cause: plan.cause), at: now)
        enqueueAtFront(plan, blocked: false)
    }

    /// `screenChanged` or `layoutChanged` to an element: waiting speech is dropped; current
    /// speech is cut unless it is a high-priority announcement, which the new speech waits for.
    private func appChange(_ plan: Plan, dropping reason: DropReason, now: TimelineInstant) {
        dropWaiting(where: { _ in true }, reason: reason, at: now)
        if playing?.utterance.priority == .high {
            enqueueAtFront(plan, blocked: true)
        } else {
            cutPlaying(by: Interruption(utteranceID: plan.leadID, cause: plan.cause), at: now)
            enqueueAtFront(plan, blocked: false)
        }
    }

    /// The focus moved without a gesture: what waits to be said of an earlier focus (its
    /// element, its hint) is dropped and such speech playing is cut; the new focus is said after
    /// what else waits or plays (the line being read, a live region's text).
    private func focusGained(_ plan: Plan, now: TimelineInstant) {
        guard !plan.items.isEmpty else { return }
        func isFocusSpeech(_ u: Utterance) -> Bool { (u.kind == .element || u.kind == .hint) && u.purpose == .keyboardFocus }
        dropWaiting(where: { isFocusSpeech($0.utterance) }, reason: .focusExpired, at: now)
        if let current = playing, isFocusSpeech(current.utterance) {
            cutPlaying(by: Interruption(utteranceID: plan.leadID, cause: plan.cause), at: now)
        }
        let group = takeGroup()
        var items = plan.items
        for index in items.indices { items[index].group = group }
        items[0].gap = waiting.isEmpty && playing == nil ? .zero : gaps.queueGap
        waiting.append(contentsOf: items)
    }

    /// An announcement or a `layoutChanged` string.
    private func announce(_ text: String, kind: UtteranceKind, priority: SpeechPriority, queued: Bool, next: Bool = false,
                          cause: String, attributes: SpeechAttributes = .none, now: TimelineInstant) {
        let u = makeUtterance(text: text, kind: kind, priority: priority, queued: queued,
                              language: attributes.language, spans: attributes.isEmpty ? nil : [SpeechSpan(text, attributes)],
                              cause: cause, now: now, gesture: false)
        if text.allSatisfy(\.isWhitespace) {
            decide(u, .dropped(at: now.seconds, reason: .emptyText), at: now)
            return
        }
        let waits = queued || priority == .low
        if !waits && priority == .default && timing.announcementsYieldToGestures {
            let gestureSpeechActive = playing?.utterance.isGestureSpeech == true
                || waiting.contains { $0.utterance.isGestureSpeech }
            if gestureSpeechActive {
                decide(u, .dropped(at: now.seconds, reason: .postedDuringGestureSpeech), at: now)
                return
            }
            if let gestureTime = lastGestureAt, now - gestureTime < gaps.gestureWindow {
                decide(u, .dropped(at: now.seconds, reason: .postedWithinGestureWindow), at: now)
                return
            }
        }
        var plan = Plan(cause: cause, gesture: false)
        plan.items = [Waiting(utterance: u, group: 0, gap: gaps.queueGap, follows: false,
                              cancelledByEvents: false, jumpedQueue: false)]
        if next {
            // After the utterance being spoken, ahead of what waits (behind earlier such ones).
            enqueueAtFront(plan, blocked: true)
        } else if waits {
            var item = plan.items[0]
            item.group = takeGroup()
            waiting.append(item)
        } else if playing?.utterance.priority == .high {
            enqueueAtFront(plan, blocked: true)
        } else {
            cutPlaying(by: Interruption(utteranceID: u.id, cause: cause), at: now)
            plan.items[0].gap = .zero
            enqueueAtFront(plan, blocked: false)
        }
    }

    /// Puts a plan's utterances ahead of the queue. Blocked plans (waiting for a high-priority
    /// announcement) go after earlier blocked ones, keep a queue gap, and are marked so later
    /// blocked plans line up behind them.
    private func enqueueAtFront(_ plan: Plan, blocked: Bool) {
        guard !plan.items.isEmpty else { return }
        let group = takeGroup()
        var items = plan.items
        for index in items.indices {
            items[index].group = group
            items[index].jumpedQueue = blocked
        }
        if blocked {
            items[0].gap = gaps.queueGap
            let position = waiting.firstIndex { !$0.jumpedQueue } ?? waiting.count
            waiting.insert(contentsOf: items, at: position)
        } else {
            items[0].gap = .zero
            waiting.insert(contentsOf: items, at: 0)
        }
    }

    /// Starts waiting utterances while nothing plays, or sets a timer for the first one's gap.
    /// `force` starts the first one without checking its gap (its timer fired).
    private func pump(now: TimelineInstant, force: Bool = false) {
        if let timer = startTimer {
            clock.cancel(timer)
            startTimer = nil
        }
        var force = force
        while playing == nil, let head = waiting.first {
            let due = lastEnd + head.gap
            if !force && due > now {
                startTimer = clock.schedule(at: due) { [weak self] in
                    guard let self else { return }
                    deciding {
                        startTimer = nil
                        pump(now: clock.now, force: true)
                    }
                }
                return
            }
            force = false
            waiting.removeFirst()
            begin(head, at: now)
        }
    }

    private func begin(_ item: Waiting, at now: TimelineInstant) {
        let u = item.utterance
        let duration: TimelineDuration?
        do {
            duration = try device.start(u, at: now)
        } catch {
            decide(u, .dropped(at: now.seconds, reason: .deviceFailed(String(describing: error))), at: now)
            dropFollowers(of: item.group, at: now)
            return
        }
        outbox.append(.started(u, at: now.seconds))
        var current = Playing(utterance: u, group: item.group, start: now, end: nil, endTimer: nil)
        if let duration {
            let end = now + max(.zero, duration)
            current.end = end
            let id = u.id
            current.endTimer = clock.schedule(at: end) { [weak self] in
                guard let self else { return }
                deciding {
                    guard playing?.utterance.id == id else { return }
                    finishPlaying(at: end)
                    pump(now: clock.now)
                }
            }
        }
        playing = current
    }

    /// Finishes the playing utterance if its end has come: an event at the very instant speech
    /// ends (or a live timer running late) must not count as cutting it off.
    private func settle(now: TimelineInstant) {
        guard let current = playing, let end = current.end, end <= now else { return }
        if let timer = current.endTimer { clock.cancel(timer) }
        finishPlaying(at: end)
    }

    private func finishPlaying(at end: TimelineInstant) {
        guard let current = playing else { return }
        playing = nil
        lastEnd = end
        decide(current.utterance, .spoken(start: current.start.seconds, end: end.seconds), at: end)
    }

    private func cutPlaying(by interruption: Interruption, at now: TimelineInstant) {
        guard let current = playing else { return }
        if let timer = current.endTimer { clock.cancel(timer) }
        playing = nil
        device.stop(current.utterance, at: now)
        lastEnd = now
        decide(current.utterance, .cut(start: current.start.seconds, at: now.seconds, by: interruption), at: now)
        dropFollowers(of: current.group, at: now)
    }

    private func dropFollowers(of group: Int, at now: TimelineInstant) {
        dropWaiting(where: { $0.group == group && $0.follows }, reason: .precedingSpeechCut, at: now)
    }

    private func dropWaiting(where matches: (Waiting) -> Bool, reason: DropReason, at now: TimelineInstant) {
        let dropped = waiting.filter(matches)
        guard !dropped.isEmpty else { return }
        waiting.removeAll(where: matches)
        for item in dropped {
            decide(item.utterance, .dropped(at: now.seconds, reason: reason), at: now)
        }
    }

    // MARK: - Records

    fileprivate func makeUtterance(text: String, kind: UtteranceKind, priority: SpeechPriority = .default,
                                   queued: Bool = false, elementID: String? = nil, language: String? = nil,
                                   spans: [SpeechSpan]? = nil, purpose: SpeechPurpose? = nil, cause: String, now: TimelineInstant,
                                   gesture: Bool) -> Utterance {
        var u = Utterance(id: nextUtteranceID, text: text, kind: kind, priority: priority, queued: queued,
                          elementID: elementID, language: language, spans: spans, cause: cause, source: currentSource,
                          requestedAt: now.seconds, isGestureSpeech: gesture)
        u.purpose = purpose
        nextUtteranceID += 1
        utterances.append(u)
        return u
    }

    private func takeGroup() -> Int {
        defer { nextGroup += 1 }
        return nextGroup
    }

    /// Records an utterance's fate and, for announcements, `announcementDidFinish`.
    fileprivate func decide(_ u: Utterance, _ fate: UtteranceFate, at time: TimelineInstant) {
        precondition(fates[u.id] == nil, "utterance \(u.id) already has a fate")
        fates[u.id] = fate
        outbox.append(.finished(TranscriptEntry(utterance: u, fate: fate)))
        defer { trimHistory() }
        if u.kind == .announcement {
            let result = AnnouncementResult(utteranceID: u.id, text: u.text, wasSuccessful: fate.wasSpokenInFull,
                                            time: time.seconds)
            results.append(result)
            outbox.append(.announcementDidFinish(result))
        }
    }

    /// Runs `body` inside the executor, then tells the observer what it decided once the
    /// executor is left.
    private func deciding(_ body: () -> Void) {
        clock.executor.run {
            body()
            guard !outbox.isEmpty, let observer else {
                outbox.removeAll()
                return
            }
            let records = outbox
            outbox.removeAll()
            clock.executor.afterwards {
                for record in records { observer(record) }
            }
        }
    }
}
