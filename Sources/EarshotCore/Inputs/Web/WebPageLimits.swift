/// What a web page's tree may be, so that no page and no saved tree can exhaust the stack or
/// make a number conversion trap (docs/web.md, "Limits of a page").
///
/// - A saved tree past a limit is refused at its line (exit 65), as a dump is.
/// - A live page nested deeper than `maximumDepth` is refused naming the page (exit 65).
/// - A number a live page gives out of range is left out of its tree (`AXTreeReduction`), so
///   `import` writes only what `read` reads.
public enum WebPageLimits {
    /// Elements nested deeper than this are refused, as in a dump (`DumpLimits.maximumDepth`),
    /// so that every walk of the screen made from a page may recurse without exhausting a stack.
    public static let maximumDepth = DumpLimits.maximumDepth
    /// The largest coordinate or side of a box, or side of a screenshot, in CSS pixels: beyond
    /// Chromium's own layout range (±33,554,431 px, its `LayoutUnit`), so no page it lays out
    /// is refused.
    public static let largestCoordinate = 100_000_000.0
    /// The largest side of the window, in CSS pixels.
    public static let largestViewportSide = 100_000
    /// The longest selector a cover's element is named by (`WebPageTree.Cover.element`): its
    /// tag, `id` and classes, cut where a page's long class list would pass this.
    public static let longestCoverSelector = 200
    /// The most keys one keyboard walk presses (`WebKeyboardWalk`), each way: a page with more
    /// elements in its Tab order is walked this far, and its walk is `cut`.
    public static let longestKeyboardWalk = 2_000
    /// The most elements a keyboard walk pictures focused and unfocused (focus visible), and
    /// the largest side of a picture in CSS pixels: a larger element is not pictured.
    public static let focusPicturesPerWalk = 300
    public static let largestFocusPicture = 2_000.0
    /// The CSS pixels around an element's box its focus indicator is looked for in (an outline
    /// and its offset, a shadow; Earshot's choice).
    public static let focusMargin = 6.0
    /// The window's width reflow is measured at, in CSS pixels (WCAG 2.2 1.4.10).
    public static let reflowWidth = 320
    /// The most characters of an element's text a text-spacing part keeps (`WebTextSpacing`).
    public static let longestSpacingText = 80
    /// The most boxes cut off, and the most texts overlapping, one text-spacing measure keeps.
    public static let mostSpacingParts = 50
    /// The whole-number properties and the values each may take (Chromium keeps them in 32 bits).
    public static let wholeNumberProperties: [String: ClosedRange<Double>] = [
        "level": 1...2_147_483_647,
        "posinset": 1...2_147_483_647,
        "setsize": 1...2_147_483_647,
        "domTabIndex": -2_147_483_648...2_147_483_647,
        // A cell's spans (`WebTableGrid`): a `rowspan` of 0 spans the rest of the rows.
        "domColSpan": 0...2_147_483_647,
        "domRowSpan": 0...2_147_483_647,
    ]

    /// Why `value` cannot be the value of the property `name`; nil when it can. Any other number
    /// property may be any finite number.
    public static func problem(property name: String, _ value: Double) -> String? {
        guard value.isFinite else { return "\"\(name)\" is a finite number" }
        guard let range = wholeNumberProperties[name] else { return nil }
        guard value == value.rounded(), range.contains(value) else {
            return "\"\(name)\" is a whole number from \(plain(range.lowerBound)) to \(plain(range.upperBound))"
        }
        return nil
    }

    /// Why `numbers` cannot be a box (x, y, width, height in CSS pixels); nil when they can.
    public static func problem(box numbers: [Double]) -> String? {
        let bound = largestCoordinate
        guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite && abs($0) <= bound }), numbers[2] >= 0, numbers[3] >= 0 else {
            return "\"box\" is [x, y, width, height] in CSS pixels: each from -\(plain(bound)) to \(plain(bound)), the width and height 0 or more"
        }
        return nil
    }

    /// Why `side` cannot be a screenshot's width or height; nil when it can (at least a pixel:
    /// the file keeps two decimals, and what it writes must read again).
    public static func problem(screenshotSide side: Double) -> String? {
        guard side.isFinite, side >= 1, side <= largestCoordinate else {
            return "from 1 to \(plain(largestCoordinate)) CSS pixels"
        }
        return nil
    }

    /// What is wrong with the shape of a tree: a node nested too deep, or reached twice.
    public enum ShapeProblem: Equatable, Sendable {
        /// The node at this index of `nodes` is deeper than `maximumDepth` (the document is at 1).
        case tooDeep(index: Int)
        /// The node at this index is a child of two nodes, or of itself below (a cycle).
        case reachedTwice(index: Int)
    }

    /// The first shape problem of `tree` from its document down, in document order; nil when
    /// none. Walked with a stack of its own, so any depth and any size is looked at in linear
    /// time without recursion.
    public static func shapeProblem(of tree: WebPageTree) -> ShapeProblem? {
        guard !tree.nodes.isEmpty else { return nil }
        var index: [String: Int] = [:]
        index.reserveCapacity(tree.nodes.count)
        for (offset, node) in tree.nodes.enumerated() where index[node.id] == nil { index[node.id] = offset }
        var reached = [Bool](repeating: false, count: tree.nodes.count)
        // (node, depth), the next to visit last.
        var stack: [(Int, Int)] = [(0, 1)]
        reached[0] = true
        while let (offset, depth) = stack.popLast() {
            guard depth <= maximumDepth else { return .tooDeep(index: offset) }
            for child in tree.nodes[offset].children.reversed() {
                guard let childOffset = index[child] else { continue }
                guard !reached[childOffset] else { return .reachedTwice(index: childOffset) }
                reached[childOffset] = true
                stack.append((childOffset, depth + 1))
            }
        }
        return nil
    }

    /// A page's text as Earshot keeps it: a control character that no text of Earshot's may
    /// hold (the C0 controls but tab, line feed and carriage return, and DEL: the JSON reader
    /// refuses them, and a NUL would end the text eSpeak NG is given) becomes a space, as HTML
    /// takes a form feed for white space. Mapped once, where the page's text enters (the
    /// capture) and where a tree is written, so a page read live and its saved tree read alike.
    public static func keptText(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0x7F }) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            kept.append(value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D || value == 0x7F ? " " : scalar)
        }
        return String(kept)
    }

    private static func plain(_ value: Double) -> String {
        abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A live page nested deeper than Earshot reads (`WebPageLimits.maximumDepth`): refused naming
/// the page, as a saved tree that deep is refused at its line.
public struct WebPageDepthError: UserFacingError, Equatable {
    /// The page's address or file.
    public var page: String
    /// The node's role and name, to find it in the page.
    public var node: String

    public init(page: String, node: String) {
        self.page = page
        self.node = node
    }

    public var category: ErrorCategory { .badData }
    public var description: String {
        "\(page): error: the page nests its elements deeper than \(WebPageLimits.maximumDepth) levels in its accessibility tree "
            + "(at \(TerminalText.visible(node))); Earshot reads pages up to that depth, as it reads dumps"
    }
}
