/// What the app under test does on its own, declared in a scenario's `app` section
/// (docs/scenario-format.md, "App flows"): behaviours run when an element is double tapped and
/// when a screen appears.
///
/// The desk check runs them as the app would (`DeskCheck`), so a scenario can show both a bug
/// (restoring focus by position, a delayed move that is not cancelled) and its fix.
public enum AppBehaviour: Sendable {
    /// Shows another screen with a transition kind (system push or pop, modal, or a swap inside
    /// one container).
    case navigate(screen: String, transition: TransitionKind)
    /// Toggles the `selected` trait of the element (nil: the activated element).
    case toggleSelected(element: String?)
    /// Changes properties of the element (nil: the activated element).
    case set(element: String?, ElementChange)
    /// Posts a notification now or after a delay; delayed work can be cancelled when its screen
    /// disappears.
    case post(PostedNotification, after: Double, cancelOnDisappear: Bool)
    /// Removes the element (and its subtree) from every screen that has it.
    case delete(String)
    /// On appearance: moves focus back to where the user left the screen's list.
    case restoreFocus(RestorePlan)
}

/// How one screen appears and disappears.
public enum TransitionKind: String, Sendable, NamedCases {
    /// Navigation push: the system plays the screen-change sound, VoiceOver reads the first element.
    case push
    /// Navigation pop: the sound, then the top of the previous screen (unless the reader
    /// remembers focus).
    case pop
    /// Modal presentation: the sound and the first element.
    case present
    /// Modal dismissal: the sound, then the element that presented the modal.
    case dismiss
    /// A child view swap inside one container (ZStack): the system sees nothing and plays nothing;
    /// the app must post `screenChanged`.
    case swap

    /// True when the system itself announces the change with the screen-change sound.
    public var isSystemTransition: Bool { self != .swap }

    /// True when it goes back to a screen shown before (rather than forward to a new one).
    public var isReturn: Bool { self == .pop || self == .dismiss }
}

/// The focus restoration of the seed articles (focus restoration, UIKit and SwiftUI;
/// docs/sources.md), written down: which item, found how, when and how often.
public struct RestorePlan: Sendable, Equatable {
    public enum Key: String, Sendable, CaseIterable {
        /// The item's stable id (the seed's fix).
        case id
        /// The item's row number (the seed's bug when the list changes).
        case position
    }

    public enum Fallback: String, Sendable, CaseIterable {
        case previous, next, create
    }

    public enum Notification: String, Sendable, CaseIterable {
        case layoutChanged, screenChanged
    }

    public var by: Key
    /// The container whose children are the items (the list).
    public var list: String
    /// Tried in order when the item is gone (by id only).
    public var fallback: [Fallback]
    /// Seconds after the appearance.
    public var delay: Double
    public var notification: Notification
    public var cancelOnDisappear: Bool
    /// Restore once per return (the seed's flag), or on every appearance.
    public var once: Bool

    public init(by: Key = .id, list: String, fallback: [Fallback] = [], delay: Double = 0,
                notification: Notification = .layoutChanged, cancelOnDisappear: Bool = true, once: Bool = true) {
        self.by = by
        self.list = list
        self.fallback = fallback
        self.delay = delay
        self.notification = notification
        self.cancelOnDisappear = cancelOnDisappear
        self.once = once
    }
}

/// The behaviours of one screen.
public struct ScreenBehaviours: Sendable {
    /// Run each time the screen appears.
    public var onAppear: [AppBehaviour]
    /// Run when the element with this id is double tapped.
    public var onActivate: [String: [AppBehaviour]]
    /// The screen's create button, the last fallback of a restoration.
    public var createButton: String?

    public init(onAppear: [AppBehaviour] = [], onActivate: [String: [AppBehaviour]] = [:], createButton: String? = nil) {
        self.onAppear = onAppear
        self.onActivate = onActivate
        self.createButton = createButton
    }

    /// The screen's restoration plan, if it has one.
    public var restorePlan: RestorePlan? {
        for behaviour in onAppear { if case .restoreFocus(let plan) = behaviour { return plan } }
        return nil
    }
}

/// The reader's side of transitions that VoiceOver versions and settings differ on.
public struct ReaderSettings: Sendable, Equatable {
    /// On a pop, focus goes back to the element focused when the screen was left (a reader that
    /// remembers focus) instead of the top, where VoiceOver puts it when the app restores nothing
    /// (the seed article on focus restoration in UIKit, docs/sources.md).
    public var remembersFocus: Bool
    /// Seconds between the double tap that navigates and the new screen (the push or swap
    /// animation; the seed's ZStack swap waits 0.35 s). The activation sound and the start of
    /// the re-read are heard before the screen changes.
    public var animation: Double
    /// What a web page's live region says of the changes made while it is `aria-busy`
    /// (docs/web.md, "Live regions, as played"); nil: what the reader does
    /// (`ScreenReader.busyLiveRegions`).
    public var busyRegions: BusyRegions?

    /// A live region's changes while it is `aria-busy`.
    public typealias BusyRegions = BusyLiveRegions
    /// The reader the scenario is heard by when the command names none (`"reader": {"name":
    /// "talkback"}`: TalkBack on a page, which NVDA reads otherwise); `--reader` overrides it.
    public var name: ScreenReaderName?

    public init(remembersFocus: Bool = false, animation: Double = 0.35, busyRegions: BusyRegions? = nil,
                name: ScreenReaderName? = nil) {
        self.remembersFocus = remembersFocus
        self.animation = animation
        self.busyRegions = busyRegions
        self.name = name
    }

    /// The profile's `transitions` section (`{"remembersFocus": false, "animation": 0.35}`);
    /// absent keys take the defaults.
    public init(profile: VoiceProfile) throws {
        self.init()
        guard let section = profile.sections["transitions"] else { return }
        let object = try section.object(allowing: ["remembersFocus", "animation"])
        remembersFocus = try object.bool("remembersFocus") ?? false
        if let seconds = try object.double("animation") {
            guard (0...5).contains(seconds) else {
                throw DataFileError("\"animation\" is in seconds, from 0 to 5, found \(seconds)",
                                    at: object["animation"]!.location)
            }
            animation = seconds
        }
    }
}
