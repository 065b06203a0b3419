/// Reads `idb ui describe-all` JSON: an array of elements in tree order (flat, the default), or
/// one root with `children` (`--nested`); each with `AXLabel`, `AXValue`, `AXUniqueId`, `frame`
/// (or the `AXFrame` string), `type` (the AX role without `AX`: `Button`, `StaticText`,
/// `Heading`, `Group`), `role`, `subrole` (`Switch`, `SearchField`, `SecureTextField`,
/// `TabButton`), `help` (the hint), `enabled`, `custom_actions` and, since 2026, `traits`.
///
/// No real capture of this format is public under a usable licence: the fields follow idb's
/// source (`FBSimulatorAccessibilityCommands`, `FBAccessibilityKeys`) and its documentation's
/// example (fbidb.io, Accessibility).
///
/// A flat list has no parents: containers (groups, scroll areas, tab groups) are given back
/// the elements that follow them inside their frame, so a tab bar's tabs still count "n of m".
enum IdbJSONParser {
    /// Keys only idb writes.
    static let markerKeys: Set<String> = ["AXLabel", "AXUniqueId", "AXFrame", "AXValue", "role_description"]

    /// Whether a parsed document looks like idb output: an array of such objects, or one.
    static func recognises(_ root: JSONNode) -> Bool {
        let first: JSONNode?
        switch root.value {
        case .array(let items): first = items.first
        case .object: first = root
        default: first = nil
        }
        guard let first, let members = try? first.dumpMembers("an object") else { return false }
        return !markerKeys.isDisjoint(with: members.keys)
    }

    /// idb roles that group other elements rather than being read.
    static let containerTypes: Set<String> = ["Application", "Group", "ScrollArea", "TabGroup", "WebArea", "Grid", "Sheet", "Splitter"]
    /// idb roles in the page-source vocabulary the interpreter speaks.
    static let typeNames: [String: String] = [
        "Group": "Other", "ScrollArea": "ScrollView", "TabGroup": "TabBar", "WebArea": "WebView",
        "Grid": "CollectionView", "TextArea": "TextView", "CheckBox": "Switch", "RadioButton": "Button",
        "PopUpButton": "Button", "GenericElement": "Other", "TabButton": "Button",
    ]

    static func read(_ root: JSONNode) throws -> Dump {
        var sawTraits = false
        func node(_ json: JSONNode, depth: Int) throws -> DumpNode {
            guard depth < DumpLimits.maximumDepth else { throw DumpLimits.tooDeep(at: json.location) }
            let fields = try json.dumpMembers("an idb element object")
            let role = try fields["type"]?.looseString() ?? (try fields["role"]?.looseString()).map { $0.hasPrefix("AX") ? String($0.dropFirst(2)) : $0 }
            guard let role else { throw DataFileError("an element without \"type\" or \"role\"", at: json.location) }
            var type = typeNames[role] ?? role
            let subrole = try fields["subrole"]?.looseString()
            if let subrole, ["Switch", "SearchField", "SecureTextField"].contains(subrole) { type = subrole }
            var traits = try fields["traits"]?.looseNames()
            if traits == ["None"] { traits = [] }
            if subrole == "TabButton" { traits = (traits ?? []) + ["TabButton"] }
            sawTraits = sawTraits || fields["traits"].map { !$0.isNull } == true
            var frame = try fields["frame"]?.dumpRect()
            if frame == nil, let text = try fields["AXFrame"]?.looseString() { frame = Frame(rectString: text) }
            var result = DumpNode(
                type: type, identifier: nonEmpty(try fields["AXUniqueId"]?.looseString()),
                label: try fields["AXLabel"]?.looseString(), value: try fields["AXValue"]?.looseString(),
                placeholder: try fields["placeholder"]?.looseString(), hint: try fields["help"]?.looseString(),
                isEnabled: try fields["enabled"]?.looseBool(), isVisible: nil,
                isAccessible: containerTypes.contains(role) ? false : true, traits: traits,
                customActions: try fields["custom_actions"]?.looseNames() ?? [], frame: frame, location: json.location
            )
            if let hidden = try fields["hidden"]?.looseBool() { result.isVisible = !hidden }
            if let children = fields["children"], !children.isNull {
                result.children = try children.arrayItems().map { try node($0, depth: depth + 1) }
            }
            return result
        }
        let items: [JSONNode]
        switch root.value {
        case .array(let list): items = list
        default: items = [root]
        }
        var nodes = try items.map { try node($0, depth: 0) }
        if nodes.allSatisfy(\.children.isEmpty) { nodes = nestByFrame(nodes) }
        var notes: [String] = []
        if !sawTraits { notes.append("traits (no traits: idb before 2026; they come from the element roles)") }
        return Dump(format: .idbJSON, roots: nodes, limitations: notes, formatName: "idb output")
    }

    /// Rebuilds containment for a flat, tree-ordered list: each element goes into the nearest
    /// open container that comes before it and whose frame holds its centre.
    static func nestByFrame(_ flat: [DumpNode]) -> [DumpNode] {
        var roots: [DumpNode] = []
        var open: [DumpNode] = []
        func close() {
            let finished = open.removeLast()
            if open.isEmpty { roots.append(finished) } else { open[open.count - 1].children.append(finished) }
        }
        for node in flat {
            while let container = open.last, !holds(container, node) { close() }
            if node.isAccessible == false, node.frame != nil {
                open.append(node)
            } else if open.isEmpty {
                roots.append(node)
            } else {
                open[open.count - 1].children.append(node)
            }
        }
        while !open.isEmpty { close() }
        return roots
    }

    private static func holds(_ container: DumpNode, _ node: DumpNode) -> Bool {
        guard let outer = container.frame else { return false }
        guard let inner = node.frame else { return true }
        return outer.contains(x: inner.x + inner.width / 2, y: inner.y + inner.height / 2)
    }
}
