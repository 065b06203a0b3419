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
    /// On a web page: the element ids the steps name that only the page can have, checked
    /// when the run loads it (the parser opens no browser); nil for a scenario on app screens.
    public var pageReferences: PageElementReferences?

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
    /// A page's screen named by nothing in the scenario: the page's title names it once loaded
    /// (until then it has its file's name).
    public var namedByPage = false

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

    /// What the run audits on the page once the step is done (`"audit": "axe"`): axe-core's
    /// rules, run again on the page as the step left it; nil for none.
    public var audit: StepAudit?

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

/// What a step asks the run to audit once it is done (`"audit"`, docs/scenario-format.md).
public enum StepAudit: String, Sendable, CaseIterable {
    /// axe-core's rules on the page as the step left it (docs/web.md, "axe-core after a step").
    case axe
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

    /// Whether the scenario plays on a web page (an `.html` screen, an address, a saved tree):
    /// what `test --readers` compares readers on.
    public var playsWebPage: Bool { screens.contains { $0.page != nil || $0.screen.isWebPage } }
}

extension ScenarioResult {
    /// What a run at one rate checked: the linter's static checks on each screen shown (a code
    /// checked on any of them counts), the flow checks on its timeline, the web page checks
    /// when a screen was a page; never the rate code, which only a sweep of rates checks.
    static func coverage(linter: ScreenLinter, screensShown: [(name: String, screen: Screen)]) -> CheckCoverage {
        var coverage = CheckCoverage.joined(screensShown.map { linter.coverage(for: $0.screen) })
        coverage.record(ran: FlowInspector.timelineCodes)
        if screensShown.contains(where: { $0.screen.isWebPage }) {
            coverage.record(ran: FindingCode.webPageCodes)
        } else {
            for code in FindingCode.webPageCodes {
                coverage.record(notRun: code, because: "found only while a scenario plays on a web page")
            }
        }
        for code in FindingCode.sweepCodes {
            coverage.record(notRun: code, because: "found only by running the scenario at several rates (--rates)")
        }
        return coverage
    }
}
