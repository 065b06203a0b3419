/// One place VoiceOver's focus can rest: an accessibility element with everything that is spoken
/// about it, after merging, defaults and tab bar context are resolved.
public struct FocusStop: Sendable, Equatable {
    /// Id of the element that has focus (a MergedFocus container, a combined stack, a button...).
    public var id: String
    public var kind: ElementKind
    public var label: String?
    public var value: String?
    public var hint: String?
    /// Effective traits: the kind's defaults, the file's traits, merged children's traits, and
    /// `tab` for members of a tab bar.
    public var traits: AccessibilityTraits
    public var frame: Frame
    public var customActions: [String]
    /// A switch's state; nil for elements that are not switches.
    public var isOn: Bool?
    public var adjustable: AdjustableValues?
    /// "n of m" inside a tab bar.
    public var tabPosition: TabPosition?
    /// Language of the element's text (its own, an ancestor's, or the screen's).
    public var language: String?
    /// The element's own speech attributes (spell out, punctuation, pitch, IPA), for its label,
    /// value and hint; `language` is kept apart because it is inherited.
    public var speech: SpeechAttributes
    /// Ids of the groups (`contain`, explicit orders, tab bars) around the stop, outermost first.
    public var groupIDs: [String]
    /// The Android facts of the stop's own node, when it came from an Android dump (TalkBack's
    /// description reads its class and states).
    public var android: AndroidView?
    /// TalkBack: the descriptions of the node's children that do not take focus themselves,
    /// joined (said after the node's own label and role).
    public var childrenDescription: String?
    /// TalkBack: the list or grid around the stop and its item's place in it.
    public var collection: CollectionPlace?
    /// TalkBack: the node's direct children that are checkable, in order (a click on a row
    /// without a checked state of its own says its first such child's, `EventTypeViewClickedFeedbackRule`).
    public var checkableChildren: [AndroidView] = []

    public init(id: String, kind: ElementKind = .view, label: String? = nil, value: String? = nil,
                hint: String? = nil, traits: AccessibilityTraits = [], frame: Frame = .zero,
                customActions: [String] = [], isOn: Bool? = nil, adjustable: AdjustableValues? = nil,
                tabPosition: TabPosition? = nil, language: String? = nil, speech: SpeechAttributes = .none,
                groupIDs: [String] = [], android: AndroidView? = nil) {
        self.id = id
        self.kind = kind
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
        self.frame = frame
        self.customActions = customActions
        self.isOn = isOn
        self.adjustable = adjustable
        self.tabPosition = tabPosition
        self.language = language
        self.speech = speech
        self.groupIDs = groupIDs
        self.android = android
    }

    public var isHeading: Bool { traits.contains(.header) }
    public var isAdjustable: Bool { traits.contains(.adjustable) }
}

/// Position of a tab among its tab bar's tabs, 1-based.
public struct TabPosition: Sendable, Equatable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}
