import Foundation

/// NVDA's echo of what is typed into a page (docs/web.md, "Typed characters, as played"): each
/// character spelled as its symbol's name (`voices/nvda/symbols/LANG.json`, from NVDA's
/// `symbols.dic`), or as itself, and the key cutting the speech first. The settings are the
/// words file's `facts.typing` (NVDA's defaults, `config/configSpec.py`).
public struct NVDATyping: Sendable, Equatable {
    /// When NVDA says a typed character or a typed word (`TypingEcho`).
    public enum Echo: String, Sendable {
        case off
        /// Only while the focus is an editable field (`isFocusEditable`).
        case editControls
        case always
    }

    /// Names of single characters, the language's own over its base's (English under every other
    /// language: `SpeechSymbolProcessor`, characterProcessing.py).
    public var symbols: [Character: String]
    /// `speakTypedCharacters`.
    public var characters: Echo
    /// `speakTypedWords`.
    public var words: Echo
    /// `speechInterruptForCharacters`: a key that types cuts the speech.
    public var interrupts: Bool
    /// What a character typed into a protected field (a password) is said as (`PROTECTED_CHAR`).
    public var protectedCharacter: Character

    public init(symbols: [Character: String] = [:], characters: Echo = .editControls, words: Echo = .off, interrupts: Bool = true,
                protectedCharacter: Character = "*") {
        self.symbols = symbols
        self.characters = characters
        self.words = words
        self.interrupts = interrupts
        self.protectedCharacter = protectedCharacter
    }

    /// How `character` is spelled (`processSpeechSymbol`): its symbol's name, else itself.
    public func spelled(_ character: Character) -> String {
        symbols[character] ?? String(character)
    }

    /// The top-level keys of a symbols file.
    static let keys = ["language", "source", "licence", "comment", "symbols", "base", "citations"]

    /// The names of a symbols file (`voices/nvda/symbols/LANG.json`), its `base` file's under
    /// them; every mistake located in the file.
    public static func symbols(path: String) throws -> [Character: String] {
        var visited: Set<String> = []
        return try symbols(path: path, visited: &visited)
    }

    private static func symbols(path: String, visited: inout Set<String>) throws -> [Character: String] {
        let root = try JSONDocument.load(path: path).object(allowing: keys)
        _ = try root["citations"]?.anyObject()
        var names: [Character: String] = [:]
        if let base = root["base"] {
            let relative = try base.stringValue()
            let file = relative.hasPrefix("/") ? relative
                : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(relative).path
            guard visited.insert(path).inserted, !visited.contains(file) else {
                throw DataFileError("\"base\" leads back to a symbols file already read (\(file))", at: base.location)
            }
            guard FileManager.default.fileExists(atPath: file) else {
                throw DataFileError("base symbols file \"\(file)\" not found", at: base.location)
            }
            names = try symbols(path: file, visited: &visited)
        }
        for member in try root.required("symbols").anyObject().members {
            guard member.key.count == 1, let character = member.key.first else {
                throw DataFileError("\"\(member.key)\" is not one character: a symbol here is a character typed alone", at: member.keyLocation)
            }
            names[character] = try member.node.stringValue()
        }
        return names
    }
}

extension VoiceProfile {
    /// NVDA's names of typed characters in this voice's language, from the file the profile's
    /// `nvdaSymbols` section names (`"nvdaSymbols": "nvda/symbols/ko.json"`); none when it names
    /// none (each character is then said as itself).
    public func nvdaSymbols() throws -> [Character: String] {
        guard sections["nvdaSymbols"] != nil else { return [:] }
        return try NVDATyping.symbols(path: namedFile("nvdaSymbols", what: "NVDA symbols file",
                                                      missing: "has no NVDA symbols file (docs/web.md)"))
    }
}
