/// One element composed from a label, value, traits, class and hint (`earshot speak --reader
/// talkback`), as the Android view TalkBack would find: the view is built here, and TalkBack's
/// own rules (`TalkBackOrder`, `TalkBackDescription`) make its stop and say it, as for a node of
/// a dump (docs/talkback.md, "Composing one element").
///
/// Every step of the mapping is Earshot's choice, since the words are VoiceOver's:
/// - the label is the `contentDescription`;
/// - the class is the one given, else the class a trait names (`image` `android.widget.ImageView`,
///   `searchField` `android.widget.EditText`, `adjustable` `android.widget.SeekBar`), else
///   `android.widget.Button` for `button`, else `android.view.View`;
/// - `button` makes the view clickable, `header` a heading, `selected` selected, `notEnabled`
///   disabled; the other traits have no Android counterpart and are refused;
/// - the value of a checkable class (TalkBack's switch, toggle button, check box, radio button
///   and checked text view roles) is its checked state, `1`, `on` or `true` for checked and `0`,
///   `off` or `false` for not; any other class's value is its `stateDescription`;
/// - the hint is Android's hint text (`hint`), which TalkBack reads as an edit text's name when it
///   has no text or content description; TalkBack's usage hint comes from the view's actions;
/// - a button class (TalkBack's button, switch, toggle button, check box and radio button roles,
///   or a class whose name ends in `Button`, such as `android.widget.ImageButton`) is clickable,
///   as Android makes such views, and so is any view with `button`; no other view is.
public struct ComposedAndroidView: Sendable, Equatable {
    public var label: String?
    public var value: String?
    /// Trait names as written (`button`, `isHeader`, `notEnabled`).
    public var traits: [String]
    /// The Android class; nil for the one the traits name.
    public var className: String?
    public var hint: String?

    public init(label: String? = nil, value: String? = nil, traits: [String] = [], className: String? = nil,
                hint: String? = nil) {
        self.label = label
        self.value = value
        self.traits = traits
        self.className = className
        self.hint = hint
    }

    /// The class of a view with neither a class given nor a trait that names one.
    public static let defaultClassName = "android.view.View"
    /// The class `button` names when nothing else names one.
    public static let buttonClassName = "android.widget.Button"
    /// The classes traits name, which win over `button`'s.
    public static let traitClasses: [(trait: AccessibilityTrait, className: String)] = [
        (.image, "android.widget.ImageView"), (.searchField, "android.widget.EditText"),
        (.adjustable, "android.widget.SeekBar"),
    ]
    /// The traits with an Android counterpart, in the order error messages list them.
    public static let mappedTraits: [AccessibilityTrait] = [
        .button, .header, .selected, .notEnabled, .image, .searchField, .adjustable,
    ]
    /// The values of a checkable view that say checked and not checked (compared lower-cased).
    public static let checkedValues = ["1", "on", "true"]
    public static let uncheckedValues = ["0", "off", "false"]

    /// TalkBack's roles (from its words' `classRoles`) of views Android makes checkable.
    static let checkableRoles: Set<TalkBackRole> = [.switchControl, .toggleButton, .checkBox, .radioButton, .checkedTextView]
    /// TalkBack's roles of views Android makes clickable (an EditText's and a Spinner's styles are
    /// clickable too).
    static let clickableRoles: Set<TalkBackRole> = [.button, .switchControl, .toggleButton, .checkBox, .radioButton,
                                                    .editText, .dropDownList]

    /// The Android view; a usage error for an unknown or unmapped trait, traits naming two classes,
    /// or a checkable view's value that is no checked state.
    public func view(words: TalkBackVocabulary) throws -> AndroidView {
        var traitSet = AccessibilityTraits()
        for name in traits {
            guard let trait = AccessibilityTrait(name: name) else {
                throw ComposedAndroidViewError("unknown trait \"\(name)\""
                    + NameSuggestion.didYouMean(name, in: AccessibilityTrait.acceptedNames))
            }
            guard Self.mappedTraits.contains(trait) else {
                let mapped = Self.mappedTraits.map { $0 == .header ? "header (isHeader)" : $0.rawValue }
                throw ComposedAndroidViewError("the trait \"\(name)\" has no Android counterpart for TalkBack; "
                    + "traits that map: \(mapped.joined(separator: ", "))")
            }
            traitSet.insert(AccessibilityTraits(trait))
        }
        let named = Self.traitClasses.filter { traitSet.contains(AccessibilityTraits($0.trait)) }
        if className == nil, named.count > 1 {
            throw ComposedAndroidViewError("the traits \(named.map { $0.trait.rawValue }.joined(separator: " and ")) "
                + "name different Android classes (\(named.map(\.className).joined(separator: ", "))): give one")
        }
        let chosenClass = nonEmpty(className) ?? named.first?.className
            ?? (traitSet.contains(.button) ? Self.buttonClassName : Self.defaultClassName)
        var view = AndroidView(className: chosenClass, contentDescription: nonEmpty(label), hint: nonEmpty(hint),
                               isSelected: traitSet.contains(.selected), isEnabled: !traitSet.contains(.notEnabled),
                               isHeading: traitSet.contains(.header))
        let role = words.role(ofClass: chosenClass)
        view.isClickable = traitSet.contains(.button) || role.map(Self.clickableRoles.contains) == true
            || view.shortClassName.hasSuffix("Button")
        if role.map(Self.checkableRoles.contains) == true {
            view.isCheckable = true
            if let value = nonEmpty(value) {
                if Self.checkedValues.contains(value.lowercased()) {
                    view.isChecked = true
                } else if !Self.uncheckedValues.contains(value.lowercased()) {
                    throw ComposedAndroidViewError("the value \"\(value)\" of the checkable \(chosenClass) is no checked "
                        + "state: give \(Self.checkedValues.joined(separator: ", ")) (checked) or "
                        + "\(Self.uncheckedValues.joined(separator: ", ")) (not checked)")
                }
            }
        } else {
            view.stateDescription = nonEmpty(value)
        }
        return view
    }

    /// The stop TalkBack's rules make of the view, alone on a screen, with the element's language
    /// and speech attributes; a usage error when TalkBack would not focus it (a view that is not
    /// clickable and has nothing to say).
    public func stop(words: TalkBackVocabulary, language: String? = nil, speech: SpeechAttributes = .none) throws -> FocusStop {
        let view = try view(words: words)
        let node = AccessibilityNode(id: "element", language: language, speech: speech, android: view)
        guard let stop = TalkBackOrder.stops(of: try Screen(name: "element", roots: [node]), words: words).first else {
            throw ComposedAndroidViewError("TalkBack would not focus this element (\(view.className)): it is not "
                + "clickable and has no label, state or hint text to say")
        }
        return stop
    }

    /// What the composition leaves unsaid: Android's hint text where TalkBack's rules say it
    /// neither as the name (an edit box showing it) nor after the role (`getHintDescription`): a
    /// password field showing its hint.
    public func unspokenHint(words: TalkBackVocabulary) throws -> String? {
        guard let hint = nonEmpty(hint) else { return nil }
        let view = try view(words: words)
        if TalkBackDescription.label(of: view, words: words) == hint { return nil }
        let role = TalkBackDescription.role(of: view, words: words)
        return TalkBackDescription.hintText(of: view, role: role) == nil ? hint : nil
    }
}

/// A composed element that TalkBack cannot read as asked (a usage error).
public struct ComposedAndroidViewError: UserFacingError, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var category: ErrorCategory { .usage }
    public var description: String { "error: \(message)" }
}
