/// The static checks on what each focus stop says: missing labels, labels that repeat their
/// trait word, labels that are file names, and neighbours that say the same words.
enum LabelChecks {
    /// `label.unnamed-symbol`: what a stop says (or its hint) holds a symbol the voice has no
    /// name for; it is left out of the speech, so the finding is a note.
    @Sendable static func unnamedSymbols(_ linted: LintedScreen) -> [Finding] {
        guard let symbols = linted.symbols else { return [] }
        return zip(linted.stops, linted.spoken).compactMap { stop, spoken in
            let unnamed = symbols.speakSymbols(spoken.text).unnamed + (spoken.hint.map { symbols.speakSymbols($0).unnamed } ?? [])
            guard !unnamed.isEmpty else { return nil }
            return Finding(.labelUnnamedSymbol, elements: [stop.id],
                           message: "\(FindingText.quoted(stop.id)) says \(FindingText.quoted(spoken.text)), with \(unnamed.map(\.description).joined(separator: ", ")) that has no spoken name: it is left out.")
        }
    }

    /// `label.missing`: a stop with no label and no spoken value says nothing but trait words.
    /// (A stop that speaks its children's text, a TalkBack row of settings, is named by them.)
    @Sendable static func missingLabels(_ linted: LintedScreen) -> [Finding] {
        zip(linted.stops, linted.spoken).compactMap { stop, spoken in
            guard trimmed(stop.label) == nil, trimmed(linted.generator.spokenValue(of: stop)) == nil,
                  trimmed(stop.childrenSpeech) == nil else { return nil }
            let says = spoken.text.isEmpty
                ? "says nothing at all" : "says only \(FindingText.quoted(spoken.text))"
            return Finding(.labelMissing, elements: [stop.id],
                           message: "\(FindingText.quoted(stop.id)) \(says): it has no label or value.")
        }
    }

    /// `label.repeats-trait`: the label ends with a word the reader says for what the stop is
    /// (`장바구니 버튼` on a button is heard as `장바구니 버튼, 버튼`): one of the profile's trait
    /// words, or TalkBack's role word for an Android node TalkBack reads.
    @Sendable static func labelsRepeatingTraitWords(_ linted: LintedScreen) -> [Finding] {
        zip(linted.stops, linted.spoken).compactMap { stop, spoken in
            guard let label = trimmed(stop.label) else { return nil }
            let core = withoutTrailingPunctuation(label)
            let kind = linted.generator.kindWords(for: stop)
            for word in kind.words {
                guard let text = trimmed(word), endsWithWord(core, text) else { continue }
                return Finding(.labelRepeatsTrait, elements: [stop.id],
                               message: "\(FindingText.quoted(stop.id)) is spoken as \(FindingText.quoted(spoken.text)): the label \(FindingText.quoted(label)) already ends with the \(kind.noun) \(FindingText.quoted(text)).")
            }
            return nil
        }
    }

    /// `label.file-name`: a part of the spoken label looks like an image file or asset name.
    /// The finding names the stop and, inside a merged or combined stop, the element the text
    /// came from.
    @Sendable static func labelsThatAreFileNames(_ linted: LintedScreen) -> [Finding] {
        linted.stops.compactMap { stop in
            guard let label = trimmed(stop.label) else { return nil }
            let parts = label.split(separator: ",").compactMap { trimmed(String($0)) }
            let isIconLike = !stop.traits.isDisjoint(with: [.button, .image])
            guard let name = parts.first(where: {
                AssetNamePattern.looksLikeFileName($0) || (isIconLike && AssetNamePattern.looksLikeSpacedAssetName($0))
            }) else { return nil }
            var elements = [stop.id]
            if let origin = linted.screen.node(stop.id).flatMap({ Self.node(in: $0, saying: name) }), origin != stop.id {
                elements.append(origin)
            }
            return Finding(.labelFileName, elements: elements,
                           message: "\(FindingText.quoted(stop.id)) is read by a file name: \(FindingText.quoted(name)).")
        }
    }

    /// `stops.duplicate-adjacent`: a run of neighbouring stops whose label and value say the same
    /// words (trait words aside: an image labelled like the caption under it counts).
    @Sendable static func duplicateAdjacentStops(_ linted: LintedScreen) -> [Finding] {
        let contents = linted.stops.map { stop in
            comparable([stop.label, linted.generator.spokenValue(of: stop)].compactMap(trimmed).joined(separator: ", "))
        }
        var findings: [Finding] = []
        var start = 0
        while start < contents.count {
            var end = start + 1
            while end < contents.count, !contents[start].isEmpty, contents[end] == contents[start],
                  !isFieldLabel(linted.stops[end - 1], then: linted.stops[end], on: linted.screen) { end += 1 }
            if end - start >= 2 {
                let ids = linted.stops[start..<end].map(\.id)
                let words = trimmed(linted.stops[start].label) ?? trimmed(linted.stops[start].value) ?? ""
                findings.append(Finding(.stopsDuplicateAdjacent, elements: ids,
                                        message: "\(FindingText.listed(ids.map(FindingText.quoted))) say the same words one after another: \(FindingText.quoted(words))."))
            }
            start = end
        }
        return findings
    }

    /// A web page's label text followed by the field it names (`<label for>`): every reader of
    /// the web reads both, and the label is how the field gets its name, so it is no duplicate.
    static func isFieldLabel(_ first: FocusStop, then second: FocusStop, on screen: Screen) -> Bool {
        guard let text = screen.node(first.id)?.web, text.isText, let field = screen.node(second.id)?.web else { return false }
        return field.role.isFormField
    }

    // MARK: - Text helpers

    /// Whether `label` ends with `word` as a word of its own, ignoring case: after a space or
    /// punctuation, or the whole label. Korean often glues a role word to the noun
    /// (`장바구니버튼`), so a Hangul word of two or more syllables also counts right after Hangul.
    static func endsWithWord(_ label: String, _ word: String) -> Bool {
        let label = Array(label.lowercased()), word = Array(word.lowercased())
        guard label.count >= word.count, Array(label.suffix(word.count)) == word else { return false }
        guard label.count > word.count else { return true }
        let before = label[label.count - word.count - 1]
        if before.isWhitespace || before.isPunctuation || before.isSymbol { return true }
        return word.count >= 2 && isHangul(before) && isHangul(word[0])
    }

    private static func isHangul(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) }
    }

    static func withoutTrailingPunctuation(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last.isPunctuation || last.isWhitespace { result = result.dropLast() }
        return String(result)
    }

    /// Folded white space, lower case, no final punctuation: the form two texts are compared in.
    static func comparable(_ text: String) -> String {
        withoutTrailingPunctuation(MergedFocus.foldingWhiteSpace(text)).lowercased()
    }

    /// The node in a stop's subtree whose own text is `text`, searched depth first.
    static func node(in root: AccessibilityNode, saying text: String) -> String? {
        let own = [root.attributedLabel, root.label, root.value, root.text].compactMap(trimmed)
        if own.contains(text) { return root.id }
        for child in root.children {
            if let found = node(in: child, saying: text) { return found }
        }
        return nil
    }
}
