import Foundation

/// The kinds of file a screen can be read from: Earshot's own screen JSON, or an accessibility
/// dump captured from a real app.
public enum ScreenInputFormat: String, NamedCases, Sendable {
    /// Earshot's screen file (docs/screen-format.md).
    case screen
    /// WebDriverAgent / Appium XCUITest page source XML.
    case wdaXML = "wda-xml"
    /// WebDriverAgent JSON source (`/source?format=json`, `mobile: source`).
    case wdaJSON = "wda-json"
    /// `idb ui describe-all` JSON (flat or `--nested`).
    case idbJSON = "idb-json"
    /// Android uiautomator XML: Appium UiAutomator2 page source or `uiautomator dump`.
    case uiautomator
    /// A web page's accessibility tree saved by `earshot import PAGE.html` (docs/web.md).
    case webTree = "axtree"

    /// How the format is named to people.
    public var title: String {
        switch self {
        case .screen: "Earshot screen file"
        case .wdaXML: "WebDriverAgent page source (XML)"
        case .wdaJSON: "WebDriverAgent JSON source"
        case .idbJSON: "idb ui describe-all JSON"
        case .uiautomator: "Android uiautomator XML"
        case .webTree: "web page tree (Chromium's accessibility tree)"
        }
    }
}

/// A screen read from a file, with where its elements are written and what the file could not
/// say (notes for the user, empty for Earshot's own files).
public struct LoadedScreen: Sendable {
    public var screen: Screen
    public var format: ScreenInputFormat
    /// Plain sentences about what the source could not say (`page source has no hints; ...`).
    public var notes: [String]
    /// Where each element's id (in a screen file) or node (in a dump) is written.
    public var idLocations: [String: SourceLocation]
    /// What the screen looked like, when the input kept a picture of it (a web page's
    /// screenshot); report pages draw the stops over it.
    public var picture: ScreenPicture? = nil
}

/// Which language a loaded screen's text is in (`--language`).
public enum ScreenLanguage: Sendable, Equatable {
    /// A screen file's own `language`; for a dump, told from its letters (with a note).
    case asWritten
    /// No language: the text is spoken in the voice's own.
    case none
    /// This BCP 47 tag, whatever the file says.
    case tag(String)

    /// `--language`'s value: `none`, or a tag of letters, digits and hyphens (`ja`, `en-GB`).
    public init?(argument: String) {
        if argument == "none" {
            self = .none
            return
        }
        guard !argument.isEmpty, argument.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }),
              argument.first?.isLetter == true else { return nil }
        self = .tag(argument)
    }

    /// The language a dump's text is heard in: none, the tag asked for, or, as written, the one
    /// told from the letters of `texts` (no dump format says its language; docs/import.md,
    /// "Language").
    func resolve(_ texts: () -> [String]) -> String? {
        switch self {
        case .none: nil
        case .tag(let tag): tag
        case .asWritten: TextScript.language(of: texts())
        }
    }
}

/// Reads a screen from any supported file, recognising the format by content unless told.
///
/// Recognition: a file whose first character is `<` is XML: an Android dump when its root is
/// `<hierarchy>` (or `<node>`), else WebDriverAgent page source; JSON is a screen file
/// when it has `elements`, WebDriverAgent JSON when it has `type` with `rect` or
/// `rawIdentifier` (or sits in a `{"value": …}` envelope), idb JSON when its objects have `AX…`
/// keys. Anything else is an error that says which formats were tried.
public enum ScreenLoader {
    public static func load(path: String, format: ScreenInputFormat? = nil,
                            language: ScreenLanguage = .asWritten) throws -> LoadedScreen {
        try parse(try TextFileDecoding.contents(path: path), file: StandardInput.label(for: path), format: format,
                  language: language)
    }

    public static func parse(_ data: Data, file: String, format forced: ScreenInputFormat? = nil,
                             language: ScreenLanguage = .asWritten) throws -> LoadedScreen {
        let defaultName = defaultName(for: file)
        var json: JSONNode?
        func parsedJSON() throws -> JSONNode {
            if let json { return json }
            let root = try JSONDocument.parse(try TextFileDecoding.decode(data, file: file), file: file)
            json = root
            return root
        }
        let format = try forced ?? (startsWithAngleBracket(data) ? xmlFormat(data) : detect(try parsedJSON()))
        switch format {
        case .screen:
            var (screen, locations) = try ScreenFile.decodeLocatingElements(try parsedJSON(), defaultName: defaultName)
            switch language {
            case .asWritten: break
            case .none: screen.language = nil
            case .tag(let tag): screen.language = tag
            }
            return LoadedScreen(screen: screen, format: .screen, notes: [], idLocations: locations)
        case .wdaXML:
            return try interpret(try PageSourceXMLParser.read(data, file: file), defaultName: defaultName, language: language)
        case .wdaJSON:
            return try interpret(try WebDriverAgentJSONParser.read(try parsedJSON()), defaultName: defaultName,
                                 language: language)
        case .idbJSON:
            return try interpret(try IdbJSONParser.read(try parsedJSON()), defaultName: defaultName, language: language)
        case .uiautomator:
            return try interpretAndroid(try UiAutomatorXMLParser.read(data, file: file), defaultName: defaultName,
                                        language: language)
        case .webTree:
            return try webPage(try WebPageTree.decode(try parsedJSON()), defaultName: defaultName, language: language)
        }
    }

    /// A web page's tree as a screen, with a note for the addresses the page was refused and
    /// the page's own notes (what it did that Earshot answered or refused for it).
    public static func webPage(_ tree: WebPageTree, defaultName: String, language: ScreenLanguage = .asWritten) throws -> LoadedScreen {
        var screen = try WebPageInterpreter.screen(from: tree, defaultName: defaultName)
        switch language {
        case .asWritten: break
        case .none: screen.language = nil
        case .tag(let tag): screen.language = tag
        }
        let notes = (tree.refused.isEmpty ? []
            : ["the page tried to reach \(tree.refused.count) address\(tree.refused.count == 1 ? "" : "es") on the network and was refused (pages are read offline): \(tree.refused.prefix(3).joined(separator: ", "))\(tree.refused.count > 3 ? ", …" : "")"]) + tree.notes
        return LoadedScreen(screen: screen, format: .webTree, notes: notes, idLocations: [:], picture: tree.screenshot)
    }

    /// The XML format by the root element's name: `<hierarchy>` (or a bare `<node>`) is Android's.
    static func xmlFormat(_ data: Data) -> ScreenInputFormat {
        let head = data.prefix(8192)
        let text: String
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            text = (try? TextFileDecoding.decodeAsWritten(data, file: "")) ?? ""
        } else {
            // A character cut at the end of the head is replaced, not refused: only the root's name counts.
            text = String(decoding: head, as: UTF8.self)
        }
        return InputKind.xmlKind(text.prefix(8192)) == .androidDump ? .uiautomator : .wdaXML
    }

    private static func interpretAndroid(_ dump: AndroidDump, defaultName: String,
                                         language: ScreenLanguage) throws -> LoadedScreen {
        var builder = AndroidScreenBuilder(language: language)
        let screen = try builder.screen(from: dump, defaultName: defaultName)
        let note = DumpLimitations.summary(AndroidScreenBuilder.limitations(of: dump), formatName: dump.form.name,
                                           language: builder.guessedLanguage)
        return LoadedScreen(screen: screen, format: .uiautomator, notes: note.map { [$0] } ?? [],
                            idLocations: builder.idLocations)
    }

    /// The format of a parsed JSON document, or an error naming what was tried.
    static func detect(_ root: JSONNode) throws -> ScreenInputFormat {
        if case .object(let members) = root.value {
            if members.contains(where: { $0.key == "elements" }) { return .screen }
            if members.contains(where: { $0.key == "steps" }) {
                throw DataFileError("this is a scenario (it has \"steps\"), not a screen: use earshot check", at: root.location)
            }
        }
        if WebPageTree.recognises(root) { return .webTree }
        if WebDriverAgentJSONParser.recognises(root) { return .wdaJSON }
        if IdbJSONParser.recognises(root) { return .idbJSON }
        throw DataFileError(
            "not a screen file or a known accessibility dump; tried: Earshot screen file (an object with \"elements\"), a saved web page tree (\"format\": \"\(WebPageTree.format)\"), WebDriverAgent JSON source (an object with \"type\" and \"rect\"), idb ui describe-all JSON (objects with \"AXLabel\"); WebDriverAgent page source and Android uiautomator XML start with '<'. Use --format \(ScreenInputFormat.names.joined(separator: ", ")) to force one",
            at: root.location)
    }

    private static func interpret(_ dump: Dump, defaultName: String, language: ScreenLanguage) throws -> LoadedScreen {
        var interpreter = DumpInterpreter(language: language)
        let screen = try interpreter.screen(from: dump, defaultName: defaultName)
        let summary = dump.summary(language: interpreter.guessedLanguage).map { [$0] } ?? []
        return LoadedScreen(screen: screen, format: dump.format, notes: summary + interpreter.notes,
                            idLocations: interpreter.idLocations)
    }

    /// Whether the first character is `<`, past white space and a UTF-8 or UTF-16 byte order mark.
    private static func startsWithAngleBracket(_ data: Data) -> Bool {
        data.first(where: { !PageSourceXMLParser.isXMLSpace($0) && $0 != 0xFF && $0 != 0xFE && $0 != 0 }) == UInt8(ascii: "<")
    }

    /// The file name without its folder and extension: `dumps/settings.xml` → `settings`.
    public static func defaultName(for path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
