/// What a gesture that jumps looks for: the next or previous stop of one kind (`ScenarioGesture.jump`).
///
/// On a web page under NVDA these are Tab and shift+Tab (`focusable`) and the quick navigation
/// keys H, D, F, K, B, X, T, E, L, I, M, S, R, C, G, Q, N (docs/web.md, sections c and d); under
/// VoiceOver and TalkBack they move as the rotor does, by the stop's traits
/// (`ScreenReader.isJumpTarget`). The raw values are NVDA's item types (`addQuickNav`), which
/// name its "no next …" templates.
public enum NavigationTarget: String, NamedCases, Sendable {
    /// A stop the keyboard's Tab reaches.
    case focusable
    case heading, landmark, formField, link, button, checkBox, table
    case edit, list, listItem, frame, separator, radioButton, comboBox, graphic, blockQuote
    /// NVDA's N: the text after a block of links (`qn("notLinkBlock", key="n", …)`), no kind of
    /// item but a gap between two links (`ScreenReader.jumpDestination`).
    case notLinkBlock

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
        case .table: "tables"
        case .edit: "text fields"
        case .list: "lists"
        case .listItem: "list items"
        case .frame: "frames"
        case .separator: "separators"
        case .radioButton: "radio buttons"
        case .comboBox: "combo boxes"
        case .graphic: "images"
        case .blockQuote: "block quotes"
        case .notLinkBlock: "text after links"
        }
    }

    /// Whether a stop with these traits is one of this kind, as a rotor on an app's screen finds
    /// it (Earshot's reading of VoiceOver's rotor: an app's screen has no landmarks; a form
    /// control is a text field, an adjustable or a switch; Tab reaches what can be acted on; a
    /// text field is an edit, an image a graphic; an app's traits say no list, frame, separator,
    /// radio button, combo box or block quote).
    public func matchesTraits(of stop: FocusStop) -> Bool {
        let traits = stop.traits
        let isSwitch = traits.contains(.switch) || stop.isOn != nil || stop.kind == .switch
        let isField = !traits.isDisjoint(with: [.textField, .searchField, .secureTextField]) || stop.kind == .textField
        switch self {
        case .focusable:
            return !traits.contains(.notEnabled)
                && (isSwitch || isField || !traits.isDisjoint(with: [.button, .link, .adjustable, .tab]))
        case .heading: return traits.contains(.header)
        case .landmark, .table, .list, .listItem, .frame, .separator, .radioButton, .comboBox, .blockQuote, .notLinkBlock:
            return false
        case .edit: return isField
        case .graphic: return traits.contains(.image)
        case .formField: return isField || isSwitch || traits.contains(.adjustable)
        case .link: return traits.contains(.link)
        case .button: return traits.contains(.button) && !isSwitch
        case .checkBox: return isSwitch
        }
    }
}

/// Which way a table navigation key moves (NVDA's control+alt+arrows, `script_nextColumn`,
/// `script_previousColumn`, `script_nextRow`, `script_previousRow` in `documentBase.py`).
public enum TableDirection: String, NamedCases, Sendable {
    case nextColumn, previousColumn, nextRow, previousRow

    /// Whether the key moves from row to row (down and up a column), else from column to column.
    public var byRow: Bool { self == .nextRow || self == .previousRow }

    /// Whether the key moves to a later row or column.
    public var forward: Bool { self == .nextRow || self == .nextColumn }

    /// The arrow key NVDA gives it, with control+alt.
    public var arrow: String {
        switch self {
        case .nextColumn: "right arrow"
        case .previousColumn: "left arrow"
        case .nextRow: "down arrow"
        case .previousRow: "up arrow"
        }
    }
}
