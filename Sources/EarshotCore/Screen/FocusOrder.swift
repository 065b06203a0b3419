/// The ordered focus stops of a screen: what VoiceOver visits when the user swipes right.
///
/// Rules (SEMANTICS §1–2): out-of-reach nodes (hidden, alpha below 0.01, `elementsHidden`) and
/// their subtrees are skipped; an element is a leaf; an explicit `accessibilityElements` order is
/// kept as written; of modal siblings only the last is reachable; otherwise items are sorted by
/// frame origin (8-point row rule, right-to-left aware); groups are placed by their first child
/// and kept together. Plain containers are flattened into their parent's sort.
///
/// Building is linear in the number of nodes plus the sorts; the only quadratic step is the
/// MergedFocus containment check, which stays inside one container.
public struct FocusOrder: Sendable {
    public let stops: [FocusStop]
    /// For every element id inside a stop (the stop's own id and its merged descendants), the
    /// index of that stop.
    private let stopIndexByElement: [String: Int]
    private let stopIndexByID: [String: Int]

    /// Origins whose y differ by less than this are in the same row and ordered by x.
    public static let rowTolerance = 8.0

    public init(screen: Screen) {
        var builder = Builder(direction: screen.layoutDirection)
        let context = Builder.Context(frame: .zero, language: screen.language)
        let items = builder.items(ofChildren: screen.roots, explicitOrder: nil, in: nil, context: context)
        var stops: [FocusStop] = []
        var covered: [String: Int] = [:]
        Builder.flatten(builder.sorted(items), groupIDs: [], into: &stops, coverage: &covered,
                        coverageByStop: builder.coverage)
        self.stops = stops
        self.stopIndexByElement = covered
        var byID: [String: Int] = [:]
        for (index, stop) in stops.enumerated() { byID[stop.id] = index }
        self.stopIndexByID = byID
    }

    public var count: Int { stops.count }

    /// Index of the stop whose element has this id.
    public func index(ofStop id: String) -> Int? { stopIndexByID[id] }

    /// Index of the stop that presents this element: the element itself, or the merged or
    /// combined container it was folded into.
    public func index(presenting elementID: String) -> Int? { stopIndexByElement[elementID] }
}

/// One sortable entry: a stop, or a group that keeps its stops together.
private indirect enum OrderItem {
    case stop(FocusStop)
    case group(id: String, items: [OrderItem], isTabBar: Bool)

    /// The frame the item is sorted by: a group is placed by its first child.
    var placement: Frame? {
        switch self {
        case .stop(let stop): stop.frame
        case .group(_, let items, _): items.first?.placement
        }
    }
}

private struct Builder {
    struct Context {
        var frame: Frame
        var language: String?
    }

    let direction: LayoutDirection
    /// Element ids folded into each stop, by stop id.
    var coverage: [String: [String]] = [:]

    init(direction: LayoutDirection) { self.direction = direction }

    /// Items for a list of sibling nodes: the explicit order's nodes, or the children with the
    /// modal rule applied. Not yet sorted.
    mutating func items(ofChildren children: [AccessibilityNode], explicitOrder: [String]?,
                        in container: AccessibilityNode?, context: Context) -> [OrderItem] {
        var siblings: [(node: AccessibilityNode, context: Context)]
        if let explicitOrder, let container {
            siblings = Self.descendants(of: container, named: explicitOrder, context: context)
        } else {
            siblings = children.filter { !$0.isOutOfReach }.map { ($0, context) }
        }
        if let lastModal = siblings.lastIndex(where: { $0.node.isModal }) {
            siblings = [siblings[lastModal]]
        }
        var result: [OrderItem] = []
        for (node, context) in siblings {
            result += items(of: node, context: context)
        }
        return result
    }

    mutating func items(of node: AccessibilityNode, context parent: Context) -> [OrderItem] {
        guard !node.isOutOfReach else { return [] }
        let context = Context(frame: node.frame ?? parent.frame, language: node.language ?? parent.language)
        if node.isElement {
            return [.stop(makeStop(node, context: context))]
        }
        let inner = items(ofChildren: node.children, explicitOrder: node.accessibilityElements, in: node,
                          context: context)
        if node.accessibilityElements != nil {
            return [.group(id: node.id, items: inner, isTabBar: node.traits.contains(.tabBar) || node.kind == .tabBar)]
        }
        if node.grouping == .contain || node.kind == .tabBar || node.traits.contains(.tabBar) {
            return [.group(id: node.id, items: sorted(inner), isTabBar: node.kind == .tabBar || node.traits.contains(.tabBar))]
        }
        return inner
    }

    /// The listed descendants in list order, each with the context its own ancestors give it.
    /// Ids that are not reachable descendants (hidden on the way, or removed) are skipped.
    static func descendants(of container: AccessibilityNode, named ids: [String],
                            context: Context) -> [(node: AccessibilityNode, context: Context)] {
        let wanted = Set(ids)
        var found: [String: (node: AccessibilityNode, context: Context)] = [:]
        func walk(_ node: AccessibilityNode, _ context: Context) {
            for child in node.children where !child.isOutOfReach {
                if wanted.contains(child.id) { found[child.id] = (child, context) }
                let inner = Context(frame: child.frame ?? context.frame, language: child.language ?? context.language)
                walk(child, inner)
            }
        }
        walk(container, context)
        return ids.compactMap { found[$0] }
    }

    /// Sorts items by placement: rows top to bottom (origins 8 points or more apart in y), then
    /// by x in the layout direction; equal places keep file order.
    func sorted(_ items: [OrderItem]) -> [OrderItem] {
        let keyed = items.enumerated().map { (index: $0.offset, frame: $0.element.placement ?? .zero) }
        let rightToLeft = direction == .rtl
        let order = keyed.sorted { a, b in
            if abs(a.frame.y - b.frame.y) >= FocusOrder.rowTolerance { return a.frame.y < b.frame.y }
            if a.frame.x != b.frame.x { return rightToLeft ? a.frame.x > b.frame.x : a.frame.x < b.frame.x }
            return a.index < b.index
        }
        return order.map { items[$0.index] }
    }

    static func flatten(_ items: [OrderItem], groupIDs: [String], into stops: inout [FocusStop],
                        coverage: inout [String: Int], coverageByStop: [String: [String]]) {
        for item in items {
            switch item {
            case .stop(var stop):
                stop.groupIDs = groupIDs
                let index = stops.count
                for id in coverageByStop[stop.id] ?? [stop.id] where coverage[id] == nil {
                    coverage[id] = index
                }
                stops.append(stop)
            case .group(let id, let inner, let isTabBar):
                let first = stops.count
                flatten(inner, groupIDs: groupIDs + [id], into: &stops, coverage: &coverage,
                        coverageByStop: coverageByStop)
                if isTabBar {
                    let count = stops.count - first
                    for index in first..<stops.count {
                        stops[index].traits.insert(.tab)
                        stops[index].tabPosition = TabPosition(index: index - first + 1, count: count)
                    }
                }
            }
        }
    }

    // MARK: - Stops

    mutating func makeStop(_ node: AccessibilityNode, context: Context) -> FocusStop {
        var stop: FocusStop
        switch node.grouping {
        case .merged:
            stop = mergedStop(node, context: context)
        case .combine:
            stop = combinedStop(node, context: context)
        case .ignore, .contain:
            stop = plainStop(node, context: context)
        case nil:
            stop = node.kind == .cell ? combinedStop(node, context: context) : plainStop(node, context: context)
        }
        if !node.children.isEmpty {
            var ids: [String] = []
            Self.collectIDs(node, into: &ids)
            coverage[node.id] = ids
        }
        return stop
    }

    static func collectIDs(_ node: AccessibilityNode, into ids: inout [String]) {
        ids.append(node.id)
        for child in node.children { collectIDs(child, into: &ids) }
    }

    /// An element read from its own properties only (UIKit leaf, SwiftUI `.ignore`).
    func plainStop(_ node: AccessibilityNode, context: Context) -> FocusStop {
        let ownLabel = nonEmpty(node.attributedLabel) ?? nonEmpty(node.label)
        let label = ownLabel ?? nonEmpty(node.kind.textIsValue ? node.placeholder : node.text)
        var value = node.adjustable?.current ?? nonEmpty(node.value)
        if value == nil, node.kind.textIsValue, node.kind != .secureTextField { value = nonEmpty(node.text) }
        var traits = node.kind.defaultTraits.union(node.traits)
        if node.adjustable != nil { traits.insert(.adjustable) }
        let isSwitch = traits.contains(.switch)
        return FocusStop(
            id: node.id, kind: node.kind, label: label, value: value, hint: nonEmpty(node.hint), traits: traits,
            frame: context.frame, customActions: node.customActions, isOn: isSwitch ? (node.isOn ?? false) : nil,
            adjustable: node.adjustable, language: context.language
        )
    }

    /// The seed's MergedFocus container: collected label, `button`, `selected` when toggled.
    func mergedStop(_ node: AccessibilityNode, context: Context) -> FocusStop {
        var traits = AccessibilityTraits.button.union(node.traits)
        if node.isToggled { traits.insert(.selected) }
        let label = MergedFocus.label(of: node)
        return FocusStop(
            id: node.id, kind: node.kind, label: label.isEmpty ? nil : label, value: nil, hint: nonEmpty(node.hint),
            traits: traits, frame: context.frame, customActions: node.customActions, language: context.language
        )
    }

    /// SwiftUI `.combine` (and table cells): one element whose label and value join the children's
    /// in reading order with ", ", and whose traits are the union of theirs.
    mutating func combinedStop(_ node: AccessibilityNode, context: Context) -> FocusStop {
        var inner = Builder(direction: direction)
        let childItems = inner.sorted(inner.items(ofChildren: node.children, explicitOrder: node.accessibilityElements,
                                                  in: node, context: context))
        var children: [FocusStop] = []
        var ignored: [String: Int] = [:]
        Self.flatten(childItems, groupIDs: [], into: &children, coverage: &ignored, coverageByStop: [:])
        let ownLabel = nonEmpty(node.attributedLabel) ?? nonEmpty(node.label) ?? nonEmpty(node.text)
        let joinedLabels = children.compactMap { nonEmpty($0.label) }.joined(separator: MergedFocus.separator)
        let joinedValues = children.compactMap { nonEmpty($0.value) }.joined(separator: MergedFocus.separator)
        var traits = children.reduce(node.kind.defaultTraits.union(node.traits)) { $0.union($1.traits) }
        let adjustable = node.adjustable ?? children.first { $0.adjustable != nil }?.adjustable
        if adjustable != nil { traits.insert(.adjustable) }
        return FocusStop(
            id: node.id, kind: node.kind, label: ownLabel ?? nonEmpty(joinedLabels),
            value: adjustable?.current ?? nonEmpty(node.value) ?? nonEmpty(joinedValues),
            hint: nonEmpty(node.hint) ?? children.first { $0.hint != nil }?.hint, traits: traits,
            frame: context.frame, customActions: node.customActions + children.flatMap(\.customActions),
            isOn: children.first { $0.isOn != nil }?.isOn, adjustable: adjustable, language: context.language
        )
    }
}
