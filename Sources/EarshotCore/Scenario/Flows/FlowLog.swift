/// What happened across screens during a desk check, in order: the user's gestures, screens
/// appearing, focus moves and who made them, the app's screen and layout notifications, focus
/// restorations and ghost focus. `FlowInspector` reads it to find the dynamic problems.
public struct FlowLog: Sendable {
    public private(set) var entries: [FlowEvent] = []
    /// The screen shown at the start.
    public var startScreen: String?

    public init(entries: [FlowEvent] = [], startScreen: String? = nil) {
        self.entries = entries
        self.startScreen = startScreen
    }

    /// The screen shown at `time` (the latest to appear by then).
    public func screen(at time: Double) -> String? {
        var shown = startScreen
        for event in entries {
            guard case .appeared(let appearance) = event else { continue }
            if appearance.time > time + 1e-9 { break }
            shown = appearance.screen
        }
        return shown
    }

    /// With a limit, about the latest `limit` entries are kept (at most twice as many between
    /// trims), and `startScreen` becomes the screen shown when the first kept entry happened.
    var limit: Int?

    mutating func append(_ event: FlowEvent) {
        entries.append(event)
        guard let limit, entries.count > 2 * limit else { return }
        let dropped = entries.count - limit
        for event in entries[..<dropped] {
            if case .appeared(let appearance) = event { startScreen = appearance.screen }
        }
        entries.removeFirst(dropped)
    }
}

/// One thing the flow log noted.
public enum FlowEvent: Sendable, Equatable {
    /// A user gesture (it ends the app's chance to settle focus after a transition).
    case gesture(time: Double, name: String)
    case appeared(ScreenAppearance)
    /// Focus on the shown screen moved to `element` (nil: nothing has focus).
    case focus(time: Double, screen: String, element: String?, by: FocusMover)
    /// The app posted `screenChanged` or `layoutChanged` with an element (or nil).
    case posted(time: Double, screen: String, notification: RestorePlan.Notification, element: String?)
    /// The app scheduled its restoration to run at `due`.
    case restoreScheduled(time: Double, screen: String, due: Double)
    /// The app's restoration ran: its target (nil: it found nothing), and whether this return's
    /// item had already been restored on an earlier appearance.
    case restore(time: Double, screen: String, target: String?, by: RestorePlan.Key, repeated: Bool)
    /// Delayed work moved focus to an element of a screen that is not shown.
    case ghost(time: Double, element: String, screen: String, shown: String)
    /// A web page changed in a way a listener may miss (`WebPageChanges`), or a live region came
    /// into it with its text already in it (`region`, `text`).
    case page(time: Double, screen: String, change: WebPageChanges.Event)
    /// The user acted on a web page through the browser (`PageAction.summary`: `click add`):
    /// a click an activation makes, or a page step's click, focus or typing.
    case pageAction(time: Double, action: String)
    case regionCreatedFilled(time: Double, screen: String, region: String, text: String)
}

/// Who moved focus.
public enum FocusMover: String, Sendable {
    case user, system, app
}

/// A screen appearing, with where the user had left it (on a return) and where focus should
/// land by the rule of the seed articles on focus restoration (docs/sources.md): the item, else
/// its previous, then next neighbour, else the create button.
public struct ScreenAppearance: Sendable, Equatable {
    public var time: Double
    public var screen: String
    public var from: String?
    public var kind: TransitionKind
    /// Where the user left this screen the last time, if they did.
    public var departure: Departure?
    /// Where focus should be once the return settles (nil: nothing to restore).
    public var expected: String?
    /// True when the departed item is no longer on the screen.
    public var itemGone: Bool
}

/// Where the user was when a screen disappeared.
public struct Departure: Sendable, Equatable {
    public var time: Double
    /// The focused element (a list item, the button that presented a modal).
    public var item: String
    /// The item's neighbours among its siblings at that moment.
    public var previous: String?
    public var next: String?
}
