/// TalkBack's own facts about a stop it made (`FocusStop.readerFacts`).
public struct TalkBackStopFacts: ReaderStopFacts, Equatable {
    /// The Android facts of the stop's own node (TalkBack's description reads its class and states).
    public var android: AndroidView
    /// The descriptions of the node's children that do not take focus themselves, joined (said
    /// after the node's own label and role).
    public var childrenDescription: String?
    /// The list or grid around the stop and its item's place in it.
    public var collection: CollectionPlace?
    /// The node's direct children that are checkable, in order (a click on a row without a
    /// checked state of its own says its first such child's, `EventTypeViewClickedFeedbackRule`).
    public var checkableChildren: [AndroidView] = []
    /// Whether the node has children (TalkBack's `needsLabel` asks for a node without any).
    public var hasChildren = false
    /// On a page: the stop's web node, which the reading controls ask (Chrome's predicates).
    public var web: WebElement?
    /// On a page: the landmarks and lists around the stop, outermost first, by element id.
    public var webContainers: [String] = []
    /// On a page: the landmarks around the stop, outermost first, by element id.
    public var webLandmarks: [String] = []

    public init(android: AndroidView, childrenDescription: String? = nil, collection: CollectionPlace? = nil,
                checkableChildren: [AndroidView] = []) {
        self.android = android
        self.childrenDescription = childrenDescription
        self.collection = collection
        self.checkableChildren = checkableChildren
    }

    public var childrenSpeech: String? { childrenDescription }
}

extension FocusStop {
    /// TalkBack's facts, when TalkBack made the stop.
    public var talkBack: TalkBackStopFacts? {
        get { readerFacts as? TalkBackStopFacts }
        set { readerFacts = newValue }
    }

    /// The Android facts of the stop's own node, when TalkBack made the stop.
    public var android: AndroidView? { talkBack?.android }

    /// TalkBack: the descriptions of the children that do not take focus, joined.
    public var childrenDescription: String? {
        get { talkBack?.childrenDescription }
        set { talkBack?.childrenDescription = newValue }
    }

    /// TalkBack: the list or grid around the stop and its item's place in it.
    public var collection: CollectionPlace? {
        get { talkBack?.collection }
        set { talkBack?.collection = newValue }
    }

    /// TalkBack: the node's direct children that are checkable, in order.
    public var checkableChildren: [AndroidView] {
        get { talkBack?.checkableChildren ?? [] }
        set { talkBack?.checkableChildren = newValue }
    }
}
