import Foundation

/// The kinds of input `earshot render` reads, recognised by file extension or `--format`.
public enum BatchInputFormat: String, Sendable, CaseIterable {
    /// One label per line (`.txt`, `.text`, `.labels`).
    case text
    /// A table with a header `id,label,value,traits,hint` (`.csv`).
    case csv
    /// An Apple string table (`.strings`).
    case strings
    /// A screen file (`.json`, docs/screen-format.md): one file per focus stop plus a read-all.
    case screen

    /// The format named by `path`'s extension, or nil if the extension says nothing.
    public static func detect(path: String) -> BatchInputFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "txt", "text", "labels": .text
        case "csv": .csv
        case "strings": .strings
        case "json": .screen
        default: nil
        }
    }

    /// Reads `path` as this format.
    public func read(path: String) throws -> BatchInputContents {
        switch self {
        case .text: try PlainTextReader.read(path: path)
        case .csv: try LabelTableReader.read(path: path)
        case .strings: try StringsTableReader.read(path: path)
        case .screen: try ScreenBatchReader.read(path: path)
        }
    }
}
