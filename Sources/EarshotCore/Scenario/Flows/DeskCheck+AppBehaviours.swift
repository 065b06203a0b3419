import Foundation

/// What the app remembers about the list item the user opened (the `lastSelectedPostId` of the
/// seed articles on focus restoration, docs/sources.md, with its neighbours, and the row number
/// the buggy version keeps instead).
struct RestoreMemory: Sendable {
    var item: String
    var position: Int
    var previous: String?
    var next: String?
    /// The seed's `hasRestoredFocus` flag.
    var restored = false
}

/// Delayed app work not yet run.
struct PendingWork: Sendable {
    /// The screen that scheduled it.
    var screen: String
    var cancelOnDisappear: Bool
    var work: ScheduledWork
}

/// The app's declared behaviours run by the desk check: on activation, on appearance,
/// focus restoration by the seed's rule, and delayed work that can outlive its screen.
extension DeskCheck {
    // MARK: - Behaviours

    /// The behaviours of the activated element, or of its nearest ancestor that has some (one
    /// entry for a whole list).
    func behavioursOnActivate(_ id: String, screen: Screen, shown: String) -> [AppBehaviour] {
        guard let table = app[shown]?.onActivate, !table.isEmpty else { return [] }
        for ancestor in screen.ancestry(of: id).reversed() {
            if let behaviours = table[ancestor] { return behaviours }
        }
        return []
    }

    /// The behaviours that change the screen before VoiceOver re-reads the activated element.
    func applyImmediate(_ behaviours: [AppBehaviour], activated: String?, source: String?) throws {
        for behaviour in behaviours {
            switch behaviour {
            case .toggleSelected(let element):
                guard let id = element ?? activated else { continue }
                try requireElement(id)
                try? screens.shown.change { screen in
                    try screen.update(id) { $0.toggleSelected() }
                }
            case .set(let element, let change):
                guard let id = element ?? activated else { continue }
                try apply([.change(id: id, change)])
            case .delete(let id):
                // The app's data is gone everywhere it is shown.
                for name in screens.names {
                    try screens.update(name) { navigator in
                        if navigator.screen.contains(id) { try? navigator.change { try $0.remove(id) } }
                    }
                }
            default: break
            }
        }
    }

    /// The behaviours that follow the activation: delayed posts and navigation.
    func runFollowUps(_ behaviours: [AppBehaviour], activated: String?, on screen: String, source: String?) throws {
        for behaviour in behaviours {
            switch behaviour {
            case .post(let notification, let after, let cancel):
                try schedulePost(notification, after: after, cancelOnDisappear: cancel, from: screen, source: appSource(screen, "onActivate", source))
            case .navigate(let target, let kind):
                if let activated { remember(activated, on: screen) }
                schedule(after: reader.animation, from: screen, cancelOnDisappear: false) { desk in
                    // The user may have gone elsewhere during the animation; the app still shows it.
                    try desk.navigate(to: target, kind: kind, source: source)
                }
            default: break
            }
        }
    }

    /// The app keeps the opened item's id, row and neighbours when its screen restores focus.
    private func remember(_ element: String, on screen: String) {
        guard let plan = app[screen]?.restorePlan, let navigator = screens[screen] else { return }
        let ancestry = navigator.screen.ancestry(of: element)
        guard let listIndex = ancestry.firstIndex(of: plan.list), listIndex + 1 < ancestry.count,
              let items = navigator.screen.node(plan.list)?.children.map(\.id) else { return }
        let item = ancestry[listIndex + 1]
        guard let position = items.firstIndex(of: item) else { return }
        memories[screen] = RestoreMemory(item: item, position: position,
                                         previous: position > 0 ? items[position - 1] : nil,
                                         next: position + 1 < items.count ? items[position + 1] : nil)
    }

    func runAppear(on screen: String, source: String?) throws {
        for behaviour in app[screen]?.onAppear ?? [] {
            switch behaviour {
            case .post(let notification, let after, let cancel):
                try schedulePost(notification, after: after, cancelOnDisappear: cancel, from: screen, source: appSource(screen, "onAppear", source))
            case .restoreFocus(let plan):
                guard var memory = memories[screen], !(plan.once && memory.restored) else { continue }
                let repeated = memory.restored
                memory.restored = true
                memories[screen] = memory
                let remembered = memory
                flowLog.append(.restoreScheduled(time: clock.now.seconds, screen: screen, due: clock.now.seconds + plan.delay))
                schedule(after: plan.delay, from: screen, cancelOnDisappear: plan.cancelOnDisappear) { desk in
                    try desk.restore(plan, memory: remembered, on: screen, repeated: repeated, source: desk.appSource(screen, "restoreFocus", source))
                }
            default: break
            }
        }
    }

    /// The restoration itself: find the target by the plan's rule and move focus there.
    private func restore(_ plan: RestorePlan, memory: RestoreMemory, on screen: String, repeated: Bool,
                         source: String?) throws {
        guard let navigator = screens[screen] else { return }
        let target = Self.restoreTarget(plan, memory: memory, screen: navigator.screen,
                                        createButton: app[screen]?.createButton) { self.hasStop($0, navigator) }
        flowLog.append(.restore(time: clock.now.seconds, screen: screen, target: target, by: plan.by, repeated: repeated))
        guard let target else { return }
        let notification: PostedNotification = plan.notification == .screenChanged
            ? .screenChanged(element: target, screen: nil) : .layoutChangedElement(target)
        try appPost(notification, from: screen, source: source)
    }

    /// The seed's rule: by id, the item, else the fallbacks in order (previous, next, create);
    /// by position, whatever is now at the item's old row.
    static func restoreTarget(_ plan: RestorePlan, memory: RestoreMemory, screen: Screen, createButton: String?,
                              isFocusable: (String) -> Bool) -> String? {
        switch plan.by {
        case .position:
            guard let items = screen.node(plan.list)?.children, memory.position < items.count else { return nil }
            let id = items[memory.position].id
            return isFocusable(id) ? id : nil
        case .id:
            if isFocusable(memory.item) { return memory.item }
            for fallback in plan.fallback {
                let candidate: String? = switch fallback {
                case .previous: memory.previous
                case .next: memory.next
                case .create: createButton
                }
                if let candidate, isFocusable(candidate) { return candidate }
            }
            return nil
        }
    }

    /// Stamped on what the app's behaviours say: `app "board" restoreFocus, after line 15`.
    func appSource(_ screen: String, _ what: String, _ trigger: String?) -> String {
        "app \"\(screen)\" \(what)" + (trigger.map { ", after \($0)" } ?? "")
    }

    // MARK: - Delayed work

    private func schedulePost(_ notification: PostedNotification, after: Double, cancelOnDisappear: Bool,
                              from screen: String, source: String?) throws {
        if after <= 0 {
            try appPost(notification, from: screen, source: source)
            return
        }
        schedule(after: after, from: screen, cancelOnDisappear: cancelOnDisappear) { desk in
            try desk.appPost(notification, from: screen, source: source)
        }
    }

    func schedule(after delay: Double, from screen: String, cancelOnDisappear: Bool,
                          _ body: @escaping @Sendable (DeskCheck) throws -> Void) {
        let id = nextWorkID
        nextWorkID += 1
        // Runs inside the executor, as all of the clock's work does.
        let work = clock.schedule(at: clock.now + .seconds(delay)) { [weak self] in
            guard let self, pendingWork.removeValue(forKey: id) != nil else { return }
            do {
                try body(self)
            } catch {
                note("app work from \"\(screen)\": \(error)", source: nil)
            }
        }
        pendingWork[id] = PendingWork(screen: screen, cancelOnDisappear: cancelOnDisappear, work: work)
    }

    /// A notification from the app's code on `screen`. A focus move to an element of a screen
    /// that is no longer shown is ghost focus: VoiceOver reads an element the user cannot see
    /// and focus on the shown screen is lost.
    func appPost(_ notification: PostedNotification, from screen: String, source: String?) throws {
        let element: String? = switch notification {
        case .layoutChangedElement(let id): id
        case .screenChanged(let id, nil): id
        default: nil
        }
        if let element, screen != current, !screens.shown.screen.contains(element),
           let owner = screens[screen], let index = owner.order.index(ofStop: element) ?? owner.order.index(presenting: element) {
            let stop = owner.order.stops[index]
            flowLog.append(.ghost(time: clock.now.seconds, element: element, screen: screen, shown: current))
            screens.shown = FocusNavigator(screen: screens.shown.screen, generator: generator)
            flowLog.append(.focus(time: clock.now.seconds, screen: current, element: nil, by: .app))
            scheduler.handle(.layoutChanged(.element(speech(owner.describe(stop), id: stop.id))), source: source)
            return
        }
        try postNow(notification, source: source)
    }
}
