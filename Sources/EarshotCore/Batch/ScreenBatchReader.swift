/// Reads a screen file (docs/screen-format.md) as batch items: one per focus stop, in focus
/// order, keyed by the element id, then one `read-all` item for the whole screen.
public enum ScreenBatchReader {
    public static let readAllKey = "read-all"

    public static func read(path: String) throws -> BatchInputContents {
        let text = try TextFileDecoding.read(path: path)
        let (screen, idLocations) = try ScreenFile.parseLocatingElements(text, file: path)
        let stops = FocusOrder(screen: screen).stops
        var contents = BatchInputContents()
        for stop in stops {
            contents.items.append(BatchItem(input: path, line: idLocations[stop.id]?.line ?? 1, key: stop.id, content: .focusStop(stop)))
        }
        if !stops.isEmpty {
            contents.items.append(BatchItem(input: path, line: 1, key: readAllKey, content: .readAll(stops)))
        }
        return contents
    }
}
