import Foundation

extension VoiceProfile {
    /// The text normalization this profile names in its `normalization` section, or nil when it
    /// has none (the engine's own reading is kept, as for English).
    ///
    /// The section is either a path to a rules file, relative to the profile's own file
    /// (`"normalization/ko.json"`), or the rules written inline as an object.
    public func textNormalizer() throws -> (any TextNormalizer)? {
        guard let section = sections["normalization"], !section.isNull else { return nil }
        let rulesNode: JSONNode
        switch section.value {
        case .string(let relativePath):
            guard !relativePath.isEmpty else {
                throw DataFileError("\"normalization\" must name a rules file, found an empty string",
                                    at: section.location)
            }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let rulesPath = relativePath.hasPrefix("/")
                ? relativePath : folder.appendingPathComponent(relativePath).path
            guard FileManager.default.fileExists(atPath: rulesPath) else {
                throw DataFileError("normalization rules file \"\(rulesPath)\" not found", at: section.location)
            }
            rulesNode = try JSONDocument.load(path: rulesPath)
        case .object:
            rulesNode = section
        default:
            throw section.typeError(expected: "a path to a rules file or an object of rules")
        }
        return KoreanNormalizer(rules: try KoreanNormalizationRules(node: rulesNode))
    }

    /// What the engine is given for a text: NFC, the profile's normalization (or none), then its
    /// symbol names and punctuation level (`speechPipeline()`).
    public func textNormalizerOrIdentity() throws -> any TextNormalizer {
        try speechPipeline()
    }

    /// NFC, the profile's normalization, then symbols by name at the punctuation level.
    public func speechPipeline() throws -> SpeechTextPipeline {
        let base = try textNormalizer() ?? IdentityNormalizer()
        var symbols = try symbolNames()
        // Units and currencies the rules read with their numbers are theirs, not a name's.
        if let korean = base as? KoreanNormalizer { symbols?.readWithNumbers = korean.symbolsReadWithNumbers }
        return SpeechTextPipeline(base: base, symbols: symbols)
    }

    /// The `symbols` section (a path to a names file relative to the profile, or an object of
    /// names) with the `punctuation` section (`{"level": "some", "some": "#&*+/<=>@\\^_`|~"}`);
    /// nil when the profile names no symbols. `punctuationLevel`, when set, overrides the level.
    public func symbolNames() throws -> SymbolNames? {
        guard let section = sections["symbols"], !section.isNull else { return nil }
        var names: [String: String] = [:]
        let namesNode: JSONNode
        switch section.value {
        case .string(let relativePath):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let file = relativePath.hasPrefix("/") ? relativePath : folder.appendingPathComponent(relativePath).path
            guard FileManager.default.fileExists(atPath: file) else {
                throw DataFileError("symbol names file \"\(file)\" not found", at: section.location)
            }
            let root = try JSONDocument.load(path: file).object(allowing: ["source", "language", "names"])
            namesNode = try root.required("names")
        case .object:
            namesNode = section
        default:
            throw section.typeError(expected: "a path to a symbol names file or an object of names")
        }
        guard case .object(let members) = namesNode.value else { throw namesNode.typeError(expected: "an object of names") }
        for member in members { names[member.key] = try member.node.stringValue() }
        var level = PunctuationLevel.some
        var some = Set("#&*+/<=>@\\^_`|~".map(String.init))
        var operators: [Character: String] = [:]
        if let punctuation = sections["punctuation"], !punctuation.isNull {
            let object = try punctuation.object(allowing: ["level", "some", "overrides", "operators", "comment"])
            if let node = object["level"] { level = try node.enumValue(PunctuationLevel.self, what: "punctuation level") }
            if let list = try object.string("some") { some = Set(list.map(String.init)) }
            // A profile's own names win over CLDR's (a word VoiceOver says differently).
            if let overrides = object["overrides"] {
                guard case .object(let entries) = overrides.value else { throw overrides.typeError(expected: "an object of names") }
                for entry in entries { names[entry.key] = try entry.node.stringValue() }
            }
            if let table = object["operators"] {
                guard case .object(let entries) = table.value else { throw table.typeError(expected: "an object of operator words") }
                for entry in entries {
                    guard entry.key.count == 1, let sign = entry.key.first else {
                        throw DataFileError("an operator is one character, not \"\(entry.key)\"", at: entry.keyLocation)
                    }
                    operators[sign] = try entry.node.stringValue()
                }
            }
        }
        var symbols = SymbolNames(names: names, some: some, level: punctuationLevel ?? level)
        symbols.operators = operators
        return symbols
    }
}

extension IPAPhonemeTable {
    /// The profile's table, or nil when it has no `ipa` section.
    public init?(profile: VoiceProfile) throws {
        guard let section = profile.sections["ipa"], !section.isNull else { return nil }
        let object = try section.object(allowing: ["symbols", "comment"])
        let node = try object.required("symbols")
        guard case .object(let members) = node.value else { throw node.typeError(expected: "an object of IPA symbols") }
        var symbols: [String: String] = [:]
        for member in members { symbols[member.key] = try member.node.stringValue() }
        self.init(symbols: symbols)
    }
}
