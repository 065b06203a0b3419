/// VoiceOver, iOS's screen reader, as Earshot plays it: the standard focus order (`FocusOrder`:
/// frames sorted in rows, groups kept together, MergedFocus), the profile's trait words and
/// layout (`DescriptionGenerator.describeWithProfileWords`), the activation rules of
/// `ActivationSpeech`, the profile's own earcons and timing, the catalogue's findings as written.
/// Those are every requirement's default (`VoiceOverReading.swift`, beside this file), so
/// VoiceOver adds only its names and its start-up words: it is the standard reader, which reads
/// every screen no other reader claims.
public struct VoiceOver: ScreenReader {
    public static let name = ScreenReaderName("voiceover")
    public static let title = "VoiceOver"
    /// What VoiceOver says as it is turned on, which a capture may start with.
    public static let startUpWords: String? = "VoiceOver on"

    public init() {}

    public init(profile: VoiceProfile) throws { self.init() }
}

extension ScreenReaderName {
    /// VoiceOver's name (`voiceover`).
    public static let voiceOver = VoiceOver.name
}
