import EarshotCore
import EarshotPlayback
import EarshotSpeech
import Foundation
import Synchronization

/// A parsed command line: options by name, and positional arguments in order.
///
/// Options are declared up front (each command's `options`, which its help, manual section and
/// completions also list) so an unknown option is a usage error (exit 64) with a suggestion,
/// never silently ignored. Reading an option the command did not declare is a programming error
/// that stops the program; `OptionDeclarationTests` finds such a read in the sources before it
/// runs. `--name value` and `--name=value` are both accepted; a lone `--` ends options.
struct ParsedArguments {
    /// The names of the options the command declared.
    let declared: Set<String>
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    init(declaring options: [OptionSpec]) {
        declared = Set(options.map(\.name))
    }

    private func checked(_ name: String) -> String {
        precondition(declared.contains(name), "--\(name) is read but the command does not declare it")
        return name
    }

    func has(_ flag: String) -> Bool { flags.contains(checked(flag)) }
    func value(_ name: String) -> String? { values[checked(name)]?.last }
    func all(_ name: String) -> [String] { values[checked(name)] ?? [] }

    func double(_ name: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text) else { throw UsageError("--\(name) expects a number, got \"\(text)\"") }
        return number
    }

    /// The one input file a command takes (`SCREEN.json`); a usage error if none or several are given.
    func singleInput(_ placeholder: String, kind: String) throws -> String {
        guard positionals.count == 1, let path = positionals.first else {
            throw UsageError(positionals.isEmpty ? "missing \(placeholder)" : "give exactly one \(kind)")
        }
        return path
    }

    func int(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else { throw UsageError("--\(name) expects a whole number, got \"\(text)\"") }
        return number
    }
}

/// One option a command accepts, for parsing and for its help text.
struct OptionSpec {
    var name: String
    var short: Character?
    /// The value's placeholder (`FILE`), or nil for a flag.
    var valueName: String?
    var help: String
    /// The values the option takes, offered by the shell completions (`all some none`); for a
    /// placeholder written `a|b|c` of plain words they are those words.
    var choices: [String] = []
    /// A command whose lines are values that change with the machine (`earshot voices --names`).
    var choicesCommand: String?

    /// The values completions offer: `choices`, else the words of an `a|b|c` placeholder.
    var offeredValues: [String] {
        if !choices.isEmpty { return choices }
        guard let valueName, valueName.contains("|") else { return [] }
        let words = valueName.split(separator: "|").map(String.init)
        let plain = words.allSatisfy { word in !word.isEmpty && word.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
        return plain ? words : []
    }

    /// The option with another help text (a shared option that means more in one command).
    func described(_ help: String) -> OptionSpec {
        var copy = self
        copy.help = help
        return copy
    }

    func offering(_ values: [String]) -> OptionSpec {
        var copy = self
        copy.choices = values
        return copy
    }

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    /// An option whose value is one of a closed list of names: its placeholder (`a|b|c`, or
    /// `valueName` when given) and the values completions offer are the list's cases, and
    /// `ParsedArguments.choice` reads it.
    static func choice<T: NamedCases>(_ name: String, _ type: T.Type, valueName: String? = nil, _ help: String) -> OptionSpec {
        choice(name, T.names, valueName: valueName, help)
    }

    /// An option whose value is one of `names` (names that are not a type's cases, such as
    /// transcript formats' extensions).
    static func choice(_ name: String, _ names: [String], valueName: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName ?? names.joined(separator: "|"), help: help, choices: names)
    }
}

func parseArguments(_ arguments: [String], options: [OptionSpec]) throws -> ParsedArguments {
    var parsed = ParsedArguments(declaring: options)
    var index = 0
    var onlyPositionals = false
    func spec(named name: String) throws -> OptionSpec {
        if let found = options.first(where: { $0.name == name }) { return found }
        throw UsageError("unknown option --\(name)" + NameSuggestion.didYouMean(name, in: options.map(\.name), prefix: "--"))
    }
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || Double(argument) != nil {
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" {
            onlyPositionals = true
            continue
        }
        var name: String
        var inlineValue: String?
        if argument.hasPrefix("--") {
            name = String(argument.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
        } else {
            let letter = argument.dropFirst().first!
            guard argument.count == 2, let found = options.first(where: { $0.short == letter }) else {
                throw UsageError("unknown option \(argument)")
            }
            name = found.name
        }
        let option = try spec(named: name)
        if option.valueName == nil {
            if inlineValue != nil { throw UsageError("--\(name) takes no value") }
            parsed.flags.insert(name)
            continue
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < arguments.count else { throw UsageError("--\(name) needs a value (\(option.valueName!))") }
            value = arguments[index]
            index += 1
        }
        parsed.values[name, default: []].append(value)
    }
    return parsed
}

/// Help in OVERVIEW / USAGE / OPTIONS sections; `HelpPage` prints it as text, as a manual page
/// section and as shell completions.
func helpText(overview: String, usage: [String], arguments: [(String, String)] = [], options: [OptionSpec], notes: String? = nil) -> HelpPage {
    HelpPage(overview: overview, usage: usage, arguments: arguments, options: options, notes: notes)
}

/// Options several commands share, with one wording.
extension OptionSpec {
    static let voice: OptionSpec = {
        var option = OptionSpec.value("voice", "NAME|PATH", "Voice profile name (see 'earshot voices') or .json path. Default: the locale's (LC_ALL, LC_MESSAGES, LANG) when a profile has its language, else ko.")
        option.choicesCommand = "earshot voices --names"
        return option
    }()
    static let device = OptionSpec.value("device", "PCM", "ALSA device to play on. Default: default.")
    static let rates = OptionSpec.value(
        "rates", "LIST|default",
        "Run the scenario once at each speaking rate (175,300,450; default: the voice profile's sweep) and report fates that change with the rate (docs/speech-scheduling.md, \"Speaking rates\").")
    static let rate = OptionSpec.value(
        "rate", "WPM", "Speaking rate in words per minute (80-450), overriding the profile: durations, and so fates, follow it.")
    static let reader = OptionSpec.choice(
        "reader", ScreenReaders.names.map(\.rawValue),
        "The screen reader to hear: its focus rules and words (docs/talkback.md). Default: talkback for an Android dump, else voiceover.")
    static let espeakData = OptionSpec.value("espeak-data", "DIR", "eSpeak NG data folder (default: the system's).")
    static let punctuation = OptionSpec.choice(
        "punctuation", PunctuationLevel.self, "Punctuation spoken, as VoiceOver's verbosity setting (default: the profile's, some; docs/normalization.md).")
    static let screenLanguage = OptionSpec.value(
        "language", "TAG|none", "The language of the screen's text, over the file's own or a dump's guess from its letters (none: the voice's).")
    static let screenFormat = OptionSpec.choice(
        "format", ScreenInputFormat.self, valueName: "FORMAT",
        "Read the screen as \(ScreenInputFormat.names.joined(separator: ", ")) (default: recognised by content).")
}

extension ParsedArguments {
    /// The ALSA device of `--device`.
    var device: String { value("device") ?? "default" }

    /// The profile of `--voice`, by default the locale's (`VoiceLibrary.defaultVoice`; a command
    /// that takes `--punctuation` applies it with `withPunctuation`).
    func voiceProfile(default fallback: String = VoiceLibrary.defaultVoice) throws -> VoiceProfile {
        try VoiceLibrary.locate().profile(value("voice") ?? fallback)
    }

    /// The case of `T` the option `name` names, nil when the option is not given; any other
    /// value is a usage error with the one "did you mean" message and the valid names.
    func choice<T: NamedCases>(_ name: String, _ type: T.Type) throws -> T? {
        guard let text = value(name) else { return nil }
        guard let found = T(rawValue: text) else { throw UsageError(T.unknownName(text, what: "--\(name)")) }
        return found
    }

    /// The reader `--reader` names (one of `ScreenReaders`), nil when it names none.
    func readerChoice() throws -> ScreenReaderName? {
        guard let text = value("reader") else { return nil }
        let name = ScreenReaderName(text)
        guard ScreenReaders.named(name) != nil else {
            throw UsageError(NameSuggestion.unknown("--reader", text, in: ScreenReaders.names.map(\.rawValue)))
        }
        return name
    }

    /// The reader that hears `screens`, chosen once: `--reader`'s, else the screens' own
    /// (`ScreenReaders.natural(for:)`: TalkBack for an Android dump); made with `profile`, so its
    /// words are read once, here, and a profile without them fails at once. A reader asked for
    /// that cannot read one of the screens (TalkBack a screen without Android views) is a usage error.
    func screenReader(_ profile: VoiceProfile, for screens: [Screen]) throws -> any ScreenReader {
        let chosen = try readerChoice()
        if let chosen, let reader = ScreenReaders.named(chosen) {
            for screen in screens {
                if let refusal = reader.refusal(toRead: screen, called: screen.name) { throw UsageError("--reader \(chosen) \(refusal)") }
            }
        }
        return try ScreenReaders.make(chosen ?? ScreenReaders.natural(for: screens), profile: profile)
    }

    /// The rate of `--rate`, when given; out of eSpeak NG's range is a usage error.
    func rate() throws -> Int? {
        guard let rate = try int("rate") else { return nil }
        try Self.checkRate(rate, option: "--rate")
        return rate
    }

    static func checkRate(_ rate: Int, option: String) throws {
        let range = VoiceProfile.rateRange
        guard range.contains(rate) else {
            throw UsageError("\(option) must be from \(range.lowerBound) to \(range.upperBound) words a minute, got \(rate)")
        }
    }

    /// The rates of `--rates`: `175,300,450`, two or more, each once, each from 80 to 450;
    /// `default` gives `profileSweep()`. Nil without `--rates`.
    func rates(profileSweep: () throws -> [Int]) throws -> [Int]? {
        guard let text = value("rates") else { return nil }
        if text == "default" { return try profileSweep() }
        var rates: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let rate = Int(part.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("--rates expects rates in words a minute separated by commas (175,300,450) or default, got \"\(text)\"")
            }
            try Self.checkRate(rate, option: "--rates")
            guard !rates.contains(rate) else { throw UsageError("--rates names \(rate) twice") }
            rates.append(rate)
        }
        guard rates.count >= 2 else { throw UsageError("--rates needs two rates or more to compare; for one, give --rate \(rates[0])") }
        return rates
    }

    /// `profile` at the rate of `--rate`, when given.
    func withRate(_ profile: VoiceProfile) throws -> VoiceProfile {
        guard let rate = try rate() else { return profile }
        return profile.atRate(rate)
    }

    /// The level of `--punctuation`, when given.
    func punctuationLevel() throws -> PunctuationLevel? {
        try withPunctuation(VoiceProfile(name: "", language: "", engine: .init(voice: ""), path: "")).punctuationLevel
    }

    /// `profile` with the level of `--punctuation`, when given.
    func withPunctuation(_ profile: VoiceProfile) throws -> VoiceProfile {
        guard let name = value("punctuation") else { return profile }
        guard let level = PunctuationLevel(rawValue: name) else {
            let names = PunctuationLevel.names
            throw UsageError("--punctuation expects \(names.dropLast().joined(separator: ", ")) or \(names.last!), got \"\(name)\"")
        }
        var changed = profile
        changed.punctuationLevel = level
        return changed
    }

    /// The format `--format` forces on screen inputs, nil to recognise each by its content.
    /// `--language TAG|none`: the screen's text language over the file's own or a dump's guess.
    func screenLanguage() throws -> ScreenLanguage {
        guard let text = value("language") else { return .asWritten }
        guard let language = ScreenLanguage(argument: text) else {
            throw UsageError("--language expects a language tag (ja, en-GB) or none, got \"\(text)\"")
        }
        return language
    }

    func screenFormat() throws -> ScreenInputFormat? {
        try choice("format", ScreenInputFormat.self)
    }

    /// Reads a screen file or accessibility dump (with `--format` if given), and says on standard
    /// error, once each, what a dump could not say (nothing when `quiet`: the command's `-q`).
    func loadScreen(_ path: String, quiet: Bool = false) throws -> LoadedScreen {
        let format = try screenFormat(), language = try screenLanguage()
        let loaded = try InputKind.explaining(path, expected: "a screen (a screen file or an accessibility dump)", accepts: \.isScreen) {
            try ScreenLoader.load(path: path, format: format, language: language)
        }
        if !quiet { printNotes(loaded.notes, file: StandardInput.label(for: path)) }
        return loaded
    }

    /// A speaker for `profile` on the engine with `--espeak-data`.
    func speaker(for profile: VoiceProfile) throws -> Speaker {
        let speaker = try Speaker(profile: profile, engine: try SpeechEngine(dataPath: value("espeak-data")))
        try speaker.checkEngine()
        return speaker
    }

    /// For a command that prints without speaking (`--no-audio`, `--json`): the profile's
    /// voice is still checked before any output, so a voice eSpeak NG lacks is the same error
    /// (exit 69) with or without audio. Only when eSpeak NG cannot start at all (its data is
    /// missing) does the printing go on, with a note that the voice was not checked.
    func checkVoiceWithoutAudio(_ profile: VoiceProfile) throws {
        do {
            _ = try speaker(for: profile)
        } catch let error as SpeechEngineError {
            switch error {
            case .dataNotFound, .initializationFailed, .dataFolderConflict:
                standardError("note: eSpeak NG cannot start (\(error.description.replacingOccurrences(of: "error: ", with: ""))); the voice \(profile.engine.voice) is not checked")
            default:
                throw error
            }
        }
    }
}

/// `FILE: note: TEXT` lines on standard error, for what an input could not say. A dump's note
/// of what it cannot tell is said briefly, its reasons left to the docs, and once a run: a
/// second dump with the same gaps says nothing more (`-q` silences them all).
func printNotes(_ notes: [String], file: String) {
    for note in notes {
        guard let brief = DumpLimitations.brief(note) else {
            standardError("\(file): note: \(note)")
            continue
        }
        if printedBriefs.withLock({ $0.insert(brief).inserted }) { standardError("\(file): note: \(brief)") }
    }
}

private let printedBriefs = Mutex<Set<String>>([])
