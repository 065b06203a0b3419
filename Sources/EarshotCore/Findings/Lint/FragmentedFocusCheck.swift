/// `focus.fragmented`: one visual card read as four or more separate focus stops (the product
/// card of the seed article on `MergedFocus`, docs/sources.md: name, rating, price and like
/// button, each its own swipe).
///
/// The screen file has no notion of "card", so the check looks for a container that draws like
/// one. A container is reported when all of these hold:
/// - it is not an element itself (not merged, combined, ignored, or a cell read as one), and not
///   a tab bar or a dialog (modal or dismissible), whose parts are meant to be separate stops;
/// - it has a frame of its own, at most half as tall as the screen (the bottom of the lowest
///   frame), so a whole screen or a list is not taken for a card;
/// - four or more plain stops (not already merged, combined or cells) lie inside its frame,
///   read one after another, that no smaller reported container holds already;
/// - at least two of them are not controls (text or images: what a card says), and none is a
///   text field or adjustable, which need their own focus.
/// The innermost qualifying container wins: a screen of fragmented cards reports each card.
/// On a web page, landmarks, lists, regions, tables and dialogs are structure, never cards.
enum FragmentedFocusCheck {
    static let minimumStops = 4
    /// Traits of stops a user acts on; a card has at least two stops without them.
    static let controlTraits: AccessibilityTraits = [.button, .link, .switch, .tab, .backButton, .keyboardKey]
    /// Traits of stops that must keep their own focus.
    static let ownFocusTraits: AccessibilityTraits = [.textField, .secureTextField, .searchField, .adjustable]
    /// Frames may poke out of their card by this much (rounding, shadows).
    static let frameTolerance = 1.0

    @Sendable static func fragmentedCards(_ linted: LintedScreen) -> [Finding] {
        var walk = Walk(linted: linted)
        for root in linted.screen.roots { _ = walk.unclaimedStops(under: root) }
        return walk.findings
    }

    private struct Walk {
        let linted: LintedScreen
        let positionByID: [String: Int]
        let screenHeight: Double
        var findings: [Finding] = []

        init(linted: LintedScreen) {
            self.linted = linted
            var positions: [String: Int] = [:]
            for (index, stop) in linted.stops.enumerated() { positions[stop.id] = index }
            self.positionByID = positions
            var bottom = 0.0
            func visit(_ node: AccessibilityNode) {
                if let frame = node.frame { bottom = max(bottom, frame.y + frame.height) }
                node.children.forEach(visit)
            }
            linted.screen.roots.forEach(visit)
            self.screenHeight = bottom
        }

        /// Focus positions of the plain stops under `node` that no card below it claimed.
        mutating func unclaimedStops(under node: AccessibilityNode) -> [Int] {
            if node.isOutOfReach { return [] }
            if node.isElement {
                guard let position = positionByID[node.id], isPlainStop(node) else { return [] }
                return [position]
            }
            let stops = node.children.flatMap { unclaimedStops(under: $0) }.sorted()
            guard let card = node.frame, looksLikeCardContainer(node, frame: card) else { return stops }
            let inside = stops.filter { contains(card, linted.stops[$0].frame) }
            guard qualifies(inside) else { return stops }
            report(node, stops: inside)
            return stops.filter { !inside.contains($0) }
        }

        /// A stop that is one piece of content, not a container already read as one.
        func isPlainStop(_ node: AccessibilityNode) -> Bool {
            node.grouping == nil && node.kind != .cell
        }

        func looksLikeCardContainer(_ node: AccessibilityNode, frame: Frame) -> Bool {
            guard node.kind != .tabBar, !node.traits.contains(.tabBar), !node.isModal, !node.isDismissible else {
                return false
            }
            // A page's landmarks, lists, regions and dialogs are the page's structure
            // (`WebRole.isPageStructure`), not cards: a web card is an `article`, a group, a plain box.
            if let web = node.web, web.role.isPageStructure { return false }
            return screenHeight <= 0 || frame.height <= screenHeight / 2
        }

        func qualifies(_ positions: [Int]) -> Bool {
            guard positions.count >= FragmentedFocusCheck.minimumStops,
                  longestRun(positions) >= FragmentedFocusCheck.minimumStops else { return false }
            let stops = positions.map { linted.stops[$0] }
            guard stops.allSatisfy({ $0.traits.isDisjoint(with: FragmentedFocusCheck.ownFocusTraits) }) else {
                return false
            }
            return stops.filter { $0.traits.isDisjoint(with: FragmentedFocusCheck.controlTraits) }.count >= 2
        }

        /// Length of the longest run of consecutive focus positions in a sorted list.
        func longestRun(_ positions: [Int]) -> Int {
            var longest = 0, current = 0, previous = Int.min
            for position in positions {
                current = position == previous + 1 ? current + 1 : 1
                longest = max(longest, current)
                previous = position
            }
            return longest
        }

        func contains(_ outer: Frame, _ inner: Frame) -> Bool {
            let tolerance = FragmentedFocusCheck.frameTolerance
            return inner.x >= outer.x - tolerance && inner.y >= outer.y - tolerance
                && inner.x + inner.width <= outer.x + outer.width + tolerance
                && inner.y + inner.height <= outer.y + outer.height + tolerance
        }

        mutating func report(_ container: AccessibilityNode, stops positions: [Int]) {
            let stops = positions.map { linted.stops[$0] }
            let said = positions.map { position -> String in
                let stop = linted.stops[position]
                return FindingText.quoted(trimmed(stop.label) ?? linted.spoken[position].text)
            }
            let controls = stops.filter { !$0.traits.isDisjoint(with: FragmentedFocusCheck.controlTraits) }
            var message = "\(FindingText.quoted(container.id)) is one card read as \(stops.count) focus stops: \(said.joined(separator: ", "))"
            if !controls.isEmpty {
                let names = controls.map { FindingText.quoted(trimmed($0.label) ?? $0.id) }
                message += "; \(FindingText.listed(names)) can become \(controls.count == 1 ? "a custom action" : "custom actions")"
            }
            findings.append(Finding(.focusFragmented, elements: [container.id] + stops.map(\.id), message: message + "."))
        }
    }
}
