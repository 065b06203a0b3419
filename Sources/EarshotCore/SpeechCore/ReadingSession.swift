/// What one run reads with, decided once and handed down, as Playwright hands one
/// `BrowserContext` to every step: the voice profile, the reader made for it, its words (the
/// `DescriptionGenerator` that holds the reader), its timing and the sounds it plays.
///
/// A command makes it from its options and the screens it hears (`init(voice:asking:for:)`: the
/// reader asked for, else theirs, decided in `ScreenReaders.decide`); what it reaches (a read
/// report, a desk check, a scenario run, `explore`) takes it as it is and never asks again which
/// reader it is, so no parameter below defaults to "probably VoiceOver".
public struct ReadingSession: Sendable {
    /// The voice profile: the engine's settings, the words, the timing and the sounds' shapes.
    public let voice: VoiceProfile
    /// The reader, made once for the voice (its words read once).
    public let reader: any ScreenReader
    /// The voice's words as the reader says them.
    public let words: DescriptionGenerator

    /// The session of `reader`, made for `voice`.
    public init(voice: VoiceProfile, reader: any ScreenReader) throws {
        self.voice = voice
        self.reader = reader
        words = try DescriptionGenerator(profile: voice, reader: reader)
    }

    /// The session that hears `screens`: the reader `asked` for (`--reader`), else the screens'
    /// natural one (`ScreenReaders.decide`), made for `voice`.
    public init(voice: VoiceProfile, asking asked: ScreenReaderName?, for screens: some Sequence<Screen>) throws {
        try self.init(voice: voice, reader: try ScreenReaders.make(ScreenReaders.decide(asked: asked, for: screens), profile: voice))
    }

    /// The reader's timing over the profile's `timing` section, with the sounds it plays
    /// (`TimingSettings(profile:reader:)`). Read when the run speaks: a run that only reads a
    /// screen needs neither a `timing` section nor a sound set.
    public func timing() throws -> TimingSettings { try TimingSettings(profile: voice, reader: reader) }

    /// Which sound the reader plays for what (`ScreenReader.sounds(in:)`).
    public func sounds() throws -> ReaderSounds { try reader.sounds(in: voice) }
}
