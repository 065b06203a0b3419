/// A desk check written down: the screens, the voice, and a timed list of what the user and the
/// app do, with expectations about what VoiceOver says (docs/scenario-format.md).
///
/// Made by `ScenarioFile`; every step keeps where it was written so that run-time problems and
/// failed expectations point at the file, line and column.
public struct Scenario: Sendable {
    /// The scenario file's path (relative paths inside it are resolved against its folder).
    public var path: String
    public var title: String?
    /// Voice profile name or path (already resolved against the scenario's folder); nil: `ko`.
    public var voice: String?
    /// The screens by name, in the order written; the first is shown at the start unless `start`
    /// names another.
    public var screens: [ScenarioScreen]
    public var startScreen: String
    public var steps: [ScenarioStep]
    /// What the app does on its own, by screen name (the `app` section).
    public var app: [String: ScreenBehaviours]
    /// The `reader` section: overrides the voice profile's `transitions` settings.
    public var reader: ReaderSettings?
    /// Where each element that a step inserts is written.
    public var insertedLocations: [String: SourceLocation] = [:]
    /// The files the scenario is made of besides its own (`include`, `extends`, and theirs),
    /// in the order read.
    public var includedFiles: [String] = []

    public init(path: String, title: String? = nil, voice: String? = nil, screens: [ScenarioScreen],
                startScreen: String? = nil, steps: [ScenarioStep], app: [String: ScreenBehaviours] = [:],
                reader: ReaderSettings? = nil) {
        self.path = path
        self.app = app
        self.reader = reader
        self.title = title
        self.voice = voice
        self.screens = screens
        self.startScreen = startScreen ?? screens.first?.name ?? ""
        self.steps = steps
    }

    /// The expectation steps, in file order.
    public var expectations: [ScenarioStep] {
        steps.filter { if case .expect = $0.action { return true } else { return false } }
    }
}

/// One named screen of a scenario.
public struct ScenarioScreen: Sendable {
    public var name: String
    public var screen: Screen
    public var location: SourceLocation
    /// The screen file it was read from; nil for a screen written inline in the scenario.
    public var file: String?
    /// Where each element is written (its id in a screen file, its node in a dump).
    public var elementLocations: [String: SourceLocation]
    /// The address of the web page the screen is, opened live in a browser while the scenario
    /// runs (`LivePages`); nil for an app's screen or a saved tree.
    public var page: String?

    public init(name: String, screen: Screen, location: SourceLocation, file: String? = nil,
                elementLocations: [String: SourceLocation] = [:], page: String? = nil) {
        self.name = name
        self.screen = screen
        self.location = location
        self.file = file
        self.elementLocations = elementLocations
        self.page = page
    }

    /// Where the screen starts: line 1 of its file, or its node in the scenario.
    public var startLocation: SourceLocation {
        file.map { SourceLocation(file: $0, line: 1, column: 1) } ?? location
    }
}

/// One step: what happens, when, and where it was written.
public struct ScenarioStep: Sendable {
    public var action: ScenarioAction
    public var timing: StepTiming
    public var location: SourceLocation

    public init(action: ScenarioAction, timing: StepTiming, location: SourceLocation) {
        self.action = action
        self.timing = timing
        self.location = location
    }

    /// For an expectation, the speaking rates (words a minute) it is about (`"rates": [175]`):
    /// it is checked only in runs at those rates. Nil: it must hold at every rate.
    public var rates: [Int]?

    /// The file the step is written in, when it is not the scenario's own (a step of the base
    /// scenario it `extends`): its name, for `source`.
    public var fileLabel: String?

    /// Who acts: the user (a gesture), or the app (everything else).
    public var isUserGesture: Bool { if case .gesture = action { true } else { false } }

    /// The step in a few words, for reports: `double tap`, `post announcement "저장됨"`,
    /// `transition to detail (push)`.
    public var summary: String {
        switch action {
        case .gesture(let gesture): gesture.name
        case .post(let notification):
            switch notification {
            case .announcement(let text, _, let queued, _): "post announcement \"\(text)\"" + (queued ? " (queued)" : "")
            case .screenChangedText(let text, let screen):
                "post screenChanged" + (screen.map { " to \($0)" } ?? "") + " \"\(text)\""
            case .screenChanged(let element, let screen):
                "post screenChanged" + (screen.map { " to \($0)" } ?? "") + (element.map { " with \($0)" } ?? "")
            case .layoutChangedElement(let id): "post layoutChanged with \(id)"
            case .layoutChangedText(let text): "post layoutChanged \"\(text)\""
            case .layoutChangedNil: "post layoutChanged"
            case .pageScrolled(let text): "post pageScrolled \"\(text)\""
            case .announceForAccessibility(let text): "post announceForAccessibility \"\(text)\""
            case .liveRegion(let text, let assertive): "post liveRegion \(assertive ? "assertive" : "polite") \"\(text)\""
            case .paneTitle(let text): "post paneTitle \"\(text)\""
            }
        case .edit(let edit), .editScreen(let edit, _): edit.summary
        case .show(let screen): "show \(screen)"
        case .transition(let screen, _, let kind): "transition to \(screen) (\(kind.rawValue))"
        case .pause(let seconds): "pause \(plainNumber(seconds)) s"
        case .page(let action): "page: \(action.summary)"
        case .expect(let expectation): "expect \(expectation.summary)"
        }
    }

    /// Stamped on the utterances the step causes, e.g. `line 12` (`base.json line 4` for a step
    /// of a base scenario).
    public var source: String { (fileLabel.map { "\($0) " } ?? "") + "line \(location.line)" }
}

/// When a step happens.
public enum StepTiming: Sendable, Equatable {
    /// At this many seconds from the start.
    case at(Double)
    /// This many seconds after the previous step (after the end of a pause).
    case after(Double)
    /// The default for gestures and app events: once everything said so far has been said, as a
    /// tester who listens to the end before acting (never before the previous step).
    case whenIdle
    /// The default for expectations: at the time of the previous step.
    case withPrevious
}

/// What a step does.
public enum ScenarioAction: Sendable {
    case gesture(ScenarioGesture)
    case post(PostedNotification)
    case edit(ScreenEdit)
    /// A change to a named screen, shown or not (a list refreshed from the server while the
    /// detail is open).
    case editScreen(ScreenEdit, screen: String)
    /// The app swaps the shown screen without any notification (a child view swap): silent, and
    /// nothing has focus until the next gesture or notification.
    case show(screen: String)
    /// A system transition (navigation push or pop, modal presentation): VoiceOver plays the
    /// screen-change earcon by itself and reads `focus` (or the first element).
    case transition(screen: String, focus: String?, kind: TransitionKind = .push)
    /// Nothing happens for this many seconds.
    case pause(Double)
    case expect(Expectation)
    /// Something done to the web page through the browser (a click, typing, a line of script).
    case page(PageAction)
}

/// A user gesture: what a scenario's step performs and what a key or typed command in `explore`
/// performs (`ExploreAction.gesture`), one list for both: `Name` is every gesture by the name a
/// step writes, with the keys the step takes and the words a person types (`typed`).
public enum ScenarioGesture: Sendable, Equatable {
    case next, previous, first, last
    /// To the next (`forward`) or previous stop of a kind: Tab and shift+Tab, and a reader's
    /// quick navigation (NVDA's H, D, F, K, B, X; VoiceOver's rotor). What each reader finds and
    /// says is its own (`ScreenReader.isJumpTarget`, `describeJump`, `jumpNotFound`).
    case jump(NavigationTarget, forward: Bool)
    /// Double tap. `edits` are what the app's action handler changes at once, before VoiceOver
    /// re-reads the element.
    case activate(edits: [ScreenEdit])
    case escape
    case increment, decrement
    case touch(x: Double, y: Double)
    /// A three-finger swipe; the app answers with `pageScrolled(text)`.
    case scroll(direction: ScrollDirection, text: String)
    /// Two-finger swipe down (from the focused element) or up (`fromTop`).
    case readAll(fromTop: Bool)
    /// Picks a custom action in the actions rotor and double taps; `edits` as for `activate`.
    case customAction(name: String, edits: [ScreenEdit])

    /// The rotor on headings, swipe down (NVDA's H).
    public static let nextHeading = ScenarioGesture.jump(.heading, forward: true)
    /// The rotor on headings, swipe up (NVDA's shift+H).
    public static let previousHeading = ScenarioGesture.jump(.heading, forward: false)
    /// The keyboard's Tab.
    public static let tab = ScenarioGesture.jump(.focusable, forward: true)
    /// The keyboard's shift+Tab.
    public static let shiftTab = ScenarioGesture.jump(.focusable, forward: false)

    /// Which way a three-finger swipe scrolls (a step's `direction`).
    public enum ScrollDirection: String, NamedCases, Sendable {
        case up, down, left, right
    }

    /// The closed list of gestures by the name a scenario step writes (`{"gesture": "next"}`),
    /// with the keys each one takes beside it.
    public enum Name: String, NamedCases, Sendable {
        case next, previous, first, last, nextHeading, previousHeading, tab, shiftTab, nextLandmark, previousLandmark,
             nextFormField, previousFormField, nextLink, previousLink, nextButton, previousButton, nextCheckBox,
             previousCheckBox, activate, escape, increment, decrement, touch, scroll, readAll, customAction

        /// The step's keys besides `gesture` and its timing.
        public var keys: [String] {
            switch self {
            case .touch: ["x", "y"]
            case .scroll: ["text", "direction"]
            case .readAll: ["fromTop"]
            case .customAction: ["name", "changes"]
            case .activate: ["changes"]
            default: []
            }
        }

        /// The kind a jump by this name looks for, and its direction; nil for the other gestures.
        public var jump: (target: NavigationTarget, forward: Bool)? {
            switch self {
            case .nextHeading: (.heading, true)
            case .previousHeading: (.heading, false)
            case .tab: (.focusable, true)
            case .shiftTab: (.focusable, false)
            case .nextLandmark: (.landmark, true)
            case .previousLandmark: (.landmark, false)
            case .nextFormField: (.formField, true)
            case .previousFormField: (.formField, false)
            case .nextLink: (.link, true)
            case .previousLink: (.link, false)
            case .nextButton: (.button, true)
            case .previousButton: (.button, false)
            case .nextCheckBox: (.checkBox, true)
            case .previousCheckBox: (.checkBox, false)
            default: nil
            }
        }

        /// The name of the jump to `target` in that direction.
        static func jump(_ target: NavigationTarget, forward: Bool) -> Name {
            allCases.first { $0.jump?.target == target && $0.jump?.forward == forward }!
        }

        /// The words a person types for this gesture (`ScenarioGesture.typed`: explore's
        /// commands and script lines). None for a three-finger scroll, whose page text is the
        /// app's to say (a scenario gives it), and for a custom action, which explore picks from
        /// the focused element's list (`action N|NAME`). A jump is typed by what it looks for
        /// (`link`), and `previous-` before it to go back (`previous-link`); Tab as `tab` and
        /// `shift-tab`.
        public var typedNames: [String] {
            if let (target, forward) = jump {
                if target == .focusable { return [forward ? "tab" : "shift-tab"] }
                let word = target == .formField ? "form-field" : target.rawValue.lowercased()
                return [forward ? word : "previous-\(word)"]
            }
            switch self {
            case .readAll: return ["read", "read-top"]
            case .scroll, .customAction: return []
            default: return [rawValue]
            }
        }
    }

    /// Every typed gesture name, in the order of `Name`.
    public static var typedNames: [String] { Name.allCases.flatMap(\.typedNames) }

    /// The gesture a typed command names, with what follows the name (`touch 120 300`); nil
    /// when `name` is none of `typedNames`. A double tap typed this way changes nothing on the
    /// screen (`activate(edits: [])`).
    public static func typed(_ name: String, argument: String) throws(TypedGestureError) -> ScenarioGesture? {
        guard let kind = Name.allCases.first(where: { $0.typedNames.contains(name) }) else { return nil }
        func alone(_ gesture: ScenarioGesture) throws(TypedGestureError) -> ScenarioGesture {
            guard argument.isEmpty else { throw TypedGestureError("\(name) takes nothing after it, found \"\(argument)\"") }
            return gesture
        }
        if let (target, forward) = kind.jump { return try alone(.jump(target, forward: forward)) }
        switch kind {
        case .next: return try alone(.next)
        case .previous: return try alone(.previous)
        case .first: return try alone(.first)
        case .last: return try alone(.last)
        case .activate: return try alone(.activate(edits: []))
        case .escape: return try alone(.escape)
        case .increment: return try alone(.increment)
        case .decrement: return try alone(.decrement)
        case .readAll: return try alone(.readAll(fromTop: name == "read-top"))
        case .touch:
            let words = argument.split(whereSeparator: \.isWhitespace)
            let numbers = words.compactMap { Double($0) }
            guard numbers.count == 2, words.count == 2 else {
                throw TypedGestureError("touch needs two numbers, X and Y in points, e.g. touch 120 300")
            }
            return .touch(x: numbers[0], y: numbers[1])
        default: return nil
        }
    }

    /// Whether the gesture moves the keyboard's focus (Tab, shift+Tab): on a web page open live,
    /// the browser focuses the element too.
    public var movesKeyboardFocus: Bool {
        if case .jump(.focusable, _) = self { true } else { false }
    }

    /// The name a scenario step writes for this gesture (`Name`).
    public var stepName: Name {
        switch self {
        case .next: .next
        case .previous: .previous
        case .first: .first
        case .last: .last
        case .jump(let target, let forward): .jump(target, forward: forward)
        case .activate: .activate
        case .escape: .escape
        case .increment: .increment
        case .decrement: .decrement
        case .touch: .touch
        case .scroll: .scroll
        case .readAll: .readAll
        case .customAction: .customAction
        }
    }

    /// How the gesture is named in transcripts: VoiceOver's gestures (a reader may name them its
    /// own way, `ScreenReader.gestureName`: NVDA by its keys).
    public var name: String {
        switch self {
        case .next: "swipe right"
        case .previous: "swipe left"
        case .first: "four-finger tap top"
        case .last: "four-finger tap bottom"
        case .jump(.focusable, let forward): forward ? "tab" : "shift+tab"
        case .jump(let target, let forward): "rotor \(target.rotorName), swipe \(forward ? "down" : "up")"
        case .activate: "double tap"
        case .escape: "escape (two-finger scrub)"
        case .increment: "swipe up"
        case .decrement: "swipe down"
        case .touch(let x, let y): "touch \(plainNumber(x)) \(plainNumber(y))"
        case .scroll(let direction, _): "three-finger swipe \(direction.rawValue)"
        case .readAll(let fromTop): fromTop ? "read all from top" : "read all"
        case .customAction(let name, _): "custom action \(name)"
        }
    }
}

/// A typed gesture that cannot be performed as written: its argument missing or wrong.
public struct TypedGestureError: Error, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}

/// A notification the app posts (`UIAccessibility.post`).
public enum PostedNotification: Sendable {
    /// The closed list of notifications by the name a step's `post` writes.
    public enum Name: String, NamedCases, Sendable {
        case announcement, screenChanged, layoutChanged, pageScrolled, announceForAccessibility, liveRegion, paneTitle

        /// The keys a scenario step takes beside `post` and its timing.
        public var stepKeys: [String] {
            switch self {
            case .announcement: ["text", "priority", "queue", "language"] + SpeechAttributes.keys
            case .screenChanged: ["element", "screen", "text"]
            case .layoutChanged: ["element", "text"]
            case .liveRegion: ["text", "mode"]
            case .pageScrolled, .announceForAccessibility, .paneTitle: ["text"]
            }
        }
    }

    /// An announcement; `attributes` are its attributed string's speech attributes.
    case announcement(String, priority: SpeechPriority, queued: Bool, attributes: SpeechAttributes = .none)
    /// `screenChanged` with an element id, or nil for the first element. `screen`, when given,
    /// swaps the shown screen first (the usual reason to post it).
    case screenChanged(element: String?, screen: String?)
    /// `screenChanged` with a string argument: the screen-change sound, then VoiceOver speaks
    /// the string; focus goes to the first element of the (new) screen without reading it.
    case screenChangedText(String, screen: String?)
    case layoutChangedElement(String)
    case layoutChangedText(String)
    case layoutChangedNil
    case pageScrolled(String)
    /// Android's `View.announceForAccessibility`: TalkBack queues it after what it is saying;
    /// 30 characters or fewer, nothing cuts it (`EventTypeAnnouncementFeedbackRule`).
    case announceForAccessibility(String)
    /// A live region's node changed (`accessibilityLiveRegion`): polite waits for the current
    /// speech, assertive interrupts it.
    case liveRegion(String, assertive: Bool)
    /// A pane appeared with this title (`accessibilityPaneTitle`): spoken as a window change.
    case paneTitle(String)
}

/// A change the app makes to the shown screen, addressed by element id.
public enum ScreenEdit: Sendable, Equatable {
    case change(id: String, ElementChange)
    /// Inserts `element` as child number `index` of `parent` (nil: the top level; index nil: last).
    case insert(AccessibilityNode, parent: String?, index: Int?)
    case remove(id: String)

    /// The edit in a few words: `change post-102`, `insert post-104`, `remove banner`.
    public var summary: String {
        switch self {
        case .change(let id, _): "change \(id)"
        case .insert(let node, _, _): "insert \(node.id)"
        case .remove(let id): "remove \(id)"
        }
    }

    /// Applies the edit; unknown ids throw `ScreenEditError`.
    public func apply(to screen: inout Screen) throws {
        switch self {
        case .change(let id, let change): try screen.update(id) { change.apply(to: &$0) }
        case .insert(let node, let parent, let index): try screen.insert(node, under: parent, at: index)
        case .remove(let id): try screen.remove(id)
        }
    }

    /// Ids this edit needs on the screen before it runs.
    public var referencedIDs: [String] {
        switch self {
        case .change(let id, _): [id]
        case .insert(_, let parent, _): parent.map { [$0] } ?? []
        case .remove(let id): [id]
        }
    }
}

/// New property values for one element; nil leaves a property as it is, `.some(nil)` clears it.
public struct ElementChange: Sendable, Equatable {
    public var label: String??
    public var value: String??
    public var hint: String??
    public var text: String??
    public var traits: AccessibilityTraits?
    public var addTraits: AccessibilityTraits = []
    public var removeTraits: AccessibilityTraits = []
    public var hidden: Bool?
    public var on: Bool?
    public var toggled: Bool?
    public var adjustableIndex: Int?

    public init() {}

    public func apply(to node: inout AccessibilityNode) {
        if let label { node.label = label }
        if let value { node.value = value }
        if let hint { node.hint = hint }
        if let text { node.text = text }
        if let traits { node.traits = traits }
        node.traits.formUnion(addTraits)
        node.traits.subtract(removeTraits)
        if let hidden { node.isHidden = hidden }
        if let on { node.isOn = on }
        if let toggled { node.isToggled = toggled }
        if let adjustableIndex, var adjustable = node.adjustable {
            adjustable.index = min(max(0, adjustableIndex), adjustable.values.count - 1)
            node.adjustable = adjustable
        }
    }
}

extension Scenario {
    /// The scenario with `density` (pixels per dp) on each screen read from an Android dump, so
    /// their touch targets are measured (`--density`); nil changes nothing.
    public func withDensity(_ density: Double?) -> Scenario {
        guard density != nil else { return self }
        var changed = self
        for index in changed.screens.indices {
            changed.screens[index].screen = changed.screens[index].screen.withPixelDensity(density)
        }
        return changed
    }
}

extension ScenarioResult {
    /// The static codes a screen shown could not be checked for, with the reason
    /// (`ScreenLinter.unchecked`); a code any screen could be checked for is not listed.
    public var uncheckedCodes: [FindingCode: String] {
        ScreenLinter.uncheckedInEvery(screensShown.map { ScreenLinter.unchecked($0.screen) })
    }
}
