/// Reads a screen file (docs/screen-format.md) as batch items: one per focus stop, in focus
/// order, keyed by the element id, then one `read-all` item for the whole screen.
public enum ScreenBatchReader {
    public static let readAllKey = "read-all"

    public static func read(path: String) throws -> BatchInputContents {
        let text = try TextFileDecoding.read(path: path)
        let screen = try ScreenFile.parse(text, file: path)
        let stops = FocusOrder(screen: screen).stops
        let lines = idLines(in: text)
        var contents = BatchInputContents()
        for stop in stops {
            contents.items.append(BatchItem(input: path, line: lines[stop.id] ?? 1, key: stop.id, content: .focusStop(stop)))
        }
        if !stops.isEmpty {
            contents.items.append(BatchItem(input: path, line: 1, key: readAllKey, content: .readAll(stops)))
        }
        return contents
    }

    /// The line of each `"id": "..."` in the file, so the manifest and errors point at the element.
    static func idLines(in text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        for (offset, line) in textLines(text).enumerated() {
            var rest = line[...]
            while let keyRange = rest.range(of: "\"id\"") {
                rest = rest[keyRange.upperBound...]
                guard let colon = rest.firstIndex(where: { !$0.isWhitespace }), rest[colon] == ":" else { continue }
                let afterColon = rest[rest.index(after: colon)...].drop(while: { $0.isWhitespace })
                guard afterColon.first == "\"" else { continue }
                let value = afterColon.dropFirst().prefix(while: { $0 != "\"" })
                if lines[String(value)] == nil { lines[String(value)] = offset + 1 }
            }
        }
        return lines
    }
}
