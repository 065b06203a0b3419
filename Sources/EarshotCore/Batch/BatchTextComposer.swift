/// Turns a batch item into the text one voice speaks: fills `.strings` placeholders, describes
/// CSV elements with the profile's rules, then applies the profile's text normalization.
public struct BatchTextComposer: Sendable {
    public var profile: VoiceProfile
    public var placeholders: FormatPlaceholders
    /// Describes an element the way VoiceOver speaks it in this profile.
    public var describe: @Sendable (ElementFields, SourceLocation) throws -> String
    /// The profile's text normalization (numbers, units, symbols), applied last.
    public var normalize: @Sendable (String) -> String

    public init(profile: VoiceProfile, placeholders: FormatPlaceholders,
                describe: @escaping @Sendable (ElementFields, SourceLocation) throws -> String,
                normalize: @escaping @Sendable (String) -> String) {
        self.profile = profile
        self.placeholders = placeholders
        self.describe = describe
        self.normalize = normalize
    }

    public func segments(for item: BatchItem) throws -> [String] {
        let composed: [String]
        switch item.content {
        case .text(let text):
            composed = [text]
        case .formatString(let format):
            composed = [placeholders.fill(format)]
        case .element(let fields):
            composed = [try describe(fields, item.location)]
        case .composed(let byVoice):
            guard let segments = byVoice[profile.name] else {
                throw DataFileError("no text composed for voice \(profile.name)", at: item.location)
            }
            composed = segments
        }
        return composed.map(normalize)
    }
}
