import EarshotCore

/// One thing `earshot render` turns into audio, as read from an input file, before any voice is
/// applied: a line of a label list, a CSV row, a `.strings` entry, a focus stop of a screen.
public struct BatchItem: Sendable, Equatable {
    /// What the item holds; each voice turns it into the text it speaks.
    public enum Content: Sendable, Equatable {
        /// Text spoken as written (a plain-text line).
        case text(String)
        /// An element described by its parts, composed with the voice profile's rules (a CSV row).
        case element(ElementFields)
        /// A `.strings` value whose format placeholders are filled with sample values.
        case formatString(String)
        /// One focus stop of a screen, described with the profile's rules (hint after a pause).
        case focusStop(FocusStop)
        /// A screen read from top to bottom (VoiceOver's read-all): every stop's description in
        /// focus order, with a pause between stops and without hints.
        case readAll([FocusStop])
        /// A scenario file rendered whole: its timeline WAV and transcripts (docs/render.md).
        case scenario(ScenarioSource)
    }

    /// The path of the input file, as given on the command line.
    public var input: String
    /// The 1-based line the item starts on, for error messages and the manifest.
    public var line: Int
    /// The item's stable identity within its input: a `.strings` key, a CSV `id`, a line number.
    public var key: String
    /// The preferred output file name (without extension) before it is made safe and unique.
    public var nameHint: String
    public var content: Content
    /// The screen reader whose rules and words describe a focus stop or a read-all (the one that
    /// ordered the screen's stops).
    public var reader: ScreenReaderKind = .voiceOver

    public init(input: String, line: Int, key: String, nameHint: String? = nil, content: Content) {
        self.input = input
        self.line = line
        self.key = key
        self.nameHint = nameHint ?? key
        self.content = content
    }

    public var location: SourceLocation { SourceLocation(file: input, line: line, column: 1) }
}

/// The parts of one element description, as a CSV row gives them.
public struct ElementFields: Sendable, Equatable {
    public var label: String
    public var value: String
    /// Trait names as written (`button`, `selected`, ...), validated when composed.
    public var traits: [String]
    public var hint: String

    public init(label: String, value: String = "", traits: [String] = [], hint: String = "") {
        self.label = label
        self.value = value
        self.traits = traits
        self.hint = hint
    }
}

/// What reading one input file gave: the items that could be read and the problems found, so a
/// bad line is reported while the rest still render.
public struct BatchInputContents: Sendable {
    public var items: [BatchItem]
    public var problems: [DataFileError]
    /// What the input could not say (an accessibility dump without hints), for the user.
    public var notes: [String]

    public init(items: [BatchItem] = [], problems: [DataFileError] = [], notes: [String] = []) {
        self.items = items
        self.problems = problems
        self.notes = notes
    }
}

/// A scenario as a render input: where it is, which voice it asks for, and a digest of every
/// file its audio depends on besides the voice profile.
public struct ScenarioSource: Sendable, Equatable {
    /// The scenario file, absolute, so a worker in any folder finds it and its screens.
    public var path: String
    /// The scenario's own `voice` (a profile name or a resolved path), used when `earshot render`
    /// is given no `--voice`.
    public var voice: String?
    /// SHA-256 over the scenario file and the screen files it reads, in order (cache key part).
    public var digest: String

    public init(path: String, voice: String?, digest: String) {
        self.path = path
        self.voice = voice
        self.digest = digest
    }
}
