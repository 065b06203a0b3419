/// `focus.covered`: a focus stop the reader reaches and speaks while another stop drawn above it
/// covers its centre, where a double tap lands (docs/findings.md, "`focus.covered`").
///
/// - Drawn above: later in the screen's tree, which is the order views are drawn in (UIKit's
///   subviews and an Android dump's children, back to front), and neither inside the stop nor
///   around it. Only stops cover: a bare wrapper, which a tree cannot show to be opaque, does not.
/// - Where the double tap lands: VoiceOver activates an element by touching its activation
///   point, its frame's centre by default. TalkBack clicks a node that has a click action by
///   that action, which nothing covers (`FocusActor.clickNode`), and taps the node's place only
///   without one: under TalkBack a clickable stop is never covered.
/// - What a scroll view clips is not drawn: a stop or cover whose centre lies outside a scroll
///   view around it is left out (VoiceOver scrolls a stop into view before using it); content
///   of the same scroll view is laid out side by side, so an overlap there is a stale frame
///   (Earshot's choice).
/// - A cover transparent to touch is left out where the tree says so: an Android view that is
///   neither clickable nor long-clickable does not take the tap, which reaches what lies under it.
/// - An error when the cover is itself a control the user activates, or covers the whole stop;
///   a warning otherwise (a text drawn over part of a control).
enum CoveredFocusCheck {
    /// Traits of a cover that is a control of its own.
    static let activatableTraits: AccessibilityTraits = [.button, .link, .switch, .tab, .backButton, .keyboardKey,
                                                         .adjustable, .popUpButton, .searchField, .textField,
                                                         .secureTextField]

    @Sendable static func coveredStops(_ linted: LintedScreen) -> [Finding] {
        // Each node's place in the tree's order, the end of its subtree, and the scroll views
        // around it (their ids and frames, nearest last), which clip what it draws.
        var place: [String: (index: Int, end: Int)] = [:]
        var scrolls: [String: [(id: String, frame: Frame)]] = [:]
        var counter = 0
        func visit(_ node: AccessibilityNode, inside: [(id: String, frame: Frame)]) {
            let index = counter
            counter += 1
            scrolls[node.id] = inside
            var around = inside
            if node.kind == .scrollView || node.android?.isScrollable == true, let frame = node.frame {
                around.append((node.id, frame))
            }
            node.children.forEach { visit($0, inside: around) }
            place[node.id] = (index, counter)
        }
        linted.screen.roots.forEach { visit($0, inside: []) }
        func shown(_ id: String, x: Double, y: Double) -> Bool {
            (scrolls[id] ?? []).allSatisfy { $0.frame.contains(x: x, y: y) }
        }
        let nodes = Dictionary(linted.stops.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var findings: [Finding] = []
        for (position, stop) in linted.stops.enumerated() {
            guard let own = place[stop.id], stop.frame.width > 0, stop.frame.height > 0 else { continue }
            // Clicked by its action under TalkBack: nothing covers the click.
            if let android = stop.android, android.isClickable { continue }
            let x = stop.frame.x + stop.frame.width / 2, y = stop.frame.y + stop.frame.height / 2
            // A stop scrolled out of its scroll view is scrolled into view before it is used.
            guard shown(stop.id, x: x, y: y) else { continue }
            let scroll = scrolls[stop.id]?.last?.id
            let covers = linted.stops.filter { cover in
                guard cover.id != stop.id, let at = place[cover.id], at.index >= own.end else { return false }
                guard cover.frame.contains(x: x, y: y), shown(cover.id, x: x, y: y) else { return false }
                // Content of one scroll view is laid out side by side: an overlap there is a
                // stale frame, not a cover (Earshot's choice).
                if let scroll, scrolls[cover.id]?.last?.id == scroll { return false }
                if let android = cover.android { return android.isClickable || android.isLongClickable }
                return true
            }
            // The topmost cover (drawn last) is what the tap reaches.
            guard let cover = covers.max(by: { (place[$0.id]?.index ?? 0) < (place[$1.id]?.index ?? 0) }) else { continue }
            let activatable = cover.android.map { $0.isClickable || $0.isLongClickable }
                ?? !cover.traits.intersection(activatableTraits).isEmpty
            let whole = contains(cover.frame, stop.frame)
            let heard = linted.spoken[position].text
            let coverName = nodes[cover.id].flatMap { nonEmpty($0.label) } ?? linted.generator.describe(cover).text
            var message = "\"\(heard)\" is reached and read, but \"\(coverName)\" is drawn over "
            message += whole ? "all of it" : "its centre"
            message += activatable ? ", and a double tap there activates that instead" : ", where a double tap lands"
            findings.append(Finding(.focusCovered, elements: [stop.id, cover.id], message: message + ".",
                                    severity: activatable || whole ? .error : .warning))
        }
        return findings
    }

    private static func contains(_ outer: Frame, _ inner: Frame) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y
            && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height
    }
}
