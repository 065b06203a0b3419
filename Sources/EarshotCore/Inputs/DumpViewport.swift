/// The rectangle an invisible candidate stop is judged against, and the judgement: whether
/// VoiceOver can reach a node the dump calls `visible="false"` (docs/import.md, "Reachable or
/// not").
///
/// XCTest's `visible` says "not on view now", never why. Inside what the user can see, that is
/// hidden, covered or transparent content (a covered screen, another page, a faded scroll bar),
/// which VoiceOver skips. Outside it, that is content a swipe scrolls to, which VoiceOver reaches.
/// So the answer comes from the node's own frame and its place, never from `enabled` and never
/// from an ancestor's `visible` (a collection view can be invisible around visible cells).
struct DumpViewport {
    /// The nearest scroll container's frame (`Table`, `CollectionView`, `ScrollView`), else the
    /// window's or application's; nil when the dump gives none.
    var frame: Frame?
    var isScrollView: Bool
    /// A paged scroll view (a page indicator names its pages): only the page in its frame is in
    /// the swipe order; the other pages are reached by a three-finger swipe (docs/import.md,
    /// "Pages of a paged scroll view").
    var isPaged = false
    /// A candidate stop the scroll view reports lies wholly below its frame: a table or
    /// collection view lays its content out in the order it reports it, so whatever it reports
    /// next is below the fold too, whatever its own (stale) frame says.
    private(set) var isPastTheFold = false

    init(frame: Frame?, isScrollView: Bool) {
        self.frame = frame
        self.isScrollView = isScrollView
    }

    /// Whether a candidate stop with this visibility and frame is in VoiceOver's swipe order.
    func reaches(isVisible: Bool?, frame node: Frame?) -> Bool {
        // Visible, or the dump does not say: on view. No frame to judge by: kept, as before.
        guard isVisible == false, let node, let frame else { return true }
        if isScrollView && isPastTheFold { return true }
        // A stop partly outside is reached: VoiceOver scrolls it into view (a row under the
        // toolbar whose centre is on screen).
        return !frame.contains(node)
    }

    /// Whether a stop lies on another page of this paged scroll view: wholly to the left or the
    /// right of its frame (the pages lie side by side, a page width apart).
    func isOffPage(_ node: Frame?) -> Bool {
        guard isPaged, let node, let frame else { return false }
        return node.x + node.width <= frame.x || node.x >= frame.x + frame.width
    }

    /// Notes a candidate stop the scroll view reports, in the order it reports them.
    mutating func passed(_ node: Frame?) {
        guard isScrollView, let node, let frame else { return }
        if node.y >= frame.y + frame.height { isPastTheFold = true }
    }
}
