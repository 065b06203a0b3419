import Foundation

/// Which sound the scheduler plays for each thing a screen reader sounds, as the reader says
/// (`ScreenReader.sounds(in:)`): VoiceOver's four earcons from the profile's `earcons` section,
/// TalkBack's from the sound set its `talkbackSounds` section names (`voices/sounds/talkback.json`;
/// docs/talkback.md, "Earcons"), none for NVDA on a page. Nil: the reader plays nothing then.
public struct ReaderSounds: Sendable, Equatable {
    /// A double tap (VoiceOver `activation`, TalkBack `tick`).
    public var activation: EarconName?
    /// A new screen or window (VoiceOver `screenChanged`, TalkBack `window_state`).
    public var screenChanged: EarconName?
    /// A swipe past the first or last stop, or a scroll that did not move.
    public var boundary: EarconName?
    /// A scroll that moved (VoiceOver `pageScroll`, TalkBack `scroll_tone`).
    public var pageScroll: EarconName?
    /// Focus landing on an actionable node, on another node, entering and leaving a scrolling
    /// container (TalkBack only: `focus_actionable`, `focus`, `chime_up`, `chime_down`).
    public var focusActionable: EarconName?
    public var focus: EarconName?
    public var enterScrollable: EarconName?
    public var leaveScrollable: EarconName?

    public init(activation: EarconName? = nil, screenChanged: EarconName? = nil, boundary: EarconName? = nil,
                pageScroll: EarconName? = nil, focusActionable: EarconName? = nil, focus: EarconName? = nil,
                enterScrollable: EarconName? = nil, leaveScrollable: EarconName? = nil) {
        self.activation = activation
        self.screenChanged = screenChanged
        self.boundary = boundary
        self.pageScroll = pageScroll
        self.focusActionable = focusActionable
        self.focus = focus
        self.enterScrollable = enterScrollable
        self.leaveScrollable = leaveScrollable
    }

    /// The keys of a sound set's `play` object, each naming a sound of its `earcons` or null.
    /// (Computed: key paths are not `Sendable`, so the table cannot be a stored static.)
    static var playKeys: [(key: String, path: WritableKeyPath<ReaderSounds, EarconName?>)] { [
        ("activation", \.activation), ("screenChanged", \.screenChanged), ("boundary", \.boundary),
        ("pageScroll", \.pageScroll), ("focusActionable", \.focusActionable), ("focus", \.focus),
        ("enterScrollable", \.enterScrollable), ("leaveScrollable", \.leaveScrollable),
    ] }

    /// The sound for a focus sound a reader asks for (`ScreenReader.focusSound`).
    public func sound(for focus: FocusSound) -> EarconName? {
        switch focus {
        case .actionable: focusActionable
        case .other: self.focus
        case .enterScrollable: enterScrollable
        case .leaveScrollable: leaveScrollable
        }
    }
}

extension EarconDefinition {
    /// Every earcon a device may be asked to play with `profile`: the profile's own (its
    /// `earcons` section), then each registered reader's sound set that the profile names
    /// (`ScreenReader.soundSet(in:)`: TalkBack's). A device holds them all, so it can play
    /// whichever the reader asks for: the reader may be chosen after the device is made.
    public static func decodeAll(profile: VoiceProfile) throws -> [EarconDefinition] {
        try profileEarcons(profile: profile) + ScreenReaders.all.flatMap { try $0.soundSet(in: profile) }
    }
}
