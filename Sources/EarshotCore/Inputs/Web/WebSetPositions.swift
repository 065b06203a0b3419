/// Each item's place in its set (`posinset`, `setsize`), which Chromium's DevTools tree does not
/// carry although Chromium gives it to NVDA (IAccessible2's group position), so NVDA's focus
/// says "Yes radio button not checked 1 of 2"; and which focusable elements Tab passes by
/// (docs/web.md, "Tab and quick navigation, as played").
///
/// **Earshot's reading** of Chromium's ordered sets (`ui/accessibility/ax_role_properties.cc`,
/// `IsSetLike`; the tree's set-size computation): a radio button with a `name` is counted among
/// the page's radio buttons of that name, as HTML groups them (the form owner is not looked
/// at); any other item in the nearest set-like ancestor whose role holds it
/// (`WebRole.setItemRoles`: a list its list items, a list box its options, a menu or menu bar
/// its menu items, a radio group or a group such as a `<fieldset>` its radio buttons, a tab
/// list its tabs, a tree or a tree item's group its tree items), among that ancestor's items
/// of the same role not inside a nearer set or another item. A page's own `aria-posinset` /
/// `aria-setsize` are not in the DevTools tree, so they cannot win.
///
/// Tab (HTML's sequential focus navigation): an element with a negative `tabindex` is not in
/// the order, and a group of named radio buttons is one stop, its checked button, or its first
/// when none is checked. A positive `tabindex`'s order ahead of the rest is not played.
enum WebSetPositions {
    struct Result {
        /// Position and size by the tree's node id, for every item in a set.
        var places: [String: (index: Int, count: Int)] = [:]
        /// The tree's node ids of focusable elements Tab does not stop at.
        var outOfTabOrder: Set<String> = []
    }

    /// `tree` is one `WebPageInterpreter.screen` has checked (`WebPageLimits.shapeProblem`): at
    /// most `WebPageLimits.maximumDepth` deep, so the walk below may recurse, and each
    /// container looks at its own part of the tree, at most that many times over in all.
    static func positions(in tree: WebPageTree) -> Result {
        let byID = Dictionary(tree.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result = Result()
        // Named radio buttons, by their name, in document order.
        var named: [String: [WebPageTree.Node]] = [:]
        var order: [String] = []
        for node in tree.nodes where node.webRole == .radio {
            guard case .text(let name) = node.properties["domRadioName"] else { continue }
            if named[name] == nil { order.append(name) }
            named[name, default: []].append(node)
        }
        for name in order {
            let group = named[name]!
            for (offset, node) in group.enumerated() { result.places[node.id] = (offset + 1, group.count) }
            let stop = group.first { $0.properties["checked"] == .text("true") } ?? group[0]
            for node in group where node.id != stop.id { result.outOfTabOrder.insert(node.id) }
        }
        for node in tree.nodes {
            if case .number(let index) = node.properties["domTabIndex"], index < 0 { result.outOfTabOrder.insert(node.id) }
        }
        for container in tree.nodes {
            guard let roles = container.webRole.setItemRoles else { continue }
            // The container's items in document order, not looking into a nearer set or an item.
            var items: [String: [String]] = [:]
            var visited: Set<String> = []
            func walk(_ id: String) {
                guard visited.insert(id).inserted, let node = byID[id] else { return }
                if roles.contains(node.webRole) {
                    if result.places[node.id] == nil { items[node.role, default: []].append(node.id) }
                    return
                }
                if node.webRole.setItemRoles?.isDisjoint(with: roles) == false { return }
                node.children.forEach(walk)
            }
            container.children.forEach(walk)
            for ids in items.values {
                for (offset, id) in ids.enumerated() { result.places[id] = (offset + 1, ids.count) }
            }
        }
        return result
    }
}
