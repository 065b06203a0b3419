import Foundation

/// A voice as the planner sees it: a profile, the digest of its file, and how it turns an item
/// into the text it speaks.
public struct PlannedVoice: Sendable {
    public var profile: VoiceProfile
    /// SHA-256 of the profile file's bytes (part of the cache key).
    public var profileDigest: String
    /// What this voice speaks for an item; throws a `DataFileError` for a bad item.
    public var compose: @Sendable (BatchItem) throws -> ComposedSpeech

    public init(profile: VoiceProfile, profileDigest: String, compose: @escaping @Sendable (BatchItem) throws -> ComposedSpeech) {
        self.profile = profile
        self.profileDigest = profileDigest
        self.compose = compose
    }
}

/// One file to render: an item in one voice, with its text, output path and cache key.
public struct RenderJob: Sendable, Equatable {
    /// Position in the whole run (all inputs, items, voices), which is manifest order.
    public var index: Int
    public var item: BatchItem
    /// The voice's profile name, as written in the manifest.
    public var voice: String
    /// The voice profile file the worker loads.
    public var profilePath: String
    /// Text spoken, one WAV: segments follow each other with `pause` seconds of silence.
    public var segments: [String]
    public var pause: Double
    /// The WAV's path relative to the output folder.
    public var output: String
    public var cacheKey: String

    /// The spoken text as the manifest shows it.
    public var text: String { segments.joined(separator: "\n") }

    public func manifestEntry(duration: Double, sha256: String) -> ManifestEntry {
        ManifestEntry(input: item.input, line: item.line, key: item.key, voice: voice, text: text,
                      output: output, duration: duration, sha256: sha256, cache: cacheKey)
    }
}

/// Every job of a run in manifest order, and the items that could not be composed.
///
/// Order: inputs as given, items in file order, and for each item the voices in `--voice`
/// order. Output paths are `VOICE/INPUT/NAME.wav`: the voice's profile name, the input file's
/// name without extension and the item's name, each made safe and unique (`SafeFileName`,
/// `UniqueNames`), so they do not depend on sharding or on which files already exist.
public struct RenderPlan: Sendable {
    public var jobs: [RenderJob] = []
    public var problems: [DataFileError] = []

    public init(inputs: [BatchInputContents], inputPaths: [String], voices: [PlannedVoice], engine: String) {
        var voiceFolders = UniqueNames()
        let voiceNames = voices.map { voiceFolders.claim(SafeFileName.component(for: $0.profile.name)) }
        var inputFolders = UniqueNames()
        for (contents, path) in zip(inputs, inputPaths) {
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let folder = inputFolders.claim(SafeFileName.component(for: stem))
            var names = UniqueNames()
            for item in contents.items {
                let name = names.claim(SafeFileName.component(for: item.nameHint))
                for (voice, voiceFolder) in zip(voices, voiceNames) {
                    let segments: [String]
                    let pause: Double
                    do {
                        let speech = try voice.compose(item)
                        segments = speech.segments.filter { !$0.trimmingWhitespace().isEmpty }
                        pause = speech.pause
                    } catch let error as DataFileError {
                        problems.append(error)
                        continue
                    } catch {
                        problems.append(DataFileError("\(error)", at: item.location))
                        continue
                    }
                    guard !segments.isEmpty else {
                        problems.append(DataFileError("nothing to speak for \"\(item.key)\" in voice \(voice.profile.name)", at: item.location))
                        continue
                    }
                    jobs.append(RenderJob(
                        index: jobs.count, item: item, voice: voice.profile.name, profilePath: voice.profile.path,
                        segments: segments, pause: pause, output: "\(voiceFolder)/\(folder)/\(name).wav",
                        cacheKey: RenderCacheKey.make(segments: segments, pause: pause, profileDigest: voice.profileDigest, engine: engine)
                    ))
                }
            }
        }
    }
}
