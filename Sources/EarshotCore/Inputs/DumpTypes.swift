/// The vocabulary of the capture tools: element types (WebDriverAgent's `XCUIElementType…`
/// names without the prefix, and idb's roles mapped onto them) and trait names, with what each
/// means for VoiceOver.
enum DumpTypes {
    /// Every element type WebDriverAgent writes (its `FBElementTypeTransformer`), plus idb's
    /// `Heading`. A type outside this list is reported once and read as `Other`.
    static let known: Set<String> = [
        "Any", "Other", "Application", "Group", "Window", "Sheet", "Drawer", "Alert", "Dialog", "Button",
        "RadioButton", "RadioGroup", "CheckBox", "DisclosureTriangle", "PopUpButton", "ComboBox", "MenuButton",
        "ToolbarButton", "Popover", "Keyboard", "Key", "NavigationBar", "TabBar", "TabGroup", "Toolbar", "StatusBar",
        "Table", "TableRow", "TableColumn", "Outline", "OutlineRow", "Browser", "CollectionView", "Slider",
        "PageIndicator", "ProgressIndicator", "ActivityIndicator", "SegmentedControl", "Picker", "PickerWheel",
        "Switch", "Toggle", "Link", "Image", "Icon", "SearchField", "ScrollView", "ScrollBar", "StaticText",
        "TextField", "SecureTextField", "DatePicker", "TextView", "Menu", "MenuItem", "MenuBar", "MenuBarItem", "Map",
        "WebView", "IncrementArrow", "DecrementArrow", "Timeline", "RatingIndicator", "ValueIndicator", "SplitGroup",
        "Splitter", "RelevanceIndicator", "ColorWell", "HelpTag", "Matte", "DockItem", "Ruler", "RulerMarker", "Grid",
        "LevelIndicator", "Cell", "LayoutArea", "LayoutItem", "Handle", "Stepper", "Tab", "TouchBar", "StatusItem",
        "Heading",
    ]

    /// Types that are accessibility elements by themselves (controls), when the dump does not say.
    static let elements: Set<String> = [
        "Button", "RadioButton", "CheckBox", "PopUpButton", "MenuButton", "ToolbarButton", "Key", "Link", "Switch",
        "Toggle", "Slider", "Stepper", "PickerWheel", "PageIndicator", "ProgressIndicator", "ActivityIndicator",
        "SearchField", "TextField", "SecureTextField", "TextView", "Tab", "MenuItem", "Icon", "DisclosureTriangle",
        "ComboBox", "IncrementArrow", "DecrementArrow",
    ]

    /// Containers that scroll: their stops keep the dump's order, and their frame is the viewport
    /// an invisible stop inside them is judged against.
    static let scrollViews: Set<String> = ["Table", "CollectionView", "ScrollView"]

    /// Types a user types into; buttons inside them are stops of their own, after the field.
    static let textFields: Set<String> = ["TextField", "SecureTextField", "SearchField", "TextView"]

    static let switches: Set<String> = ["Switch", "Toggle"]

    /// Traits an element of this type has when the dump has no `traits`.
    static func traits(ofType type: String) -> AccessibilityTraits {
        switch type {
        case "Button", "RadioButton", "CheckBox", "PopUpButton", "MenuButton", "ToolbarButton", "Icon", "MenuItem",
             "DisclosureTriangle", "ComboBox", "IncrementArrow", "DecrementArrow": .button
        case "Link": .link
        case "Image": .image
        case "StaticText": .staticText
        case "Heading": [.staticText, .header]
        case "SearchField": .searchField
        case "Key": .keyboardKey
        case "Slider", "Stepper", "PickerWheel", "PageIndicator": .adjustable
        case "Switch", "Toggle": .button
        case "Tab": .button
        case "ProgressIndicator", "ActivityIndicator": .updatesFrequently
        default: []
        }
    }

    /// Roles VoiceOver speaks that no public trait names: they come from the type even when
    /// the dump lists traits.
    static func roles(ofType type: String) -> AccessibilityTraits {
        switch type {
        case "TextField", "TextView": .textField
        case "SecureTextField": .secureTextField
        case "Switch", "Toggle": [.switch, .button]
        case "Tab": .tab
        // A button that opens a menu, whatever other trait (a header) the dump lists with it.
        case "PopUpButton": [.popUpButton, .button]
        default: []
        }
    }

    /// The screen-file kind an element of this type is written as.
    static func kind(ofType type: String) -> ElementKind {
        switch type {
        case "Button", "RadioButton", "CheckBox", "PopUpButton", "MenuButton", "ToolbarButton", "Icon", "MenuItem": .button
        case "StaticText", "Heading": .label
        case "Image": .image
        case "TextField": .textField
        case "SecureTextField": .secureTextField
        case "SearchField": .searchField
        case "TextView": .textView
        case "Switch", "Toggle": .switch
        case "Slider", "Stepper", "PickerWheel", "PageIndicator": .slider
        case "Cell": .cell
        case "Tab": .tab
        default: .view
        }
    }

    /// Trait names in WebDriverAgent's `traits` (its `FBAccessibilityTraits`) and idb's, by the
    /// trait Earshot speaks for them.
    static let traitNames: [String: AccessibilityTrait] = [
        "Button": .button, "Link": .link, "Header": .header, "SearchField": .searchField, "Image": .image,
        "Selected": .selected, "PlaysSound": .playsSound, "KeyboardKey": .keyboardKey, "StaticText": .staticText,
        "SummaryElement": .summaryElement, "NotEnabled": .notEnabled, "UpdatesFrequently": .updatesFrequently,
        "StartsMediaSession": .startsMediaSession, "Adjustable": .adjustable,
        "AllowsDirectInteraction": .allowsDirectInteraction, "CausesPageTurn": .causesPageTurn, "TabBar": .tabBar,
        // iOS 17's toggle trait (SwiftUI Toggle): VoiceOver calls it a switch button.
        "ToggleButton": .switch, "Toggle": .switch,
        // idb's names for roles.
        "TextEntry": .textField, "SecureTextField": .secureTextField, "BackButton": .backButton, "TabButton": .tab,
    ]

    /// Names the tools write that change nothing VoiceOver says for the element in Earshot's model.
    static let silentTraitNames: Set<String> = [
        "None", "SupportsZoom", "Scrollable", "TextOperationsAvailable", "IsEditing", "WebContent", "PickerElement",
        "RadioButton", "LaunchIcon", "Inactive", "Footer", "AutoCorrectCandidate", "DeleteKey",
        "SelectionDismissesItem", "Visited", "Spacer", "TableIndex", "Map", "Draggable", "GesturePracticeRegion",
        "PopupButton", "AllowsNativeSliding", "MathEquation", "ContainedByTable", "ContainedByList", "TouchContainer",
        "TextArea", "BookContent", "ContainedByLandmark", "FolderIcon", "ReadOnly", "MenuItem", "IgnoreItemChooser",
        "SupportsTrackingDetail", "Alert", "ContainedByFieldset", "AllowsLayoutChangeInStatusBar", "StatusBarElement",
        "Unknown",
    ]

    /// The word an id made from the type starts with: `cell`, `staticText`, `button`.
    static func idWord(_ type: String) -> String {
        guard let first = type.first else { return "element" }
        return first.lowercased() + type.dropFirst()
    }
}
