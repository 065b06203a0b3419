import EarshotCore

/// Reads a plain-text label list: one label per line, blank lines skipped.
///
/// An item's key is its line number, so its file name stays put when the label is edited.
public enum PlainTextParser {
    public static func read(path: String) throws -> BatchInputContents {
        try parse(TextFileDecoding.read(path: path), file: path)
    }

    public static func parse(_ text: String, file: String) -> BatchInputContents {
        var contents = BatchInputContents()
        for (offset, line) in textLines(text).enumerated() {
            let label = line.trimmingWhitespace()
            guard !label.isEmpty else { continue }
            let number = offset + 1
            contents.items.append(BatchItem(
                input: file, line: number, key: String(number),
                nameHint: "line-" + zeroPadded(number, width: 4),
                content: .text(label)
            ))
        }
        return contents
    }
}

func zeroPadded(_ number: Int, width: Int) -> String {
    let digits = String(number)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension StringProtocol {
    /// The text without leading and trailing white space (including no-break and ideographic spaces).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
