/// One place a screen reader's focus can rest: an accessibility element with everything that is spoken
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
    /// What the reader that made the stop knows of it beyond the above (TalkBack's Android facts,
    /// children's description and collection place: `TalkBackStopFacts`); nil for a stop the
    /// standard order made.
    public var readerFacts: (any ReaderStopFacts)?

    public init(id: String, kind: ElementKind = .view, label: String? = nil, value: String? = nil,
                hint: String? = nil, traits: AccessibilityTraits = [], frame: Frame = .zero,
                customActions: [String] = [], isOn: Bool? = nil, adjustable: AdjustableValues? = nil,
                tabPosition: TabPosition? = nil, language: String? = nil, speech: SpeechAttributes = .none,
                groupIDs: [String] = [], readerFacts: (any ReaderStopFacts)? = nil) {
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
        self.readerFacts = readerFacts
    }

    public var isHeading: Bool { traits.contains(.header) }
    public var isAdjustable: Bool { traits.contains(.adjustable) }

    /// What the stop says for its children that take no focus themselves (`ReaderStopFacts`).
    public var childrenSpeech: String? { readerFacts?.childrenSpeech }

    public static func == (lhs: FocusStop, rhs: FocusStop) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.label == rhs.label && lhs.value == rhs.value
            && lhs.hint == rhs.hint && lhs.traits == rhs.traits && lhs.frame == rhs.frame
            && lhs.customActions == rhs.customActions && lhs.isOn == rhs.isOn && lhs.adjustable == rhs.adjustable
            && lhs.tabPosition == rhs.tabPosition && lhs.language == rhs.language && lhs.speech == rhs.speech
            && lhs.groupIDs == rhs.groupIDs && ReaderStopFactsComparison.same(lhs.readerFacts, rhs.readerFacts)
    }
}

/// A reader's own facts about a stop, carried on it for that reader's descriptions and sounds.
/// Equatable through `isEqual(to:)`, so `FocusStop` stays Equatable whatever reader made it.
public protocol ReaderStopFacts: Sendable {
    /// Whether `other` holds the same facts (the default for an Equatable type compares them).
    func isEqual(to other: any ReaderStopFacts) -> Bool
    /// What the stop says for its children that take no focus themselves; nil: nothing.
    var childrenSpeech: String? { get }
}

extension ReaderStopFacts where Self: Equatable {
    public func isEqual(to other: any ReaderStopFacts) -> Bool { (other as? Self) == self }
}

extension ReaderStopFacts {
    public var childrenSpeech: String? { nil }
}

private enum ReaderStopFactsComparison {
    static func same(_ a: (any ReaderStopFacts)?, _ b: (any ReaderStopFacts)?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.isEqual(to: b)
        default: false
        }
    }
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
