/// `page.language-mismatch`: a web page whose declared language (`lang` on its html element,
/// the screen's language) is not the language its text is written in, as
/// Earshot's own voice selection tells a text's language by its script (`TextScript.language`;
/// docs/findings.md, docs/web.md "The page's language").
///
/// - The text: every stop's label and value, never the reader's role words (which are the
///   profile's language, not the page's); at least 10 letters (fewer say nothing of a page).
/// - No `lang` at all is axe-core's to report (`html-has-lang`), where axe runs: NVDA then reads
///   with the voice the user set, which may well be the page's, and an error here would fail
///   every page a test writes without one (Earshot's choice).
/// - Mismatched: a `lang` whose script Earshot knows (`ReadingChecks.matchesScript`: Korean,
///   Japanese, Chinese and the Latin-script languages) that fewer than half the text's letters
///   are written in, a Hangul, kana or Han character counting as three, as `TextScript` counts
///   them (Earshot's choice: a Korean page full of Latin brand names stays Korean). A language
///   whose script Earshot does not know is not judged.
/// An app's screen is not judged: its language is the app's, set on the device.
enum PageLanguageCheck {
    /// Why `screen`'s language cannot be judged: only a web page declares one for the whole page.
    static func uncheckedReason(_ screen: Screen) -> String? {
        screen.isWebPage ? nil : "only a web page declares the language of the whole page (lang on its html element); an app's screen takes the device's"
    }

    static let minimumLetters = 10

    /// Language names for the messages, by primary subtag.
    static let names = ["ko": "Korean", "ja": "Japanese", "zh": "Chinese", "en": "written in Latin letters", "ar": "Arabic",
                        "ru": "written in Cyrillic", "el": "Greek", "he": "Hebrew", "th": "Thai"]

    @Sendable static func mismatches(_ linted: LintedScreen) -> [Finding] {
        guard uncheckedReason(linted.screen) == nil else { return [] }
        let texts = linted.stops.flatMap { [$0.label, $0.value].compactMap { $0 } }
        var letters: [Unicode.Scalar] = []
        for text in texts { letters += text.unicodeScalars.filter { TextScript($0) != nil } }
        guard letters.count >= minimumLetters, let found = TextScript.language(of: texts) else { return [] }
        let foundName = names[found] ?? found
        let first = linted.spoken.first.map { " (its first stop: \(FindingText.quoted($0.text)))" } ?? ""
        guard let declared = linted.screen.language, !declared.isEmpty else { return [] }
        func weight(_ scalar: Unicode.Scalar) -> Int {
            switch TextScript(scalar) {
            case .hangul?, .kana?, .han?: 3
            default: 1
            }
        }
        guard letters.contains(where: { ReadingChecks.matchesScript(declared, $0) != nil }) else { return [] }
        let total = letters.map(weight).reduce(0, +)
        let matching = letters.filter { ReadingChecks.matchesScript(declared, $0) == true }.map(weight).reduce(0, +)
        guard matching * 2 < total else { return [] }
        return [Finding(.pageLanguageMismatch, elements: [],
                        message: "The page declares its language as \(FindingText.quoted(declared)), but its text is \(foundName) (\(matching * 100 / max(total, 1)) percent of its letters are in \(FindingText.quoted(declared))'s script): NVDA reads it with the \(declared) voice\(first).")]
    }
}
