/// Which screen reader Earshot plays: its focus rules, its words and its sounds.
///
/// Both run on the one focus and announcement core (`DeskCheck`, `SpeechScheduler`); they differ
/// in which nodes are stops and in what order (`FocusOrder`), and in how a stop is described
/// (`DescriptionGenerator`). An Android dump is read by TalkBack unless told otherwise; an iOS
/// dump or a screen file by VoiceOver.
public enum ScreenReaderKind: String, NamedCases, Sendable {
    case voiceOver = "voiceover"
    case talkBack = "talkback"

    /// How the reader is named to people.
    public var title: String {
        switch self {
        case .voiceOver: "VoiceOver"
        case .talkBack: "TalkBack"
        }
    }

    /// The reader that reads `screen` when none is asked for: the one its file names (`"reader"`),
    /// else TalkBack when its nodes came from an Android dump, else VoiceOver.
    public static func natural(for screen: Screen) -> ScreenReaderKind {
        if let reader = screen.reader { return reader }
        return screen.isAndroidDump ? .talkBack : .voiceOver
    }

    /// The reader for screens heard together (a scenario's, a command's inputs) when none is
    /// asked for: TalkBack when any of them is TalkBack's, else `otherwise`.
    public static func natural(for screens: some Sequence<Screen>, otherwise: ScreenReaderKind = .voiceOver) -> ScreenReaderKind {
        screens.contains { natural(for: $0) == .talkBack } ? .talkBack : otherwise
    }
}
