extension ScreenReaders {
    /// The readers Earshot ships, the standard one first. Adding a reader: its folder in
    /// `Reading/` and one line here (docs/architecture.md, "Adding a screen reader").
    public static let builtIn: [any ScreenReader.Type] = [
        VoiceOver.self,
        TalkBack.self,
        NVDA.self,
    ]
}

