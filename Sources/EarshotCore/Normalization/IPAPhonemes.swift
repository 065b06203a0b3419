/// Turns an IPA pronunciation (`accessibilitySpeechIPANotation`) into eSpeak NG's phoneme input
/// for one voice, from the `ipa` section of its profile (`{"symbols": {"ə": "@", "tʃ": "tS"}}`).
///
/// eSpeak NG names phonemes per language (its Kirshenbaum-like mnemonics: `@` is English's
/// schwa, `u-` Korean's ㅡ), so each voice has its own table. The longest IPA sequence with a
/// mapping wins at each place (`tʃ` before `t`), white space separates words, and the
/// delimiters `/…/` and `[…]` are dropped. A pronunciation with any symbol the table lacks is
/// not converted at all: the speaker then reads the text and says why (`unmapped`).
public struct IPAPhonemeTable: Sendable {
    /// IPA sequences (as Unicode scalars, so `kʰ` is two) and what eSpeak is given for them.
    let symbols: [String: String]
    /// The longest sequence in `symbols`, in scalars.
    let longest: Int

    public init(symbols: [String: String]) {
        self.symbols = symbols
        longest = symbols.keys.map(\.unicodeScalars.count).max() ?? 1
    }

    /// The result of converting one pronunciation.
    public enum Conversion: Sendable, Equatable {
        /// eSpeak NG phoneme mnemonics, to be given inside `[[…]]`.
        case phonemes(String)
        /// The symbols with no mapping, each once, in order of appearance.
        case unmapped([UnnamedSymbol])
    }

    public func convert(_ ipa: String) -> Conversion {
        var scalars = Array(ipa.unicodeScalars)
        while let first = scalars.first, Self.delimiters.contains(first) || first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, Self.delimiters.contains(last) || last.properties.isWhitespace { scalars.removeLast() }
        var result = ""
        var unmapped: [UnnamedSymbol] = []
        var index = 0
        while index < scalars.count {
            if scalars[index].properties.isWhitespace {
                if !result.hasSuffix(" ") { result += " " }
                index += 1
                continue
            }
            var matched = false
            for length in stride(from: min(longest, scalars.count - index), through: 1, by: -1) {
                var key = String.UnicodeScalarView()
                key.append(contentsOf: scalars[index..<(index + length)])
                if let phoneme = symbols[String(key)] {
                    result += phoneme
                    index += length
                    matched = true
                    break
                }
            }
            if !matched {
                let symbol = UnnamedSymbol(String(scalars[index]))
                if !unmapped.contains(symbol) { unmapped.append(symbol) }
                index += 1
            }
        }
        return unmapped.isEmpty ? .phonemes(result) : .unmapped(unmapped)
    }

    private static let delimiters: Set<Unicode.Scalar> = ["/", "[", "]"]
}
