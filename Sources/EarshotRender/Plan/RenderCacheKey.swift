import EarshotCore

/// The key that decides whether a rendered file is still current.
///
/// It covers what changes the audio: the text spoken (after composition and normalization), the
/// bytes of the voice profile file (engine settings, words), a punctuation level asked for over
/// the profile's own, a speaking rate asked for over the profile's own (`--rate`), the speech engine's identity and Earshot's version. A file whose key is
/// unchanged and whose WAV is complete is not rendered again.
public enum RenderCacheKey {
    /// `punctuation` is the level a run asks for over the profile's, for a job whose text is
    /// decided when it is rendered (a scenario); hashed only when given, so keys made without
    /// one stay those of earlier versions.
    /// `rate` (words a minute over the profile's own) is hashed only when given, likewise.
    public static func make(segments: [String], pause: Double = 0, profileDigest: String, punctuation: PunctuationLevel? = nil,
                            rate: Int? = nil, engine: String, version: String = earshotVersion) -> String {
        var hasher = SHA256()
        hasher.update(Array("earshot-render-cache-1\n\(version)\n\(engine)\n\(profileDigest)\n\(pause)\n".utf8))
        // A segment starts with its length, so this line cannot be taken for one.
        if let punctuation { hasher.update(Array("punctuation \(punctuation.rawValue)\n".utf8)) }
        if let rate { hasher.update(Array("rate \(rate)\n".utf8)) }
        for segment in segments {
            hasher.update(Array("\(segment.utf8.count):".utf8))
            hasher.update(Array(segment.utf8))
        }
        return String(hasher.hexDigest.prefix(32))
    }
}
