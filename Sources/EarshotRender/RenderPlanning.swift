import EarshotCore
import EarshotPlayback
import EarshotSpeech
import Foundation

/// What `earshot render` was asked for, before anything is read: the inputs and how to read
/// them, the voices and how they speak.
public struct RenderRequestSettings {
    public var inputs: [String]
    /// `--format`: every input read as this; nil: each by its extension and content.
    public var format: BatchInputFormat?
    /// `--voice`, in order; empty: `ko`, and each scenario in its own voice.
    public var voices: [String]
    /// `--placeholder` samples over the voice language's own.
    public var placeholders: [Character: String]
    public var punctuation: PunctuationLevel?
    /// `--rate`: words a minute over each profile's own.
    public var rate: Int?
    public var language: ScreenLanguage
    /// `--reader`; nil: each screen's own (TalkBack for an Android dump).
    public var reader: ScreenReaderName?
    public var transcriptFormats: [TranscriptFormat]
    /// Where voices are found.
    public var library: VoiceLibrary
    /// Opens a web page and reads its tree (the program's browser); nil: pages are not taken.
    public var loadPage: ((String) throws -> LoadedScreen)?

    public init(inputs: [String], format: BatchInputFormat? = nil, voices: [String] = [], placeholders: [Character: String] = [:],
                punctuation: PunctuationLevel? = nil, language: ScreenLanguage = .asWritten, reader: ScreenReaderName? = nil,
                transcriptFormats: [TranscriptFormat] = RenderPlan.defaultTranscriptFormats, rate: Int? = nil,
                library: VoiceLibrary = .locate()) {
        self.rate = rate
        self.inputs = inputs
        self.format = format
        self.voices = voices
        self.placeholders = placeholders
        self.punctuation = punctuation
        self.language = language
        self.reader = reader
        self.transcriptFormats = transcriptFormats
        self.library = library
    }
}

/// The plan of a render and what stood in its way: the notes each input's reader made, the
/// inputs that could not be read, and the items that could not be composed.
public struct RenderPlanning {
    public var plan: RenderPlan
    /// Each input's notes (what a dump cannot tell), in input order.
    public var notes: [(file: String, notes: [String])] = []
    public var unreadable: [FileIOError] = []
    /// Bad items and inputs, the plan's own included.
    public var problems: [DataFileError] = []

    /// Items that did not become a job: they fail the run (exit 1) after the rest is rendered.
    public var failedCount: Int { problems.count + unreadable.count }

    /// Loads the voices (a voice eSpeak NG lacks ends it here, with the engine's message, not as
    /// every item failing in the workers), reads every input (a bad one is a problem, the rest
    /// still render) and plans the jobs. Throws when an input's format cannot be told.
    public init(_ settings: RenderRequestSettings, engine: String = SpeechEngine.identity) throws {
        let voices = try Self.loadVoices(settings.voices.isEmpty ? ["ko"] : settings.voices, settings)
        // Screens are ordered once, with the first voice's TalkBack words when TalkBack reads them.
        let reading = ScreenReading.reader(settings.reader, profile: voices[0].profile)
        var inputs: [BatchInputContents] = []
        var inputPaths: [String] = []
        for path in settings.inputs {
            // What the file is when render cannot take it, told only once reading it failed.
            let wrongKind = {
                (try? TextFileDecoding.contents(path: path)).map { InputKind.of($0, file: path) }
                    .flatMap { $0.isRenderable || $0 == .malformedJSON ? nil : $0 }?
                    .mismatch(path, expected: "an input render takes (text, CSV, .strings, a screen, a dump, a web page or a scenario)")
            }
            guard let format = settings.format ?? BatchInputFormat.detect(path: path) else {
                if let mismatch = wrongKind() { throw mismatch }
                throw UnknownInputFormat(path: path)
            }
            do {
                let contents = try format.read(path: path, language: settings.language, reading: reading,
                                               loadPage: settings.loadPage)
                notes.append((path, contents.notes))
                problems += contents.problems
                inputs.append(contents)
                inputPaths.append(path)
            } catch let error as DataFileError {
                if let mismatch = wrongKind() {
                    problems.append(DataFileError(mismatch.message, at: SourceLocation(file: path, line: 1, column: 1)))
                } else {
                    problems.append(error)
                }
            } catch let error as FileIOError {
                unreadable.append(error)
            }
        }
        // Without --voice a scenario speaks in its own voice; each is loaded once.
        var ownVoices: [String: PlannedVoice] = [:]
        let scenarioVoice: ((String?) throws -> PlannedVoice)? = settings.voices.isEmpty ? { name in
            let name = name ?? VoiceLibrary.defaultVoice
            if let voice = ownVoices[name] { return voice }
            let voice = try Self.loadVoices([name], settings)[0]
            ownVoices[name] = voice
            return voice
        } : nil
        plan = RenderPlan(inputs: inputs, inputPaths: inputPaths, voices: voices, engine: engine,
                          transcriptFormats: settings.transcriptFormats, scenarioVoice: scenarioVoice,
                          scenarioReader: settings.reader)
        problems += plan.problems
    }

    /// Loads each voice with its file digest and the way it composes items (at the
    /// `--punctuation` level when given), and asks the engine for each voice once.
    static func loadVoices(_ names: [String], _ settings: RenderRequestSettings) throws -> [PlannedVoice] {
        let library = settings.library
        let engine = try SpeechEngine(dataPath: nil)
        return try names.map { name in
            var profile = try library.profile(name)
            profile.punctuationLevel = settings.punctuation
            if let rate = settings.rate { profile = profile.atRate(rate) }
            if !profile.path.hasPrefix("/") {
                profile.path = (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(profile.path)
            }
            guard let bytes = FileManager.default.contents(atPath: profile.path) else {
                throw FileIOError(path: profile.path, reason: "cannot read voice profile")
            }
            try Speaker(profile: profile, engine: engine).checkEngine()
            let composer = try BatchTextComposer(profile: profile, placeholderOverrides: settings.placeholders)
            return PlannedVoice(profile: profile, profileDigest: SHA256.hex(bytes)) { try composer.speech(for: $0) }
        }
    }
}

/// An input whose format neither its extension nor `--format` tells (a usage error, exit 64).
public struct UnknownInputFormat: UserFacingError {
    public var path: String
    public var category: ErrorCategory { .usage }
    public var description: String {
        "cannot tell the format of \(path) from its extension; use --format text, csv, strings, screen, scenario, wda-xml, wda-json, idb-json or uiautomator"
    }
}
