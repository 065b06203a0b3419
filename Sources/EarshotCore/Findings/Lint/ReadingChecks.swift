import Foundation

/// The static checks on how text is read, which need the voice's reading (NFC, its rules,
/// symbol names): labels that are only symbols, abbreviations the rules read another way, and
/// text in another script than its marked language.
enum ReadingChecks {
    /// `label.only-symbols`: a stop whose label has no letter or digit, only emoji and symbols
    /// the voice names (an unnamed one is `label.unnamed-symbol`).
    @Sendable static func symbolOnlyLabels(_ linted: LintedScreen) -> [Finding] {
        guard let symbols = linted.symbols else { return [] }
        return zip(linted.stops, linted.spoken).compactMap { stop, spoken in
            guard let label = stop.label?.trimmingCharacters(in: .whitespaces), !label.isEmpty,
                  !label.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil && !$0.properties.isEmoji }),
                  symbols.speakSymbols(label).unnamed.isEmpty,
                  label.contains(where: { symbols.kind(of: $0) == .symbol }) else { return nil }
            let names = label.compactMap { symbols.name(of: $0) }
            return Finding(.labelOnlySymbols, elements: [stop.id],
                           message: "\(FindingText.quoted(stop.id)) is labeled \(FindingText.quoted(label)) only: it is read by the symbol's name, \(FindingText.quoted(names.joined(separator: " "))) (\(FindingText.quoted(spoken.text))), not by what it does.")
        }
    }

    /// Time units written short, which a reader takes for another unit or a letter.
    static let timeUnits = ["m", "h", "d", "w", "y", "s", "mo", "min", "mins", "hr", "hrs", "sec", "secs"]
    /// Words that say a number is a time: before, after, left, ago.
    static let timeWords = ["전", "후", "뒤", "남음", "지남", "ago", "left", "later"]

    /// `label.ambiguous-abbreviation`: a number with a short time unit and a time word after it
    /// (`3m 전`), shown with how the voice reads it.
    @Sendable static func ambiguousAbbreviations(_ linted: LintedScreen) -> [Finding] {
        guard let pipeline = linted.pipeline else { return [] }
        return zip(linted.stops, linted.spoken).compactMap { stop, spoken in
            let text = spoken.text
            guard let match = firstAbbreviation(in: text) else { return nil }
            let reading = pipeline.normalize(match).split(separator: " ").joined(separator: " ")
            return Finding(.labelAmbiguousAbbreviation, elements: [stop.id],
                           message: "\(FindingText.quoted(stop.id)) says \(FindingText.quoted(match)), which is read \(FindingText.quoted(reading)): the short unit is not read as the time it means.")
        }
    }

    /// `3m 전`: digits, a short time unit right after them, then a time word.
    static func firstAbbreviation(in text: String) -> String? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
        for (index, word) in words.enumerated() {
            let digits = word.prefix { $0.isASCII && $0.isNumber }
            let unit = word.dropFirst(digits.count)
            guard !digits.isEmpty, timeUnits.contains(unit.lowercased()) else { continue }
            let next = index + 1 < words.count ? String(words[index + 1]) : ""
            if timeWords.contains(where: { next.lowercased().hasPrefix($0) }) { return "\(word) \(next)" }
        }
        return nil
    }

    /// The script a language is written in, for the languages Earshot has voices for.
    static func matchesScript(_ language: String, _ scalar: Unicode.Scalar) -> Bool? {
        let script = TextScript(scalar)
        switch String(language.lowercased().prefix(2)) {
        case "ko": return script == .hangul || script == .han
        case "ja": return script == .kana || script == .han
        case "zh": return script == .han
        case "en", "fr", "de", "es", "it", "pt", "nl": return script == .latin
        default: return nil
        }
    }

    /// `label.language-mismatch`: a stop whose element is itself marked with a language and
    /// whose label has letters, none of them in that language's script. A language inherited
    /// from the screen is not judged: Korean screens are full of brand names in Latin letters.
    @Sendable static func languageMismatches(_ linted: LintedScreen) -> [Finding] {
        zip(linted.stops, linted.spoken).compactMap { stop, spoken in
            guard let language = linted.screen.node(stop.id)?.language, let label = stop.label else { return nil }
            let letters = label.unicodeScalars.filter { $0.properties.isAlphabetic }
            guard letters.count >= 2, !letters.contains(where: { matchesScript(language, $0) ?? true }) else { return nil }
            return Finding(.labelLanguageMismatch, elements: [stop.id],
                           message: "\(FindingText.quoted(stop.id)) is marked \(FindingText.quoted(language)) but its label \(FindingText.quoted(label)) is written in another script: the \(language) voice reads it (\(FindingText.quoted(spoken.text))).")
        }
    }

    /// `speech.ipa-unmapped`: a stop's IPA pronunciation that the voice reading its label cannot
    /// turn into eSpeak NG phonemes (a symbol without a mapping, or a voice without a table).
    @Sendable static func unmappedPronunciations(_ linted: LintedScreen) -> [Finding] {
        guard let tables = linted.pronunciation else { return [] }
        return linted.stops.compactMap { stop in
            guard let ipa = stop.speech.ipa else { return nil }
            let language = linted.generator.attributes(of: stop, for: "label").language
            let voice = tables.voiceName(for: language)
            let problem: String
            switch tables.table(for: language)?.convert(ipa) {
            case .phonemes?: return nil
            case .unmapped(let symbols)?:
                problem = "the \(voice) voice has no eSpeak NG phoneme for \(symbols.map(\.description).joined(separator: ", "))"
            case nil:
                problem = "the \(voice) voice has no IPA table"
            }
            return Finding(.speechIPAUnmapped, elements: [stop.id],
                           message: "\(FindingText.quoted(stop.id)) gives its pronunciation as \(FindingText.quoted(ipa)), but \(problem): its label \(FindingText.quoted(stop.label ?? "")) is read as written.")
        }
    }
}

/// The IPA tables lint checks pronunciations against: the voice's own, and those of the
/// profiles other languages are spoken with (found as the speaker finds them).
public struct PronunciationTables: Sendable {
    let voice: String
    let own: IPAPhonemeTable?
    let others: [String: (name: String, table: IPAPhonemeTable?)]

    /// The profile's table and those of every profile in `library` (by language).
    public init(profile: VoiceProfile, library: VoiceLibrary = .locate()) throws {
        voice = profile.name
        own = try IPAPhonemeTable(profile: profile)
        var others: [String: (name: String, table: IPAPhonemeTable?)] = [:]
        for name in library.names {
            guard let other = try? library.profile(name) else { continue }
            let key = SpeechAttributes.primarySubtag(other.language)
            if others[key] == nil { others[key] = (other.name, try? IPAPhonemeTable(profile: other)) }
        }
        self.others = others
    }

    /// The table for text in `language` (nil: the voice's own language).
    func table(for language: String?) -> IPAPhonemeTable? {
        guard let language else { return own }
        return others[SpeechAttributes.primarySubtag(language)]?.table
    }

    func voiceName(for language: String?) -> String {
        guard let language else { return voice }
        return others[SpeechAttributes.primarySubtag(language)]?.name ?? language
    }
}
