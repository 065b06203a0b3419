/// A screen reader Earshot plays: which stops a screen has and in what order, what it says for a
/// stop and after a double tap, its words, its sounds, its timing, and how its findings read.
///
/// Every reader runs on the one focus and announcement core (`DeskCheck`, `SpeechScheduler`,
/// `FocusNavigator`); a reader is what differs between them. A reader is chosen once per run
/// (`--reader`, a screen file's `"reader"`, else `ScreenReaders.natural(for:)`) and made once
/// from the voice profile (`init(profile:)` reads its words); the `DescriptionGenerator` of the
/// run holds it. The built-in readers live in folders of their own (`Reading/VoiceOver/`,
/// `Reading/TalkBack/`) and are registered in one place (`ScreenReaders.builtIn`);
/// docs/architecture.md, "Adding a screen reader", walks through adding one.
///
/// Every requirement but the name, the title and `init(profile:)` has a default: the profile's
/// trait words, VoiceOver's rules (which `VoiceOver` itself uses as they are).
public protocol ScreenReader: Sendable {
    /// How the reader is named on the command line and in files (`voiceover`).
    static var name: ScreenReaderName { get }
    /// How the reader is named to people (`VoiceOver`).
    static var title: String { get }
    /// Whether the reader reads `screen` when nobody chose one (TalkBack an Android dump). The
    /// standard reader (the first registered) reads whatever no other reader claims.
    static func claims(_ screen: Screen) -> Bool
    /// The meaning, fix and sources of a finding (by its code, `announcement.cut`) where they
    /// read otherwise under this reader; nil: the catalogue's own.
    static func findingWording(_ code: String) -> FindingWording?
    /// Why the reader cannot read `screen` when asked to (`--reader`): a reason that follows
    /// "--reader NAME" (TalkBack: "needs an Android dump: …"), naming the screen `called`; nil: it can.
    static func refusal(toRead screen: Screen, called name: String) -> String?
    /// Whether an element composed for `speak` may name a view class (`--class`: TalkBack's).
    static var takesViewClass: Bool { get }

    /// The reader with what it needs from the voice profile (its words, read once).
    init(profile: VoiceProfile) throws

    /// The stops of `screen` in the order a swipe right visits them.
    func stops(of screen: Screen) -> [FocusStop]
    /// What is said when focus lands on `stop` from `previous` (nil: from nowhere).
    func describe(_ stop: FocusStop, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription
    /// What is said after a double tap on `before` leaves `after` focused.
    func describeActivation(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> ActivationSpeech
    /// What is heard when a web page's live region changes (`WebLiveRegions`); nil, nothing.
    func liveRegionSpeech(_ change: WebLiveRegions.Change, by generator: DescriptionGenerator) -> LiveRegionSpeech?
    /// What is said when the focused stop's state changes in place (a web page's check box
    /// checked by a click): nil, nothing.
    func describeStateChange(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> String?
    /// Whether a jump to `target` (Tab, quick navigation, the rotor) lands on `stop`; `previous`
    /// is the stop before it in reading order (a landmark starts where that one is outside it).
    func isJumpTarget(_ stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?) -> Bool
    /// What is said when a jump to `target` lands on `stop`, coming from the focused `previous`.
    func describeJump(to stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?,
                      by generator: DescriptionGenerator) -> SpokenDescription
    /// What is said when a jump finds nothing that way (NVDA: "no next heading"); nil: nothing,
    /// only the boundary sound.
    func jumpNotFound(_ target: NavigationTarget, forward: Bool, by generator: DescriptionGenerator) -> String?
    /// How a gesture is named in transcripts under this reader (NVDA: by its keys, `tab`, `h`,
    /// `down arrow`); nil: `ScenarioGesture.name`, VoiceOver's gestures.
    func gestureName(_ gesture: ScenarioGesture) -> String?
    /// The words said for what the stop is (`버튼`), and what they are called in a finding.
    func kindWords(for stop: FocusStop, by generator: DescriptionGenerator) -> (noun: String, words: [String])
    /// How the reader's timing and sounds differ from the profile's.
    var speechRules: ReaderSpeechRules { get }
    /// The sound played as focus lands on `stop` (coming from the element `previousID`); nil: none.
    func focusSound(on stop: FocusStop, from previousID: String?, screen: Screen) -> FocusSound?
    /// What `speak` says for one element composed from its options, when the reader composes it
    /// its own way (TalkBack: as an Android view, `ComposedAndroidView`): the description, and a
    /// hint the composition leaves unsaid. nil: the standard stop from the traits, described as
    /// any stop is.
    func describeComposed(_ element: ComposedElement, language: String?, speech: SpeechAttributes,
                          by generator: DescriptionGenerator) throws -> (description: SpokenDescription, unspokenHint: String?)?
}

extension ScreenReader {
    public static func claims(_ screen: Screen) -> Bool { false }
    public static func findingWording(_ code: String) -> FindingWording? { nil }
    public static func refusal(toRead screen: Screen, called name: String) -> String? { nil }
    public static var takesViewClass: Bool { false }

    public func stops(of screen: Screen) -> [FocusStop] { FocusOrder.standardStops(of: screen) }

    public func describe(_ stop: FocusStop, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription {
        generator.describeWithProfileWords(stop)
    }

    public func describeActivation(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> ActivationSpeech {
        generator.describeActivationWithProfileWords(before: before, after: after) { generator.layout($0) }
    }

    public func kindWords(for stop: FocusStop, by generator: DescriptionGenerator) -> (noun: String, words: [String]) {
        generator.traitWords(for: stop)
    }

    public func describeStateChange(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> String? { nil }

    /// The rotor's reading: the stop's traits say what it is (`NavigationTarget.matchesTraits`).
    public func isJumpTarget(_ stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?) -> Bool {
        target.matchesTraits(of: stop)
    }

    /// A rotor move speaks the stop as any move does.
    public func describeJump(to stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?,
                             by generator: DescriptionGenerator) -> SpokenDescription {
        describe(stop, after: previous, by: generator)
    }

    public func jumpNotFound(_ target: NavigationTarget, forward: Bool, by generator: DescriptionGenerator) -> String? { nil }

    public func gestureName(_ gesture: ScenarioGesture) -> String? { nil }

    /// ARIA's own reading: a polite change waits its turn, an assertive one (an alert's too)
    /// cuts the speech under way.
    public func liveRegionSpeech(_ change: WebLiveRegions.Change, by generator: DescriptionGenerator) -> LiveRegionSpeech? {
        change.politeness == "assertive" || change.isAlert ? .interrupting(change.text) : .inTurn(change.text)
    }

    public var speechRules: ReaderSpeechRules { ReaderSpeechRules() }

    public func focusSound(on stop: FocusStop, from previousID: String?, screen: Screen) -> FocusSound? { nil }

    public func describeComposed(_ element: ComposedElement, language: String?, speech: SpeechAttributes,
                                 by generator: DescriptionGenerator) throws -> (description: SpokenDescription, unspokenHint: String?)? {
        nil
    }

    /// The reader's name (`Self.name`, read through a value).
    public var name: ScreenReaderName { Self.name }
    /// The reader's title (`Self.title`, read through a value).
    public var title: String { Self.title }
}

/// How a reader has a live region's text said (`ScreenReader.liveRegionSpeech`).
public enum LiveRegionSpeech: Sendable, Equatable {
    /// After everything already waiting (NVDA's NORMAL priority; ARIA's polite).
    case inTurn(String)
    /// After the utterance under way, ahead of everything waiting (NVDA's NEXT priority).
    case next(String)
    /// At once, cutting the utterance under way.
    case interrupting(String)
}

/// How a reader's timing and sounds differ from what the voice profile says (`TimingSettings`).
public struct ReaderSpeechRules: Sendable, Equatable {
    /// The pause before a hint, in seconds, over the profile's `timing.hintPause`; nil: the profile's.
    public var hintPause: Double?
    /// Whether a default-priority announcement gives way to speech the user's gesture caused
    /// (VoiceOver's rule; `TimingSettings.announcementsYieldToGestures`).
    public var announcementsYieldToGestures: Bool
    /// The profile section naming the reader's sound set (`talkbackSounds`); nil: the profile's
    /// own earcons (`earcons`).
    public var soundSet: String?
    /// The reader plays no sounds at all, whatever the profile has (NVDA on a page).
    public var playsNoSounds: Bool

    public init(hintPause: Double? = nil, announcementsYieldToGestures: Bool = true, soundSet: String? = nil,
                playsNoSounds: Bool = false) {
        self.playsNoSounds = playsNoSounds
        self.hintPause = hintPause
        self.announcementsYieldToGestures = announcementsYieldToGestures
        self.soundSet = soundSet
    }
}

/// Which of a sound set's focus sounds plays as focus lands (`ReaderSounds`).
public enum FocusSound: Sendable, Equatable {
    /// On a node the user can act on.
    case actionable
    /// On any other node.
    case other
    /// Into a scrolling container.
    case enterScrollable
    /// Out of a scrolling container.
    case leaveScrollable
}

/// One element `speak` composes from its options (`--label`, `--value`, `--traits`, `--class`,
/// `--hint`), as written.
public struct ComposedElement: Sendable, Equatable {
    public var label: String?
    public var value: String?
    /// Trait names as written.
    public var traits: [String]
    /// A view class (`--class`), for a reader that takes one.
    public var className: String?
    public var hint: String?

    public init(label: String? = nil, value: String? = nil, traits: [String] = [], className: String? = nil,
                hint: String? = nil) {
        self.label = label
        self.value = value
        self.traits = traits
        self.className = className
        self.hint = hint
    }
}

/// A finding's words under a reader (`ScreenReader.findingWording`).
public struct FindingWording: Sendable, Equatable {
    public var meaning: String
    public var fix: String
    /// Where the rule comes from (the seed articles, the reader's sources).
    public var seed: String

    public init(meaning: String, fix: String, seed: String) {
        self.meaning = meaning
        self.fix = fix
        self.seed = seed
    }
}
