/// A user gesture: what a scenario's step performs and what a key or typed command in `explore`
/// performs (`ExploreAction.gesture`), one list for both: `Name` is every gesture by the name a
/// step writes, with the keys the step takes and the words a person types (`typed`).
public enum ScenarioGesture: Sendable, Equatable {
    case next, previous, first, last
    /// To the next (`forward`) or previous stop of a kind: Tab and shift+Tab, and a reader's
    /// quick navigation (NVDA's H, D, F, K, B, X, T, E, L, I, M, S, R, C, G, Q, N; VoiceOver's rotor). What each reader finds and
    /// says is its own (`ScreenReader.isJumpTarget`, `describeJump`, `jumpNotFound`).
    case jump(NavigationTarget, forward: Bool)
    /// A table navigation key: to the cell next to the focused one (NVDA's control+alt+arrows).
    case tableMove(TableDirection)
    /// Double tap. `edits` are what the app's action handler changes at once, before VoiceOver
    /// re-reads the element.
    case activate(edits: [ScreenEdit])
    case escape
    /// NVDA+space on a web page: browse mode to focus mode and back (docs/web.md, "Browse and
    /// focus modes, as played"); other readers have no such modes.
    case toggleFocusMode
    /// The space bar: in NVDA's browse mode the same script as Enter (`activatePosition`), in
    /// focus mode a space typed on the page; a double tap for the other readers.
    case space
    /// Alt+down arrow and alt+up arrow (NVDA's `collapseOrExpandControl`): in browse mode the key
    /// goes to the control at the reading, focused first, and NVDA switches to focus mode when
    /// that control was collapsed; in focus mode the key alone goes to the page. Other readers
    /// have no such keys.
    case expandControl, collapseControl
    case increment, decrement
    case touch(x: Double, y: Double)
    /// A three-finger swipe; the app answers with `pageScrolled(text)`.
    case scroll(direction: ScrollDirection, text: String)
    /// Two-finger swipe down (from the focused element) or up (`fromTop`).
    case readAll(fromTop: Bool)
    /// Picks a custom action in the actions rotor and double taps; `edits` as for `activate`.
    case customAction(name: String, edits: [ScreenEdit])

    /// The rotor on headings, swipe down (NVDA's H).
    public static let nextHeading = ScenarioGesture.jump(.heading, forward: true)
    /// The rotor on headings, swipe up (NVDA's shift+H).
    public static let previousHeading = ScenarioGesture.jump(.heading, forward: false)
    /// The keyboard's Tab.
    public static let tab = ScenarioGesture.jump(.focusable, forward: true)
    /// The keyboard's shift+Tab.
    public static let shiftTab = ScenarioGesture.jump(.focusable, forward: false)

    /// Which way a three-finger swipe scrolls (a step's `direction`).
    public enum ScrollDirection: String, NamedCases, Sendable {
        case up, down, left, right
    }

    /// The closed list of gestures by the name a scenario step writes (`{"gesture": "next"}`),
    /// with the keys each one takes beside it.
    public enum Name: String, NamedCases, Sendable {
        case next, previous, first, last, nextHeading, previousHeading, tab, shiftTab, nextLandmark, previousLandmark,
             nextFormField, previousFormField, nextLink, previousLink, nextButton, previousButton, nextCheckBox,
             previousCheckBox, nextTable, previousTable, nextEdit, previousEdit, nextList, previousList, nextListItem,
             previousListItem, nextFrame, previousFrame, nextSeparator, previousSeparator, nextRadioButton,
             previousRadioButton, nextComboBox, previousComboBox, nextGraphic, previousGraphic, nextBlockQuote,
             previousBlockQuote, nextNotLinkBlock, previousNotLinkBlock, nextColumn, previousColumn, nextRow, previousRow, activate, escape, toggleFocusMode, space, expandControl, collapseControl, increment, decrement, touch, scroll, readAll, customAction

        /// The step's keys besides `gesture` and its timing.
        public var keys: [String] {
            switch self {
            case .touch: ["x", "y"]
            case .scroll: ["text", "direction"]
            case .readAll: ["fromTop"]
            case .customAction: ["name", "changes"]
            case .activate: ["changes"]
            default: []
            }
        }

        /// The kind a jump by this name looks for, and its direction; nil for the other gestures.
        public var jump: (target: NavigationTarget, forward: Bool)? {
            switch self {
            case .nextHeading: (.heading, true)
            case .previousHeading: (.heading, false)
            case .tab: (.focusable, true)
            case .shiftTab: (.focusable, false)
            case .nextLandmark: (.landmark, true)
            case .previousLandmark: (.landmark, false)
            case .nextFormField: (.formField, true)
            case .previousFormField: (.formField, false)
            case .nextLink: (.link, true)
            case .previousLink: (.link, false)
            case .nextButton: (.button, true)
            case .previousButton: (.button, false)
            case .nextCheckBox: (.checkBox, true)
            case .previousCheckBox: (.checkBox, false)
            case .nextTable: (.table, true)
            case .previousTable: (.table, false)
            case .nextEdit: (.edit, true)
            case .previousEdit: (.edit, false)
            case .nextList: (.list, true)
            case .previousList: (.list, false)
            case .nextListItem: (.listItem, true)
            case .previousListItem: (.listItem, false)
            case .nextFrame: (.frame, true)
            case .previousFrame: (.frame, false)
            case .nextSeparator: (.separator, true)
            case .previousSeparator: (.separator, false)
            case .nextRadioButton: (.radioButton, true)
            case .previousRadioButton: (.radioButton, false)
            case .nextComboBox: (.comboBox, true)
            case .previousComboBox: (.comboBox, false)
            case .nextGraphic: (.graphic, true)
            case .previousGraphic: (.graphic, false)
            case .nextBlockQuote: (.blockQuote, true)
            case .previousBlockQuote: (.blockQuote, false)
            case .nextNotLinkBlock: (.notLinkBlock, true)
            case .previousNotLinkBlock: (.notLinkBlock, false)
            default: nil
            }
        }

        /// The way a table move by this name goes; nil for the other gestures.
        public var tableMove: TableDirection? { TableDirection(rawValue: rawValue) }

        /// The name of the jump to `target` in that direction.
        static func jump(_ target: NavigationTarget, forward: Bool) -> Name {
            allCases.first { $0.jump?.target == target && $0.jump?.forward == forward }!
        }

        /// The words a person types for this gesture (`ScenarioGesture.typed`: explore's
        /// commands and script lines). None for a three-finger scroll, whose page text is the
        /// app's to say (a scenario gives it), and for a custom action, which explore picks from
        /// the focused element's list (`action N|NAME`). A jump is typed by what it looks for
        /// (`link`, a name of two words with a hyphen: `form-field`, `list-item`, but `checkbox`),
        /// and `previous-` before it to go back (`previous-link`); Tab as `tab` and `shift-tab`.
        public var typedNames: [String] {
            if let (target, forward) = jump {
                if target == .focusable { return [forward ? "tab" : "shift-tab"] }
                let word = target == .checkBox ? "checkbox"
                    : target.rawValue.reduce(into: "") { word, letter in
                        word += letter.isUppercase ? "-" + letter.lowercased() : String(letter)
                    }
                return [forward ? word : "previous-\(word)"]
            }
            switch self {
            case .readAll: return ["read", "read-top"]
            case .toggleFocusMode: return ["focus-mode"]
            case .expandControl: return ["expand"]
            case .collapseControl: return ["collapse"]
            // The table keys are played by scenarios only; explore does not type them yet.
            case .scroll, .customAction, .nextColumn, .previousColumn, .nextRow, .previousRow: return []
            default: return [rawValue]
            }
        }
    }

    /// Every typed gesture name, in the order of `Name`.
    public static var typedNames: [String] { Name.allCases.flatMap(\.typedNames) }

    /// The gesture a typed command names, with what follows the name (`touch 120 300`); nil
    /// when `name` is none of `typedNames`. A double tap typed this way changes nothing on the
    /// screen (`activate(edits: [])`).
    public static func typed(_ name: String, argument: String) throws(TypedGestureError) -> ScenarioGesture? {
        guard let kind = Name.allCases.first(where: { $0.typedNames.contains(name) }) else { return nil }
        func alone(_ gesture: ScenarioGesture) throws(TypedGestureError) -> ScenarioGesture {
            guard argument.isEmpty else { throw TypedGestureError("\(name) takes nothing after it, found \"\(argument)\"") }
            return gesture
        }
        if let (target, forward) = kind.jump { return try alone(.jump(target, forward: forward)) }
        if let direction = kind.tableMove { return try alone(.tableMove(direction)) }
        switch kind {
        case .next: return try alone(.next)
        case .previous: return try alone(.previous)
        case .first: return try alone(.first)
        case .last: return try alone(.last)
        case .activate: return try alone(.activate(edits: []))
        case .escape: return try alone(.escape)
        case .toggleFocusMode: return try alone(.toggleFocusMode)
        case .space: return try alone(.space)
        case .expandControl: return try alone(.expandControl)
        case .collapseControl: return try alone(.collapseControl)
        case .increment: return try alone(.increment)
        case .decrement: return try alone(.decrement)
        case .readAll: return try alone(.readAll(fromTop: name == "read-top"))
        case .touch:
            let words = argument.split(whereSeparator: \.isWhitespace)
            let numbers = words.compactMap { Double($0) }
            guard numbers.count == 2, words.count == 2 else {
                throw TypedGestureError("touch needs two numbers, X and Y in points, e.g. touch 120 300")
            }
            return .touch(x: numbers[0], y: numbers[1])
        default: return nil
        }
    }

    /// Whether the gesture activates the item at the reading: a double tap, and the space bar,
    /// which NVDA's browse mode gives Enter's script (`activatePosition`).
    public var activates: Bool {
        switch self {
        case .activate, .space: true
        default: false
        }
    }

    /// Whether the gesture moves the keyboard's focus (Tab, shift+Tab): on a web page open live,
    /// the browser focuses the element too.
    public var movesKeyboardFocus: Bool {
        if case .jump(.focusable, _) = self { true } else { false }
    }

    /// The name a scenario step writes for this gesture (`Name`).
    public var stepName: Name {
        switch self {
        case .next: .next
        case .previous: .previous
        case .first: .first
        case .last: .last
        case .jump(let target, let forward): .jump(target, forward: forward)
        case .tableMove(let direction): Name(rawValue: direction.rawValue)!
        case .activate: .activate
        case .escape: .escape
        case .toggleFocusMode: .toggleFocusMode
        case .space: .space
        case .expandControl: .expandControl
        case .collapseControl: .collapseControl
        case .increment: .increment
        case .decrement: .decrement
        case .touch: .touch
        case .scroll: .scroll
        case .readAll: .readAll
        case .customAction: .customAction
        }
    }

    /// How the gesture is named in transcripts: VoiceOver's gestures (a reader may name them its
    /// own way, `ScreenReader.gestureName`: NVDA by its keys).
    public var name: String {
        switch self {
        case .next: "swipe right"
        case .previous: "swipe left"
        case .first: "four-finger tap top"
        case .last: "four-finger tap bottom"
        case .jump(.focusable, let forward): forward ? "tab" : "shift+tab"
        case .jump(let target, let forward): "rotor \(target.rotorName), swipe \(forward ? "down" : "up")"
        case .tableMove(let direction): "table \(direction.rawValue)"
        case .activate: "double tap"
        case .escape: "escape (two-finger scrub)"
        case .toggleFocusMode: "toggle focus mode"
        case .space: "space"
        case .expandControl: "expand control"
        case .collapseControl: "collapse control"
        case .increment: "swipe up"
        case .decrement: "swipe down"
        case .touch(let x, let y): "touch \(plainNumber(x)) \(plainNumber(y))"
        case .scroll(let direction, _): "three-finger swipe \(direction.rawValue)"
        case .readAll(let fromTop): fromTop ? "read all from top" : "read all"
        case .customAction(let name, _): "custom action \(name)"
        }
    }
}

/// A typed gesture that cannot be performed as written: its argument missing or wrong.
public struct TypedGestureError: Error, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
