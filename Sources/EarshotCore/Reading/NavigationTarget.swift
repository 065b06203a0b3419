/// What a gesture that jumps looks for: the next or previous stop of one kind (`ScenarioGesture.jump`).
///
/// On a web page under NVDA these are Tab and shift+Tab (`focusable`) and the quick navigation
/// keys H, D, F, K, B, X (docs/web.md, sections c and d); under VoiceOver and TalkBack they move
/// as the rotor does, by the stop's traits (`ScreenReader.isJumpTarget`). The raw values are
/// NVDA's item types (`addQuickNav`), which name its "no next …" templates.
public enum NavigationTarget: String, NamedCases, Sendable {
    /// A stop the keyboard's Tab reaches.
    case focusable
    case heading, landmark, formField, link, button, checkBox

    /// The rotor setting's name for it, plural (`rotor links, swipe down`).
    public var rotorName: String {
        switch self {
        case .focusable: "focusable elements"
        case .heading: "headings"
        case .landmark: "landmarks"
        case .formField: "form controls"
        case .link: "links"
        case .button: "buttons"
        case .checkBox: "check boxes"
        }
    }

    /// Whether a stop with these traits is one of this kind, as a rotor on an app's screen finds
    /// it (Earshot's reading of VoiceOver's rotor: an app's screen has no landmarks; a form
    /// control is a text field, an adjustable or a switch; Tab reaches what can be acted on).
    public func matchesTraits(of stop: FocusStop) -> Bool {
        let traits = stop.traits
        let isSwitch = traits.contains(.switch) || stop.isOn != nil || stop.kind == .switch
        let isField = !traits.isDisjoint(with: [.textField, .searchField, .secureTextField]) || stop.kind == .textField
        switch self {
        case .focusable:
            return !traits.contains(.notEnabled)
                && (isSwitch || isField || !traits.isDisjoint(with: [.button, .link, .adjustable, .tab]))
        case .heading: return traits.contains(.header)
        case .landmark: return false
        case .formField: return isField || isSwitch || traits.contains(.adjustable)
        case .link: return traits.contains(.link)
        case .button: return traits.contains(.button) && !isSwitch
        case .checkBox: return isSwitch
        }
    }
}
