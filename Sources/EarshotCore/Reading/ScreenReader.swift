/// A screen reader Earshot plays: which stops a screen has and in what order, what it says for a
/// stop and after a double tap, its words, its sounds, its timing, and how its findings read.
///
/// Every reader runs on the one focus and announcement core (`DeskCheck`, `SpeechScheduler`,
/// `FocusNavigator`); a reader is what differs between them. A reader is chosen once per run
/// (`ScreenReaders.decide`: `--reader`, else a screen file's `"reader"` or the reader that claims
/// the screens) and made once from the voice profile (`init(profile:)` reads its words); the
/// run's `ReadingSession` holds it, with its words, timing and sounds. The built-in readers live
/// in folders of their own (`Reading/VoiceOver/`, `Reading/TalkBack/`, `Reading/NVDA/`) and are
/// registered in one place (`ScreenReaders.builtIn`);
/// docs/architecture.md, "Adding a screen reader", walks through adding one.
///
/// Every requirement but the name, the title and `init(profile:)` has a default: VoiceOver's
/// reading, the standard reader's, which `Reading/VoiceOver/VoiceOverReading.swift` holds and
/// `VoiceOver` uses as it is; another reader states only what differs.
public protocol ScreenReader: Sendable {
    /// How the reader is named on the command line and in files (`voiceover`).
    static var name: ScreenReaderName { get }
    /// How the reader is named to people (`VoiceOver`).
    static var title: String { get }
    /// Whether the reader reads `screen` when nobody chose one (TalkBack an Android dump). The
    /// standard reader (the first registered) reads whatever no other reader claims.
    static func claims(_ screen: Screen) -> Bool
    /// The meaning, fix and sources of a finding (by its code, `.announcementCut`) where they
    /// read otherwise under this reader; nil: the catalogue's own.
    static func findingWording(_ code: FindingCode) -> FindingWording?
    /// Why the reader cannot read `screen` when asked to (`--reader`): a reason that follows
    /// "--reader NAME" (TalkBack: "needs an Android dump or a web page: …"), naming the screen `called`; nil: it can.
    static func refusal(toRead screen: Screen, called name: String) -> String?
    /// Why the reader cannot compose `element` for `speak`: what it has no use for, as a phrase
    /// ("--class (an Android view's class)"); nil: it can (TalkBack takes a view class).
    static func refusal(toCompose element: ComposedElement) -> String?
    /// The sounds of the reader's own sound set that `profile` names, beyond the profile's
    /// earcons (TalkBack's `talkbackSounds`); a device holds every reader's
    /// (`EarconDefinition.decodeAll(profile:)`). Empty: the reader has none.
    static func soundSet(in profile: VoiceProfile) throws -> [EarconDefinition]
    /// The names of the sounds of the reader's own sound set, which a scenario may expect
    /// (`ScreenReaders.earconNames`).
    static var soundNames: [EarconName] { get }
    /// What the reader says as it is turned on, which a capture of it may start with in place of
    /// the first stop ("VoiceOver on"); nil: nothing.
    static var startUpWords: String? { get }
    /// The window a web page is laid out in when the reader reads it and nobody chose one
    /// (`--viewport`'s names: `android`, `iphone`); nil: a desktop's.
    static var pageWindow: String? { get }

    /// The reader with what it needs from the voice profile (its words, read once).
    init(profile: VoiceProfile) throws

    /// The stops of `screen` in the order a swipe right visits them.
    func stops(of screen: Screen) -> [FocusStop]
    /// What is said when focus lands on `stop` from `previous` (nil: from nowhere).
    func describe(_ stop: FocusStop, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription
    /// The stops that share a line with the stop at `index` of `stops` (NVDA's browse mode moves
    /// by line: the down arrow says a whole line); nil: every stop is a line of its own.
    func line(around index: Int, in stops: [FocusStop]) -> Range<Int>?
    /// What is said when the reading reaches `line` (stops of one line, from where the reading
    /// starts in it to the line's end), coming from the focused `previous`.
    func describeLine(_ line: ArraySlice<FocusStop>, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription
    /// What is said after a double tap on `before` leaves `after` focused.
    func describeActivation(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> ActivationSpeech
    /// What is heard when a web page's live region changes (`WebLiveRegions`); nil, nothing.
    func liveRegionSpeech(_ change: WebLiveRegions.Change, by generator: DescriptionGenerator) -> LiveRegionSpeech?
    /// What the reader does with a live region's changes while it is `aria-busy` (a scenario's
    /// `"reader": {"busyRegions"}` may say otherwise).
    var busyLiveRegions: BusyLiveRegions { get }
    /// Whether a live region inserted with its text already in it is said, as a change of it
    /// would be (`liveRegionSpeech`); false: it says nothing (NVDA), the default.
    var saysLiveRegionsCreatedFilled: Bool { get }
    /// What the reader says, before the focus the page moved, when the page opens `dialog` (a
    /// `dialog` or `alertdialog` that was not there, or not shown, before); nil: nothing.
    func dialogOpenedSpeech(_ dialog: AccessibilityNode, by generator: DescriptionGenerator) -> DialogOpenedSpeech?
    /// What the reader says when a page has finished loading, before the first gesture
    /// (docs/mobile-web.md, "A page loaded"); nil: nothing (the default).
    func pageLoadedSpeech(_ page: Screen, by generator: DescriptionGenerator) -> PageLoadedSpeech?
    /// What is said when the focused stop's state changes in place (a web page's check box
    /// checked by a click): nil, nothing.
    func describeStateChange(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> String?
    /// Whether a jump to `target` (Tab, quick navigation, the rotor) lands on `stop`; `previous`
    /// is the stop before it in reading order (a landmark starts where that one is outside it).
    func isJumpTarget(_ stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?) -> Bool
    /// Where a jump to `target` lands among `stops` from the focused index (nil: nothing read
    /// yet), forward or back; nil: nothing that way. By default the next (or previous) stop that
    /// `isJumpTarget`; a reader whose key finds a gap rather than an item (NVDA's N) searches
    /// its own way.
    func jumpDestination(_ target: NavigationTarget, forward: Bool, from focused: Int?, in stops: [FocusStop]) -> Int?
    /// What is said when a jump to `target` lands on `stop`, coming from the focused `previous`.
    func describeJump(to stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?,
                      by generator: DescriptionGenerator) -> SpokenDescription
    /// What is said when a jump finds nothing that way (NVDA: "no next heading"); nil: nothing,
    /// only the boundary sound.
    func jumpNotFound(_ target: NavigationTarget, forward: Bool, by generator: DescriptionGenerator) -> String?
    /// Where a table navigation key (NVDA's control+alt+arrows) moves from `stop` among `stops`:
    /// to a stop, or nowhere with what the reader says ("Edge of table"). `track` is what the
    /// move before it left (`TableMove`), which a run of moves along one row or column keeps.
    func tableMove(from stop: FocusStop?, _ direction: TableDirection, in stops: [FocusStop], track: TableTrack?) -> TableMove
    /// What the reader does as `character` is typed on a page whose browser's focus is `focus`,
    /// after `typed`, the text before it in the field as far as Earshot knows it (its value when
    /// the typing began and what was typed since): NVDA: the key cuts the speech, and in an edit
    /// field the character is spelled; TalkBack: the character, or the word it ends; nil:
    /// nothing, the typing goes unheard.
    func typedCharacter(_ character: Character, after typed: String, focus: String?, in screen: Screen) -> TypedCharacterSpeech?
    /// How a gesture is named in transcripts under this reader (NVDA: by its keys, `tab`, `h`,
    /// `down arrow`); nil: `ScenarioGesture.name`, VoiceOver's gestures.
    func gestureName(_ gesture: ScenarioGesture) -> String?
    /// The words said for what the stop is (`버튼`), and what they are called in a finding.
    func kindWords(for stop: FocusStop, by generator: DescriptionGenerator) -> (noun: String, words: [String])
    /// How the reader's timing differs from the profile's.
    var speechRules: ReaderSpeechRules { get }
    /// Which sound the reader plays for what, with `profile`'s sounds (VoiceOver: the profile's
    /// earcons; TalkBack: its sound set; NVDA on a page: none).
    func sounds(in profile: VoiceProfile) throws -> ReaderSounds
    /// What a double tap on `stop` changes in `screen` by itself, before the app's behaviours
    /// (VoiceOver: a switch flips; TalkBack: a checkable node's checked state); whether it
    /// changed anything.
    func toggle(onActivating stop: FocusStop, in screen: inout Screen) -> Bool
    /// Whether a double tap on `stop` is a touch at its centre, which whatever is drawn over it
    /// takes (VoiceOver: the activation point; TalkBack: only for a node without a click
    /// action), rather than an action on the node itself (`focus.covered`).
    func activatesByTouch(_ stop: FocusStop) -> Bool
    /// The sound played as focus lands on `stop` (coming from the element `previousID`); nil: none.
    func focusSound(on stop: FocusStop, from previousID: String?, screen: Screen) -> FocusSound?
    /// Whether focus landing on the node `id` of a web page puts the reader in its focus mode,
    /// where keys go to the page (NVDA's `shouldPassThrough`); nil: the reader has no such mode
    /// (docs/web.md, "Browse and focus modes, as played").
    func passesThrough(onFocusOf id: String, in screen: Screen) -> Bool?
    /// Whether activating the node `id` in the reader's browse mode (NVDA's Enter or space) puts
    /// the reader in focus mode and focuses it rather than acting on it; nil or false: an
    /// activation as any other.
    func passesThrough(onActivating id: String, in screen: Screen) -> Bool?
    /// Whether Escape in focus mode, with the node `id` focused, leaves focus mode rather than
    /// going to the page.
    func escapeLeavesFocusMode(on id: String?, in screen: Screen) -> Bool
    /// What the reader gives as it switches into focus mode (`toFocusMode`) or back.
    func modeSwitch(toFocusMode focusMode: Bool) -> ModeSwitch
    /// What the reader says of the focused node `id` when an up or down arrow in focus mode
    /// left the focus there (NVDA: a single-line edit's line); nil: nothing.
    func caretLine(of id: String, in screen: Screen) -> String?
    /// What `speak` says for one element composed from its options, when the reader composes it
    /// its own way (TalkBack: as an Android view, `ComposedAndroidView`): the description, and a
    /// hint the composition leaves unsaid. nil: the standard stop from the traits, described as
    /// any stop is.
    func describeComposed(_ element: ComposedElement, language: String?, speech: SpeechAttributes,
                          by generator: DescriptionGenerator) throws -> (description: SpokenDescription, unspokenHint: String?)?
}

extension ScreenReader {
    public func passesThrough(onActivating id: String, in screen: Screen) -> Bool? { nil }

    public func pageLoadedSpeech(_ page: Screen, by generator: DescriptionGenerator) -> PageLoadedSpeech? { nil }

    public func jumpDestination(_ target: NavigationTarget, forward: Bool, from focused: Int?, in stops: [FocusStop]) -> Int? {
        nextJumpTarget(target, forward: forward, from: focused, in: stops)
    }

    /// The next (or previous) stop from `focused` that `isJumpTarget`, each judged after the
    /// stop before it in reading order.
    public func nextJumpTarget(_ target: NavigationTarget, forward: Bool, from focused: Int?, in stops: [FocusStop]) -> Int? {
        func matches(_ index: Int) -> Bool {
            isJumpTarget(stops[index], target, after: index > 0 ? stops[index - 1] : nil)
        }
        return forward ? ((focused.map { $0 + 1 } ?? 0)..<stops.count).first(where: matches)
            : (0..<(focused ?? stops.count)).last(where: matches)
    }

    /// The reader's name (`Self.name`, read through a value).
    public var name: ScreenReaderName { Self.name }
    /// The reader's title (`Self.title`, read through a value).
    public var title: String { Self.title }
}

/// What a reader says when a page opens a dialog (`ScreenReader.dialogOpenedSpeech`).
public enum DialogOpenedSpeech: Sendable, Equatable {
    /// Said as a window's title: the screen change's sound, then the words, which drop what was
    /// waiting and cut what was playing (TalkBack's window title, `ScreenFeedbackManager`).
    case windowTitle(String)
    /// Said as an announcement, in turn.
    case announcement(String)
}

/// What a reader says as a page finishes loading (`ScreenReader.pageLoadedSpeech`): words not
/// caused by a gesture, with the focus sound they come with, if any.
public struct PageLoadedSpeech: Sendable, Equatable {
    public var description: SpokenDescription
    public var sound: FocusSound?

    public init(_ description: SpokenDescription, sound: FocusSound? = nil) {
        self.description = description
        self.sound = sound
    }
}

extension Screen {
    /// A page's title: the name Chromium gives its document, the tree's root (its `<title>`);
    /// nil on an app's screen or a page without one.
    public var pageTitle: String? {
        guard let web = roots.first?.web, web.role.isDocument else { return nil }
        let title = (web.name ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return title.isEmpty ? nil : title
    }
}

/// How a reader has a live region's text said (`ScreenReader.liveRegionSpeech`).
/// What a reader does as a character is typed (`ScreenReader.typedCharacter`).
public struct TypedCharacterSpeech: Sendable, Equatable {
    /// What it says of the character; nil: nothing.
    public var echo: String?
    /// Whether the key cuts the speech under way first.
    public var interrupts: Bool

    public init(echo: String?, interrupts: Bool) {
        self.echo = echo
        self.interrupts = interrupts
    }
}

/// Where a table navigation key lands (`ScreenReader.tableMove`).
public enum TableMove: Sendable, Equatable {
    /// On the stop at this index of the order; `track` is kept for the next move.
    case to(Int, track: TableTrack?)
    /// Nowhere: the reader says this (nil: nothing) and focus stays.
    case refused(String?)
    /// At the table's edge: the reader says this, then the stop focus stays on again, as it
    /// reads the cell it stays in (NVDA: "Edge of table", then the cell); `track` is kept.
    case edge(String?, track: TableTrack?)
}

/// The row or column a run of table moves along one axis keeps while it passes cells that span
/// more than one (NVDA's `_TableSelection`, documentBase.py): moving down a column through a
/// cell that spans three columns comes out in the column it went in by, not the cell's first.
/// Kept by the navigator between moves and given back to the reader, which alone reads it.
public struct TableTrack: Sendable, Equatable {
    /// Whether the moves go along a column (down and up, from row to row), else along a row.
    public var byRow: Bool
    /// The cell the last move landed on (its first row and column): the track holds while the
    /// reading is still there.
    public var lastRow: Int
    public var lastColumn: Int
    /// The row (with its span) a run of moves along a row keeps, and the column (with its span)
    /// a run along a column keeps.
    public var row: Int
    public var rowSpan: Int
    public var column: Int
    public var columnSpan: Int

    public init(byRow: Bool, lastRow: Int, lastColumn: Int, row: Int, rowSpan: Int, column: Int, columnSpan: Int) {
        self.byRow = byRow
        self.lastRow = lastRow
        self.lastColumn = lastColumn
        self.row = row
        self.rowSpan = rowSpan
        self.column = column
        self.columnSpan = columnSpan
    }
}

public enum LiveRegionSpeech: Sendable, Equatable {
    /// After everything already waiting (NVDA's NORMAL priority; ARIA's polite).
    case inTurn(String)
    /// After the utterance under way, ahead of everything waiting (NVDA's NEXT priority).
    case next(String)
    /// At once, cutting the utterance under way.
    case interrupting(String)
}

/// What a reader does with a live region's changes while it is `aria-busy` (docs/web.md, "Live
/// regions, as played").
public enum BusyLiveRegions: String, NamedCases, Sendable {
    /// Not said, then or after: what NVDA does (its live-region hook drops them; nvaccess/nvda
    /// issue 20871).
    case drop
    /// Held, and the region's changes said when it is no longer busy: what ARIA intends.
    case hold
}

/// How a reader's timing differs from what the voice profile says (`TimingSettings`).
public struct ReaderSpeechRules: Sendable, Equatable {
    /// The pause before a hint, in seconds, over the profile's `timing.hintPause`; nil: the profile's.
    public var hintPause: Double?
    /// Whether a default-priority announcement gives way to speech the user's gesture caused
    /// (VoiceOver's rule; `TimingSettings.announcementsYieldToGestures`).
    public var announcementsYieldToGestures: Bool

    public init(hintPause: Double? = nil, announcementsYieldToGestures: Bool = true) {
        self.hintPause = hintPause
        self.announcementsYieldToGestures = announcementsYieldToGestures
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
