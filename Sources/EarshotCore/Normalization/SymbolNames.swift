import Foundation

/// How much punctuation is spoken, like VoiceOver's Verbosity > Punctuation setting.
public enum PunctuationLevel: String, Sendable, CaseIterable {
    /// Every punctuation mark and symbol is spoken by name.
    case all
    /// The symbols in the profile's `some` list are spoken; other punctuation is left to the
    /// engine, which pauses at it (VoiceOver's default).
    case some
    /// No punctuation is spoken.
    case none
}

/// A character or sequence that is a symbol but has no name in the voice's table: it is not
/// passed to the engine (which would say nothing or something wrong) and is reported.
public struct UnnamedSymbol: Sendable, Equatable, CustomStringConvertible {
    public var text: String

    public init(_ text: String) { self.text = text }

    /// `U+E000` (code points of the sequence).
    public var codePoints: String {
        text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }.joined(separator: " ")
    }

    public var description: String { "\"\(text)\" (\(codePoints))" }
}

/// Emoji and symbols read by name, from Unicode CLDR's `tts` annotations in the voice's
/// language (voices/symbols/LANG.json, made by scripts/extract-symbol-names.py), and the
/// punctuation level (docs/normalization.md, "Symbols and punctuation").
///
/// Text is taken a grapheme cluster at a time, so an emoji with its variation selector, a ZWJ
/// sequence (a family), a flag, a keycap and a skin-tone modifier are each one name. A cluster
/// is looked up as written, then without variation selectors (CLDR writes most emoji without
/// U+FE0F). Letters, digits and spaces pass unchanged; punctuation is spoken by the level; a
/// symbol (an emoji, a character of category So, a private-use character) without a name is
/// left out of the engine's text and reported.
public struct SymbolNames: Sendable {
    public var names: [String: String]
    /// The characters the `some` level speaks.
    public var some: Set<String>
    public var level: PunctuationLevel
    /// Signs read as words between two numbers (`1+1` → `1 더하기 1`), from the profile's
    /// `punctuation.operators`: a sign there is an operator, not a symbol to name.
    public var operators: [Character: String] = [:]
    /// Symbols the profile's own rules read with a number beside them (`25℃` 섭씨 이십오 도,
    /// `₩1,000`): left for the rules when a digit is next to them, named otherwise.
    public var readWithNumbers: Set<Character> = []

    public init(names: [String: String], some: Set<String>, level: PunctuationLevel) {
        self.names = names
        self.some = some
        self.level = level
    }

    /// The text with every symbol and spoken punctuation mark said by name (names between
    /// spaces), and the symbols that have none.
    public func speak(_ text: String) -> (text: String, unnamed: [UnnamedSymbol]) {
        let symbols = speakSymbols(text)
        return (speakPunctuation(symbols.text), symbols.unnamed)
    }

    /// Emoji and other symbols by name; punctuation left as it is. Runs before the profile's
    /// rules, so a keycap's digit is still part of its keycap.
    public func speakSymbols(_ text: String) -> (text: String, unnamed: [UnnamedSymbol]) {
        walk(text, punctuation: false)
    }

    /// Punctuation by the level. Runs after the profile's rules, which read `30%` or `₩`
    /// with their numbers.
    public func speakPunctuation(_ text: String) -> String {
        walk(text, punctuation: true).text
    }

    private func walk(_ text: String, punctuation: Bool) -> (text: String, unnamed: [UnnamedSymbol]) {
        // Fast path: plain letters, digits, spaces and the punctuation the level leaves alone.
        if !text.unicodeScalars.contains(where: { needsLook($0) }) { return (text, []) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var unnamed: [UnnamedSymbol] = []
        var insideName = false
        let characters = Array(text)
        /// Whether the nearest character before (or after) `index`, spaces skipped, is a digit.
        func digit(from index: Int, step: Int) -> Bool {
            var at = index + step
            while at >= 0, at < characters.count, characters[at] == " " { at += step }
            return at >= 0 && at < characters.count && characters[at].isASCII && characters[at].isNumber
        }
        for (index, character) in characters.enumerated() {
            if !punctuation, !insideName {
                if let word = operators[character], digit(from: index, step: -1), digit(from: index, step: 1) {
                    out += " \(word) "
                    continue
                }
                if readWithNumbers.contains(character), digit(from: index, step: -1) || digit(from: index, step: 1) {
                    out.append(character)
                    continue
                }
            }
            if character == Self.nameStart || character == Self.nameEnd {
                insideName = character == Self.nameStart
                if !punctuation { out.append(character) }
                continue
            }
            let scalars = character.unicodeScalars
            guard !insideName, scalars.contains(where: needsLook) else {
                out.append(character)
                continue
            }
            switch kind(of: character) {
            case .text:
                out.append(character)
            case .punctuation where !punctuation, .symbol where punctuation:
                out.append(character)
            case .punctuation:
                if level == .all || (level == .some && some.contains(String(character))), let name = name(of: character) {
                    out += " \(name) "
                } else {
                    out.append(character)
                }
            case .symbol:
                if let name = name(of: character) {
                    // Marked, so the punctuation pass does not read the name's own hyphens.
                    out += " \(Self.nameStart)\(name)\(Self.nameEnd) "
                } else {
                    unnamed.append(UnnamedSymbol(String(character)))
                    out += " "
                }
            }
        }
        return (out, unnamed)
    }

    /// The name of a character or sequence: as written, then without variation selectors.
    public func name(of character: Character) -> String? {
        let text = String(character)
        if let name = names[text] { return name }
        let bare = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E }))
        return bare.isEmpty ? nil : names[bare]
    }

    /// Around a symbol's name between the two passes (U+FFF9 and U+FFFB, interlinear
    /// annotation marks, which no UI text uses); the punctuation pass removes them.
    static let nameStart: Character = "\u{FFF9}"
    static let nameEnd: Character = "\u{FFFB}"

    enum Kind { case text, punctuation, symbol }

    /// What a cluster is: text (letters, digits, marks, spaces), punctuation (spoken by the
    /// level: P*, Sm, Sc, Sk), or a symbol (always spoken: emoji, So, private use, a keycap).
    func kind(of character: Character) -> Kind {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        let emoji = scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) || (0x1F1E6...0x1F1FF).contains($0.value) }
            || first.properties.isEmojiPresentation
        if emoji { return .symbol }
        switch first.properties.generalCategory {
        case .otherSymbol, .privateUse, .unassigned: return .symbol
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol:
            return .punctuation
        default:
            // A letter-like sign CLDR names (ℹ, µ, superscript digits) is read by its name.
            return scalars.count == 1 && first.value >= 0x80 && names[String(character)] != nil ? .symbol : .text
        }
    }

    /// Whether a scalar may need a look: anything but ASCII letters, digits and spaces, and,
    /// below the `all` level, ASCII punctuation outside the `some` list.
    private func needsLook(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x80 { return !(0xAC00...0xD7A3).contains(value) && !(0x3131...0x318E).contains(value) }
        // (U+FFF9 and U+FFFB, the name marks, are above 0x80: always looked at.)
        if (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value <= 0x20 {
            return false
        }
        return level == .all || (level == .some && some.contains(String(scalar)))
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// Text normalization as the engine gets it: NFC first, then the profile's own rules (Korean
/// numbers and units), then symbols and punctuation by name.
public struct SpeechTextPipeline: TextNormalizer {
    public var base: any TextNormalizer
    public var symbols: SymbolNames?

    public init(base: any TextNormalizer, symbols: SymbolNames?) {
        self.base = base
        self.symbols = symbols
    }

    public func normalize(_ text: String) -> String { normalizeReporting(text).text }

    /// The engine's text and the symbols left out for want of a name.
    public func normalizeReporting(_ text: String) -> (text: String, unnamed: [UnnamedSymbol]) {
        let composed = UnicodeNFC.composed(text)
        guard let symbols else { return (base.normalize(composed), []) }
        let named = symbols.speakSymbols(composed)
        return (symbols.speakPunctuation(base.normalize(named.text)), named.unnamed)
    }
}
