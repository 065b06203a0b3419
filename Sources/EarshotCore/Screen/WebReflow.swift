/// What the browser drew of a web page laid out 320 CSS pixels wide (WCAG 2.2 1.4.10's width,
/// 1280 at 400 percent zoom), for `reflow.overflow` (`PageCapture`, docs/web.md "Reflow at 320
/// pixels"): how wide the document became, the outermost elements past the window's right edge
/// (tables, images, maps, code and the like left out, which 1.4.10 lets scroll), and the
/// controls whose box lies partly outside the window.
///
/// Elements are named by the tree's node ids in a saved tree and by the screen's element ids
/// on a screen (`WebElement.reflow`, on the document's node), with a selector for a person.
public struct WebReflow: Sendable, Equatable {
    /// The window's width the page was laid out in, in CSS pixels.
    public var width: Int
    /// The document's scroll width there; more than `width` when the page scrolls sideways.
    public var scrollWidth: Int
    /// The outermost elements reaching past the window's right edge, widest first.
    public var wide: [Part]
    /// The controls (elements in the Tab order) whose box lies partly outside the window.
    public var cut: [Part]

    public struct Part: Sendable, Equatable {
        /// The node of the tree that is the element or holds it; nil when none does.
        public var node: String?
        /// The element as a selector of its tag, `id` and classes, for a person to find it.
        public var element: String
        /// How far its box reaches from the window's left edge (its right edge), in CSS pixels.
        public var right: Int

        public init(node: String?, element: String, right: Int) {
            self.node = node
            self.element = element
            self.right = right
        }
    }

    public init(width: Int, scrollWidth: Int, wide: [Part] = [], cut: [Part] = []) {
        self.width = width
        self.scrollWidth = scrollWidth
        self.wide = wide
        self.cut = cut
    }

    /// Whether the page scrolls sideways at `width`.
    public var scrollsSideways: Bool { scrollWidth > width }

    /// The same with each node renamed by `rename` (a node the map lacks keeps its selector).
    public func renamed(_ rename: (String) -> String?) -> WebReflow {
        func part(_ part: Part) -> Part { Part(node: part.node.flatMap(rename), element: part.element, right: part.right) }
        return WebReflow(width: width, scrollWidth: scrollWidth, wide: wide.map(part), cut: cut.map(part))
    }
}

extension Screen {
    /// What the browser drew of the page 320 CSS pixels wide (its document's
    /// `WebElement.reflow`); nil off a page and for a page not laid out so.
    public var webReflow: WebReflow? { roots.lazy.compactMap { $0.web?.reflow }.first }
}
