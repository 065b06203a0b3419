import EarshotCore
import Foundation

/// One thing the person at `earshot explore` asks for: a VoiceOver gesture on the screen, a
/// notification the app would post, or a session command. Keys and typed lines both become these.
public enum ExploreAction: Equatable, Sendable {
    /// A gesture of the reader's, as a scenario's step performs it (a double tap here changes
    /// nothing on the screen: `activate(edits: [])`).
    case gesture(ScenarioGesture)
    /// Lists the focused element's custom actions, numbered.
    case listActions
    /// Performs a custom action by name or by its 1-based number in the list.
    case performAction(String)
    case announce(String, priority: SpeechPriority, queued: Bool)
    /// `screenChanged`, focusing the element with this id, or the first stop.
    case screenChanged(String?)
    case layoutElement(String)
    case layoutText(String)
    case layoutNone
    case pageScrolled(String)
    /// TalkBack's side: `announceForAccessibility`, a live region's change, a pane's title.
    case announceForAccessibility(String)
    case liveRegion(String, assertive: Bool)
    case paneTitle(String)
    /// Scripts: let `seconds` pass, or wait until nothing plays or waits.
    case wait(Double)
    case waitUntilIdle
    case help
    case quit

    /// The reader's gesture this action is, if it is one.
    public var gesture: ScenarioGesture? {
        if case .gesture(let gesture) = self { return gesture }
        return nil
    }

    /// The app's notification this action posts, if it is one.
    public var notification: PostedNotification? {
        switch self {
        case .announce(let text, let priority, let queued):
            .announcement(text, priority: priority, queued: queued, attributes: .none)
        case .screenChanged(let id): .screenChanged(element: id, screen: nil)
        case .layoutElement(let id): .layoutChangedElement(id)
        case .layoutText(let text): .layoutChangedText(text)
        case .layoutNone: .layoutChangedNil
        case .pageScrolled(let text): .pageScrolled(text)
        case .announceForAccessibility(let text): .announceForAccessibility(text)
        case .liveRegion(let text, let assertive): .liveRegion(text, assertive: assertive)
        case .paneTitle(let text): .paneTitle(text)
        default: nil
        }
    }

    /// Command names typed after `:` (or given one per line on standard input), with their help.
    public static let commandHelp: [(String, String)] = [
        ("next | previous | first | last", "swipe right / left, four-finger tap top / bottom (TalkBack: first and last have no gesture by default)"),
        ("heading | previous-heading", "rotor on headings, swipe down / up (NVDA on a page: h / shift+h; TalkBack: the reading control headings)"),
        ("tab | shift-tab", "the keyboard's Tab / shift+Tab: the next / previous focusable element"),
        ("landmark | form-field | link | button | checkbox | table",
         "the next of a kind: NVDA's quick navigation on a page (d f k b x t), VoiceOver's rotor (on a page: headings, links, landmarks, form controls), TalkBack's reading controls (on a page: headings, links, lists, controls, landmarks)"),
        ("previous-landmark | previous-form-field | previous-link | previous-button | previous-checkbox | previous-table",
         "the previous of a kind (NVDA: shift with the key)"),
        ("edit | list | list-item | frame | separator | radio-button | combo-box | graphic | block-quote",
         "likewise, NVDA's e l i m s r c g q on a page"),
        ("previous-edit | previous-list | previous-list-item | previous-frame | previous-separator",
         "the previous of a kind (NVDA: shift with the key)"),
        ("previous-radio-button | previous-combo-box | previous-graphic | previous-block-quote",
         "the previous of a kind (NVDA: shift with the key)"),
        ("not-link-block | previous-not-link-block", "NVDA's n / shift+n on a page: the text after / before a block of links"),
        ("activate | escape", "double tap / two-finger scrub (TalkBack: back, swipe down then left)"),
        ("focus-mode", "NVDA+space on a page: browse mode / focus mode"),
        ("space | expand | collapse", "NVDA on a page: space (in browse mode Enter's script), alt+down / alt+up arrow"),
        ("increment | decrement", "swipe up / down on an adjustable element"),
        ("read | read-top", "two-finger swipe down (from the focus) / up (from the top) (TalkBack: two-finger triple tap / no gesture by default)"),
        ("touch X Y", "touch exploration at a point of the screen"),
        ("actions | action N|NAME", "list / perform the focused element's custom actions"),
        ("announce TEXT", "post an announcement (default priority)"),
        ("announce! TEXT", "post a high-priority announcement"),
        ("announce-low TEXT", "post a low-priority announcement"),
        ("queue TEXT", "post an announcement with accessibilitySpeechQueueAnnouncement"),
        ("screen [ID]", "post screenChanged, focusing ID (default: the first stop)"),
        ("layout ID | layout \"TEXT\" | layout", "post layoutChanged with an element, a string or nil"),
        ("page TEXT", "post pageScrolled, e.g. page 3페이지 중 2페이지"),
        ("android-announce TEXT", "Android: View.announceForAccessibility"),
        ("live TEXT | live! TEXT", "Android: a polite / assertive live region changed to TEXT"),
        ("pane TEXT", "Android: a pane appeared with this title"),
        ("wait SECONDS | idle", "time the next gesture SECONDS after the last command / wait until speech has ended"),
        ("n p h H d D f F k K b B x X r R a 1-9 | right left home end enter esc up down tab shift-tab",
         "in a script: the keys, by letter or name"),
        ("help | quit", "this help / leave"),
    ]

    /// The closed list of typed commands by name besides the gestures (`ScenarioGesture.typedNames`);
    /// `aliases` are other spellings of some.
    public enum Name: String, NamedCases, Sendable {
        case actions, action, announce, announceHigh = "announce!",
             announceLow = "announce-low", queue, screen, layout, page, androidAnnounce = "android-announce", live,
             liveAssertive = "live!", pane, wait, idle, help, quit

        public static let aliases: [String: Name] = ["announce-high": .announceHigh, "?": .help, "q": .quit, "exit": .quit]

        public init?(typed: String) {
            guard let name = Name(rawValue: typed) ?? Self.aliases[typed] else { return nil }
            self = name
        }
    }

    /// The keys of a terminal session by the names a script can give them, one a line: the
    /// same letters (`n`, `p`, `h`, `H`, `r`, `R`, `a`, `1`-`9`, `?`, `q`) and the other keys by
    /// name (`right`, `left`, `home`, `end`, `enter`, `escape`, `up`, `down`, in any case), so
    /// that what a person presses can be replayed from a file.
    public static func key(_ text: String) -> ExploreAction? {
        let key: TerminalKey
        if text.count == 1, let character = text.first {
            key = .character(character)
        } else {
            switch text.lowercased() {
            case "right": key = .right
            case "left": key = .left
            case "home": key = .home
            case "end": key = .end
            case "enter", "return": key = .enter
            case "esc": key = .escape
            case "up": key = .up
            case "down": key = .down
            case "tab": key = .tab
            case "shift-tab", "shift+tab", "backtab": key = .backTab
            default: return nil
            }
        }
        // The terminal's table, so a key does in a script what it does at the keyboard.
        guard case .action(let action) = meaning(of: key) else { return nil }
        return action
    }

    /// Parses one typed command, e.g. `announce 장바구니에 담겼습니다` (a leading `:` is allowed),
    /// or a key by its letter or name (`key(_:)`).
    public static func parse(_ line: String) throws -> ExploreAction {
        var text = line.trimmingCharacters(in: .whitespaces)
        if let key = key(text) { return key }
        if text.hasPrefix(":") { text.removeFirst() }
        let name = String(text.prefix { !$0.isWhitespace })
        let argument = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        func requireArgument(_ what: String) throws -> String {
            guard !argument.isEmpty else { throw ExploreCommandError("\(name) needs \(what)") }
            return argument
        }
        func noArgument(_ action: ExploreAction) throws -> ExploreAction {
            guard argument.isEmpty else { throw ExploreCommandError("\(name) takes nothing after it, found \"\(argument)\"") }
            return action
        }
        do {
            if let gesture = try ScenarioGesture.typed(name, argument: argument) { return .gesture(gesture) }
        } catch {
            throw ExploreCommandError(error.message)
        }
        guard let command = Name(typed: name) else {
            // A long word is named by its start: the message stays one line.
            let shown = name.count > 40 ? String(name.prefix(40)) + "… (\(name.utf8.count) bytes)" : name
            var message = name.isEmpty ? "empty command" : "unknown command \"\(shown)\""
            message += NameSuggestion.didYouMean(name, in: ScenarioGesture.typedNames + Name.names)
            throw ExploreCommandError(message + " (help lists them)")
        }
        switch command {
        case .actions: return try noArgument(.listActions)
        case .action: return .performAction(try requireArgument("an action's number or name"))
        case .announce: return .announce(try requireArgument("the text to announce"), priority: .default, queued: false)
        case .announceHigh: return .announce(try requireArgument("the text to announce"), priority: .high, queued: false)
        case .announceLow: return .announce(try requireArgument("the text to announce"), priority: .low, queued: false)
        case .queue: return .announce(try requireArgument("the text to announce"), priority: .default, queued: true)
        case .screen: return .screenChanged(argument.isEmpty ? nil : argument)
        case .layout:
            if argument.isEmpty { return .layoutNone }
            if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") {
                return .layoutText(String(argument.dropFirst().dropLast()))
            }
            return .layoutElement(argument)
        case .page: return .pageScrolled(try requireArgument("the page position text"))
        case .androidAnnounce: return .announceForAccessibility(try requireArgument("the text to announce"))
        case .live: return .liveRegion(try requireArgument("the live region's text"), assertive: false)
        case .liveAssertive: return .liveRegion(try requireArgument("the live region's text"), assertive: true)
        case .pane: return .paneTitle(try requireArgument("the pane's title"))
        case .wait:
            guard let seconds = Double(argument), seconds >= 0, seconds <= 600 else {
                throw ExploreCommandError("wait needs seconds from 0 to 600, found \"\(argument)\"")
            }
            return .wait(seconds)
        case .idle: return try noArgument(.waitUntilIdle)
        case .help: return .help
        case .quit: return .quit
        }
    }
}

/// A typed command explore cannot carry out as written: unknown, or its argument missing or wrong.
public struct ExploreCommandError: UserFacingError, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var category: ErrorCategory { .usage }
    public var description: String { "error: \(message)" }
}
