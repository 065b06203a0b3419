/// One accessibility trait, named as UIKit names it (`button`, `selected`, `notEnabled`).
///
/// Besides UIKit's public traits this includes the roles VoiceOver speaks for controls that have
/// no public trait (`textField`, `secureTextField`, `switch`, `tab`, `backButton`, `popUpButton`), so that one
/// word table in the voice profile covers everything spoken about an element's role and state.
public enum AccessibilityTrait: String, CaseIterable, Sendable {
    case button
    case link
    case image
    case header
    case searchField
    case textField
    case secureTextField
    case adjustable
    case selected
    case notEnabled
    case tab
    case tabBar
    case `switch`
    case backButton
    case keyboardKey
    case staticText
    case summaryElement
    case updatesFrequently
    case causesPageTurn
    case playsSound
    case startsMediaSession
    case allowsDirectInteraction
    /// A button that opens a menu (`XCUIElementTypePopUpButton`; VoiceOver's "pop-up button").
    case popUpButton

    /// SwiftUI and other spellings accepted in screen files, mapped to the UIKit name.
    ///
    /// SwiftUI's `isModal` is not here: it is a property of the container, read by the screen
    /// file parser as `modal`.
    public static let aliases: [String: AccessibilityTrait] = [
        "isButton": .button,
        "isLink": .link,
        "isImage": .image,
        "isHeader": .header,
        "isSearchField": .searchField,
        "isSelected": .selected,
        "isKeyboardKey": .keyboardKey,
        "isStaticText": .staticText,
        "isSummaryElement": .summaryElement,
        "disabled": .notEnabled,
        "switchButton": .switch,
        "tabBarItem": .tab,
        "textEntry": .textField,
    ]

    /// Every name a screen file may use for a trait: UIKit names, then the other spellings.
    public static let acceptedNames: [String] = allCases.map(\.rawValue) + aliases.keys.sorted()

    /// The trait for a UIKit or SwiftUI spelling, or nil for an unknown name.
    public init?(name: String) {
        if let trait = AccessibilityTrait(rawValue: name) {
            self = trait
        } else if let trait = AccessibilityTrait.aliases[name] {
            self = trait
        } else {
            return nil
        }
    }

    /// Bit position in `AccessibilityTraits`; a switch rather than a lookup in `allCases`, which
    /// would build an array on every call in the hot path of describing stops.
    fileprivate var bit: UInt32 { 1 << ordinal }

    private var ordinal: UInt32 {
        switch self {
        case .button: 0
        case .link: 1
        case .image: 2
        case .header: 3
        case .searchField: 4
        case .textField: 5
        case .secureTextField: 6
        case .adjustable: 7
        case .selected: 8
        case .notEnabled: 9
        case .tab: 10
        case .tabBar: 11
        case .`switch`: 12
        case .backButton: 13
        case .keyboardKey: 14
        case .staticText: 15
        case .summaryElement: 16
        case .updatesFrequently: 17
        case .causesPageTurn: 18
        case .playsSound: 19
        case .startsMediaSession: 20
        case .allowsDirectInteraction: 21
        case .popUpButton: 22
        }
    }
}

/// A set of traits, cheap to copy and compare (one bit per trait).
public struct AccessibilityTraits: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public init(_ trait: AccessibilityTrait) { self.rawValue = trait.bit }

    public init(_ traits: [AccessibilityTrait]) {
        self.rawValue = traits.reduce(0) { $0 | $1.bit }
    }

    public static let button = AccessibilityTraits(.button)
    public static let link = AccessibilityTraits(.link)
    public static let image = AccessibilityTraits(.image)
    public static let header = AccessibilityTraits(.header)
    public static let searchField = AccessibilityTraits(.searchField)
    public static let textField = AccessibilityTraits(.textField)
    public static let secureTextField = AccessibilityTraits(.secureTextField)
    public static let adjustable = AccessibilityTraits(.adjustable)
    public static let selected = AccessibilityTraits(.selected)
    public static let notEnabled = AccessibilityTraits(.notEnabled)
    public static let tab = AccessibilityTraits(.tab)
    public static let tabBar = AccessibilityTraits(.tabBar)
    public static let `switch` = AccessibilityTraits(.switch)
    public static let backButton = AccessibilityTraits(.backButton)
    public static let keyboardKey = AccessibilityTraits(.keyboardKey)
    public static let staticText = AccessibilityTraits(.staticText)
    public static let summaryElement = AccessibilityTraits(.summaryElement)
    public static let updatesFrequently = AccessibilityTraits(.updatesFrequently)
    public static let causesPageTurn = AccessibilityTraits(.causesPageTurn)
    public static let playsSound = AccessibilityTraits(.playsSound)
    public static let startsMediaSession = AccessibilityTraits(.startsMediaSession)
    public static let allowsDirectInteraction = AccessibilityTraits(.allowsDirectInteraction)
    public static let popUpButton = AccessibilityTraits(.popUpButton)

    public func contains(_ trait: AccessibilityTrait) -> Bool { rawValue & trait.bit != 0 }

    /// The traits in the set, in `AccessibilityTrait.allCases` order.
    public var members: [AccessibilityTrait] { AccessibilityTrait.allCases.filter { contains($0) } }

    public var description: String { "[" + members.map(\.rawValue).joined(separator: ", ") + "]" }
}
