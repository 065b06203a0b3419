/// Where the browser's own Tab and shift+Tab took keyboard focus on a web page, pressed from the
/// start of the page and from its end (`PageCapture`, docs/web.md "The keyboard walk"): the
/// evidence of `keyboard.unreachable` (WCAG 2.2 2.1.1) and `keyboard.trap` (2.1.2).
///
/// The elements are named by the tree's node ids in a saved tree (`WebPageTree.keyboard`) and by
/// the screen's element ids on a screen (`WebElement.keyboard`, on the document's node).
public struct WebKeyboardWalk: Sendable, Equatable {
    /// The elements Tab focused from the start of the page, in turn, each once (the walk ends
    /// where focus leaves the page, comes back to an element it reached, or stays put).
    public var forward: [String]
    /// The elements shift+Tab focused from the end of the page, in turn, each once.
    public var backward: [String]
    /// Where a key did not take focus on: the element, and the key (`Tab`, `shift+Tab`) that
    /// left focus on it or brought it back to one reached before while the rest of the page was
    /// still ahead.
    public var traps: [Trap]
    /// Whether a walk stopped at its bound (`WebPageLimits.longestKeyboardWalk` presses) before
    /// focus left the page: what lies beyond was not reached, so nothing is called unreachable.
    public var cut: Bool
    /// Whether focus visible was judged for any element Tab reached: by its computed focus
    /// styles where they differ focused and unfocused, else by its picture focused and again once
    /// the walk had ended with nothing focused (at most `WebPageLimits.focusPicturesPerWalk`
    /// elements pictured; docs/web.md "The keyboard walk"). The saved tree's name for it stays
    /// `pictured`.
    public var pictured: Bool
    /// The elements whose focus styles did not differ and whose picture (their box and a margin
    /// around it) was the same focused and unfocused: keyboard focus on them is not visible.
    public var unseen: [String]

    public struct Trap: Sendable, Equatable {
        public var node: String
        /// `Tab` or `shift+Tab`.
        public var keys: String
        /// The element focus went to instead of on, when the key moved it back to one reached
        /// before (a loop); nil when focus stayed on `node`.
        public var to: String?

        public init(node: String, keys: String, to: String? = nil) {
            self.node = node
            self.keys = keys
            self.to = to
        }
    }

    public init(forward: [String], backward: [String], traps: [Trap] = [], cut: Bool = false, pictured: Bool = false,
                unseen: [String] = []) {
        self.forward = forward
        self.backward = backward
        self.traps = traps
        self.cut = cut
        self.pictured = pictured
        self.unseen = unseen
    }

    /// Every element either walk focused.
    public var reached: Set<String> { Set(forward).union(backward) }

    /// The same walk with each element renamed by `newName` (a node the map lacks is dropped
    /// from the orders; a trap whose element it lacks is dropped too).
    public func renamed(_ newName: (String) -> String?) -> WebKeyboardWalk {
        WebKeyboardWalk(forward: forward.compactMap(newName), backward: backward.compactMap(newName),
                        traps: traps.compactMap { trap in
                            newName(trap.node).map { Trap(node: $0, keys: trap.keys, to: trap.to.flatMap(newName)) }
                        }, cut: cut, pictured: pictured, unseen: unseen.compactMap(newName))
    }
}

extension Screen {
    /// Where the browser's Tab and shift+Tab took keyboard focus on the page (its document's
    /// `WebElement.keyboard`); nil off a page and for a page not walked (a page as a scenario
    /// plays it, a tree saved before version 6).
    public var webKeyboard: WebKeyboardWalk? { roots.lazy.compactMap { $0.web?.keyboard }.first }
}
