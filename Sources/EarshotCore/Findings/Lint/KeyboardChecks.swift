/// `keyboard.unreachable` and `keyboard.trap`: what the browser's own Tab and shift+Tab did on a
/// web page (`WebKeyboardWalk`, walked where the page is read; docs/findings.md, docs/web.md
/// "The keyboard walk").
///
/// `keyboard.unreachable` (WCAG 2.2 2.1.1): a control NVDA reaches in browse mode (a stop whose
/// role is a control: a link, a button or another pressable control, a text entry, a slider, a
/// list box), not disabled, that neither walk focused, by Tab nor by the keys its role takes:
/// - focus on the control itself, on an element inside it, or on a combo box or frame around it;
/// - an item a widget's arrow keys move between (a radio button, an option, a menu item, a tab,
///   a tree item) is reached when focus reached anything inside the widget around it (its
///   radio group, list box, menu, menu bar, tab list, tree, grid, toolbar or combo box; for a
///   radio button with none, the nearest element around it holding another radio button, as a
///   browser groups radio buttons by their name): a widget takes one Tab stop and its arrows do
///   the rest (Earshot's choice, after ARIA's authoring practices; whether the arrows work is
///   not tried).
/// Not judged when a walk was `cut` (the page's Tab order longer than a walk presses).
///
/// `keyboard.trap` (WCAG 2.2 2.1.2): an element Tab or shift+Tab did not take focus away from
/// (focus stayed, or went back to an element reached before while the page went on).
///
/// `focus.invisible` (WCAG 2.2 2.4.7): an element Tab focused whose focus styles did not differ
/// and whose picture (its box and a margin around it) was the same with focus on it and with
/// nothing focused: nothing shows where keyboard focus is.
enum KeyboardChecks {
    /// Why `screen`'s keyboard cannot be judged, or nil when it can.
    static func uncheckedReason(_ screen: Screen) -> String? {
        guard screen.isWebPage else {
            return "only a web page read in the browser is walked with its own Tab and shift+Tab; an app's keyboard needs a person with a hardware keyboard"
        }
        guard screen.webKeyboard != nil else {
            return "this page's tree has no keyboard walk (a page as a scenario plays it, a tree imported by an earlier earshot, "
                + "or a walk that failed, with a note), so the keyboard was not checked; lint the page itself, or import it again"
        }
        return nil
    }

    /// Why the reach of `screen`'s controls cannot be judged, or nil when it can: also a walk cut
    /// at its bound.
    static func unreachableUncheckedReason(_ screen: Screen) -> String? {
        if let reason = uncheckedReason(screen) { return reason }
        guard screen.webKeyboard?.cut != true else {
            return "the page's Tab order is longer than a keyboard walk presses (\(WebPageLimits.longestKeyboardWalk) keys), so what Tab reaches was not judged"
        }
        return nil
    }

    /// Why focus visible cannot be judged on `screen`, or nil when it can: also a walk that
    /// pictured nothing (no element Tab reached had a box to picture).
    static func invisibleUncheckedReason(_ screen: Screen) -> String? {
        if let reason = uncheckedReason(screen) { return reason }
        guard screen.webKeyboard?.pictured == true else {
            return "no element Tab reached on this page was judged, by its focus styles or pictured focused and unfocused (none has a box), so whether focus shows was not judged"
        }
        return nil
    }

    @Sendable static func invisible(_ linted: LintedScreen) -> [Finding] {
        guard invisibleUncheckedReason(linted.screen) == nil, let walk = linted.screen.webKeyboard else { return [] }
        var stopIndex: [String: Int] = [:]
        for (position, stop) in linted.stops.enumerated() { stopIndex[stop.id] = position }
        return walk.unseen.map { id in
            let what: String
            if let position = stopIndex[id] {
                what = "\(FindingText.quoted(linted.spoken[position].text)) (stop \(position + 1))"
            } else {
                what = linted.screen.node(id).flatMap { nonEmpty($0.label) ?? nonEmpty($0.text) }.map { "\(FindingText.quoted($0)) (\(id))" } ?? id
            }
            return Finding(.focusInvisible, elements: [id],
                           message: "Keyboard focus on \(what) does not show: the element and \(Int(WebPageLimits.focusMargin)) CSS pixels around it look the same when Tab focuses it as with nothing focused.")
        }
    }

    /// The roles whose items the arrow keys move between, one Tab stop for the whole widget.
    static func isWidget(_ role: WebRole) -> Bool {
        switch role {
        case .radioGroup, .listBox, .menu, .menuBar, .tabList, .tree, .treeGrid, .grid, .toolbar, .comboBox: true
        default: false
        }
    }

    /// The roles of items a widget's arrow keys move between.
    static func isWidgetItem(_ role: WebRole) -> Bool {
        switch role {
        case .radio, .option, .menuItem, .menuItemCheckBox, .menuItemRadio, .tab, .treeItem, .gridCell, .row: true
        default: false
        }
    }

    @Sendable static func unreachable(_ linted: LintedScreen) -> [Finding] {
        guard unreachableUncheckedReason(linted.screen) == nil, let walk = linted.screen.webKeyboard else { return [] }
        let reached = walk.reached
        var parents: [String: AccessibilityNode] = [:]
        var nodes: [String: AccessibilityNode] = [:]
        func index(_ node: AccessibilityNode) {
            nodes[node.id] = node
            for child in node.children {
                parents[child.id] = node
                index(child)
            }
        }
        linted.screen.roots.forEach(index)
        func holdsReached(_ node: AccessibilityNode) -> Bool {
            reached.contains(node.id) || node.children.contains(where: holdsReached)
        }
        func holds(_ node: AccessibilityNode, role: WebRole, besides id: String) -> Bool {
            (node.id != id && node.web?.role == role) || node.children.contains { holds($0, role: role, besides: id) }
        }
        func isReached(_ node: AccessibilityNode, role: WebRole) -> Bool {
            if holdsReached(node) { return true }
            var around = parents[node.id]
            while let holder = around {
                let holderRole = holder.web?.role
                if reached.contains(holder.id), holderRole == .comboBox || holderRole == .iframe { return true }
                if isWidgetItem(role) {
                    if let holderRole, isWidget(holderRole) { return holdsReached(holder) }
                    if role == .radio, holds(holder, role: .radio, besides: node.id) { return holdsReached(holder) }
                }
                around = parents[holder.id]
            }
            return false
        }
        var findings: [Finding] = []
        for (position, stop) in linted.stops.enumerated() {
            guard let node = nodes[stop.id], let web = node.web, web.role.isControl, !web.flag("disabled") else { continue }
            guard !isReached(node, role: web.role) else { continue }
            let heard = linted.spoken[position].text
            findings.append(Finding(.keyboardUnreachable, elements: [stop.id],
                                    message: "\(FindingText.quoted(heard)) (stop \(position + 1), NVDA's browse mode) is never focused by Tab or shift+Tab, "
                                        + "nor by the keys of a widget around it: only a mouse, or a screen reader's own keys, reach it."))
        }
        return findings
    }

    @Sendable static func traps(_ linted: LintedScreen) -> [Finding] {
        guard uncheckedReason(linted.screen) == nil, let walk = linted.screen.webKeyboard else { return [] }
        var stopIndex: [String: Int] = [:]
        for (position, stop) in linted.stops.enumerated() { stopIndex[stop.id] = position }
        func said(_ id: String) -> String {
            guard let position = stopIndex[id] else {
                let name = linted.screen.node(id).flatMap { nonEmpty($0.label) ?? nonEmpty($0.text) }
                return name.map { "\(FindingText.quoted($0)) (\(id))" } ?? id
            }
            return "\(FindingText.quoted(linted.spoken[position].text)) (stop \(position + 1))"
        }
        return walk.traps.map { trap in
            let message: String
            if let to = trap.to {
                message = "\(trap.keys) from \(said(trap.node)) takes keyboard focus back to \(said(to)), reached before: the page keeps focus in a loop and the rest of it is never reached by \(trap.keys)."
            } else {
                message = "\(trap.keys) does not take keyboard focus away from \(said(trap.node)): the page keeps focus there, and a keyboard user cannot leave it."
            }
            return Finding(.keyboardTrap, elements: [trap.node] + (trap.to.map { [$0] } ?? []), message: message)
        }
    }
}
