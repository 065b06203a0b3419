/// Rewrites UI text into the words a voice's engine should read, before synthesis.
///
/// Each voice profile may name its own normalization; the transcript keeps the original text and
/// only the engine sees the rewritten one. A profile without normalization (English) leaves the
/// text to the engine's own reading.
public protocol TextNormalizer: Sendable {
    /// The text as the engine should read it.
    func normalize(_ text: String) -> String
}

/// Leaves text unchanged: the reading of voices whose engine already reads numbers as
/// VoiceOver does.
public struct IdentityNormalizer: TextNormalizer {
    public init() {}

    public func normalize(_ text: String) -> String { text }
}
