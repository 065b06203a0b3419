/// What one gesture did and what VoiceOver says for it.
public struct NavigationResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// Focus moved to `stop`.
        case moved
        /// Focus stayed at the first or last stop (or the end of an adjustable range): VoiceOver
        /// plays the boundary sound. Nothing wraps around.
        case boundary
        /// The focused element was activated (double tap).
        case activated
        /// An adjustable element's value changed; only the new value is spoken.
        case adjusted
        /// A custom action of the focused element was performed.
        case performedAction(String)
        /// The escape gesture dismissed this element (a dialog).
        case dismissed(String)
        /// Nothing there: no focus stops on the screen, or nothing under the touched point.
        case noTarget
        /// The gesture does not apply to the focused element; the reason says why.
        case unavailable(String)
    }

    public var outcome: Outcome
    /// The stop that has focus after the gesture.
    public var stop: FocusStop?
    /// 1-based position of `stop` among the screen's stops.
    public var position: Int?
    /// Number of focus stops on the screen after the gesture.
    public var count: Int
    /// What is spoken; nil when the gesture is silent (a boundary sound, an unchanged activation).
    public var speech: SpokenDescription?

    public var isBoundary: Bool { outcome == .boundary }
}

/// A virtual screen reader over a `Screen`: swipes, taps, rotor moves and touches, each returning
/// what VoiceOver would say.
///
/// Focus is kept by element id, so after the screen changes (`change`) it stays on the same
/// element if it still has a stop, or on the stop its element was merged into. Initially nothing
/// has focus; `next()` then focuses the first stop.
public struct FocusNavigator: Sendable {
    public private(set) var screen: Screen
    public private(set) var order: FocusOrder
    public let generator: DescriptionGenerator
    /// Id of the focused stop's element.
    public private(set) var focusedID: String?
    /// What the last table navigation key left for the next (`ScreenReader.tableMove`).
    private var tableTrack: TableTrack?

    public init(screen: Screen, generator: DescriptionGenerator) {
        self.screen = screen
        self.order = FocusOrder(screen: screen, for: generator)
        self.generator = generator
    }

    /// A navigator over `screen` in `profile`'s words as `reader` hears them.
    public init(screen: Screen, profile: VoiceProfile, reader: any ScreenReader) throws {
        self.init(screen: screen, generator: try DescriptionGenerator(profile: profile, reader: reader))
    }

    public var stops: [FocusStop] { order.stops }

    public var focusedIndex: Int? { focusedID.flatMap { order.index(ofStop: $0) } }

    public var focusedStop: FocusStop? { focusedIndex.map { order.stops[$0] } }

    /// The description of a stop with this navigator's profile.
    public func describe(_ stop: FocusStop) -> SpokenDescription { generator.describe(stop) }

    // MARK: - Moving focus

    /// Swipe right: the next stop, or a boundary at the last one. A reader that moves by line
    /// (NVDA's down arrow, `ScreenReader.line(around:in:)`) goes to the start of the next line and
    /// says the whole line.
    public mutating func next() -> NavigationResult {
        guard let index = focusedIndex else { return first() }
        let next = line(around: index)?.upperBound ?? index + 1
        guard next < order.count else { return result(.boundary, at: index, speaking: false) }
        return moveToLine(at: next)
    }

    /// Swipe left: the previous stop, or a boundary at the first one (by line, for a reader
    /// that moves by line: the start of the line before).
    public mutating func previous() -> NavigationResult {
        guard let index = focusedIndex else { return first() }
        let start = line(around: index)?.lowerBound ?? index
        guard start > 0 else { return result(.boundary, at: index, speaking: false) }
        return moveToLine(at: line(around: start - 1)?.lowerBound ?? start - 1)
    }

    /// Four-finger tap near the top: the first stop (the first line).
    public mutating func first() -> NavigationResult {
        guard !order.stops.isEmpty else { return result(.noTarget, at: nil, speaking: false) }
        return moveToLine(at: 0)
    }

    /// Four-finger tap near the bottom: the last stop (the start of the last line).
    public mutating func last() -> NavigationResult {
        guard !order.stops.isEmpty else { return result(.noTarget, at: nil, speaking: false) }
        return moveToLine(at: line(around: order.count - 1)?.lowerBound ?? order.count - 1)
    }

    /// The stops on the line of the stop at `index`, for a reader that moves by line; nil otherwise.
    public func line(around index: Int) -> Range<Int>? {
        generator.reader.line(around: index, in: order.stops)
    }

    /// Read-all's step: focus moves to the element's stop and the reader says from there to the
    /// end of its line (a reader that moves by stop says the stop, as `focus` does). An element
    /// without a stop leaves focus where it is.
    public mutating func readLine(from elementID: String) -> NavigationResult {
        guard let index = order.index(ofStop: elementID) ?? order.index(presenting: elementID) else {
            return result(.unavailable("element \"\(elementID)\" has no focus stop"), at: focusedIndex, speaking: false)
        }
        return moveToLine(at: index)
    }

    /// The stops read-all says one by one from the stop at `start`: each stop, or for a reader
    /// that moves by line, `start` then the start of each line after it.
    public func readAllSteps(from start: Int) -> [Int] {
        var steps: [Int] = []
        var index = start
        while index < order.count {
            steps.append(index)
            index = line(around: index)?.upperBound ?? index + 1
        }
        return steps
    }

    /// Moves focus to an element (as `layoutChanged(element)` does): its own stop, or the stop it
    /// was merged into. An element without a stop leaves focus where it is.
    public mutating func focus(_ elementID: String) -> NavigationResult {
        guard let index = order.index(ofStop: elementID) ?? order.index(presenting: elementID) else {
            return result(.unavailable("element \"\(elementID)\" has no focus stop"), at: focusedIndex, speaking: false)
        }
        return move(to: index)
    }

    /// Rotor set to headings, swipe down (NVDA's H): the next heading.
    public mutating func nextHeading() -> NavigationResult { jump(to: .heading, forward: true) }

    /// Rotor set to headings, swipe up (NVDA's shift+H): the previous heading.
    public mutating func previousHeading() -> NavigationResult { jump(to: .heading, forward: false) }

    /// Tab, quick navigation, a rotor move: the next (or previous) stop the reader counts as a
    /// `target` (`ScreenReader.isJumpTarget`), from the focused stop (from the start, or the end
    /// going back, with nothing focused). Nothing that way: a boundary, with what the reader says
    /// for it ("no next heading"), if anything; focus stays.
    public mutating func jump(to target: NavigationTarget, forward: Bool) -> NavigationResult {
        let stops = order.stops
        guard let index = generator.reader.jumpDestination(target, forward: forward, from: focusedIndex, in: stops) else {
            var atEnd = result(.boundary, at: focusedIndex, speaking: false)
            if let said = generator.reader.jumpNotFound(target, forward: forward, by: generator) {
                atEnd.speech = SpokenDescription(parts: [SpokenPart(slot: "message", text: said)], text: said, hint: nil,
                                                 language: nil)
            }
            return atEnd
        }
        let previous = focusedStop
        focusedID = stops[index].id
        var moved = result(.moved, at: index, speaking: false)
        moved.speech = generator.describeJump(to: stops[index], target, after: previous)
        return moved
    }

    /// A table navigation key (NVDA's control+alt+arrows): the reader says where it lands
    /// (`ScreenReader.tableMove`); the stop is said as a move to it is, or, nowhere to go, what
    /// the reader says ("Edge of table") and focus stays.
    public mutating func moveInTable(_ direction: TableDirection) -> NavigationResult {
        switch generator.reader.tableMove(from: focusedStop, direction, in: order.stops, track: tableTrack) {
        case .to(let index, let track):
            tableTrack = track
            return move(to: index)
        case .refused(let said):
            var atEdge = result(.boundary, at: focusedIndex, speaking: false)
            if let said {
                atEdge.speech = SpokenDescription(parts: [SpokenPart(slot: "message", text: said)], text: said, hint: nil, language: nil)
            }
            return atEdge
        case .edge(let said, let track):
            tableTrack = track
            var atEdge = result(.boundary, at: focusedIndex, speaking: false)
            var parts = said.map { [SpokenPart(slot: "message", text: $0)] } ?? []
            // The stop said again as reached from itself: its text, no field entered.
            if let stop = focusedStop { parts += generator.describe(stop, after: stop).parts }
            if !parts.isEmpty {
                let text = parts.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
                atEdge.speech = SpokenDescription(parts: parts, text: text, hint: nil, language: focusedStop?.language)
            }
            return atEdge
        }
    }

    /// Touch exploration: the stop under the point (the smallest frame that contains it; the later
    /// stop on a tie, as it is drawn on top). Nothing there leaves focus unchanged.
    public mutating func touch(x: Double, y: Double) -> NavigationResult {
        var best: Int?
        for (index, stop) in order.stops.enumerated() where stop.frame.contains(x: x, y: y) {
            if let current = best, order.stops[current].frame.area < stop.frame.area { continue }
            best = index
        }
        guard let best else { return result(.noTarget, at: focusedIndex, speaking: false) }
        return move(to: best)
    }

    /// Two-finger swipe down (or up, `fromTop`): every stop from the focused one (or the first) to
    /// the end, each as spoken; focus ends on the last.
    public mutating func readAll(fromTop: Bool = false) -> [NavigationResult] {
        guard !order.stops.isEmpty else { return [] }
        let start = fromTop ? 0 : (focusedIndex ?? 0)
        return readAllSteps(from: start).map { moveToLine(at: $0) }
    }

    // MARK: - Acting on the focused element

    /// Double tap. A switch toggles; an element with `onActivate: toggleSelected` toggles its
    /// selected state; the changed element is then read again. Activating something that changes
    /// nothing in the screen is silent here: what follows is up to the app.
    public mutating func activate() -> NavigationResult {
        guard let stop = focusedStop, let index = focusedIndex else { return nothingFocused() }
        if stop.traits.contains(.notEnabled) {
            return result(.unavailable("\"\(stop.id)\" is dimmed (notEnabled)"), at: index, speaking: false)
        }
        // What the double tap flips by itself is the reader's (TalkBack: a checkable node).
        var changed = generator.reader.toggle(onActivating: stop, in: &screen)
        if let node = screen.node(stop.id), node.activation == .toggleSelected {
            try? screen.update(stop.id) { $0.toggleSelected() }
            changed = true
        }
        if changed { refresh() }
        return result(.activated, at: focusedIndex, speaking: changed)
    }

    /// Swipe up on an adjustable element: the next value, which is then spoken alone.
    public mutating func increment() -> NavigationResult { adjust(by: 1) }

    /// Swipe down on an adjustable element: the previous value.
    public mutating func decrement() -> NavigationResult { adjust(by: -1) }

    /// Names of the focused element's custom actions, in order (the actions rotor).
    public var customActions: [String] { focusedStop?.customActions ?? [] }

    /// Picks a custom action in the actions rotor and double taps: the action's name is what was
    /// heard. What the action does to the screen is the app's to script.
    public mutating func performCustomAction(_ name: String) -> NavigationResult {
        guard let stop = focusedStop, let index = focusedIndex else { return nothingFocused() }
        guard stop.customActions.contains(name) else {
            let available = stop.customActions.isEmpty ? "none" : stop.customActions.joined(separator: ", ")
            return result(.unavailable("\"\(stop.id)\" has no action \"\(name)\" (available: \(available))"),
                          at: index, speaking: false)
        }
        var outcome = result(.performedAction(name), at: index, speaking: false)
        outcome.speech = SpokenDescription(parts: [SpokenPart(slot: "action", text: name)], text: name, hint: nil,
                                           language: stop.language)
        return outcome
    }

    /// Two-finger scrub: dismisses the nearest dismissible element around the focus (or, with no
    /// focus, the last dismissible modal), then focuses and reads the first stop.
    public mutating func escape() -> NavigationResult {
        var target: String?
        if let focusedID {
            target = screen.ancestry(of: focusedID).reversed().first { screen.node($0)?.isDismissible == true }
        }
        if target == nil {
            target = Self.dismissibleModals(in: screen.roots).last
        }
        guard let target else {
            return result(.unavailable("nothing to dismiss"), at: focusedIndex, speaking: false)
        }
        try? screen.setHidden(target, true)
        refresh()
        focusedID = nil
        guard !order.stops.isEmpty else { return result(.dismissed(target), at: nil, speaking: false) }
        focusedID = order.stops[0].id
        return result(.dismissed(target), at: 0, speaking: true)
    }

    // MARK: - Changing the screen

    /// Applies a change to the screen and recomputes the stops; focus stays on the same element
    /// (or the stop it is now merged into), else nothing has focus.
    public mutating func change(_ body: (inout Screen) throws -> Void) rethrows {
        try body(&screen)
        refresh()
    }

    private mutating func refresh() {
        order = FocusOrder(screen: screen, for: generator)
        guard let id = focusedID else { return }
        if order.index(ofStop: id) == nil {
            focusedID = order.index(presenting: id).map { order.stops[$0].id }
        }
    }

    // MARK: - Plumbing

    /// Focus moves to the stop at `index`; it is described as reached from the stop that had focus
    /// (TalkBack's collection position and transitions depend on it).
    private mutating func move(to index: Int) -> NavigationResult {
        let previous = focusedStop
        focusedID = order.stops[index].id
        var moved = result(.moved, at: index, speaking: false)
        moved.speech = generator.describe(order.stops[index], after: previous)
        return moved
    }

    /// Focus moves to the stop at `index`; a reader that moves by line says from it to the end of
    /// its line, reached from the stop that had focus; any other reader says the stop (`move`).
    private mutating func moveToLine(at index: Int) -> NavigationResult {
        guard let line = line(around: index) else { return move(to: index) }
        let previous = focusedStop
        focusedID = order.stops[index].id
        var moved = result(.moved, at: index, speaking: false)
        moved.speech = generator.describeLine(order.stops[index..<line.upperBound], after: previous)
        return moved
    }

    private mutating func adjust(by step: Int) -> NavigationResult {
        guard let stop = focusedStop, let index = focusedIndex else { return nothingFocused() }
        guard stop.isAdjustable, let values = stop.adjustable, let owner = adjustableElement(for: stop.id) else {
            return result(.unavailable("\"\(stop.id)\" is not adjustable"), at: index, speaking: false)
        }
        let newIndex = values.index + step
        guard values.values.indices.contains(newIndex) else {
            var atEnd = result(.boundary, at: index, speaking: false)
            atEnd.speech = generator.describeValue(of: stop)
            return atEnd
        }
        try? screen.update(owner) { $0.adjustable?.index = newIndex }
        refresh()
        var adjusted = result(.adjusted, at: focusedIndex, speaking: false)
        adjusted.speech = focusedStop.map { generator.describeValue(of: $0) }
        return adjusted
    }

    private func nothingFocused() -> NavigationResult {
        result(order.stops.isEmpty ? .noTarget : .unavailable("nothing has focus"), at: nil, speaking: false)
    }

    private func result(_ outcome: NavigationResult.Outcome, at index: Int?, speaking: Bool) -> NavigationResult {
        let stop = index.map { order.stops[$0] }
        return NavigationResult(outcome: outcome, stop: stop, position: index.map { $0 + 1 }, count: order.count,
                                speech: speaking ? stop.map(generator.describe) : nil)
    }

    /// The element holding a stop's switch state: the element itself, or (for a combined stop) the
    /// first switch inside it.
    /// VoiceOver's rule for a double tap: a stop with an on/off state flips the switch it is, or
    /// holds; whether one flipped.
    public static func flipSwitch(onActivating stop: FocusStop, in screen: inout Screen) -> Bool {
        guard stop.isOn != nil, let node = screen.node(stop.id),
              let switchID = firstNode(in: node, where: { $0.kind == .switch || $0.traits.contains(.switch) || $0.isOn != nil })?.id
        else { return false }
        try? screen.update(switchID) { $0.isOn = !($0.isOn ?? false) }
        return true
    }

    private func adjustableElement(for id: String) -> String? {
        guard let node = screen.node(id) else { return nil }
        return Self.firstNode(in: node) { $0.adjustable != nil }?.id
    }

    private static func firstNode(in node: AccessibilityNode,
                                  where matches: (AccessibilityNode) -> Bool) -> AccessibilityNode? {
        if matches(node) { return node }
        for child in node.children where !child.isOutOfReach {
            if let found = firstNode(in: child, where: matches) { return found }
        }
        return nil
    }

    private static func dismissibleModals(in nodes: [AccessibilityNode]) -> [String] {
        nodes.flatMap { node -> [String] in
            guard !node.isOutOfReach else { return [] }
            return (node.isDismissible && node.isModal ? [node.id] : []) + dismissibleModals(in: node.children)
        }
    }
}
