import Foundation

/// TalkBack's echo of what is typed into a field (docs/mobile-web.md, "Typing under the phone
/// readers"), from the words file's `typing` group (extracted from TalkBack's own files by
/// scripts/extract-talkback-words.py): the keyboard echo's default, whether passwords are spoken,
/// and the names of typed symbols in the file's language.
public struct TalkBackTyping: Sendable, Equatable {
    /// What the keyboard echo says (`TextEventFilter.PREF_ECHO_*`).
    public enum Echo: String, Sendable, CaseIterable {
        case none, characters, words, charactersAndWords

        var saysCharacters: Bool { self == .characters || self == .charactersAndWords }
        var saysWords: Bool { self == .words || self == .charactersAndWords }
    }

    /// `pref_keyboard_echo_default` (the on-screen keyboard's).
    public var keyboardEcho: Echo
    /// `pref_speak_passwords_without_headphones_default`: a password field's text is echoed as
    /// any other; else each character is the bullet's name (`EVENT_TYPE_INPUT_TEXT_PASSWORD_ADD`).
    public var speakPasswords: Bool
    /// The name of each typed symbol (`SpeechCleanupUtils.TALKBACK_PUNCTUATION_AND_SYMBOL`);
    /// a character without one is said as itself.
    public var symbols: [Character: String]

    public init(keyboardEcho: Echo = .charactersAndWords, speakPasswords: Bool = true, symbols: [Character: String] = [:]) {
        self.keyboardEcho = keyboardEcho
        self.speakPasswords = speakPasswords
        self.symbols = symbols
    }

    /// A typed character as TalkBack says it alone (`SpeechCleanupUtils.getCleanValueFor`).
    public func cleaned(_ character: Character) -> String { symbols[character] ?? String(character) }

    /// The bullet a hidden password shows, and its name.
    public static let bullet: Character = "\u{2022}"

    /// What TalkBack says as `character` is added after `before` in an editable field
    /// (`TextEventInterpreter`, `InputTextFeedbackRules.inputTextAdd`,
    /// `InputTextPasswordFeedbackRules`): in a password field, the bullet's name when passwords
    /// are not spoken or the page gives TalkBack bullets (`shown` false), else the character
    /// cleaned, never a word; elsewhere the word the character ends when the echo says words
    /// (`appendLastWordIfNeeded`), else the character when it says characters, else nothing.
    public func echo(_ character: Character, after before: String, password: Bool, shown: Bool) -> String? {
        if password {
            guard speakPasswords, shown else { return cleaned(Self.bullet) }
            return keyboardEcho.saysCharacters ? cleaned(character) : nil
        }
        if keyboardEcho.saysWords, let word = word(endedBy: character, after: before) { return word }
        return keyboardEcho.saysCharacters ? cleaned(character) : nil
    }

    /// `appendLastWordIfNeeded`: a white space or a punctuation mark (`\p{Punct}`) ends the word
    /// before it, back to the white space or mark before that (the text's first character never
    /// counts as one); nothing when the word is only white space or is one character; said with
    /// the mark's name after it, but for the space (`characterToName` names no space).
    func word(endedBy character: Character, after before: String) -> String? {
        guard Self.isWhiteSpace(character) || Self.isPunctuation(character) else { return nil }
        let text = Array(before) + [character]
        let end = text.count - 1
        var start = 0
        var index = end - 1
        while index > 0 {
            if Self.isWhiteSpace(text[index]) || Self.isPunctuation(text[index]) { start = index + 1; break }
            index -= 1
        }
        let word = text[start...end]
        guard word.contains(where: { !$0.isWhitespace }) else { return nil }
        if word.count == 2 { return nil }
        let stem = String(word.dropLast())
        guard character != " ", character != "\u{00A0}", let name = symbols[character] else {
            return String(word).trimmingCharacters(in: .whitespaces)
        }
        return stem + " " + name
    }

    static func isWhiteSpace(_ character: Character) -> Bool { character.isWhitespace || character == "\u{00A0}" }

    /// Java's `\p{Punct}`: ASCII's punctuation.
    static func isPunctuation(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.isASCII else { return false }
        return "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(scalar)
    }

    /// Reads a words file's `typing` group; a wrong value is located in the file.
    static func read(_ node: JSONNode) throws -> TalkBackTyping {
        let group = try node.anyObject()
        var typing = TalkBackTyping()
        if let echo = group["keyboardEcho"] { typing.keyboardEcho = try echo.enumValue(Echo.self, what: "keyboard echo") }
        if let speak = try group.bool("speakPasswords") { typing.speakPasswords = speak }
        if let symbols = group["symbols"] {
            for member in try symbols.anyObject().members {
                guard member.key.count == 1, let character = member.key.first else {
                    throw DataFileError("\"\(member.key)\" is not one character", at: member.keyLocation)
                }
                typing.symbols[character] = try member.node.stringValue()
            }
        }
        return typing
    }
}
