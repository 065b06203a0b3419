/// What an Android accessibility node says about itself, as a uiautomator dump records it
/// (Appium UiAutomator2 page source, `uiautomator dump`): the facts TalkBack's rules read.
///
/// An element read from an Android dump carries one (`AccessibilityNode.android`); the
/// VoiceOver-shaped fields of the node (label, traits) are left for what the dump says plainly,
/// and TalkBack's focus and description rules work from these (docs/talkback.md).
public struct AndroidView: Sendable, Equatable {
    /// The view's class, e.g. `android.widget.Switch` (the dump's `class`).
    public var className: String
    public var packageName: String?
    /// `resource-id`, e.g. `com.android.settings:id/switch_widget`.
    public var resourceID: String?
    /// `text`: what the view shows.
    public var text: String?
    /// `content-desc`: the view's `contentDescription`, which TalkBack speaks instead of its text.
    public var contentDescription: String?
    /// `hint` (newer dumps): an editable field's hint text.
    public var hint: String?
    /// `state-description` (Android 11+): the state TalkBack speaks instead of its own words.
    public var stateDescription: String?
    /// `pane-title`: a window pane's title, spoken when the pane appears.
    public var paneTitle: String?
    public var isClickable: Bool
    public var isLongClickable: Bool
    public var isFocusable: Bool
    public var isCheckable: Bool
    public var isChecked: Bool
    public var isSelected: Bool
    public var isEnabled: Bool
    public var isPassword: Bool
    /// `focused`: the view has input focus (an edit box the user is typing in).
    public var isFocused: Bool
    public var isScrollable: Bool
    /// `heading` (Android 9+).
    public var isHeading: Bool
    /// `displayed` (Appium): false for a view not shown on the screen now.
    public var isDisplayed: Bool
    /// `screen-reader-focusable` (Android 9+): nil when the dump does not say.
    public var isScreenReaderFocusable: Bool?
    /// `important-for-accessibility`: nil when the dump does not say (then it is important).
    public var isImportantForAccessibility: Bool?
    /// The view's `CollectionInfo` (a list or grid): its row and column counts. No dump writes it
    /// (docs/talkback.md, "A collection item's position"); a screen file's `android` object does.
    public var collectionRowCount: Int?
    public var collectionColumnCount: Int?
    /// The view's `CollectionItemInfo` (an item of a list or grid): its 0-based row and column.
    public var itemRowIndex: Int?
    public var itemColumnIndex: Int?
    /// The `CollectionItemInfo`'s row and column spans: Chrome gives a page's table cell its
    /// `rowspan` and `colspan` (`BrowserAccessibilityAndroid::RowSpan`, `ColumnSpan`), and
    /// TalkBack takes no spanning cell for a header and says no row (column) of a cell spanning
    /// them all (`CollectionState.getTableHeadingType`, `getRowIndex`). No dump writes them.
    public var itemRowSpan = 1
    public var itemColumnSpan = 1
    /// The `CollectionItemInfo`'s heading flag: Chrome sets it on a page's table header cells and
    /// on what is inside a heading (`BrowserAccessibilityAndroid::IsHeading`), and TalkBack takes a
    /// heading item of the first row or column for that column's or row's header
    /// (`CollectionState.getTableHeadingType`). No dump writes it.
    public var itemIsHeading = false
    /// `AccessibilityNodeInfo`'s role description extra (Chrome gives one to most nodes of a
    /// page: "heading 2", "link"): TalkBack says it in place of its own role word
    /// (`AccessibilityNodeFeedbackUtils.defaultRoleDescription`). No dump writes it.
    public var roleDescription: String?
    /// Whether the node is web content: it offers next and previous HTML element, as every node
    /// Chrome hands TalkBack does (`WebInterfaceUtils.supportsWebActions`, `isWebContainer`). Its
    /// heading is said through its role description alone (docs/mobile-web.md, B2).
    public var isWebContent = false
    /// Whether the node offers `ACTION_EXPAND` (false: collapsed) or `ACTION_COLLAPSE` (true:
    /// expanded); nil when it offers neither. Chrome adds the one that fits a node with
    /// `aria-expanded` (`addAccessibilityNodeInfoActions`: `isCollapsed`, `isExpanded`), and
    /// TalkBack says "collapsed" or "expanded" from it
    /// (`AccessibilityNodeFeedbackUtils.getCollapsedOrExpandedStateText`). No dump writes it.
    public var expansion: Bool?

    public init(className: String, packageName: String? = nil, resourceID: String? = nil, text: String? = nil,
                contentDescription: String? = nil, hint: String? = nil, stateDescription: String? = nil,
                paneTitle: String? = nil, isClickable: Bool = false, isLongClickable: Bool = false,
                isFocusable: Bool = false, isCheckable: Bool = false, isChecked: Bool = false, isSelected: Bool = false,
                isEnabled: Bool = true, isPassword: Bool = false, isFocused: Bool = false, isScrollable: Bool = false, isHeading: Bool = false,
                isDisplayed: Bool = true, isScreenReaderFocusable: Bool? = nil, isImportantForAccessibility: Bool? = nil,
                collectionRowCount: Int? = nil, collectionColumnCount: Int? = nil, itemRowIndex: Int? = nil,
                itemColumnIndex: Int? = nil, roleDescription: String? = nil, isWebContent: Bool = false) {
        self.className = className
        self.packageName = packageName
        self.resourceID = resourceID
        self.text = text
        self.contentDescription = contentDescription
        self.hint = hint
        self.stateDescription = stateDescription
        self.paneTitle = paneTitle
        self.isClickable = isClickable
        self.isLongClickable = isLongClickable
        self.isFocusable = isFocusable
        self.isCheckable = isCheckable
        self.isChecked = isChecked
        self.isSelected = isSelected
        self.isEnabled = isEnabled
        self.isPassword = isPassword
        self.isFocused = isFocused
        self.isScrollable = isScrollable
        self.isHeading = isHeading
        self.isDisplayed = isDisplayed
        self.isScreenReaderFocusable = isScreenReaderFocusable
        self.isImportantForAccessibility = isImportantForAccessibility
        self.collectionRowCount = collectionRowCount
        self.collectionColumnCount = collectionColumnCount
        self.itemRowIndex = itemRowIndex
        self.itemColumnIndex = itemColumnIndex
        self.roleDescription = roleDescription
        self.isWebContent = isWebContent
    }

    /// Whether the view is a collection (it has collection info).
    public var isCollection: Bool { collectionRowCount != nil || collectionColumnCount != nil }

    /// Whether the view is an item of a collection (it has collection item info).
    public var isCollectionItem: Bool { itemRowIndex != nil || itemColumnIndex != nil }

    /// The class's last component, e.g. `Switch` for `android.widget.Switch`.
    public var shortClassName: Substring { Self.shortName(of: className) }

    /// The last component of a dotted class name that is not empty, else the whole name (what
    /// `split(separator: ".").last` gives, without making the array).
    public static func shortName(of className: String) -> Substring {
        // A class name is ASCII: its bytes are its characters.
        let utf8 = className.utf8
        if let end = utf8.lastIndex(where: { $0 != UInt8(ascii: ".") }), utf8[...end].allSatisfy({ $0 < 0x80 }) {
            let head = utf8[...end]
            let start = head.lastIndex(of: UInt8(ascii: ".")).map { head.index(after: $0) } ?? head.startIndex
            return Substring(head[start...])
        }
        guard let last = className.lastIndex(where: { $0 != "." }) else { return Substring(className) }
        let head = className[...last]
        guard let dot = head.lastIndex(of: ".") else { return head }
        return head[head.index(after: dot)...]
    }
}
