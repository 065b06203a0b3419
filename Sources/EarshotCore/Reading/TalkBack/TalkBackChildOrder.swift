/// The order in which TalkBack walks a node's children (`ReorderedChildrenIterator`, with the
/// bounds of `NodeCachedBoundsCalculator`; docs/talkback.md, "Traversal order"): the tree's order,
/// except that a child TalkBack would not focus is measured by the box around its focusable
/// descendants (within its own bounds), and such a child moves after the siblings that follow
/// it while that box puts it below or right of them and its own bounds did not.
///
/// So a container that spans the screen but whose only stops are at its bottom (a scrolling
/// list under a top bar the app drew over it, later in the tree) is read after the top bar, as
/// on a device. Both the stops' order and a stop's children's description follow it.
extension TalkBackOrder {
    /// Calls `body` with each child of the node at `index` (the child where it lies, and its
    /// place in the tree's order), in TalkBack's order. `insideStop`: whether the node or an
    /// ancestor is a stop, for which children TalkBack would focus.
    static func forEachChild(of node: UnsafePointer<AccessibilityNode>, at index: Int, insideStop: Bool,
                             facts: Facts, _ body: (UnsafePointer<AccessibilityNode>, Int) -> Void) {
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            if children.count == 1 {
                body(first, index + 1)
                return
            }
            var indices: [Int] = []
            indices.reserveCapacity(children.count)
            var childIndex = index + 1
            for _ in children.indices {
                indices.append(childIndex)
                childIndex += facts.size[childIndex]
            }
            for offset in reordered(indices, parent: index, insideStop: insideStop, facts: facts) {
                body(first + offset, indices[offset])
            }
        }
    }

    /// The children's offsets in TalkBack's order (`ReorderedChildrenIterator.reorder`): from the
    /// last but one back to the first, a child measured by its descendants' box moves right past
    /// each sibling `needsSwap` says it follows.
    private static func reordered(_ indices: [Int], parent: Int, insideStop: Bool, facts: Facts) -> [Int] {
        let bounds = indices.map { usefulBounds(at: $0, parent: parent, insideStop: insideStop, facts: facts) }
        func usesChildrenBounds(_ offset: Int) -> Bool {
            guard let useful = bounds[offset] else { return false }
            return useful != (facts.frame[indices[offset]] ?? .zero)
        }
        var order = Array(indices.indices)
        guard order.contains(where: usesChildrenBounds) else { return order }
        var current = order.count - 2
        while current >= 0 {
            let moving = order[current]
            if usesChildrenBounds(moving) {
                var next = current + 1
                while next < order.count, needsSwap(moving, order[next], bounds: bounds, indices: indices, facts: facts) {
                    order[next - 1] = order[next]
                    order[next] = moving
                    next += 1
                }
            }
            current -= 1
        }
        return order
    }

    /// Whether `left` goes after `right` (`needSwapNodeOrder`): their measured boxes say so while
    /// their own bounds say the tree's order is right (when the own bounds disagree too, the
    /// comparison is not trusted).
    private static func needsSwap(_ left: Int, _ right: Int, bounds: [Frame?], indices: [Int], facts: Facts) -> Bool {
        guard compare(bounds[left], bounds[right]) > 0 else { return false }
        return compare(facts.frame[indices[left]] ?? .zero, facts.frame[indices[right]] ?? .zero) < 0
    }

    /// The box TalkBack orders a node by (`NodeCachedBoundsCalculator.fetchBound`): nil when it is
    /// not on the screen; its own bounds when it is a stop; else the box around its children's
    /// boxes, cut to its own bounds, or its own bounds when no child has one. A box of all zeros
    /// counts as none (`getBounds`).
    private static func usefulBounds(at index: Int, parent: Int?, insideStop: Bool, facts: Facts) -> Frame? {
        guard facts.onScreen[index] else { return nil }
        let own = facts.frame[index] ?? .zero
        if isStop(at: index, parent: parent, insideStop: insideStop, facts: facts) { return own == .zero ? nil : own }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var found = false
        var child = index + 1
        let end = index + facts.size[index]
        while child < end {
            if let box = usefulBounds(at: child, parent: index, insideStop: insideStop, facts: facts) {
                found = true
                minX = min(minX, box.x)
                minY = min(minY, box.y)
                maxX = max(maxX, box.x + box.width)
                maxY = max(maxY, box.y + box.height)
            }
            child += facts.size[child]
        }
        var box = own
        if found {
            let left = max(minX, own.x), top = max(minY, own.y)
            let right = min(maxX, own.x + own.width), bottom = min(maxY, own.y + own.height)
            box = Frame(x: left, y: top, width: right - left, height: bottom - top)
        }
        return box == .zero ? nil : box
    }

    /// The framework's stripe order of two boxes (`ReorderedChildrenIterator.compare`, left to
    /// right): negative when `left` comes first, positive when `right` does, never zero. A
    /// missing box comes first.
    static func compare(_ left: Frame?, _ right: Frame?) -> Double {
        guard let left, let right else { return -1 }
        if (left.y + left.height) - right.y <= 0 { return -1 }
        if left.y - (right.y + right.height) >= 0 { return 1 }
        if left.x != right.x { return left.x - right.x }
        if left.y != right.y { return left.y - right.y }
        if left.height != right.height { return -(left.height - right.height) }
        if left.width != right.width { return -(left.width - right.width) }
        return -1
    }
}
