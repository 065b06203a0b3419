/// What an Android view class is, in the screen model's VoiceOver-shaped terms: the
/// `ElementKind` an element of that class is written as. Only classes with an obvious
/// counterpart have one; the rest are plain views (containers, or cells when they are clickable
/// or focusable). TalkBack's own rules read `AndroidView`, not this.
///
/// Classes are matched by their last component (`Switch` of `android.widget.Switch`), so the
/// AndroidX, AppCompat and Material versions of a widget count as the widget.
enum AndroidViewClasses {
    static let buttons: Set<String> = [
        "Button", "ImageButton", "AppCompatButton", "AppCompatImageButton", "MaterialButton",
        "FloatingActionButton", "ExtendedFloatingActionButton", "CheckBox", "AppCompatCheckBox", "MaterialCheckBox",
        "RadioButton", "AppCompatRadioButton", "MaterialRadioButton", "Chip",
    ]
    /// Check boxes and radio buttons: read as buttons, `selected` when checked.
    static let checkButtons: Set<String> = [
        "CheckBox", "AppCompatCheckBox", "MaterialCheckBox", "RadioButton", "AppCompatRadioButton",
        "MaterialRadioButton", "Chip",
    ]
    static let switches: Set<String> = ["Switch", "SwitchCompat", "SwitchMaterial", "MaterialSwitch", "ToggleButton"]
    static let textFields: Set<String> = [
        "EditText", "AppCompatEditText", "TextInputEditText", "AutoCompleteTextView", "AppCompatAutoCompleteTextView",
        "MultiAutoCompleteTextView", "MaterialAutoCompleteTextView", "SearchAutoComplete",
    ]
    static let images: Set<String> = ["ImageView", "AppCompatImageView", "ShapeableImageView"]
    static let texts: Set<String> = ["TextView", "AppCompatTextView", "MaterialTextView", "CheckedTextView"]
    static let scrollViews: Set<String> = [
        "ScrollView", "HorizontalScrollView", "NestedScrollView", "RecyclerView", "ListView", "GridView",
        "ViewPager", "ViewPager2", "ExpandableListView",
    ]

    /// The kind for a view: its class's when the class has one (an `EditText` with `password` a
    /// secure text field); else a scroll view when it scrolls; a cell when it can be clicked or
    /// focused and nothing inside it can (a Settings row of texts: VoiceOver's rules then read
    /// them as one stop); a view otherwise (a form around its fields, a row around its own switch).
    /// `group` is the view's class's (`Group(shortClassName:)`), which a builder finds once per class.
    static func kind(of view: AndroidView, in group: Group, actionableInside: Bool) -> ElementKind {
        switch group.kind {
        case .textField: return view.isPassword ? .secureTextField : .textField
        case .some(let kind): return kind
        case nil:
            if view.isScrollable { return .scrollView }
            if isActionable(view) && !actionableInside { return .cell }
            return .view
        }
    }

    /// What a class is, from its last component: the kind its views are written as (nil: it
    /// depends on the view), and whether it is a check box or radio button.
    struct Group: Sendable {
        var kind: ElementKind?
        var isCheckButton: Bool

        init(shortClassName: Substring) {
            let name = String(shortClassName)
            isCheckButton = checkButtons.contains(name)
            if switches.contains(name) {
                kind = .switch
            } else if buttons.contains(name) {
                kind = .button
            } else if textFields.contains(name) {
                kind = .textField
            } else if images.contains(name) {
                kind = .image
            } else if texts.contains(name) {
                kind = .label
            } else if scrollViews.contains(name) {
                kind = .scrollView
            } else {
                kind = nil
            }
        }
    }

    /// Whether a tap or focus lands on the view itself.
    static func isActionable(_ view: AndroidView) -> Bool { view.isClickable || view.isFocusable }
}
