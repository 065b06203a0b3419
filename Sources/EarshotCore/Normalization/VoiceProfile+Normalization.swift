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

    /// The profile's normalization, or the identity when it has none.
    public func textNormalizerOrIdentity() throws -> any TextNormalizer {
        try textNormalizer() ?? IdentityNormalizer()
    }
}
