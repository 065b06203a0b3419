/// A screen as VoiceOver sees it: a tree of nodes with unique ids, changed by id.
///
/// A value type: copies are independent, so a test can keep the screen before a change. The
/// focus stops are derived data (`FocusOrder(screen)`), recomputed after a change.
public struct Screen: Sendable, Equatable {
    /// The screen's title, used in reports.
    public var name: String
    public var layoutDirection: LayoutDirection
    /// Language of the screen's text unless an element says otherwise.
    public var language: String?
    /// The screen reader the screen is read with when a command names none (`"reader"` in a
    /// screen file, written by `earshot import --reader`); nil: its nodes decide
    /// (`ScreenReaders.natural(for:)`).
    public var reader: ScreenReaderName?
    /// Pixels per dp of an Android dump's frames (`--density`), for measuring its touch targets;
    /// nil when not known. Frames of iOS elements and screen files are points and need none.
    /// A reading setting, not part of the screen: equality ignores it.
    public var pixelDensity: Double?
    /// The top-level nodes (children of the window).
    public private(set) var roots: [AccessibilityNode]
    /// Path of child indices from `roots` to each node, kept in step with `roots`.
    private var paths: [String: [Int]]

    /// Builds a screen; ids must be unique across the whole tree.
    public init(name: String, layoutDirection: LayoutDirection = .ltr, language: String? = nil,
                reader: ScreenReaderName? = nil, roots: [AccessibilityNode]) throws {
        self.name = name
        self.layoutDirection = layoutDirection
        self.language = language
        self.reader = reader
        self.roots = roots
        self.paths = [:]
        try rebuildPaths()
    }

    /// Whether the screen was read from an Android dump (its frames are pixels).
    public var isAndroidDump: Bool { roots.contains { $0.android != nil } }

    /// The screen with `density` as its pixels per dp when it is an Android dump's (`--density`);
    /// nil, or any other screen, changes nothing.
    public func withPixelDensity(_ density: Double?) -> Screen {
        guard let density, isAndroidDump else { return self }
        var changed = self
        changed.pixelDensity = density
        return changed
    }

    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        lhs.name == rhs.name && lhs.layoutDirection == rhs.layoutDirection && lhs.language == rhs.language
            && lhs.reader == rhs.reader && lhs.roots == rhs.roots
    }

    /// Number of nodes in the tree.
    public var nodeCount: Int { paths.count }

    public func contains(_ id: String) -> Bool { paths[id] != nil }

    /// The node with this id, with its subtree.
    public func node(_ id: String) -> AccessibilityNode? {
        guard let path = paths[id] else { return nil }
        var node = roots[path[0]]
        for index in path.dropFirst() { node = node.children[index] }
        return node
    }

    /// Id of the node's parent; nil for a top-level node or an unknown id.
    public func parentID(of id: String) -> String? {
        guard let path = paths[id], path.count > 1 else { return nil }
        var node = roots[path[0]]
        for index in path.dropFirst().dropLast() { node = node.children[index] }
        return node.id
    }

    /// Ids from the top-level node down to the node itself.
    public func ancestry(of id: String) -> [String] {
        guard let path = paths[id] else { return [] }
        var node = roots[path[0]]
        var ids = [node.id]
        for index in path.dropFirst() {
            node = node.children[index]
            ids.append(node.id)
        }
        return ids
    }

    // MARK: - Changes by id

    /// Changes one node in place; its id and children must be changed through the other methods.
    public mutating func update(_ id: String, _ change: (inout AccessibilityNode) throws -> Void) throws {
        guard let path = paths[id] else { throw ScreenEditError.unknownElement(id) }
        try Self.modify(&roots, path: path[...]) { node in
            let children = node.children
            try change(&node)
            node.id = id
            node.children = children
        }
    }

    public mutating func setLabel(_ id: String, _ label: String?) throws { try update(id) { $0.label = label } }
    public mutating func setValue(_ id: String, _ value: String?) throws { try update(id) { $0.value = value } }
    public mutating func setHint(_ id: String, _ hint: String?) throws { try update(id) { $0.hint = hint } }
    public mutating func setText(_ id: String, _ text: String?) throws { try update(id) { $0.text = text } }
    public mutating func setTraits(_ id: String, _ traits: AccessibilityTraits) throws { try update(id) { $0.traits = traits } }
    public mutating func addTraits(_ id: String, _ traits: AccessibilityTraits) throws { try update(id) { $0.traits.formUnion(traits) } }
    public mutating func removeTraits(_ id: String, _ traits: AccessibilityTraits) throws { try update(id) { $0.traits.subtract(traits) } }
    public mutating func setHidden(_ id: String, _ hidden: Bool) throws { try update(id) { $0.isHidden = hidden } }
    public mutating func setOn(_ id: String, _ on: Bool) throws { try update(id) { $0.isOn = on } }
    public mutating func setToggled(_ id: String, _ toggled: Bool) throws { try update(id) { $0.isToggled = toggled } }

    /// Inserts a node (with its subtree) as child number `index` of `parent`, or at the top level
    /// when `parent` is nil. `index` nil appends.
    public mutating func insert(_ node: AccessibilityNode, under parent: String?, at index: Int? = nil) throws {
        var seen = Set(paths.keys)
        try Self.checkUnique(node, seen: &seen)
        if let parent {
            guard let path = paths[parent] else { throw ScreenEditError.unknownElement(parent) }
            try Self.modify(&roots, path: path[...]) { container in
                let at = index ?? container.children.count
                guard (0...container.children.count).contains(at) else {
                    throw ScreenEditError.indexOutOfRange(at, parent: parent, count: container.children.count)
                }
                container.children.insert(node, at: at)
            }
        } else {
            let at = index ?? roots.count
            guard (0...roots.count).contains(at) else {
                throw ScreenEditError.indexOutOfRange(at, parent: nil, count: roots.count)
            }
            roots.insert(node, at: at)
        }
        try rebuildPaths()
    }

    /// Removes a node and its subtree; explicit orders that named them forget them.
    public mutating func remove(_ id: String) throws {
        guard let path = paths[id], let removed = node(id) else { throw ScreenEditError.unknownElement(id) }
        if path.count == 1 {
            roots.remove(at: path[0])
        } else {
            Self.modify(&roots, path: path.dropLast()) { $0.children.remove(at: path.last!) }
        }
        var gone = Set<String>()
        Self.collectIDs(removed, into: &gone)
        Self.forget(gone, in: &roots)
        try rebuildPaths()
    }

    // MARK: - Tree plumbing

    private static func modify(_ nodes: inout [AccessibilityNode], path: ArraySlice<Int>,
                               _ body: (inout AccessibilityNode) throws -> Void) rethrows {
        let index = path.first!
        if path.count == 1 {
            try body(&nodes[index])
        } else {
            try modify(&nodes[index].children, path: path.dropFirst(), body)
        }
    }

    private mutating func rebuildPaths() throws {
        var paths: [String: [Int]] = [:]
        func count(_ nodes: [AccessibilityNode]) -> Int {
            nodes.indices.reduce(nodes.count) { $0 + count(nodes[$1].children) }
        }
        paths.reserveCapacity(self.paths.isEmpty ? count(roots) : self.paths.count)
        // By index: a node is not copied to read its id and children.
        func walk(_ nodes: [AccessibilityNode], prefix: [Int]) throws {
            for index in nodes.indices {
                var path = prefix
                path.append(index)
                let id = nodes[index].id
                guard paths.updateValue(path, forKey: id) == nil else {
                    throw ScreenEditError.duplicateID(id)
                }
                try walk(nodes[index].children, prefix: path)
            }
        }
        try walk(roots, prefix: [])
        self.paths = paths
    }

    private static func checkUnique(_ node: AccessibilityNode, seen: inout Set<String>) throws {
        guard seen.insert(node.id).inserted else { throw ScreenEditError.duplicateID(node.id) }
        for child in node.children { try checkUnique(child, seen: &seen) }
    }

    private static func collectIDs(_ node: AccessibilityNode, into ids: inout Set<String>) {
        ids.insert(node.id)
        for child in node.children { collectIDs(child, into: &ids) }
    }

    private static func forget(_ ids: Set<String>, in nodes: inout [AccessibilityNode]) {
        for index in nodes.indices {
            if let order = nodes[index].accessibilityElements, order.contains(where: ids.contains) {
                nodes[index].accessibilityElements = order.filter { !ids.contains($0) }
            }
            forget(ids, in: &nodes[index].children)
        }
    }
}

/// A change to a screen that names an element that is not there, or adds one twice.
public enum ScreenEditError: UserFacingError, Equatable {
    case unknownElement(String)
    case duplicateID(String)
    case indexOutOfRange(Int, parent: String?, count: Int)

    public var category: ErrorCategory { .badData }

    public var description: String {
        switch self {
        case .unknownElement(let id):
            "error: no element with id \"\(id)\" on the screen"
        case .duplicateID(let id):
            "error: an element with id \"\(id)\" is already on the screen"
        case .indexOutOfRange(let index, let parent, let count):
            "error: cannot insert at position \(index) in \(parent.map { "\"\($0)\"" } ?? "the top level"), which has \(count) children (valid: 0 to \(count))"
        }
    }
}
