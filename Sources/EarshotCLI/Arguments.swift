import EarshotAudio
import EarshotCommandLine
import EarshotCore
import EarshotPlayback
import EarshotSpeech
import EarshotWeb
import Foundation

/// Options several commands share, with one wording and one conversion.
extension OptionDeclaration where Value == String {
    static var voice: Self {
        var option = OptionDeclaration.value("voice", "NAME|PATH", "Voice profile name (see 'earshot voices') or .json path. Default: the locale's (LC_ALL, LC_MESSAGES, LANG) when a profile has its language, else ko.")
        option.spec.choicesCommand = "earshot voices --names"
        return option
    }

    static var device: Self { .value("device", "PCM", "ALSA device to play on. Default: default.") }
    static var espeakData: Self { .value("espeak-data", "DIR", "eSpeak NG data folder (default: the system's).") }
}

extension OptionDeclaration where Value == Int {
    /// `--rate WPM`; out of eSpeak NG's range is a usage error.
    static var rate: Self {
        OptionDeclaration(spec: .value(
            "rate", "WPM", "Speaking rate in words per minute (80-450), overriding the profile: durations, and so fates, follow it.")
        ) { text in
            guard let rate = Int(text) else { throw UsageError("--rate expects a whole number, got \"\(text)\"") }
            try checkRate(rate, option: "--rate")
            return rate
        }
    }
}

func checkRate(_ rate: Int, option: String) throws {
    let range = VoiceProfile.rateRange
    guard range.contains(rate) else {
        throw UsageError("\(option) must be from \(range.lowerBound) to \(range.upperBound) words a minute, got \(rate)")
    }
}

/// The rates of `--rates`: a list, or the voice profile's sweep.
enum RatesChoice {
    case rates([Int])
    case profileDefault

    /// The rates to run: the list, or `profileSweep()` for `default`.
    func resolved(profileSweep: () throws -> [Int]) throws -> [Int] {
        switch self {
        case .rates(let rates): rates
        case .profileDefault: try profileSweep()
        }
    }
}

extension OptionDeclaration where Value == RatesChoice {
    /// `--rates 175,300,450`: two or more, each once, each from 80 to 450; `default` is the
    /// profile's sweep.
    static var rates: Self {
        OptionDeclaration(spec: .value(
            "rates", "LIST|default",
            "Run the scenario once at each speaking rate (175,300,450; default: the voice profile's sweep) and report fates that change with the rate (docs/speech-scheduling.md, \"Speaking rates\").")
        ) { text in
            if text == "default" { return .profileDefault }
            var rates: [Int] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let rate = Int(part.trimmingCharacters(in: .whitespaces)) else {
                    throw UsageError("--rates expects rates in words a minute separated by commas (175,300,450) or default, got \"\(text)\"")
                }
                try checkRate(rate, option: "--rates")
                guard !rates.contains(rate) else { throw UsageError("--rates names \(rate) twice") }
                rates.append(rate)
            }
            guard rates.count >= 2 else { throw UsageError("--rates needs two rates or more to compare; for one, give --rate \(rates[0])") }
            return .rates(rates)
        }
    }
}

extension OptionDeclaration where Value == ScreenReaderName {
    /// `--reader NAME`: one of the registered readers (`ScreenReaders`).
    static var reader: Self {
        OptionDeclaration(spec: .choice(
            "reader", ScreenReaders.names.map(\.rawValue),
            "The screen reader to hear: its focus rules and words (docs/talkback.md, docs/web.md). Default: talkback for an Android dump, nvda for a web page, else voiceover.")
        ) { text in
            let name = ScreenReaderName(text)
            guard ScreenReaders.named(name) != nil else {
                throw UsageError(NameSuggestion.unknown("--reader", text, in: ScreenReaders.names.map(\.rawValue)))
            }
            return name
        }
    }
}

extension OptionDeclaration where Value == [ScreenReaderName] {
    /// `--readers nvda,voiceover,talkback`: two or more registered readers, each once.
    static var readers: Self {
        OptionDeclaration(spec: .value(
            "readers", "LIST",
            "Run each web page scenario once under each of these screen readers (\(ScreenReaders.names.map(\.rawValue).joined(separator: ",")), two or more) and show, step by step, where their words differ (docs/test-suites.md, \"Under several screen readers\").")
        ) { text in
            var readers: [ScreenReaderName] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard ScreenReaders.named(ScreenReaderName(name)) != nil else {
                    throw UsageError("--readers: " + NameSuggestion.unknown("screen reader", name, in: ScreenReaders.names.map(\.rawValue)))
                }
                guard !readers.contains(ScreenReaderName(name)) else { throw UsageError("--readers names \(name) twice") }
                readers.append(ScreenReaderName(name))
            }
            guard readers.count >= 2 else {
                throw UsageError("--readers needs two readers or more to compare; for one, give --reader \(readers[0].rawValue)")
            }
            return readers
        }
    }
}

extension OptionDeclaration where Value == PunctuationLevel {
    static var punctuation: Self {
        OptionDeclaration(spec: .choice(
            "punctuation", PunctuationLevel.names, "Punctuation spoken, as VoiceOver's verbosity setting (default: the profile's, some; docs/normalization.md).")
        ) { name in
            guard let level = PunctuationLevel(rawValue: name) else {
                let names = PunctuationLevel.names
                throw UsageError("--punctuation expects \(names.dropLast().joined(separator: ", ")) or \(names.last!), got \"\(name)\"")
            }
            return level
        }
    }
}

extension OptionDeclaration where Value == ScreenLanguage {
    /// `--language TAG|none`: the screen's text language over the file's own or a dump's guess.
    static var screenLanguage: Self {
        OptionDeclaration(spec: .value(
            "language", "TAG|none", "The language of the screen's text, over the file's own or a dump's guess from its letters (none: the voice's).")
        ) { text in
            guard let language = ScreenLanguage(argument: text) else {
                throw UsageError("--language expects a language tag (ja, en-GB) or none, got \"\(text)\"")
            }
            return language
        }
    }
}

extension OptionDeclaration where Value == ScreenInputFormat {
    /// The format `--format` forces on screen inputs (nil: each recognised by its content).
    static var screenFormat: Self {
        .choice("format", valueName: "FORMAT",
                "Read the screen as \(ScreenInputFormat.names.joined(separator: ", ")) (default: recognised by content).")
    }
}

extension OptionDeclaration where Value == PageViewport {
    /// `--viewport desktop|iphone|android|WxH[@SCALE]`: the window a web page is laid out in;
    /// the phones' names are the data's (`PhoneWindows`).
    static var viewport: Self {
        let phones = PhoneWindows.names
        return OptionDeclaration(spec: .value(
            "viewport", (["desktop"] + phones + ["WxH[@S]"]).joined(separator: "|"),
            "The window a web page is laid out in: desktop (1280 x 800, the default), \(phones.joined(separator: " or ")) (a phone: its size, pixel ratio, touch and browser, from voices/\(PhoneWindows.file); docs/web.md), or WIDTHxHEIGHT with an optional @SCALE.")
        ) { text in
            let names = try PageViewport.named().map(\.name)
            guard let viewport = PageViewport(argument: text) else {
                let sizes = "or WIDTHxHEIGHT[@SCALE] (sides \(PageViewport.sides.lowerBound) to \(PageViewport.sides.upperBound), scale 0.5 to 5)"
                if text.first?.isLetter == true {
                    throw UsageError("--viewport: " + NameSuggestion.unknown("window", text, in: names) + "; " + sizes)
                }
                throw UsageError("--viewport expects \(names.joined(separator: ", ")) \(sizes), got \"\(text)\"")
            }
            return viewport
        }
    }
}

/// `--format`, `--language` and `--viewport`: how the commands that read a screen read it.
struct ScreenInputOptions: CommandOptions {
    @Option(.screenFormat) var format: ScreenInputFormat?
    @Option(.screenLanguage) var language: ScreenLanguage?
    @Option(.viewport) var viewport: PageViewport?

    /// Reads a screen file or accessibility dump (with `--format` if given), and says on standard
    /// error, once each, what a dump could not say (nothing when `quiet`: the command's `-q`).
    ///
    /// A web page (an `.html` file or an `http://`, `https://` or `file://` address) is opened in
    /// Chromium and read from its accessibility tree (docs/web.md); its saved tree
    /// (`.axtree.json`) is read as any screen file is, without a browser. `picture`: take the
    /// page's screenshot too (a report page draws the stops over it).
    /// `covers`: a page's covers are tested with the browser's hit test (`focus.covered`), for
    /// what lints the page or saves its tree; reading and playing it need none.
    /// `reader`: the reader asked for (`--reader`), whose phone lays a page out when
    /// `--viewport` chooses no window (`ScreenReader.pageWindow`).
    func loadScreen(_ path: String, reader: ScreenReaderName? = nil, quiet: Bool = false, picture: Bool = false,
                    covers: Bool = true) throws -> LoadedScreen {
        let loaded: LoadedScreen
        if PageCapture.isPage(path) && (format == nil || format == .webTree) {
            loaded = try Self.loadPage(path, language: language ?? .asWritten, picture: picture,
                                       viewport: try Self.window(viewport, for: reader), covers: covers)
        } else {
            loaded = try InputKind.explaining(path, expected: "a screen (a screen file or an accessibility dump)", accepts: \.isScreen) {
                try ScreenLoader.load(path: path, format: format, language: language ?? .asWritten)
            }
        }
        if !quiet { printNotes(loaded.notes, file: StandardInput.label(for: path)) }
        return loaded
    }

    /// The window a page is laid out in: `--viewport`'s, else the phone of the reader asked
    /// for (TalkBack's Android phone), else a desktop's.
    static func window(_ chosen: PageViewport?, for reader: ScreenReaderName?) throws -> PageViewport {
        if let chosen { return chosen }
        let named = reader.flatMap { ScreenReaders.named($0)?.pageWindow }
        return try named.map { try PageViewport.named($0) } ?? .desktop
    }

    /// Opens a web page (an `.html` file or an address) in Chromium and reads its tree: the one
    /// way every command, `render` included, takes a page.
    static func loadPage(_ path: String, language: ScreenLanguage, picture: Bool = false,
                         viewport: PageViewport = .desktop, covers: Bool = true) throws -> LoadedScreen {
        let tree = try PageCapture(viewport: viewport, screenshot: picture, testCovers: covers).capture(try PageCapture.address(of: path))
        return try ScreenLoader.webPage(tree, defaultName: ScreenLoader.defaultName(for: path), language: language)
    }
}

extension AlsaSink {
    /// The device played on without `--device`.
    static let defaultDevice = "default"
}

/// The profile `--voice` names, by default the locale's (`VoiceLibrary.defaultVoice`).
func voiceProfile(_ voice: String?, default fallback: String = VoiceLibrary.defaultVoice) throws -> VoiceProfile {
    try VoiceLibrary.locate().profile(voice ?? fallback)
}

/// The profile a command's options ask for: `--voice` (else the locale's), with `--punctuation`,
/// at `--rate`.
func chosenProfile(voice: String?, punctuation: PunctuationLevel? = nil, rate: Int?) throws -> VoiceProfile {
    try voiceProfile(voice).withPunctuation(punctuation).withRate(rate)
}

/// The reader that hears `screens`, chosen once: `chosen` (`--reader`), else the screens' own
/// (`ScreenReaders.decide`: TalkBack for an Android dump); made with `profile`, so its
/// words are read once, here, and a profile without them fails at once. A reader asked for that
/// cannot read one of the screens (TalkBack a screen without Android views) is a usage error
/// naming the screen by its file (`called`: the path the user gave, or the screen's name for
/// one written inside a scenario).
func screenReader(_ chosen: ScreenReaderName?, profile: VoiceProfile,
                  for screens: [(screen: Screen, called: String)]) throws -> any ScreenReader {
    if let chosen, let reader = ScreenReaders.named(chosen) {
        for (screen, called) in screens {
            if let refusal = reader.refusal(toRead: screen, called: called) { throw UsageError("--reader \(chosen) \(refusal)") }
        }
    }
    return try ScreenReaders.make(ScreenReaders.decide(asked: chosen, for: screens.map(\.screen)), profile: profile)
}

extension VoiceProfile {
    /// The profile at `rate` (`--rate`), when given.
    func withRate(_ rate: Int?) -> VoiceProfile {
        rate.map(atRate) ?? self
    }

    /// The profile with `level` (`--punctuation`), when given.
    func withPunctuation(_ level: PunctuationLevel?) -> VoiceProfile {
        guard let level else { return self }
        var changed = self
        changed.punctuationLevel = level
        return changed
    }
}

extension Speaker {
    /// A speaker for `profile` on the engine with `espeakData` (`--espeak-data`), its voice checked.
    static func checked(_ profile: VoiceProfile, espeakData: String?) throws -> Speaker {
        let speaker = try Speaker(profile: profile, engine: try SpeechEngine(dataPath: espeakData))
        try speaker.checkEngine()
        return speaker
    }

    /// For a command that prints without speaking (`--no-audio`, `--json`): the profile's
    /// voice is still checked before any output, so a voice eSpeak NG lacks is the same error
    /// (exit 69) with or without audio. Only when eSpeak NG cannot start at all (its data is
    /// missing) does the printing go on, with a note that the voice was not checked.
    static func checkVoiceWithoutAudio(_ profile: VoiceProfile, espeakData: String?) throws {
        do {
            _ = try checked(profile, espeakData: espeakData)
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

private let printedBriefs = Locked<Set<String>>([])
