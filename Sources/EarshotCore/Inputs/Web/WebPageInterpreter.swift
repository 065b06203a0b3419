/// Makes a screen of a web page's accessibility tree (`WebPageTree`): one node per tree node,
/// each carrying Chromium's facts (`AccessibilityNode.web`) for NVDA's rules, and the traits and
/// kinds the rest of Earshot reads (a link is a link, a heading a header, a text box a text
/// field), so findings, drawings and explore work on pages as on apps.
///
/// Element ids: the DOM `id` when the page gives a node one used once; otherwise the role and
/// its count in document order (`button-2`, `text-5` for a run of text), the same for every load
/// of the page (the browser's own node ids are not: they follow the order its tasks ran in). While
/// a page changes, a node keeps its id (`ids`, by the browser's node id) and a new node takes the
/// next count, so focus can follow a node and a scenario can name it.
public enum WebPageInterpreter {
    ///
    /// A tree nested deeper than `WebPageLimits.maximumDepth` is refused before anything walks it
    /// (a saved tree that deep is refused at its line when it is read), so the walks below, and
    /// every walk of the screen, may recurse.
    public static func screen(from tree: WebPageTree, defaultName: String, ids given: [String: String]? = nil) throws -> Screen {
        guard !tree.nodes.isEmpty else {
            throw DataFileError("the page's tree has no nodes: a page has at least its document", at: SourceLocation(file: defaultName, line: 1, column: 1))
        }
        switch WebPageLimits.shapeProblem(of: tree) {
        case .tooDeep(let index):
            let node = tree.nodes[index]
            throw WebPageDepthError(page: tree.url.isEmpty ? defaultName : tree.url,
                                    node: node.role + (node.name.map { " \"\($0.prefix(40))\"" } ?? ""))
        case .reachedTwice(let index):
            throw DataFileError("node \"\(tree.nodes[index].id)\" is reached twice: the tree has a cycle", at: SourceLocation(file: defaultName, line: 1, column: 1))
        case nil:
            break
        }
        let byID = Dictionary(tree.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let elementIDs = given ?? elementIDs(of: tree)
        let positions = WebSetPositions.positions(in: tree)
        let tables = WebTableGrid.grid(in: tree, elementIDs: elementIDs)
        let byDOMID = Dictionary(tree.nodes.compactMap { node in node.domID.map { ($0, node) } }, uniquingKeysWith: { first, _ in first })
        var visited: Set<String> = []
        func build(_ node: WebPageTree.Node, inheritedLive: WebLivePoliteness?, withinStop: Bool,
                   parentEditable: Bool = false) throws -> AccessibilityNode {
            guard visited.insert(node.id).inserted else {
                throw DataFileError("node \"\(node.id)\" is reached twice: the tree has a cycle", at: SourceLocation(file: defaultName, line: 1, column: 1))
            }
            var web = WebElement(role: node.webRole, name: nonEmpty(node.name), description: nonEmpty(node.description),
                                 value: nonEmpty(node.value), properties: node.properties, tag: node.tag)
            // Chromium says `live` on a region's root; the nodes inside get the region's as
            // `containerLive` (IAccessible2's name for it), so the root stays known.
            if let inheritedLive { web.properties["containerLive"] = .text(inheritedLive.rawValue) }
            if web.properties["posinset"] == nil, let position = positions.places[node.id] {
                web.properties["posinset"] = .number(Double(position.index))
                web.properties["setsize"] = .number(Double(position.count))
            }
            if positions.outOfTabOrder.contains(node.id) { web.properties["outOfTabOrder"] = .bool(true) }
            web.errorMessage = errorMessage(of: node, byDOMID: byDOMID, byID: byID)
            web.cover = node.cover.map { cover in
                WebCover(elementID: cover.node.flatMap { elementIDs[$0] }, selector: cover.element, whole: cover.whole, edge: cover.edge)
            }
            if node.id == tree.nodes[0].id {
                web.coversTested = tree.coversTested
                web.axe = axeStatus(tree.axe, elementIDs: elementIDs)
                web.keyboard = tree.keyboard?.renamed { elementIDs[$0] }
                web.reflow = tree.reflow?.renamed { elementIDs[$0] }
                web.textSpacing = tree.textSpacing?.renamed { elementIDs[$0] }
            }
            web.tableSize = tables.sizes[node.id]
            web.tableCell = tables.cells[node.id]
            // A focusable element the page made editable (`contenteditable`) that is no text
            // field: an editable region, read as one field whose text is what it holds
            // (docs/web.md, section b: Tab stops at it, E finds it).
            let editable = web.properties["editable"] != nil
            let editableRoot = editable && !parentEditable && web.isFocusable && !web.role.isTextEntry && !web.role.isText
            if editableRoot {
                web.properties["editableRoot"] = .bool(true)
                if web.value == nil { web.value = heldText(of: node, byID: byID) }
            }
            // The text inside a control or a heading is its name, not a stop of its own.
            let alone = !withinStop && (web.role.isItem || editableRoot)
            let children = try node.children.compactMap { byID[$0] }.map {
                try build($0, inheritedLive: web.live ?? web.containerLive, withinStop: withinStop || alone, parentEditable: editable)
            }
            let (kind, traits) = appearance(of: web)
            let isText = web.isText
            return AccessibilityNode(
                id: elementIDs[node.id]!, kind: kind, text: isText ? web.name : nil, label: isText ? nil : web.name,
                value: web.value, hint: web.description, traits: traits,
                isAccessibilityElement: alone, frame: node.box, children: children,
                language: nonEmpty(node.language), web: web)
        }
        let root = try build(tree.nodes[0], inheritedLive: nil, withinStop: false)
        let name = tree.title.isEmpty ? defaultName : tree.title
        return try Screen(name: name, language: nonEmpty(tree.language), reader: nil, roots: [root])
    }

    /// The text an element holds: its runs of text in order, one space between words; nil when
    /// it holds none.
    static func heldText(of node: WebPageTree.Node, byID: [String: WebPageTree.Node]) -> String? {
        var runs: [String] = []
        func walk(_ node: WebPageTree.Node, depth: Int) {
            if node.webRole.isText, let name = node.name { runs.append(name) }
            guard depth < WebPageLimits.maximumDepth else { return }
            for child in node.children.compactMap({ byID[$0] }) { walk(child, depth: depth + 1) }
        }
        walk(node, depth: 0)
        let words = runs.joined(separator: " ").split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The page's axe run with its elements named by the screen's element ids, as every check
    /// reads elements (a node axe named that the screen has no element for keeps its selector).
    static func axeStatus(_ status: AxeStatus?, elementIDs: [String: String]) -> AxeStatus? {
        guard case .ran(var run) = status else { return status }
        for index in run.results.indices {
            for place in run.results[index].nodes.indices {
                run.results[index].nodes[place].node = run.results[index].nodes[place].node.flatMap { elementIDs[$0] }
            }
        }
        return .ran(run)
    }

    /// The text of the elements an invalid field's `aria-errormessage` names (Chromium's
    /// `errormessage` relation, its ids separated by spaces), each element's name or else the
    /// text inside it, in the order named; nil when it names none that has text. Chromium gives
    /// the relation only while the field is invalid (seen in `Accessibility.getFullAXTree`: gone
    /// with `aria-invalid="false"`), as ARIA asks.
    static func errorMessage(of node: WebPageTree.Node, byDOMID: [String: WebPageTree.Node],
                             byID: [String: WebPageTree.Node]) -> String? {
        guard case .text(let ids)? = node.properties["errormessage"] else { return nil }
        func text(of node: WebPageTree.Node, depth: Int) -> String {
            if let name = nonEmpty(node.name), node.webRole.isText || depth == 0 { return name }
            guard depth < WebPageLimits.maximumDepth else { return "" }
            return node.children.compactMap { byID[$0] }.map { text(of: $0, depth: depth + 1) }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        let texts = ids.split(separator: " ").compactMap { byDOMID[String($0)] }.map { text(of: $0, depth: 0) }
        // The page's texts keep their spaces ("with ", "@", " in it"): one space between words.
        let words = texts.joined(separator: " ").split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Earshot's element id of each of the tree's nodes, by the browser's node id; `previous`
    /// (an earlier tree's) are kept for the nodes still there, and never given to another.
    public static func elementIDs(of tree: WebPageTree, keeping previous: [String: String] = [:]) -> [String: String] {
        var domCounts: [String: Int] = [:]
        for node in tree.nodes { if let dom = node.domID, !dom.isEmpty { domCounts[dom, default: 0] += 1 } }
        let unique = Set(domCounts.filter { $0.value == 1 }.keys)
        var ids: [String: String] = [:]
        var taken = unique.union(previous.values)
        var counts: [String: Int] = [:]
        for node in tree.nodes {
            if let dom = node.domID, unique.contains(dom) {
                ids[node.id] = dom
                continue
            }
            if let kept = previous[node.id], !unique.contains(kept) {
                ids[node.id] = kept
                continue
            }
            let stem = node.webRole.isText ? "text" : node.webRole.isDocument ? "document" : node.role.lowercased()
            var candidate: String
            repeat {
                counts[stem, default: 0] += 1
                candidate = "\(stem)-\(counts[stem]!)"
            } while taken.contains(candidate)
            taken.insert(candidate)
            ids[node.id] = candidate
        }
        return ids
    }

    /// The kind and traits the rest of Earshot reads for a web role.
    static func appearance(of web: WebElement) -> (ElementKind, AccessibilityTraits) {
        var traits: AccessibilityTraits
        let kind: ElementKind
        let role = web.role
        if role.isText {
            kind = .label; traits = .staticText
        } else if role == .heading {
            kind = .label; traits = .header
        } else if role == .link {
            kind = .view; traits = .link
        } else if role.isPressable {
            kind = .button; traits = .button
        } else if role.isTextEntry {
            kind = .textField; traits = role == .searchBox ? .searchField : .textField
        } else if role == .slider {
            kind = .slider; traits = .adjustable
        } else if role.isImage {
            kind = .image; traits = .image
        } else {
            kind = .view; traits = []
        }
        if web.flag("disabled") { traits.insert(.notEnabled) }
        if web.flag("selected") || web.checked == .checked || web.pressed == .checked { traits.insert(.selected) }
        return (kind, traits)
    }
}
