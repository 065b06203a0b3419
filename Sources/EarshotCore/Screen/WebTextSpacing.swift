/// What the browser drew of a web page with WCAG 2.2 1.4.12's text spacing applied (line
/// height 1.5 times the font size, paragraphs 2 times apart, letters 0.12 and words 0.16 times
/// apart), for `text.spacing-lost` (`PageCapture`, docs/web.md "Text spacing"): the boxes that
/// cut off text the spacing pushed out of them, and the text that came to lie over other text.
/// Only what the spacing changed counts: a box that clipped, or text that overlapped, with the
/// page's own spacing is left out.
///
/// Elements are named by the tree's node ids in a saved tree and by the screen's element ids
/// on a screen (`WebElement.textSpacing`, on the document's node), with a selector for a person.
public struct WebTextSpacing: Sendable, Equatable {
    /// The boxes (`overflow: hidden` or `clip`) whose text the spacing pushed out of them.
    public var clipped: [Part]
    /// The elements whose text the spacing laid over another element's text.
    public var overlapping: [Part]

    public struct Part: Sendable, Equatable {
        /// The node of the tree that is the element or holds it; nil when none does.
        public var node: String?
        /// The element as a selector of its tag, `id` and classes, for a person to find it.
        public var element: String
        /// The start of the text it holds (at most 80 characters).
        public var text: String
        /// CSS pixels lost: how far the text reaches past the clipping box, or how high the
        /// overlap is.
        public var pixels: Int
        /// For an overlap, the element whose text it lies over, as a selector; nil for a clip.
        public var other: String?

        public init(node: String?, element: String, text: String, pixels: Int, other: String? = nil) {
            self.node = node
            self.element = element
            self.text = text
            self.pixels = pixels
            self.other = other
        }
    }

    public init(clipped: [Part] = [], overlapping: [Part] = []) {
        self.clipped = clipped
        self.overlapping = overlapping
    }

    /// The same with each node renamed by `rename` (a node the map lacks keeps its selector).
    public func renamed(_ rename: (String) -> String?) -> WebTextSpacing {
        func part(_ part: Part) -> Part {
            Part(node: part.node.flatMap(rename), element: part.element, text: part.text, pixels: part.pixels, other: part.other)
        }
        return WebTextSpacing(clipped: clipped.map(part), overlapping: overlapping.map(part))
    }
}

extension Screen {
    /// What the browser drew of the page with the criterion's text spacing (its document's
    /// `WebElement.textSpacing`); nil off a page and for a page not measured so.
    public var webTextSpacing: WebTextSpacing? { roots.lazy.compactMap { $0.web?.textSpacing }.first }
}
