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
        "earcons", "normalization", "durationEstimate", "symbols", "punctuation", "ipa", "talkback", "talkbackSounds", "chromiumAndroid", "voiceOverWeb", "nvda", "nvdaSounds", "nvdaSymbols", "rates", "comment",
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
    /// The rate the profile's file gives (`engine.rate` before any `--rate`).
    public private(set) var ownRate: Int
    /// The speaking rate a command asked for (`--rate`, one rate of `--rates`) when it is not the
    /// profile's own; `engine.rate` then holds it. A run made at such a rate names it in its
    /// transcripts, manifest and reports; at the profile's own rate nothing changes.
    public private(set) var askedRate: Int?

    /// The rates eSpeak NG speaks at, in words per minute (`engine.rate`, `--rate`).
    public static let rateRange = 80...450

    public init(name: String, language: String, engine: Engine, path: String, sections: [String: JSONNode] = [:]) {
        self.name = name
        self.language = language
        self.engine = engine
        self.ownRate = engine.rate
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

extension VoiceProfile {
    /// The profile speaking at `rate` words a minute (`--rate`): durations, and so fates, follow.
    /// The profile's own rate gives the profile unchanged.
    public func atRate(_ rate: Int) -> VoiceProfile {
        var changed = self
        changed.engine.rate = rate
        changed.askedRate = rate == ownRate ? nil : rate
        return changed
    }

    /// The rates a sweep without numbers runs at (`--rates default`) when a profile names none:
    /// Earshot's choice, docs/speech-scheduling.md, "Speaking rates".
    public static let defaultSweep = [175, 300, 450]

    /// The profile's sweep (`"rates": {"sweep": [175, 300, 450]}`), else `defaultSweep`: rates
    /// from 80 to 450 words a minute, each once.
    public func sweepRates() throws -> [Int] {
        guard let section = sections["rates"] else { return Self.defaultSweep }
        let object = try section.object(allowing: ["sweep", "comment"])
        guard let list = object["sweep"] else { return Self.defaultSweep }
        let items = try list.arrayItems()
        guard !items.isEmpty else {
            throw DataFileError("\"sweep\" lists the rates --rates default runs at (words a minute); it cannot be empty", at: list.location)
        }
        var rates: [Int] = []
        for item in items {
            let rate = try item.intValue()
            guard Self.rateRange.contains(rate), !rates.contains(rate) else {
                throw DataFileError("a sweep's rates are words a minute from \(Self.rateRange.lowerBound) to \(Self.rateRange.upperBound), each once; found \(rate)", at: item.location)
            }
            rates.append(rate)
        }
        return rates
    }

    /// TalkBack's words in this voice's language: the words file the `talkback` section names,
    /// relative to the profile (`"talkback": "talkback/ko.json"`).
    public func talkBackWords() throws -> TalkBackVocabulary {
        try TalkBackVocabulary.load(path: namedFile(
            "talkback", what: "TalkBack words file",
            missing: "has no TalkBack words: add \"talkback\": \"talkback/\(language).json\" (docs/talkback.md)"))
    }

    /// The file a section names (`"talkback": "talkback/ko.json"`), relative to the profile,
    /// which must exist; `missing` completes the error when the profile has no such section.
    func namedFile(_ key: String, what: String, missing: String) throws -> String {
        guard let section = sections[key], case .string(let relativePath) = section.value else {
            throw DataFileError("voice profile \"\(name)\" \(missing)", at: SourceLocation(file: path, line: 1, column: 1))
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let file = relativePath.hasPrefix("/") ? relativePath : folder.appendingPathComponent(relativePath).path
        guard FileManager.default.fileExists(atPath: file) else {
            throw DataFileError("\(what) \"\(file)\" not found", at: section.location)
        }
        return file
    }
}

/// Finds voice profiles by name (`ko`, `en`) or path, in several sources.
///
/// A name is looked up in each source in turn and the first that has `NAME.json` wins, so a
/// user's `ko.json` overrides the installed one. `locate` lists the sources in this order
/// (docs/install.md):
/// 1. `$EARSHOT_VOICES`;
/// 2. the user's config folder, `$XDG_CONFIG_HOME/earshot/voices` (default `~/.config/earshot/voices`);
/// 3. the installed data, `../share/earshot/voices` from the executable's folder;
/// 4. a `voices/` folder beside the executable or in one of its parent folders (so `swift run`
///    and `.build/debug/earshot` find the checkout's profiles);
/// 5. the built-in voices compiled into the binary, when the program registered them
///    (`register(builtIns:)`).
///
/// A profile's data files (normalization rules, earcon samples) are read relative to the
/// profile's own file, in the same source.
public struct VoiceLibrary: Sendable {
    /// The sources in lookup order.
    public var sources: [VoiceSource]

    public init(sources: [VoiceSource]) { self.sources = sources }

    /// A library of one folder.
    public init(directory: String) { self.init(sources: [VoiceSource(kind: .folder, directory: directory)]) }

    /// The first folder searched (the built-ins' once written out), for messages.
    public var directory: String {
        sources.lazy.compactMap(\.directory).first ?? sources.lazy.compactMap { $0.folder() }.first ?? "voices"
    }

    /// The program's built-in voices, set once at start; the only state the lookup keeps.
    private static let registered = Locked<BuiltInVoiceSet?>(nil)

    /// Makes `voices` the last source `locate()` searches in this process. A program calls it
    /// once, before its first lookup (the `earshot` CLI and `earshot-bench` do, with
    /// `BuiltInVoices.register()` from `EarshotVoices`).
    public static func register(builtIns voices: BuiltInVoiceSet) {
        registered.withLock { $0 = voices }
    }

    /// The built-in voices registered in this process, if any.
    public static var registeredBuiltIns: BuiltInVoiceSet? { registered.withLock { $0 } }

    /// The voice a run speaks with when neither its options nor its scenario name one: `ko`,
    /// unless the program set another at start (the `earshot` CLI sets the locale's,
    /// `localeVoice`).
    public static var defaultVoice: String { defaultName.withLock { $0 } }

    private static let defaultName = Locked<String>("ko")

    public static func setDefaultVoice(_ name: String) {
        defaultName.withLock { $0 = name }
    }

    /// The voice the locale asks for: the language of the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set and not empty (`en_US.UTF-8` is `en`), as POSIX orders them for
    /// messages, when `available` has a profile of that name; else `ko`, Earshot's own default
    /// (also for `C` and `POSIX`, which name no language).
    public static func localeVoice(environment: [String: String], available: [String]) -> String {
        guard let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
        else { return "ko" }
        let language = String(locale.prefix { $0.isLetter }).lowercased()
        return available.contains(language) ? language : "ko"
    }

    /// The language most of `texts` is written in (Hangul `ko`, kana `ja`, Latin `en`, …, as
    /// docs/import.md tells a dump's), when the library has a profile of that name.
    public func voice(forTextsIn texts: [String]) -> String? {
        guard let language = TextScript.language(of: texts), names.contains(language) else { return nil }
        return language
    }

    /// The sources of a run, in lookup order; folders that do not exist are left out, and the
    /// built-ins come last when there are any.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = executablePath(),
                              builtIns: BuiltInVoiceSet? = registeredBuiltIns) -> VoiceLibrary {
        var sources: [VoiceSource] = []
        func add(_ kind: VoiceSource.Kind, _ directory: String) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue,
                  !sources.contains(where: { $0.directory == directory }) else { return }
            sources.append(VoiceSource(kind: kind, directory: directory))
        }
        if let explicit = environment["EARSHOT_VOICES"], !explicit.isEmpty {
            add(.environment, explicit)
        }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            add(.user, config + "/earshot/voices")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            add(.user, home + "/.config/earshot/voices")
        }
        let binFolder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        add(.installed, binFolder.deletingLastPathComponent().appendingPathComponent("share/earshot/voices").path)
        var folder = binFolder
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("voices")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("ko.json").path) {
                add(.checkout, candidate.path)
                break
            }
            folder.deleteLastPathComponent()
        }
        if let builtIns { sources.append(.builtIn(builtIns)) }
        return VoiceLibrary(sources: sources)
    }

    /// The running executable: `/proc/self/exe` where there is one, else `argv[0]`.
    public static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "."
    }

    /// One profile name and the source it is read from.
    public struct Entry: Sendable {
        public var name: String
        public var source: VoiceSource
    }

    /// Every profile name once, sorted, each from the first source that has it.
    public var entries: [Entry] {
        var found: [String: VoiceSource] = [:]
        for source in sources {
            for name in source.profileNames where found[name] == nil { found[name] = source }
        }
        return found.keys.sorted().map { Entry(name: $0, source: found[$0]!) }
    }

    /// Profile names available in any source, sorted.
    public var names: [String] { entries.map(\.name) }

    /// Loads `nameOrPath`: a path if it contains `/` or ends in `.json`, else a profile name.
    public func profile(_ nameOrPath: String) throws -> VoiceProfile {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            guard FileManager.default.fileExists(atPath: nameOrPath) else {
                throw FileIOError(path: nameOrPath, reason: "voice profile file not found")
            }
            return try VoiceProfile.load(path: nameOrPath)
        }
        for source in sources where source.profileNames.contains(nameOrPath) {
            guard let folder = source.folder() else { continue }
            return try VoiceProfile.load(path: (folder as NSString).appendingPathComponent(nameOrPath + ".json"))
        }
        throw UnknownVoiceError(name: nameOrPath, directory: searched, validNames: names)
    }

    /// The sources, for a message: `EARSHOT_VOICES: /x, user: ~/.config/earshot/voices, built in`.
    public var searched: String {
        sources.map { $0.describe() }.joined(separator: ", ")
    }
}

/// A `--voice` name with no profile file behind it.
public struct UnknownVoiceError: UserFacingError {
    public var name: String
    /// The sources searched, as `VoiceLibrary.searched` names them.
    public var directory: String
    public var validNames: [String]

    public init(name: String, directory: String, validNames: [String]) {
        self.name = name
        self.directory = directory
        self.validNames = validNames
    }

    public var category: ErrorCategory { validNames.isEmpty ? .unavailable : .usage }
    public var description: String {
        if validNames.isEmpty {
            return "error: no voice profiles found (searched \(directory)); set EARSHOT_VOICES to a voices folder "
                + "or put profiles in ~/.config/earshot/voices (docs/install.md)"
        }
        return "error: unknown voice \"\(name)\"" + NameSuggestion.didYouMean(Self.suggestion(for: name, in: validNames))
            + " (valid voices: \(validNames.joined(separator: ", ")), or a path to a profile .json)"
    }

    /// The voice a name most likely means: one named by the language in English (`english`,
    /// `Korean`) or by a language tag with a region (`en-US`, `ko_KR`), else the nearest name
    /// by spelling.
    static func suggestion(for name: String, in names: [String]) -> String? {
        let lowered = name.lowercased()
        let english = Locale(identifier: "en")
        for candidate in names where english.localizedString(forLanguageCode: candidate)?.lowercased() == lowered {
            return candidate
        }
        let language = String(lowered.prefix { $0.isLetter })
        if language != lowered, names.contains(language) { return language }
        return nearestName(to: name, in: names)
    }
}
