/// The writing system of a letter, for telling which language a text is in without being told
/// (a dump names none) and for checking a language against its text (lint).
enum TextScript: CaseIterable {
    case hangul, kana, han, latin, arabic, cyrillic, greek, hebrew, thai

    /// The script of a letter; nil for what is no letter of these scripts (digits, symbols, spaces).
    init?(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3131...0x318E: self = .hangul
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .kana
        case 0x4E00...0x9FFF, 0x3400...0x4DBF: self = .han
        case 0x0600...0x06FF: self = .arabic
        case 0x0400...0x04FF: self = .cyrillic
        case 0x0370...0x03FF: self = .greek
        case 0x0590...0x05FF: self = .hebrew
        case 0x0E00...0x0E7F: self = .thai
        default:
            guard scalar.properties.isAlphabetic, value < 0x250 || (0x1E00...0x1EFF).contains(value) else { return nil }
            self = .latin
        }
    }

    /// The language a run of texts is most likely in, by the letters of each script: Hangul is
    /// `ko`; kana (with the Han characters beside it) `ja`; Han without kana `zh`; Latin `en` (the
    /// commonest case; a French or German screen is taken for English too); Arabic `ar`, Cyrillic
    /// `ru`, Greek `el`, Hebrew `he`, Thai `th`. A Hangul, kana or Han character counts as three
    /// letters (a syllable or a word, where a Latin letter is a sound), so that a Korean screen
    /// full of Latin brand names stays Korean. Nil when the texts have fewer than two letters.
    static func language(of texts: [String]) -> String? {
        var counts: [TextScript: Int] = [:]
        for text in texts {
            for scalar in text.unicodeScalars {
                if let script = TextScript(scalar) { counts[script, default: 0] += 1 }
            }
        }
        guard counts.values.reduce(0, +) >= 2 else { return nil }
        let kana = counts[.kana] ?? 0, han = counts[.han] ?? 0
        let weights: [(String, Int)] = [
            ("ko", (counts[.hangul] ?? 0) * 3),
            ("ja", kana > 0 ? (kana + han) * 3 : 0),
            ("zh", kana > 0 ? 0 : han * 3),
            ("en", counts[.latin] ?? 0),
            ("ar", counts[.arabic] ?? 0), ("ru", counts[.cyrillic] ?? 0), ("el", counts[.greek] ?? 0),
            ("he", counts[.hebrew] ?? 0), ("th", counts[.thai] ?? 0),
        ]
        // The first of equal weights wins: the order above.
        var best = weights[0]
        for weight in weights.dropFirst() where weight.1 > best.1 { best = weight }
        return best.1 > 0 ? best.0 : nil
    }
}
