import EarshotCore
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
    /// The punctuation level the worker speaks at over the profile's own (`--punctuation`).
    public var punctuation: PunctuationLevel?
    /// The speaking rate over the profile's own (`--rate`), in words a minute; nil: the profile's.
    public var rate: Int?
    /// Text spoken, one WAV: segments follow each other with `pause` seconds of silence.
    /// Empty for a scenario, whose speech comes from running it.
    public var segments: [String]
    /// For each segment, its spans with speech attributes, or nil; empty when none has any.
    public var spans: [[SpeechSpan]?] = []
    public var pause: Double
    /// The scenario file to run (absolute), for a scenario's timeline; nil for text.
    public var scenario: String?
    /// The screen reader a scenario is heard by (`--reader`); nil: the scenario's own.
    public var reader: ScreenReaderKind?
    /// The WAV's path relative to the output folder.
    public var output: String
    /// Transcript files written beside a scenario's WAV, relative to the output folder.
    public var transcripts: [String] = []
    public var cacheKey: String

    /// The spoken text as the manifest shows it (a scenario's comes from its run).
    public var text: String { segments.joined(separator: "\n") }

    public func manifestEntry(duration: Double, sha256: String, spokenText: String? = nil) -> ManifestEntry {
        var entry = ManifestEntry(input: item.input, line: item.line, key: item.key, voice: voice, text: spokenText ?? text,
                                  output: output, duration: duration, sha256: sha256, cache: cacheKey, transcripts: transcripts)
        entry.rate = rate
        return entry
    }
}

/// Every job of a run in manifest order, and the items that could not be composed.
///
/// Order: inputs as given, items in file order, and for each item the voices in `--voice`
/// order. Output paths are `VOICE/INPUT/NAME.wav`: the voice's profile name, the input file's
/// name without extension and the item's name, each made safe and unique (`SafeFileName`,
/// `UniqueNames`), so they do not depend on sharding or on which files already exist.
///
/// A scenario is one job per voice, `VOICE/INPUT/timeline.wav` plus a transcript per format
/// (`timeline.txt`, `timeline.vtt`, `timeline.jsonl`). Given `scenarioVoice`, scenarios are
/// spoken in the voice each names (default `ko`) instead of in `voices`: that is what
/// `earshot render` does when no `--voice` is given.
public struct RenderPlan: Sendable {
    public var jobs: [RenderJob] = []
    public var problems: [DataFileError] = []

    /// The transcripts written beside a scenario's WAV unless others are asked for.
    public static let defaultTranscriptFormats: [TranscriptFormat] = [.text, .webVTT]

    public init(inputs: [BatchInputContents], inputPaths: [String], voices: [PlannedVoice], engine: String,
                transcriptFormats: [TranscriptFormat] = defaultTranscriptFormats,
                scenarioVoice: ((String?) throws -> PlannedVoice)? = nil, scenarioReader: ScreenReaderKind? = nil) {
        var voiceFolders = VoiceFolders()
        let voiceNames = voices.map { voiceFolders.claim(for: $0.profile) }
        var inputFolders = UniqueNames()
        for (contents, path) in zip(inputs, inputPaths) {
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let folder = inputFolders.claim(SafeFileName.component(for: stem))
            var names = UniqueNames()
            for item in contents.items {
                let name = names.claim(SafeFileName.component(for: item.nameHint))
                if case .scenario(let source) = item.content {
                    var scenarioVoices = Array(zip(voices, voiceNames))
                    if let scenarioVoice {
                        do {
                            let voice = try scenarioVoice(source.voice)
                            scenarioVoices = [(voice, voiceFolders.folder(for: voice.profile))]
                        } catch let error as DataFileError {
                            problems.append(error)
                            continue
                        } catch {
                            problems.append(DataFileError("voice \"\(source.voice ?? VoiceLibrary.defaultVoice)\": \(error)", at: item.location))
                            continue
                        }
                    }
                    for (voice, voiceFolder) in scenarioVoices {
                        let base = "\(voiceFolder)/\(folder)/\(name)"
                        let formatNames = transcriptFormats.map(\.rawValue).joined(separator: ",")
                        let punctuation = voice.profile.punctuationLevel
                        // Another reader is another timeline; the scenario's own keeps the key it had.
                        let readerKey = scenarioReader.map { ["reader=" + $0.rawValue] } ?? []
                        var job = RenderJob(
                            index: jobs.count, item: item, voice: voice.profile.name, profilePath: voice.profile.path,
                            punctuation: punctuation, segments: [], pause: 0, scenario: source.path, output: base + ".wav",
                            transcripts: transcriptFormats.map { base + $0.fileExtension },
                            cacheKey: RenderCacheKey.make(segments: ["scenario", source.digest, formatNames] + readerKey,
                                                          profileDigest: voice.profileDigest, punctuation: punctuation,
                                                          rate: voice.profile.askedRate, engine: engine)
                        )
                        job.reader = scenarioReader
                        job.rate = voice.profile.askedRate
                        jobs.append(job)
                    }
                    continue
                }
                for (voice, voiceFolder) in zip(voices, voiceNames) {
                    let segments: [String]
                    var spans: [[SpeechSpan]?] = []
                    let pause: Double
                    do {
                        let speech = try voice.compose(item)
                        let kept = speech.segments.indices.filter { !speech.segments[$0].trimmingWhitespace().isEmpty }
                        segments = kept.map { speech.segments[$0] }
                        if !speech.spans.isEmpty { spans = kept.map { speech.spans[$0] } }
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
                    // The level's words are in the segments, which the key covers; so are the
                    // spans' attributes.
                    let keyed = segments + spans.map { $0.map(SpeechSpan.jsonArray) ?? "plain" }
                    var job = RenderJob(
                        index: jobs.count, item: item, voice: voice.profile.name, profilePath: voice.profile.path,
                        punctuation: voice.profile.punctuationLevel, segments: segments, spans: spans, pause: pause,
                        output: "\(voiceFolder)/\(folder)/\(name).wav",
                        cacheKey: RenderCacheKey.make(segments: keyed, pause: pause, profileDigest: voice.profileDigest,
                                                      rate: voice.profile.askedRate, engine: engine)
                    )
                    job.rate = voice.profile.askedRate
                    jobs.append(job)
                }
            }
        }
    }
}

/// Output folders for voices: each `--voice` gets its own (voices that share a profile name get
/// `ko`, `ko-2`, ... in order); a scenario's own voice reuses the first folder of the same
/// profile file, or gets a new one.
private struct VoiceFolders {
    private var names = UniqueNames()
    private var byPath: [String: String] = [:]

    mutating func claim(for profile: VoiceProfile) -> String {
        let folder = names.claim(SafeFileName.component(for: profile.name))
        if byPath[profile.path] == nil { byPath[profile.path] = folder }
        return folder
    }

    mutating func folder(for profile: VoiceProfile) -> String {
        byPath[profile.path] ?? claim(for: profile)
    }
}
