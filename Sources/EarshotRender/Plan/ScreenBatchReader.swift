import EarshotCore

/// Reads a screen file (docs/screen-format.md) or an accessibility dump (docs/import.md) as
/// batch items: one per focus stop, in the reader's focus order, keyed by the element id, then
/// one `read-all` item for the whole screen.
public enum ScreenBatchReader {
    public static let readAllKey = "read-all"

    /// `format` nil recognises the file by its content; `language` is `--language`'s choice;
    /// `reading` says which reader orders and describes the stops.
    public static func read(path: String, format: ScreenInputFormat? = nil, language: ScreenLanguage = .asWritten,
                            reading: ScreenReading = .voiceOver) throws -> BatchInputContents {
        let loaded = try ScreenLoader.load(path: path, format: format, language: language)
        let idLocations = loaded.idLocations
        let reader = reading.reader ?? ScreenReaderKind.natural(for: loaded.screen)
        let stops = switch reader {
        case .voiceOver: FocusOrder(screen: loaded.screen).stops
        case .talkBack: FocusOrder(screen: loaded.screen, for: try reading.talkBack()).stops
        }
        var contents = BatchInputContents(notes: loaded.notes)
        for stop in stops {
            var item = BatchItem(input: path, line: idLocations[stop.id]?.line ?? 1, key: stop.id, content: .focusStop(stop))
            item.reader = reader
            contents.items.append(item)
        }
        if !stops.isEmpty {
            var item = BatchItem(input: path, line: 1, key: readAllKey, content: .readAll(stops))
            item.reader = reader
            contents.items.append(item)
        }
        return contents
    }
}

/// Which screen reader a render hears screens and dumps with (`--reader`), and TalkBack's rules
/// when it is TalkBack.
public struct ScreenReading {
    /// The reader asked for; nil: each screen's own (TalkBack for an Android dump, else VoiceOver).
    public var reader: ScreenReaderKind?
    /// TalkBack's description rules, which order its stops (their words join merged text);
    /// asked for only when TalkBack reads a screen.
    public var talkBack: () throws -> DescriptionGenerator

    public init(reader: ScreenReaderKind?, talkBack: @escaping () throws -> DescriptionGenerator) {
        self.reader = reader
        self.talkBack = talkBack
    }

    /// Every screen read by VoiceOver.
    public static var voiceOver: ScreenReading {
        // TalkBack's rules are never asked for when VoiceOver reads everything.
        ScreenReading(reader: .voiceOver) { throw ReadingError() }
    }

    /// `--reader` (nil: each screen's own) with TalkBack's rules from `profile`'s TalkBack words.
    public static func reader(_ reader: ScreenReaderKind?, profile: VoiceProfile) -> ScreenReading {
        ScreenReading(reader: reader) {
            var talkBack = profile
            talkBack.reader = .talkBack
            return try DescriptionGenerator(profile: talkBack)
        }
    }
}

/// TalkBack's rules asked of a reading that has none (never, as it reads with VoiceOver).
private struct ReadingError: Error {}
