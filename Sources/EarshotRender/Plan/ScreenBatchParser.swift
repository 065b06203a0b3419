import EarshotCore

/// Reads a screen file (docs/screen-format.md) or an accessibility dump (docs/import.md) as
/// batch items: one per focus stop, in the reader's focus order, keyed by the element id, then
/// one `read-all` item for the whole screen.
public enum ScreenBatchParser {
    public static let readAllKey = "read-all"

    /// `format` nil recognises the file by its content; `language` is `--language`'s choice;
    /// `reading` says which reader orders and describes the stops.
    public static func read(path: String, format: ScreenInputFormat? = nil, language: ScreenLanguage = .asWritten,
                            reading: ScreenReading) throws -> BatchInputContents {
        try read(try ScreenLoader.load(path: path, format: format, language: language), path: path, reading: reading)
    }

    /// The batch items of a screen already loaded (a web page the browser read).
    public static func read(_ loaded: LoadedScreen, path: String, reading: ScreenReading) throws -> BatchInputContents {
        let idLocations = loaded.idLocations
        let reader = ScreenReaders.decide(asked: reading.reader, for: [loaded.screen])
        let stops = FocusOrder(screen: loaded.screen, reader: try reading.make(reader)).stops
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

/// Which screen reader a render hears screens and dumps with (`--reader`), and how a reader is
/// made when one reads a screen.
public struct ScreenReading {
    /// The reader asked for (`--reader`); nil: none, each screen is heard by its own (`ScreenReaders.decide`).
    public var reader: ScreenReaderName?
    /// Makes the reader that orders a screen's stops (their words join merged text), asked for
    /// only when that reader reads a screen.
    public var make: (ScreenReaderName) throws -> any ScreenReader

    public init(reader: ScreenReaderName?, make: @escaping (ScreenReaderName) throws -> any ScreenReader) {
        self.reader = reader
        self.make = make
    }

    /// `--reader` (nil: each screen's own), each reader made once with `profile`'s words.
    public static func reader(_ reader: ScreenReaderName?, profile: VoiceProfile) -> ScreenReading {
        var made: [ScreenReaderName: any ScreenReader] = [:]
        return ScreenReading(reader: reader) { name in
            if let reader = made[name] { return reader }
            let reader = try ScreenReaders.make(name, profile: profile)
            made[name] = reader
            return reader
        }
    }
}
