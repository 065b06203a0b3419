/// The ordered focus stops of a screen: what a screen reader visits when the user swipes right.
///
/// The standard order below is VoiceOver's (and any reader's that keeps `ScreenReader.stops(of:)`'s
/// default); a reader with rules of its own gives its stops (TalkBack: `TalkBackOrder`).
///
/// Rules (docs/screen-format.md, "Which views get focus, and in what order"): out-of-reach nodes
/// (hidden, alpha below 0.01 as in the seed article's `MergedFocus`, `elementsHidden`) and their
/// subtrees are skipped; an element is a leaf; an explicit `accessibilityElements` order is kept
/// as written; of modal siblings only the last is reachable (UIKit's
/// `accessibilityViewIsModal`); otherwise items are sorted by frame origin (8-point row rule,
/// right-to-left aware); groups are placed by their first child and kept together (the sort and
/// the groups as cashapp/AccessibilitySnapshot's `AccessibilityHierarchyParser.swift` does them).
/// Plain containers are flattened into their parent's sort. A scroll view is a group whose stops
/// keep file order (the order a table or collection view reports, which holds for content
/// scrolled out of sight, where frames in a dump can be stale) and which is placed where its
/// first stop inside its own frame is, clipped to that frame: VoiceOver meets a scroll view where
/// its visible content starts, then scrolls to reach the rest.
///
/// Building is linear in the number of nodes plus the sorts; the only quadratic step is the
/// MergedFocus containment check, which stays inside one container.
public struct FocusOrder: Sendable {
    public let stops: [FocusStop]
    private let stopIndexByID: [String: Int]
    /// The screen the stops were built from, to find the stop an element was folded into.
    private let screen: Screen

    /// Origins whose y differ by less than this are in the same row and ordered by x.
    public static let rowTolerance = 8.0

    /// The standard stops (VoiceOver's): the rules above.
    public init(screen: Screen) {
        self.init(stops: Self.standardStops(of: screen), screen: screen)
    }

    /// The standard stops of `screen` in order (the rules above; `ScreenReader.stops(of:)`'s default).
    public static func standardStops(of screen: Screen) -> [FocusStop] {
        var builder = Builder(direction: screen.layoutDirection)
        let context = Builder.Context(frame: .zero, language: screen.language)
        var items: [OrderItem] = []
        builder.appendItems(ofChildren: screen.roots, explicitOrder: nil, in: nil, context: context, into: &items)
        return builder.flatten(builder.sorted(items))
    }

    /// The stops of the reader `generator` describes for.
    public init(screen: Screen, for generator: DescriptionGenerator) {
        self.init(screen: screen, reader: generator.reader)
    }

    /// The stops `reader` takes on the screen.
    public init(screen: Screen, reader: any ScreenReader) {
        self.init(stops: reader.stops(of: screen), screen: screen)
    }

    private init(stops: [FocusStop], screen: Screen) {
        self.stops = stops
        self.screen = screen
        var byID: [String: Int] = [:]
        byID.reserveCapacity(stops.count)
        for index in stops.indices { byID[stops[index].id] = index }
        self.stopIndexByID = byID
    }

    public var count: Int { stops.count }

    /// Index of the stop whose element has this id.
    public func index(ofStop id: String) -> Int? { stopIndexByID[id] }

    /// Index of the stop that presents this element: the element itself, or the merged or
    /// combined container it was folded into (an element is a leaf, so at most one of an
    /// element's ancestors has a stop).
    public func index(presenting elementID: String) -> Int? {
        for id in screen.ancestry(of: elementID) {
            if let index = stopIndexByID[id] { return index }
        }
        return nil
    }
}

/// One sortable entry: a stop (by its index among the builder's pending stops, with its frame),
/// or a group that keeps its stops together. Small, so sorting moves no stop data.
private enum OrderItem {
    case stop(index: Int, frame: Frame)
    /// `viewport` is a scroll view's own frame.
    case group(id: String, items: [OrderItem], isTabBar: Bool, viewport: Frame?)

    /// The frame the item is sorted by: a group is placed by its first child, a scroll view by
    /// its first child that shows inside it (clipped to it), or by itself when none does.
    var placement: Frame? {
        switch self {
        case .stop(_, let frame): return frame
        case .group(_, let items, _, nil): return items.first?.placement
        case .group(_, let items, _, let viewport?):
            for item in items {
                if let frame = item.placement, let visible = frame.intersection(viewport) { return visible }
            }
            return viewport
        }
    }
}

private struct Builder {
    struct Context {
        var frame: Frame
        var language: String?
    }

    let direction: LayoutDirection
    /// Stops in the order they were made; `OrderItem.stop` points here.
    var pending: [FocusStop] = []

    /// Appends the items of a list of sibling nodes: the explicit order's nodes, or the children
    /// with the modal rule applied. Not yet sorted.
    mutating func appendItems(ofChildren children: [AccessibilityNode], explicitOrder: [String]?,
                              in container: AccessibilityNode?, context: Context, into items: inout [OrderItem]) {
        if let explicitOrder, let container {
            var siblings = Self.descendants(of: container, named: explicitOrder, context: context)
            if let lastModal = siblings.lastIndex(where: { $0.node.isModal }) {
                siblings = [siblings[lastModal]]
            }
            for (node, context) in siblings { appendItems(of: node, context: context, into: &items) }
            return
        }
        if let lastModal = children.lastIndex(where: { $0.isModal && !$0.isOutOfReach }) {
            appendItems(of: children[lastModal], context: context, into: &items)
            return
        }
        for index in children.indices {
            appendItems(of: children[index], context: context, into: &items)
        }
    }

    mutating func appendItems(of node: AccessibilityNode, context parent: Context, into items: inout [OrderItem]) {
        guard !node.isOutOfReach else { return }
        let context = Context(frame: node.frame ?? parent.frame, language: node.language ?? parent.language)
        if node.isElement {
            items.append(.stop(index: pending.count, frame: context.frame))
            pending.append(makeStop(node, context: context))
            return
        }
        let isTabBar = node.kind == .tabBar || node.traits.contains(.tabBar)
        let isScrollView = node.kind == .scrollView
        let isGroup = node.accessibilityElements != nil || node.grouping == .contain || isTabBar || isScrollView
        guard isGroup else {
            // A plain container: its children join the parent's sort.
            appendItems(ofChildren: node.children, explicitOrder: nil, in: node, context: context, into: &items)
            return
        }
        var inner: [OrderItem] = []
        appendItems(ofChildren: node.children, explicitOrder: node.accessibilityElements, in: node, context: context,
                    into: &inner)
        let ordered = node.accessibilityElements != nil || isScrollView ? inner : sorted(inner)
        items.append(.group(id: node.id, items: ordered, isTabBar: isTabBar, viewport: isScrollView ? context.frame : nil))
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

    /// The pending stops in the items' order, with their groups and tab positions filled in.
    func flatten(_ items: [OrderItem]) -> [FocusStop] {
        var stops: [FocusStop] = []
        stops.reserveCapacity(pending.count)
        flatten(items, groupIDs: [], into: &stops)
        return stops
    }

    private func flatten(_ items: [OrderItem], groupIDs: [String], into stops: inout [FocusStop]) {
        for item in items {
            switch item {
            case .stop(let index, _):
                stops.append(pending[index])
                if !groupIDs.isEmpty { stops[stops.count - 1].groupIDs = groupIDs }
            case .group(let id, let inner, let isTabBar, _):
                let first = stops.count
                flatten(inner, groupIDs: groupIDs + [id], into: &stops)
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
        switch node.grouping {
        case .merged: mergedStop(node, context: context)
        case .combine: combinedStop(node, context: context)
        case .ignore, .contain: plainStop(node, context: context)
        case nil: node.kind == .cell ? combinedStop(node, context: context) : plainStop(node, context: context)
        }
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
            adjustable: node.adjustable, language: context.language, speech: node.speech
        )
    }

    /// The seed's MergedFocus container: collected label, `button`, `selected` when toggled.
    func mergedStop(_ node: AccessibilityNode, context: Context) -> FocusStop {
        var traits = AccessibilityTraits.button.union(node.traits)
        if node.isToggled { traits.insert(.selected) }
        let label = MergedFocus.label(of: node)
        return FocusStop(
            id: node.id, kind: node.kind, label: label.isEmpty ? nil : label, value: nil, hint: nonEmpty(node.hint),
            traits: traits, frame: context.frame, customActions: node.customActions, language: context.language,
            speech: node.speech
        )
    }

    /// SwiftUI `.combine` (and table cells): one element whose label and value join the children's
    /// in reading order with ", ", and whose traits are the union of theirs.
    mutating func combinedStop(_ node: AccessibilityNode, context: Context) -> FocusStop {
        var inner = Builder(direction: direction)
        var childItems: [OrderItem] = []
        inner.appendItems(ofChildren: node.children, explicitOrder: node.accessibilityElements, in: node,
                          context: context, into: &childItems)
        let children = inner.flatten(node.accessibilityElements != nil ? childItems : inner.sorted(childItems))
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
            isOn: children.first { $0.isOn != nil }?.isOn, adjustable: adjustable, language: context.language,
            speech: node.speech
        )
    }
}
