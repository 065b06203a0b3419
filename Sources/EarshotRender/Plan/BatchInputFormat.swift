import EarshotCore
import Foundation

/// The kinds of input `earshot render` reads, recognised by file extension or `--format`.
public enum BatchInputFormat: String, Sendable, NamedCases {
    /// One label per line (`.txt`, `.text`, `.labels`).
    case text
    /// A table with a header `id,label,value,traits,hint` (`.csv`).
    case csv
    /// An Apple string table (`.strings`).
    case strings
    /// A screen file (`.json`, docs/screen-format.md) or an accessibility dump (`.xml`, or `.json`
    /// recognised by content, docs/import.md): one file per focus stop plus a read-all.
    case screen
    /// An accessibility dump in the named format, not recognised by content (docs/import.md).
    case wdaXML = "wda-xml"
    case wdaJSON = "wda-json"
    case idbJSON = "idb-json"
    case uiautomator
    /// A scenario file (`.json` with `steps`, docs/scenario-format.md): the timeline WAV and
    /// its transcripts.
    case scenario
    /// A web page (`.html`, or an `http://`, `https://` or `file://` address), opened in the
    /// browser the program gives (`RenderRequestSettings.loadPage`) and read as a screen: one
    /// file per focus stop plus a read-all (docs/web.md).
    case webPage = "html"

    /// The format named by `path`'s extension, or nil if the extension says nothing. A `.json`
    /// file is a scenario if its top-level object has `steps`, else a screen.
    public static func detect(path: String) -> BatchInputFormat? {
        if LivePages.isPage(path) { return .webPage }
        return switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "txt", "text", "labels": .text
        case "csv": .csv
        case "strings": .strings
        case "json": isScenario(path: path) ? .scenario : .screen
        case "xml": .screen
        default: nil
        }
    }

    /// Reads `path` as this format; `language` is the text language of a screen or dump, and
    /// `reading` the reader that hears it.
    /// `loadPage` opens a web page (nil: this program reads none).
    public func read(path: String, language: ScreenLanguage = .asWritten,
                     reading: ScreenReading,
                     loadPage: ((String) throws -> LoadedScreen)? = nil) throws -> BatchInputContents {
        return switch self {
        case .text: try PlainTextParser.read(path: path)
        case .csv: try LabelTableParser.read(path: path)
        case .strings: try StringsTableParser.read(path: path)
        case .screen: try ScreenBatchParser.read(path: path, language: language, reading: reading)
        case .wdaXML: try ScreenBatchParser.read(path: path, format: .wdaXML, language: language, reading: reading)
        case .wdaJSON: try ScreenBatchParser.read(path: path, format: .wdaJSON, language: language, reading: reading)
        case .idbJSON: try ScreenBatchParser.read(path: path, format: .idbJSON, language: language, reading: reading)
        case .uiautomator: try ScreenBatchParser.read(path: path, format: .uiautomator, language: language, reading: reading)
        case .scenario: try ScenarioBatchParser.read(path: path)
        case .webPage:
            try ScreenBatchParser.read(try Self.page(path, loadPage), path: path, reading: reading)
        }
    }

    /// The page at `path`, opened by `loadPage`; without one, a page is bad data at its place.
    private static func page(_ path: String, _ loadPage: ((String) throws -> LoadedScreen)?) throws -> LoadedScreen {
        guard let loadPage else {
            throw DataFileError("a web page is read in a browser, which this program does not open (earshot render does)",
                                at: SourceLocation(file: path, line: 1, column: 1))
        }
        return try loadPage(path)
    }

    /// True if the file parses as JSON whose top level is an object with a `steps` key; a file
    /// that does not parse is left to the screen reader, which reports where it is broken.
    private static func isScenario(path: String) -> Bool {
        guard let root = try? JSONDocument.load(path: path), case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "steps" }
    }
}
