/// A change the app makes to the shown screen, addressed by element id.
public enum ScreenEdit: Sendable, Equatable {
    case change(id: String, ElementChange)
    /// Inserts `element` as child number `index` of `parent` (nil: the top level; index nil: last).
    case insert(AccessibilityNode, parent: String?, index: Int?)
    case remove(id: String)

    /// The edit in a few words: `change post-102`, `insert post-104`, `remove banner`.
    public var summary: String {
        switch self {
        case .change(let id, _): "change \(id)"
        case .insert(let node, _, _): "insert \(node.id)"
        case .remove(let id): "remove \(id)"
        }
    }

    /// Applies the edit; unknown ids throw `ScreenEditError`.
    public func apply(to screen: inout Screen) throws {
        switch self {
        case .change(let id, let change): try screen.update(id) { change.apply(to: &$0) }
        case .insert(let node, let parent, let index): try screen.insert(node, under: parent, at: index)
        case .remove(let id): try screen.remove(id)
        }
    }

    /// Ids this edit needs on the screen before it runs.
    public var referencedIDs: [String] {
        switch self {
        case .change(let id, _): [id]
        case .insert(_, let parent, _): parent.map { [$0] } ?? []
        case .remove(let id): [id]
        }
    }
}

/// New property values for one element; nil leaves a property as it is, `.some(nil)` clears it.
public struct ElementChange: Sendable, Equatable {
    public var label: String??
    public var value: String??
    public var hint: String??
    public var text: String??
    public var traits: AccessibilityTraits?
    public var addTraits: AccessibilityTraits = []
    public var removeTraits: AccessibilityTraits = []
    public var hidden: Bool?
    public var on: Bool?
    public var toggled: Bool?
    public var adjustableIndex: Int?

    public init() {}

    public func apply(to node: inout AccessibilityNode) {
        if let label { node.label = label }
        if let value { node.value = value }
        if let hint { node.hint = hint }
        if let text { node.text = text }
        if let traits { node.traits = traits }
        node.traits.formUnion(addTraits)
        node.traits.subtract(removeTraits)
        if let hidden { node.isHidden = hidden }
        if let on { node.isOn = on }
        if let toggled { node.isToggled = toggled }
        if let adjustableIndex, var adjustable = node.adjustable {
            adjustable.index = min(max(0, adjustableIndex), adjustable.values.count - 1)
            node.adjustable = adjustable
        }
    }
}
