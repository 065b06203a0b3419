import Foundation

extension EarconName {
    /// TalkBack's sounds, by the names of its sound files (docs/talkback.md, "Earcons"); the
    /// sound set `voices/sounds/talkback.json` defines each.
    public static let focusActionable = EarconName("focus_actionable")
    public static let focus = EarconName("focus")
    public static let tick = EarconName("tick")
    public static let windowState = EarconName("window_state")
    public static let chimeUp = EarconName("chime_up")
    public static let chimeDown = EarconName("chime_down")
    public static let scrollTone = EarconName("scroll_tone")
    public static let talkBack: [EarconName] = [.focusActionable, .focus, .tick, .windowState, .chimeUp, .chimeDown,
                                                .scrollTone]
}

/// TalkBack's sounds as profile data (`voices/sounds/talkback.json`, which a voice profile names
/// in its `talkbackSounds` section): `earcons`, one definition per name in `EarconName.talkBack`
/// in the `earcons` schema (Earshot's own synthesized tones: TalkBack's recordings are not
/// copied), and `play`, which of them sounds for what (`ReaderSounds`).
public struct TalkBackSoundSet: Sendable {
    public var earcons: [EarconDefinition]
    public var play: ReaderSounds

    /// The profile section naming the sound set.
    public static let section = "talkbackSounds"

    public static func load(profile: VoiceProfile, section: String = Self.section) throws -> TalkBackSoundSet {
        try load(path: profile.namedFile(
            section, what: "TalkBack sound set",
            missing: "has no TalkBack sounds: add \"talkbackSounds\": \"sounds/talkback.json\" (docs/talkback.md)"))
    }

    /// Reads a sound set; every mistake is located in it.
    public static func load(path: String) throws -> TalkBackSoundSet {
        let root = try JSONDocument.load(path: path).object(allowing: ["earcons", "play", "comment"])
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let earcons = try EarconDefinition.decodeAll(section: root.required("earcons"), names: EarconName.talkBack, relativeTo: folder) {
            "missing sound \"\($0)\"; a TalkBack sound set defines \($1)"
        }
        let names = EarconName.talkBack.map(\.rawValue)
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
