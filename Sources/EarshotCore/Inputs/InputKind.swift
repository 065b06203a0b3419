import Foundation

/// What a file is, told from its first bytes before any command parses it as its own kind, so
/// that a file of the wrong kind is answered with what it is and which command takes it
/// (`screen.json is a screen file, not a scenario: hear it with earshot read, check it with
/// earshot lint`) rather than with a syntax error about the kind it is not.
public enum InputKind: Equatable, Sendable {
    case screenFile
    case dump(String)
    case androidDump
    case scenario
    case scenarioPart
    case findings
    case suiteSettings
    case renderManifest
    case voiceProfile
    case stringsTable
    case csvTable
    case plainText
    case otherJSON
    /// JSON with a syntax error: its kind cannot be told, so the parser's located error stands.
    case malformedJSON
    case otherXML(String)
    case binary(String)
    case empty

    /// What a scenario part named by `include` may hold: a JSON object with these keys alone is
    /// a part (the scenario reader, below the screen readers, takes the list from here).
    static let scenarioPartKeys = ["description", "voice", "screens", "app", "reader", "include"]

    /// The kind of `data`, read from `file` (its name only helps tell text tables apart).
    public static func of(_ data: Data, file: String) -> InputKind {
        let head = [UInt8](data.prefix(8192))
        if head.isEmpty || head.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .empty }
        if let binary = binaryKind(head) { return .binary(binary) }
        let text: String
        do {
            text = try TextFileDecoding.decodeAsWritten(data, file: file)
        } catch let error as DataFileError {
            // Valid UTF-8 holding a control character is text with a fault, not a file of no text.
            return .binary("a file that cannot be read as text (\(error.message))")
        } catch {
            return .binary("a file that cannot be read as text")
        }
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") { return xmlKind(trimmed.prefix(4096)) }
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") { return jsonKind(text, file: file) }
        let lower = file.lowercased()
        if lower.hasSuffix(".strings") || trimmed.hasPrefix("\"") && trimmed.contains("\" = \"") { return .stringsTable }
        if lower.hasSuffix(".csv") { return .csvTable }
        return .plainText
    }

    /// "a screen file", "a PNG image", ...: what the file is, for a message.
    public var description: String {
        switch self {
        case .screenFile: "a screen file"
        case .dump(let format): "an accessibility dump (\(format))"
        case .androidDump: "an Android uiautomator dump"
        case .scenario: "a scenario"
        case .scenarioPart: "a part of scenarios (screens, app or reader for include)"
        case .findings: "a findings file"
        case .suiteSettings: "a suite folder's settings (earshot-suite.json)"
        case .renderManifest: "a render manifest"
        case .voiceProfile: "a voice profile"
        case .stringsTable: "a .strings table of labels"
        case .csvTable: "a CSV table of labels"
        case .plainText: "a text file"
        case .otherJSON: "a JSON file of no kind Earshot reads"
        case .malformedJSON: "a JSON file with a syntax error"
        case .otherXML(let root): "an XML file (<\(root)>) of no kind Earshot reads"
        case .binary(let what): what
        case .empty: "an empty file"
        }
    }

    /// Which commands take a file of this kind, as advice (nil: none does).
    public var commands: String? {
        switch self {
        case .screenFile, .dump, .androidDump: "hear it with earshot read, check it with earshot lint, walk it with earshot explore"
        case .scenario: "run it with earshot check, or a folder of scenarios with earshot test"
        case .scenarioPart: "a scenario takes it in with \"include\" (docs/scenario-format.md)"
        case .findings: "earshot check, lint and test write it (test keeps one beside each scenario as its golden), and earshot merge joins shards' findings files"
        case .suiteSettings: "earshot test reads it for the scenarios in its folder (docs/test-suites.md)"
        case .renderManifest: "earshot render writes it beside the files it lists"
        case .voiceProfile: "give it to --voice"
        case .stringsTable, .csvTable, .plainText: "render it with earshot render"
        default: nil
        }
    }

    /// Whether `earshot render` takes it.
    public var isRenderable: Bool {
        switch self {
        case .screenFile, .dump, .androidDump, .scenario, .stringsTable, .csvTable, .plainText: true
        default: false
        }
    }

    /// Whether a command that reads screens takes it.
    public var isScreen: Bool {
        switch self {
        case .screenFile, .dump, .androidDump: true
        default: false
        }
    }

    /// Runs `body`, which reads `file` as its own kind; when it fails on the file's data, the
    /// file's kind is told, and a file `accepts` does not take is answered with what it is and
    /// which command takes it instead of the parse error. The data is read again only then.
    public static func explaining<T>(_ file: String, expected: String, accepts: (InputKind) -> Bool,
                                     _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DataFileError {
            guard let data = try? TextFileDecoding.contents(path: file) else { throw error }
            // A file that is meant as text but is not valid text (not UTF-8, a control character)
            // is bad data at a place (exit 65), not a file of another kind (a PNG, a ZIP).
            if binaryKind([UInt8](data.prefix(8192))) == nil {
                do {
                    _ = try TextFileDecoding.decodeAsWritten(data, file: StandardInput.label(for: file))
                } catch let decoding as DataFileError {
                    throw decoding
                }
            }
            let kind = of(data, file: file)
            if accepts(kind) || kind == .malformedJSON { throw error }
            throw kind.mismatch(file, expected: expected)
        }
    }

    /// The error for a file of this kind given where `expected` was: what it is, and what to run.
    public func mismatch(_ file: String, expected: String) -> WrongInputKindError {
        var message = "\(StandardInput.label(for: file)) is \(description), not \(expected)"
        if let commands { message += ": \(commands)" }
        return WrongInputKindError(message: message)
    }

    // MARK: Telling

    private static func binaryKind(_ head: [UInt8]) -> String? {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<(offset + bytes.count)]) == bytes
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(Array("GIF8".utf8)) { return "a GIF image" }
        if starts(Array("%PDF".utf8)) { return "a PDF document" }
        if starts(Array("RIFF".utf8)) && starts(Array("WAVE".utf8), at: 8) { return "a WAV file" }
        if starts(Array("ID3".utf8)) || starts([0xFF, 0xFB]) { return "an MP3 file" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive (an .xlsx, .docx or .ipa is one too)" }
        if starts([0x1F, 0x8B]) { return "a gzip archive" }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return "a program (ELF)" }
        if starts(Array("SQLite format 3".utf8)) { return "an SQLite database" }
        if starts(Array("bplist".utf8)) { return "a binary property list" }
        // UTF-16 with its byte order mark is text; NUL bytes otherwise mean binary.
        if starts([0xFF, 0xFE]) || starts([0xFE, 0xFF]) { return nil }
        return head.contains(0) ? "a binary file" : nil
    }

    /// The kind of XML whose text starts with `start`, told from its root element's name.
    static func xmlKind(_ start: Substring) -> InputKind {
        // The first element's name, past the declaration, comments and a DOCTYPE.
        var rest = start
        while let open = rest.firstIndex(of: "<") {
            let tag = rest[rest.index(after: open)...]
            if tag.hasPrefix("?") || tag.hasPrefix("!") {
                guard let close = tag.firstIndex(of: ">") else { break }
                rest = tag[tag.index(after: close)...]
                continue
            }
            let name = String(tag.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
            switch name {
            case "AppiumAUT": return .dump("WebDriverAgent page source")
            case "hierarchy", "node": return .androidDump
            default:
                return name.hasPrefix("XCUIElementType") ? .dump("WebDriverAgent page source") : .otherXML(name)
            }
        }
        return .otherXML("?")
    }

    private static func jsonKind(_ text: String, file: String) -> InputKind {
        // JSON Lines (a manifest) is not one JSON value: its first line is.
        let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
        guard let root = (try? JSONDocument.parse(text, file: file)) ?? (try? JSONDocument.parse(firstLine, file: file)) else {
            return .malformedJSON
        }
        switch root.value {
        case .object(let members):
            let keys = Set(members.map(\.key))
            if keys.contains("elements") { return .screenFile }
            if keys.contains("steps") || keys.contains("extends") { return .scenario }
            if keys.contains("engine") && (keys.contains("traits") || keys.contains("language")) { return .voiceProfile }
            if keys.contains("output") && keys.contains("sha256") { return .renderManifest }
            if keys.contains("earshotSuite") { return .suiteSettings }
            if WebPageTree.recognises(root) { return .dump("a web page's saved accessibility tree") }
            if WebDriverAgentJSONParser.recognises(root) { return .dump("WebDriverAgent JSON source") }
            if IdbJSONParser.recognises(root) { return .dump("idb ui describe-all JSON") }
            if !keys.isEmpty && keys.isSubset(of: Set(Self.scenarioPartKeys)) { return .scenarioPart }
            return .otherJSON
        case .array(let items):
            if IdbJSONParser.recognises(root) { return .dump("idb ui describe-all JSON") }
            // A run without findings writes `[]`; its name tells it from other empty arrays.
            if items.isEmpty && file.lowercased().hasSuffix(".findings.json") { return .findings }
            guard case .object(let first)? = items.first?.value else { return .otherJSON }
            let keys = Set(first.map(\.key))
            if keys.contains("code") && keys.contains("severity") { return .findings }
            return .otherJSON
        default:
            return .otherJSON
        }
    }
}

/// A file of another kind than the command takes: a usage error (the file itself may be fine).
public struct WrongInputKindError: UserFacingError, Equatable {
    public var message: String
    public var category: ErrorCategory { .usage }
    public var description: String { "error: \(message)" }
}
