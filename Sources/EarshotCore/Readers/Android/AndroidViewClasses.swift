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
    static func kind(of view: AndroidView, actionableInside: Bool) -> ElementKind {
        let name = String(view.shortClassName)
        if switches.contains(name) { return .switch }
        if buttons.contains(name) { return .button }
        if textFields.contains(name) { return view.isPassword ? .secureTextField : .textField }
        if images.contains(name) { return .image }
        if texts.contains(name) { return .label }
        if scrollViews.contains(name) || view.isScrollable { return .scrollView }
        if isActionable(view) && !actionableInside { return .cell }
        return .view
    }

    /// Whether a tap or focus lands on the view itself.
    static func isActionable(_ view: AndroidView) -> Bool { view.isClickable || view.isFocusable }
}
