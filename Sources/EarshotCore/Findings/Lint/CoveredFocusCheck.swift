/// `focus.covered`: a focus stop the reader reaches and speaks while another element drawn above
/// it covers its centre, where a double tap lands, or, on a web page, where keyboard focus leaves
/// it (docs/findings.md, "`focus.covered`").
///
/// On an app's screen the tree is its drawing order:
/// - Drawn above: later in the screen's tree, which is the order views are drawn in (UIKit's
///   subviews and an Android dump's children, back to front), and neither inside the stop nor
///   around it. Only stops cover: a bare wrapper, which a tree cannot show to be opaque, does not.
/// - Where the double tap lands: the reader says whether it touches the stop's centre
///   (`ScreenReader.activatesByTouch`: VoiceOver its activation point, the frame's centre by
///   default; TalkBack only a node without a click action, `FocusActor.clickNode`).
/// - What a scroll view clips is not drawn: a stop or cover whose centre lies outside a scroll
///   view around it is left out (VoiceOver scrolls a stop into view before using it); content
///   of the same scroll view is laid out side by side, and so are cells, so an overlap there
///   is a stale frame (Earshot's choice).
/// - A cover transparent to touch is left out where the tree says so: an Android view that is
///   neither clickable nor long-clickable does not take the tap, which reaches what lies under it.
/// - An error when the cover is itself a control the user activates (a touch target,
///   `TargetSizeCheck.isActivatable`), or covers the whole stop;
///   a warning otherwise (a text drawn over part of a control).
///
/// On a web page a document's order is not the order it is painted in (a sticky header comes
/// first and is drawn on top), so the browser's own hit test decides, made once where the page
/// is read (`PageCapture`) and carried by each node (`WebElement.cover`):
/// - Tested: every element Tab reaches, scrolled to the top of the window and to its bottom as
///   `scrollIntoView` does (the page's `scroll-padding` kept). Chromium scrolls a focused element
///   only when it is not wholly inside the window (and then to its middle), so focus can rest on
///   an element at either edge, under a sticky header or a cookie banner (Earshot's choice of the
///   two places; what Chromium does was seen in Chromium 156). On a page where nothing moves as
///   it scrolls (nothing fixed or sticky, no scrolling box but the page), a cover is over the
///   element wherever it is, and each is tested once, where a window's scroll shows it.
/// - Covered: the topmost element at the element's centre (`document.elementsFromPoint`) is
///   neither the element nor inside it, and the element is drawn under it there.
/// - Judged whatever the reader's activation: keyboard focus there is hidden from a person who
///   sees the screen. The whole element hidden is the case `focus-hidden` (`FindingCase`),
///   which the criteria data maps to WCAG 2.2 2.4.11; a part hidden, and every app's finding,
///   map to none. NVDA's activation is
///   no click at the centre (`activatesByTouch` false: its browse mode calls the object's
///   default action, and clicks its centre only when that fails), so a control over it is no
///   error by itself: an error when the cover hides the whole element, or is a control and the
///   reader's activation is a touch there; a warning otherwise.
enum CoveredFocusCheck {
    /// Why a screen's covered stops cannot be judged, or nil when they can: a web page's tree is
    /// in document order, not the order it is painted in, so only the browser's hit test can
    /// say, and a page as a scenario plays it, or a tree saved before Earshot made one, has none.
    /// The conformance tables read this (`ScreenLinter.coverage(for:)`).
    static func uncheckedReason(_ screen: Screen) -> String? {
        guard screen.isWebPage, !screen.webCoversTested else { return nil }
        return "this page's tree has no hit test of what is drawn over each element (a page as a scenario plays it, or a tree "
            + "imported by an earlier earshot), so what covers a focused element was not checked; lint the page itself, or import it again"
    }

    /// Whether the check judges keyboard focus on `screen`: a web page the browser hit-tested,
    /// whose element wholly hidden is the case `focus-hidden` (`FindingCase`), which the
    /// criteria data maps apart (WCAG 2.2 2.4.11).
    static func checksKeyboardFocus(_ screen: Screen) -> Bool { screen.isWebPage && screen.webCoversTested }

    @Sendable static func coveredStops(_ linted: LintedScreen) -> [Finding] {
        guard uncheckedReason(linted.screen) == nil else { return [] }
        if linted.screen.isWebPage { return coveredOnPage(linted) }
        // Each node's place in the tree's order, the end of its subtree, and the scroll views
        // around it (their ids and frames, nearest last), which clip what it draws.
        var place: [String: (index: Int, end: Int)] = [:]
        var nodes: [String: AccessibilityNode] = [:]
        var scrolls: [String: [(id: String, frame: Frame)]] = [:]
        var counter = 0
        func visit(_ node: AccessibilityNode, inside: [(id: String, frame: Frame)]) {
            let index = counter
            counter += 1
            scrolls[node.id] = inside
            nodes[node.id] = node
            var around = inside
            if node.kind == .scrollView, let frame = node.frame {
                around.append((node.id, frame))
            }
            node.children.forEach { visit($0, inside: around) }
            place[node.id] = (index, counter)
        }
        linted.screen.roots.forEach { visit($0, inside: []) }
        func shown(_ id: String, x: Double, y: Double) -> Bool {
            (scrolls[id] ?? []).allSatisfy { $0.frame.contains(x: x, y: y) }
        }
        var findings: [Finding] = []
        for (position, stop) in linted.stops.enumerated() {
            guard let own = place[stop.id], stop.frame.width > 0, stop.frame.height > 0 else { continue }
            // Activated by an action on the node (TalkBack's click action): nothing covers it.
            guard linted.generator.reader.activatesByTouch(stop) else { continue }
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
                // Cells are a list's items, laid out one after another: an overlap between two
                // is a frame not yet updated (an inserted row), not a cover (Earshot's choice).
                if nodes[stop.id]?.kind == .cell, nodes[cover.id]?.kind == .cell { return false }
                return nodes[cover.id].map { !TargetSizeCheck.passesTouches($0) } ?? true
            }
            // The topmost cover (drawn last) is what the tap reaches.
            guard let cover = covers.max(by: { (place[$0.id]?.index ?? 0) < (place[$1.id]?.index ?? 0) }) else { continue }
            let activatable = nodes[cover.id].map { node in
                TargetSizeCheck.isActivatable(node, traits: node.kind.defaultTraits.union(node.traits).union(cover.traits))
            } ?? !cover.traits.isDisjoint(with: TargetSizeCheck.targetTraits)
            let whole = cover.frame.contains(stop.frame)
            let heard = linted.spoken[position].text
            let coverName = nonEmpty(cover.label) ?? linted.generator.describe(cover).text
            var message = "\"\(heard)\" is reached and read, but \"\(coverName)\" is drawn over "
            message += whole ? "all of it" : "its centre"
            message += activatable ? ", and a double tap there activates that instead" : ", where a double tap lands"
            findings.append(Finding(.focusCovered, elements: [stop.id, cover.id], message: message + ".",
                                    severity: activatable || whole ? .error : .warning))
        }
        return findings
    }

    /// A web page's stops the browser found covered where keyboard focus leaves them.
    static func coveredOnPage(_ linted: LintedScreen) -> [Finding] {
        var findings: [Finding] = []
        for (position, stop) in linted.stops.enumerated() {
            guard let cover = linted.screen.node(stop.id)?.web?.cover else { continue }
            let node = cover.elementID.flatMap { linted.screen.node($0) }
            let touches = linted.generator.reader.activatesByTouch(stop)
            let activatable = node.map { TargetSizeCheck.isActivatable($0, traits: $0.kind.defaultTraits.union($0.traits)) } ?? false
            var message = "\"\(linted.spoken[position].text)\" is reached and read, but \(cover.selector)"
            if let name = node.flatMap(coverName) { message += " (\"\(name)\")" }
            message += " is drawn over " + (cover.whole ? "all of it" : "its centre")
            if cover.edge != .anywhere { message += " when it is scrolled to the \(cover.edge.rawValue) of the window" }
            message += ", so keyboard focus there is hidden"
            if activatable && touches { message += ", and activating it there activates that instead" }
            var finding = Finding(.focusCovered, elements: [stop.id] + (cover.elementID.map { [$0] } ?? []), message: message + ".",
                                  severity: cover.whole || (activatable && touches) ? .error : .warning)
            // Keyboard focus wholly hidden: the case the criteria data maps to WCAG 2.4.11.
            if cover.whole { finding.criteriaCase = .focusHidden }
            findings.append(finding)
        }
        return findings
    }

    /// What a person sees of a cover: its name, else the text inside it (the first 60 characters).
    private static func coverName(_ node: AccessibilityNode) -> String? {
        if let name = nonEmpty(node.label) { return name }
        var words: [Substring] = []
        func collect(_ node: AccessibilityNode) {
            guard words.count < 12 else { return }
            if let text = node.text { words += text.split(whereSeparator: \.isWhitespace) }
            node.children.forEach(collect)
        }
        collect(node)
        let text = words.prefix(12).joined(separator: " ")
        guard !text.isEmpty else { return nil }
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }
}
