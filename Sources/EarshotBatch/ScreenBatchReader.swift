import EarshotCore

/// Reads a screen file (docs/screen-format.md) or an accessibility dump (docs/import.md) as
/// batch items: one per focus stop, in focus order, keyed by the element id, then one `read-all`
/// item for the whole screen.
public enum ScreenBatchReader {
    public static let readAllKey = "read-all"

    /// `format` nil recognises the file by its content; `language` is `--language`'s choice.
    public static func read(path: String, format: ScreenInputFormat? = nil,
                            language: ScreenLanguage = .asWritten) throws -> BatchInputContents {
        let loaded = try ScreenLoader.load(path: path, format: format, language: language)
        let idLocations = loaded.idLocations
        let stops = FocusOrder(screen: loaded.screen).stops
        var contents = BatchInputContents(notes: loaded.notes)
        for stop in stops {
            contents.items.append(BatchItem(input: path, line: idLocations[stop.id]?.line ?? 1, key: stop.id, content: .focusStop(stop)))
        }
        if !stops.isEmpty {
            contents.items.append(BatchItem(input: path, line: 1, key: readAllKey, content: .readAll(stops)))
        }
        return contents
    }
}
