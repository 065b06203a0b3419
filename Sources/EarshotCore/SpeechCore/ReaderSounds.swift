import Foundation

/// Which sound the scheduler plays for each thing a screen reader sounds, per reader: VoiceOver's
/// four earcons from the profile's `earcons` section, or TalkBack's sounds from the sound set
/// its `talkbackSounds` section names (`voices/sounds/talkback.json`; docs/talkback.md,
/// "Earcons"). Nil: the reader plays nothing then.
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

    /// VoiceOver's: its four earcons, nothing on a focus move.
    public static let voiceOver = ReaderSounds(activation: .activation, screenChanged: .screenChanged,
                                               boundary: .boundary, pageScroll: .pageScroll)

    /// The keys of a sound set's `play` object, each naming a sound of its `earcons` or null.
    /// (Computed: key paths are not `Sendable`, so the table cannot be a stored static.)
    static var playKeys: [(key: String, path: WritableKeyPath<ReaderSounds, EarconName?>)] { [
        ("activation", \.activation), ("screenChanged", \.screenChanged), ("boundary", \.boundary),
        ("pageScroll", \.pageScroll), ("focusActionable", \.focusActionable), ("focus", \.focus),
        ("enterScrollable", \.enterScrollable), ("leaveScrollable", \.leaveScrollable),
    ] }

    /// The sounds a reader plays: the profile's earcons (VoiceOver's), or those of the sound set
    /// the reader's rules name (`ReaderSpeechRules.soundSet`: TalkBack's).
    public init(profile: VoiceProfile, rules: ReaderSpeechRules) throws {
        if rules.playsNoSounds {
            self = ReaderSounds()
            return
        }
        guard let section = rules.soundSet else {
            self = .voiceOver
            return
        }
        self = try TalkBackSoundSet.load(profile: profile, section: section).play
    }

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

/// TalkBack's sounds as profile data (`voices/sounds/talkback.json`, which a voice profile names
/// in its `talkbackSounds` section): `earcons`, one definition per name in `EarconName.talkBack`
/// in the `earcons` schema (Earshot's own synthesized tones: TalkBack's recordings are not
/// copied), and `play`, which of them sounds for what (`ReaderSounds`).
public struct TalkBackSoundSet: Sendable {
    public var earcons: [EarconDefinition]
    public var play: ReaderSounds

    public static func load(profile: VoiceProfile, section: String = "talkbackSounds") throws -> TalkBackSoundSet {
        try load(path: profile.namedFile(
            section, what: "TalkBack sound set",
            missing: "has no TalkBack sounds: add \"talkbackSounds\": \"sounds/talkback.json\" (docs/talkback.md)"))
    }

    /// Reads a sound set; every mistake is located in it.
    public static func load(path: String) throws -> TalkBackSoundSet {
        let root = try JSONDocument.load(path: path).object(allowing: ["earcons", "play", "comment"])
        let names = EarconName.talkBack.map(\.rawValue)
        let earconsNode = try root.required("earcons")
        let object = try earconsNode.object(allowing: names)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let earcons = try EarconName.talkBack.map { name in
            guard let member = object[name.rawValue] else {
                throw DataFileError("missing sound \"\(name)\"; a TalkBack sound set defines \(names.joined(separator: ", "))",
                                    at: object.location)
            }
            return try EarconDefinition.decode(name: name, node: member, relativeTo: folder)
        }
        let play = try root.required("play").object(allowing: ReaderSounds.playKeys.map(\.key))
        var sounds = ReaderSounds()
        for (key, path) in ReaderSounds.playKeys {
            guard let member = play[key] else {
                throw DataFileError("missing \"\(key)\" in \"play\" (a sound name or null)", at: play.location)
            }
            if case .null = member.value { continue }
            let name = try member.stringValue()
            guard names.contains(name) else {
                throw DataFileError(NameSuggestion.unknown("sound", name, in: names) + " or null", at: member.location)
            }
            sounds[keyPath: path] = EarconName(name)
        }
        return TalkBackSoundSet(earcons: earcons, play: sounds)
    }
}
