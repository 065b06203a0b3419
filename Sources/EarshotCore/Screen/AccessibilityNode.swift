/// What kind of view a node stands for; decides whether it is an accessibility element by default,
/// where its visible text goes (label or value) and which traits it has without being told.
public enum ElementKind: String, CaseIterable, Sendable {
    case view
    case label
    case button
    case image
    case textField
    case secureTextField
    case searchField
    case textView
    case `switch`
    case slider
    case cell
    case tabBar
    case tab
    /// A scroll view (UIScrollView, UITableView, UICollectionView): a group whose stops keep file
    /// order and which is met where its visible content starts (see FocusOrder).
    case scrollView

    /// Traits the kind has before the file adds any (a UISwitch has `button` and the switch role).
    var defaultTraits: AccessibilityTraits {
        switch self {
        case .view, .cell, .scrollView: []
        case .label: .staticText
        case .button: .button
        case .image: .image
        case .textField: .textField
        case .secureTextField: .secureTextField
        case .searchField: .searchField
        case .textView: .textField
        case .switch: [.button, .switch]
        case .slider: .adjustable
        case .tabBar: .tabBar
        case .tab: [.button, .tab]
        }
    }

    /// Kinds whose visible text is the content the user typed: it is spoken as the value.
    var textIsValue: Bool {
        switch self {
        case .textField, .secureTextField, .searchField, .textView: true
        default: false
        }
    }

    /// Kinds MergedFocus reads visible text from (UILabel, UIButton, UITextField, UITextView).
    var mergedFocusReadsText: Bool {
        switch self {
        case .label, .button, .textField, .secureTextField, .searchField, .textView, .tab: true
        default: false
        }
    }
}

/// How a container presents its children to VoiceOver.
public enum Grouping: String, CaseIterable, Sendable {
    /// The UIKit `MergedFocus` container of the seed article on merged focus (docs/sources.md):
    /// one element, label collected from the subtree.
    case merged
    /// SwiftUI `.accessibilityElement(children: .combine)`: one element, children's labels and
    /// traits merged.
    case combine
    /// SwiftUI `.accessibilityElement(children: .ignore)`: one element with only its own label.
    case ignore
    /// SwiftUI `.contain` / UIKit `shouldGroupAccessibilityChildren`: children stay separate but
    /// are navigated together.
    case contain
}

/// Whether elements without an explicit order are read left to right or right to left.
public enum LayoutDirection: String, NamedCases, Sendable {
    case ltr
    case rtl
}

/// A rectangle in screen points, origin at the top left of the screen.
public struct Frame: Sendable, Equatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    public var area: Double { width * height }

    /// Whether `other` lies wholly inside this frame, edges included.
    public func contains(_ other: Frame) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// The part both frames cover, or nil when they do not overlap.
    public func intersection(_ other: Frame) -> Frame? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        guard right > left, bottom > top else { return nil }
        return Frame(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

/// The values an adjustable element steps through (a carousel, a slider) and the current one.
public struct AdjustableValues: Sendable, Equatable {
    public var values: [String]
    public var index: Int

    public init(values: [String], index: Int) {
        self.values = values
        self.index = index
    }

    public var current: String? { values.indices.contains(index) ? values[index] : nil }
}

/// What activating (double tapping) an element changes in the screen, beyond what its kind does.
public enum Activation: String, CaseIterable, Sendable {
    /// Toggle the `selected` state (`toggled` on a MergedFocus container).
    case toggleSelected
}

/// One node of a screen's view tree, as the screen file describes it.
///
/// Optional properties left nil take their kind's default: a label's visible text becomes its
/// accessibility label, a text field's text its value. Nodes are values; a `Screen` changes them
/// by id.
public struct AccessibilityNode: Sendable, Equatable {
    public var id: String
    public var kind: ElementKind
    /// Visible text: a label's text, a button's title, the text in a text field or text view.
    public var text: String?
    public var attributedLabel: String?
    public var label: String?
    public var value: String?
    public var hint: String?
    /// Placeholder of a text field, spoken as its label when it has none.
    public var placeholder: String?
    /// `accessibilityIdentifier`; `a11y-ignore` excludes the node from a MergedFocus label.
    public var identifier: String?
    /// Traits given in the file, added to the kind's default traits.
    public var traits: AccessibilityTraits
    /// `isAccessibilityElement`; nil means the kind decides.
    public var isAccessibilityElement: Bool?
    public var isHidden: Bool
    public var alpha: Double
    /// Screen coordinates; nil means the parent's frame.
    public var frame: Frame?
    public var children: [AccessibilityNode]
    /// `accessibilityElements`: ids of descendants read in this order, kept as written.
    public var accessibilityElements: [String]?
    /// `accessibilityElementsHidden`: the node and its subtree are not read.
    public var elementsHidden: Bool
    /// `accessibilityViewIsModal` / SwiftUI `isModal`.
    public var isModal: Bool
    public var grouping: Grouping?
    /// MergedFocus `isToggled`: adds `selected` to the container.
    public var isToggled: Bool
    public var activation: Activation?
    public var customActions: [String]
    public var adjustable: AdjustableValues?
    /// A switch's state.
    public var isOn: Bool?
    /// BCP 47 tag of the language the element's text is in; nil inherits the parent's.
    public var language: String?
    /// `accessibilityPerformEscape` dismisses this node (a dialog, a menu).
    public var isDismissible: Bool
    /// The element's speech attributes (`spellOut`, `punctuation`, `pitch`, `ipa`); its language
    /// is `language`, which children inherit, while these apply to the element alone.
    public var speech: SpeechAttributes
    /// What an Android dump said of the view (TalkBack's rules read it); nil for iOS elements.
    public var android: AndroidView?
    /// What a browser's accessibility tree said of the node (NVDA's rules read it); nil for apps.
    public var web: WebElement?

    public init(
        id: String, kind: ElementKind = .view, text: String? = nil, attributedLabel: String? = nil,
        label: String? = nil, value: String? = nil, hint: String? = nil, placeholder: String? = nil,
        identifier: String? = nil, traits: AccessibilityTraits = [], isAccessibilityElement: Bool? = nil,
        isHidden: Bool = false, alpha: Double = 1, frame: Frame? = nil, children: [AccessibilityNode] = [],
        accessibilityElements: [String]? = nil, elementsHidden: Bool = false, isModal: Bool = false,
        grouping: Grouping? = nil, isToggled: Bool = false, activation: Activation? = nil,
        customActions: [String] = [], adjustable: AdjustableValues? = nil, isOn: Bool? = nil,
        language: String? = nil, isDismissible: Bool = false, speech: SpeechAttributes = .none,
        android: AndroidView? = nil, web: WebElement? = nil
    ) {
        self.id = id
        self.kind = kind
        self.text = text
        self.attributedLabel = attributedLabel
        self.label = label
        self.value = value
        self.hint = hint
        self.placeholder = placeholder
        self.identifier = identifier
        self.traits = traits
        self.isAccessibilityElement = isAccessibilityElement
        self.isHidden = isHidden
        self.alpha = alpha
        self.frame = frame
        self.children = children
        self.accessibilityElements = accessibilityElements
        self.elementsHidden = elementsHidden
        self.isModal = isModal
        self.grouping = grouping
        self.isToggled = isToggled
        self.activation = activation
        self.customActions = customActions
        self.adjustable = adjustable
        self.isOn = isOn
        self.language = language
        self.isDismissible = isDismissible
        self.speech = speech
        self.android = android
        self.web = web
    }

    /// Below this alpha a view counts as invisible (the seed's MergedFocus uses 0.01).
    public static let minimumVisibleAlpha = 0.01

    /// Hidden, nearly transparent or `elementsHidden`: neither the node nor its subtree is read.
    var isOutOfReach: Bool { isHidden || alpha < Self.minimumVisibleAlpha || elementsHidden }

    /// Whether VoiceOver focuses this node itself (and never its children on their own).
    var isElement: Bool {
        switch grouping {
        case .merged, .combine, .ignore: return true
        case .contain, nil: break
        }
        if let explicit = isAccessibilityElement { return explicit }
        if adjustable != nil { return true }
        switch kind {
        case .view, .tabBar, .scrollView: return false
        case .label: return hasOwnText
        case .image: return nonEmpty(attributedLabel) != nil || nonEmpty(label) != nil
        case .button, .textField, .secureTextField, .searchField, .textView, .switch, .slider, .cell, .tab:
            return true
        }
    }

    private var hasOwnText: Bool {
        nonEmpty(attributedLabel) != nil || nonEmpty(label) != nil || nonEmpty(text) != nil || nonEmpty(value) != nil
    }
}

/// The string, or nil when it is nil or empty.
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}

extension AccessibilityNode {
    /// Flips the selected state as a double tap on a selectable element does: a MergedFocus
    /// container toggles `isToggled` (which adds `selected`), anything else the `selected` trait.
    public mutating func toggleSelected() {
        if grouping == .merged {
            isToggled.toggle()
        } else if traits.contains(.selected) {
            traits.remove(.selected)
        } else {
            traits.insert(.selected)
        }
    }
}
