import Foundation

/// A voice profile from `voices/NAME.json`: the engine voice and speech settings, plus the
/// sections that other parts of Earshot read (trait words, descriptions, hints, timing, earcons,
/// text normalization). Data lives in the file, not in code, so a tester can correct a word.
///
/// Sections other than `engine` are kept as parsed JSON and decoded by the part that owns them,
/// each with its own errors pointing into the file.
public struct VoiceProfile: Sendable {
    /// Top-level keys a profile may have.
    public static let sectionNames = [
        "name", "language", "description", "engine", "traits", "speech", "hints", "timing",
        "earcons", "normalization", "durationEstimate", "symbols", "punctuation", "comment",
    ]

    /// Engine settings, in eSpeak NG's units.
    public struct Engine: Sendable, Equatable {
        /// eSpeak NG voice name, e.g. `ko` or `en-us`.
        public var voice: String
        /// Words per minute (eSpeak: 80 to 450).
        public var rate: Int
        /// Base pitch, 0 to 100.
        public var pitch: Int
        /// Volume in percent, 0 to 200 (100 is normal).
        public var volume: Int
        /// Pause between words in units of 10 ms at the default rate.
        public var wordGap: Int

        public init(voice: String, rate: Int = 175, pitch: Int = 50, volume: Int = 100, wordGap: Int = 0) {
            self.voice = voice
            self.rate = rate
            self.pitch = pitch
            self.volume = volume
            self.wordGap = wordGap
        }
    }

    public var name: String
    /// BCP 47 language tag of the profile, e.g. `ko` or `en`.
    public var language: String
    public var engine: Engine
    /// Where the profile was read from.
    public var path: String
    /// The other sections by name, as parsed JSON.
    public var sections: [String: JSONNode]
    /// The punctuation level a command asked for (`--punctuation`), over the profile's own.
    public var punctuationLevel: PunctuationLevel?

    public init(name: String, language: String, engine: Engine, path: String, sections: [String: JSONNode] = [:]) {
        self.name = name
        self.language = language
        self.engine = engine
        self.path = path
        self.sections = sections
    }

    /// Parses a profile file.
    public static func load(path: String) throws -> VoiceProfile {
        let root = try JSONDocument.load(path: path).object(allowing: sectionNames)
        let engineNode = try root.required("engine")
        let engineObject = try engineNode.object(allowing: ["voice", "rate", "pitch", "volume", "wordGap"])
        var engine = Engine(voice: try engineObject.requiredString("voice"))
        func ranged(_ key: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let value = try engineObject.int(key) else { return nil }
            guard range.contains(value) else {
                throw DataFileError("\"\(key)\" must be from \(range.lowerBound) to \(range.upperBound), found \(value)",
                                    at: engineObject[key]!.location)
            }
            return value
        }
        engine.rate = try ranged("rate", 80...450) ?? engine.rate
        engine.pitch = try ranged("pitch", 0...100) ?? engine.pitch
        engine.volume = try ranged("volume", 0...200) ?? engine.volume
        engine.wordGap = try ranged("wordGap", 0...100) ?? engine.wordGap
        let fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var sections: [String: JSONNode] = [:]
        for member in root.members where !["name", "language", "engine", "description", "comment"].contains(member.key) {
            sections[member.key] = member.node
        }
        return VoiceProfile(
            name: try root.string("name") ?? fileName,
            language: try root.string("language") ?? engine.voice,
            engine: engine,
            path: path,
            sections: sections
        )
    }
}

/// Finds voice profiles by name (`ko`, `en`) or path.
///
/// The voices folder is, in order: `$EARSHOT_VOICES`; a `voices/` folder beside the executable
/// or in one of its parent folders (so `swift run` and `.build/debug/earshot` find the
/// repository's profiles); `./voices`.
public struct VoiceLibrary: Sendable {
    public var directory: String

    public init(directory: String) { self.directory = directory }

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> VoiceLibrary {
        if let explicit = environment["EARSHOT_VOICES"], !explicit.isEmpty {
            return VoiceLibrary(directory: explicit)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("voices")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("ko.json").path) {
                return VoiceLibrary(directory: candidate.path)
            }
            folder.deleteLastPathComponent()
        }
        return VoiceLibrary(directory: "voices")
    }

    /// Profile names available in the folder, sorted.
    public var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(5)) }
            .sorted()
    }

    /// Loads `nameOrPath`: a path if it contains `/` or ends in `.json`, else a profile name.
    public func profile(_ nameOrPath: String) throws -> VoiceProfile {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            guard FileManager.default.fileExists(atPath: nameOrPath) else {
                throw FileIOError(path: nameOrPath, reason: "voice profile file not found")
            }
            return try VoiceProfile.load(path: nameOrPath)
        }
        let path = (directory as NSString).appendingPathComponent(nameOrPath + ".json")
        guard FileManager.default.fileExists(atPath: path) else {
            let valid = names
            throw UnknownVoiceError(name: nameOrPath, directory: directory, validNames: valid)
        }
        return try VoiceProfile.load(path: path)
    }
}

/// A `--voice` name with no profile file behind it.
public struct UnknownVoiceError: UserFacingError {
    public var name: String
    public var directory: String
    public var validNames: [String]

    public var exitCode: ExitCode { validNames.isEmpty ? .unavailable : .usage }
    public var description: String {
        if validNames.isEmpty {
            return "error: no voice profiles found in \(directory) (set EARSHOT_VOICES to the voices folder)"
        }
        return "error: unknown voice \"\(name)\"; valid voices: \(validNames.joined(separator: ", ")) (or a path to a profile .json)"
    }
}
