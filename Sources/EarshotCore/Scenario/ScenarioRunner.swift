/// Runs a scenario's steps on a `DeskCheck` at their times and checks its expectations.
///
/// Timing (docs/scenario-format.md): `at` is seconds from the start, `after` is seconds after
/// the previous step (after the end of a pause); a gesture or app event without either happens
/// once everything said so far has been said (the tester listens to the end), never before the
/// previous step. A step whose time falls before the previous step's is an error at that
/// step's position. An expectation does not move time: it may name any time from the start
/// (without `at` or `after` it looks from the time of the previous step) and is checked
/// against the finished timeline; a `focus` expectation against where focus was at its time.
public struct ScenarioRunner {
    public let scenario: Scenario
    public let desk: DeskCheck
    /// The rate asked for over the profile's own (`VoiceProfile.askedRate`), named by the transcript.
    let askedRate: Int?
    /// The rate the run speaks at: an expectation about other rates (`"rates"`) is left out.
    let rate: Int
    /// The static checks of the screens shown: the linter `earshot lint` makes from the same
    /// profile (its reading of text and IPA tables included), heard by the run's reader, so
    /// `check` and `lint` find the same on a screen.
    let linter: ScreenLinter
    /// The scenario's web page, open live for the run; nil on app screens.
    private let page: LivePageSession?
    /// Where the scenario's page is audited as loaded when an audit is asked for (`--standard`):
    /// the run's browser; nil: no audit (`PageAudit`).
    private let auditBrowser: (any LiveBrowser)?

    /// A runner with its own desk check over the scenario's screens, on `clock` and `device`,
    /// heard by the reader named `reader` (`--reader`), else by the reader the scenario's screens
    /// call for (`ReadingSession(voice:asking:for:)`: TalkBack for Android dumps).
    public init(scenario: Scenario, profile: VoiceProfile, clock: TimelineClock, device: SpeechDevice,
                reader: ScreenReaderName? = nil, browser: (any LiveBrowser)? = LivePages.browser,
                observer: (@Sendable (SpeechRecord) -> Void)? = nil, auditsPage: Bool = false) throws {
        try self.init(scenario: scenario, clock: clock, device: device,
                      session: try ReadingSession(voice: profile, asking: reader ?? scenario.reader?.name,
                                                                 for: scenario.screens.map(\.screen)),
                      browser: browser, observer: observer, auditsPage: auditsPage)
    }

    /// A runner with the run's reading session, made once for the run. A scenario on a web
    /// page opens it here, in `browser` (the process's one, `LivePages.browser`, unless told),
    /// so the desk check starts on the page as loaded; the run closes it. `auditsPage`: an audit
    /// is asked for (`--standard`), so the page is also audited as loaded once the run is done.
    public init(scenario: Scenario, clock: TimelineClock, device: SpeechDevice, session: ReadingSession,
                browser: (any LiveBrowser)? = LivePages.browser, observer: (@Sendable (SpeechRecord) -> Void)? = nil,
                auditsPage: Bool = false) throws {
        // A web page is opened live for the run: its scripts answer the steps, on the clock.
        let page = try LivePageSession.open(for: scenario, reader: session.reader, browser: browser)
        do {
            self.scenario = page.map { scenario.withPage($0.loadedScreen) } ?? scenario
            self.page = page
            auditBrowser = auditsPage && page != nil ? browser : nil
            askedRate = session.voice.askedRate
            rate = session.voice.engine.rate
            desk = try DeskCheck(screens: self.scenario.screens.map { ($0.name, $0.screen) }, startScreen: self.scenario.startScreen,
                                 session: session, clock: clock, device: device, app: self.scenario.app,
                                 reader: self.scenario.reader, observer: observer)
            linter = ScreenLinter(generator: desk.generator, pipeline: try session.voice.speechPipeline(),
                                  pronunciation: try PronunciationTables(profile: session.voice))
        } catch {
            page?.close()
            throw error
        }
    }

    /// Performs every step, lets the speech finish, and evaluates the expectations.
    public func run() throws -> ScenarioResult {
        defer { page?.close() }
        var cursor = 0.0
        var pending: [(step: ScenarioStep, expectation: Expectation, time: Double)] = []
        var focusSamples = FocusSamples()
        var performed: [(time: Double, step: ScenarioStep)] = []
        // axe-core's new results after the steps that ask for it, and what each run checked.
        var audited: [Finding] = []
        var axeRuns: [AxeStatus] = []
        // Focus at a time given by `at` may lie before steps written above it: known up front.
        func applies(_ step: ScenarioStep) -> Bool { step.rates?.contains(rate) ?? true }
        for (index, step) in scenario.expectations.filter(applies).enumerated() {
            if case .expect(.focus) = step.action, case .at(let time) = step.timing {
                focusSamples.add(index: index, at: time)
            }
        }
        // A page says what its reader says once it has loaded, before the first step.
        if page != nil { desk.pageLoaded() }
        for step in scenario.steps {
            if case .expect(let expectation) = step.action {
                guard applies(step) else { continue }
                let time: Double = switch step.timing {
                case .at(let at): at
                case .after(let delay): cursor + delay
                case .withPrevious, .whenIdle: cursor
                }
                pending.append((step, expectation, time))
                if case .focus = expectation, !step.timing.isAt { focusSamples.add(index: pending.count - 1, at: time) }
                continue
            }
            let time: Double
            switch step.timing {
            case .at(let at):
                guard at >= cursor - timeTolerance else {
                    throw DataFileError(
                        "time goes backwards: \"at\": \(plainNumber(at)) is before the previous step at \(clockTime(cursor))",
                        at: step.location)
                }
                time = at
            case .after(let delay): time = cursor + delay
            case .withPrevious: time = cursor
            case .whenIdle:
                if let page {
                    // The page runs while the speech does, so its changes are heard when they
                    // happen; focus samples due meanwhile are taken on the way.
                    try page.advanceUntilIdle(desk: desk) { focusSamples.take(until: $0, desk) }
                }
                focusSamples.takeWhileIdle(desk)
                time = max(cursor, desk.now)
            }
            focusSamples.take(until: time, desk)
            try page?.advance(to: time, desk: desk)
            desk.wait(until: time)
            do {
                action: switch step.action {
                case .gesture(let gesture):
                    // NVDA+space, and Escape leaving focus mode: the reader's own, no key reaches the page.
                    switch desk.modeGesture(gesture, canFocus: page != nil, source: step.source) {
                    case .handled(let focus):
                        if let page, let focus {
                            try page.perform(.focus(focus), desk: desk, source: step.source,
                                             focus: PageFocusCause(by: desk.gestureName(gesture)))
                            desk.flushPendingSwitch(source: step.source)
                        }
                        break action
                    case .passesKey(let focus, let key):
                        // Alt+down arrow in browse mode: the control at the reading focused
                        // quietly, the mode decided, then the key to the page.
                        if let page {
                            if let focus {
                                try page.perform(.focus(focus), desk: desk, source: step.source, focus: PageFocusCause(quietOn: focus))
                            }
                            desk.expandOrCollapse(gesture, source: step.source)
                            try page.press(key, for: gesture, desk: desk, source: step.source)
                        }
                        break action
                    case .notHandled:
                        break
                    }
                    if let page, let key = desk.keyForPage(gesture) {
                        let focusBefore = desk.screen.browserFocusID
                        try page.press(key, for: gesture, desk: desk, source: step.source)
                        desk.keyReachedPage(gesture, focusBefore: focusBefore, source: step.source)
                        break
                    }
                    let focused = desk.focusedID
                    try desk.perform(gesture, source: step.source)
                    // Activating an item of a page is a click on it (NVDA's Enter in browse mode:
                    // the item's default action); the focus it takes is said by nobody.
                    if let page, gesture.activates, let focused {
                        desk.userActed(.click(focused))
                        try page.perform(.click(focused), desk: desk, source: step.source, focus: PageFocusCause(quietOn: focused))
                    }
                    // Tab from the reading moves the browser's own focus too: the page's focus
                    // handlers answer.
                    if let page, gesture.movesKeyboardFocus, let now = desk.focusedID, now != focused {
                        try page.perform(.focus(now), desk: desk, source: step.source, focus: PageFocusCause(quietOn: now))
                    }
                case .page(let action):
                    guard let page else {
                        throw DataFileError("a page step needs a web page as the scenario's screen (an .html file or an address)", at: step.location)
                    }
                    if action.elementID != nil { desk.userActed(action) }
                    // A key the user pressed moved the focus, if it moved; a click or a script
                    // moved it as the page does.
                    let cause = if case .key(let key) = action { PageFocusCause(by: desk.keyName(key)) } else { PageFocusCause() }
                    try page.perform(action, desk: desk, source: step.source, focus: cause)
                case .post(let notification): try desk.post(notification, source: step.source)
                case .edit(let edit): try desk.edit(edit)
                case .editScreen(let edit, let screen): try desk.edit(edit, on: screen)
                case .show(let screen): try desk.show(screen: screen)
                case .transition(let screen, let focus, let kind):
                    try desk.transition(to: screen, kind: kind, focus: focus, source: step.source)
                case .pause, .expect: break
                }
            } catch let error as DeskCheckError {
                throw DataFileError("\(error.description) at \(clockTime(time))", at: step.location)
            }
            if step.audit == .axe {
                guard let page else {
                    throw DataFileError("\"audit\": \"axe\" runs axe-core in a web page; this scenario's screen is no page (an .html file or an address)", at: step.location)
                }
                let run = try page.audit(after: step, at: time, linter: linter)
                audited += run.findings
                axeRuns.append(run.status)
            }
            performed.append((time, step))
            cursor = time
            if case .pause(let seconds) = step.action { cursor += seconds }
            // Steps without times follow the speech before them, so the file's times alone do
            // not bound the run (1.2 million untimed steps once made a 30-hour timeline).
            let reached = max(cursor, desk.now)
            if reached > ScenarioFile.longestTimeline {
                throw DataFileError(
                    "the run reaches \(clockTime(reached)) at this step, past the longest timeline Earshot plays (\(plainNumber(ScenarioFile.longestTimeline)) s, a day); steps without times follow the speech before them",
                    at: step.location)
            }
        }
        // The page runs on after the last step, so what it does late is heard.
        if let page {
            focusSamples.take(until: cursor, desk)
            try page.advance(to: max(cursor, desk.now) + LivePageSession.settle, desk: desk)
        }
        focusSamples.takeWhileIdle(desk)
        focusSamples.take(until: cursor, desk)
        desk.waitUntilIdle()
        desk.wait(until: cursor)
        focusSamples.takeRest(desk)
        var transcript = desk.finish()
        transcript.rate = askedRate
        var findings = findings(transcript, performed: performed, audited: audited)
        let expectations = pending.map(\.expectation)
        for index in findings.indices where expectations.contains(where: { $0.expects(findings[index]) }) {
            findings[index].expected = true
        }
        let results = pending.enumerated().map { index, item in
            item.expectation.isWholeRun
                ? item.expectation.evaluateAtOneRate(findings: findings, transcript: transcript, location: item.step.location)
                : item.expectation.evaluate(transcript: transcript, at: item.time,
                                            focusedID: focusSamples.focus[index] ?? nil, location: item.step.location)
        }
        var result = ScenarioResult(transcript: transcript, expectations: results, notes: desk.notes,
                                    endTime: max(desk.now, transcript.endTime), findings: findings)
        result.performedSteps = performed.map { PerformedStep(time: $0.time, step: $0.step) }
        result.screensShown = desk.shownScreens
        result.coverage = ScenarioResult.coverage(linter: linter, screensShown: desk.shownScreens)
        for status in axeRuns { result.coverage.record(axe: status) }
        if let page, let picture = page.picture { result.screenPictures[page.screenName] = picture }
        result.reader = desk.generator.reader.name
        page?.close()
        if let audit = try auditPage() {
            result.findings += audit.findings(besides: result.findings)
            result.coverage = result.coverage.merging(audit.coverage)
        }
        return result
    }

    /// The scenario's page audited as loaded, in a context of its own on the run's browser,
    /// linted by the run's reader; its findings name the scenario and the line that names the
    /// page, and say they are the audit's. Nil when no audit was asked for.
    func auditPage() throws -> PageAudit? {
        guard let browser = auditBrowser,
              let pageScreen = scenario.screens.first(where: { $0.page != nil }), let address = pageScreen.page else { return nil }
        var audit = try PageAudit(address: address, named: pageScreen.name, browser: browser,
                                  window: type(of: desk.generator.reader).pageWindow, linter: { _ in linter },
                                  source: scenario.path, fallback: pageScreen.startLocation)
        for index in audit.findings.indices {
            audit.findings[index].message = "Audit of the page as loaded: " + audit.findings[index].message
        }
        return audit
    }
}

extension StepTiming {
    var isAt: Bool { if case .at = self { true } else { false } }
}

/// Where focus was at the times `focus` expectations look at, taken as the run passes them.
///
/// The clock only moves forward, so each sample is taken when the run reaches its time: before
/// a step at a later time, on the way to idle before a step that waits for the speech to end,
/// and at the end for times past the last step (focus does not change once the run is over).
struct FocusSamples {
    private var due: [(index: Int, time: Double)] = []
    /// The focused element by expectation index (a nil value: nothing had focus).
    private(set) var focus: [Int: String?] = [:]

    mutating func add(index: Int, at time: Double) {
        due.append((index, time))
        due.sort { $0.time < $1.time }
    }

    /// Takes the samples due at or before `time`, advancing the clock to each.
    mutating func take(until time: Double, _ desk: DeskCheck) {
        while let first = due.first, first.time <= time + timeTolerance {
            desk.wait(until: first.time)
            focus[first.index] = .some(desk.focusedID)
            due.removeFirst()
        }
    }

    /// Lets the speech finish, stopping at each sample due before it has.
    mutating func takeWhileIdle(_ desk: DeskCheck) {
        while let first = due.first, !desk.waitUntilIdle(before: first.time) {
            take(until: first.time, desk)
        }
        desk.waitUntilIdle()
    }

    mutating func takeRest(_ desk: DeskCheck) {
        for item in due { focus[item.index] = .some(desk.focusedID) }
        due.removeAll()
    }
}

extension ScenarioRunner {
    /// The static checks on each screen shown, then the flow's dynamic findings in time order;
    /// each names the scenario file as its source and where its cause is written: a static
    /// finding its element in the screen file, a dynamic one the step that led to it (the step
    /// that posted an announcement, else the last step performed at or before its time) and
    /// its element's place.
    /// `audited`: axe-core's findings after the steps that asked for it, each with its step's
    /// time and the step as its cause.
    func findings(_ transcript: SpeechTranscript, performed: [(time: Double, step: ScenarioStep)], audited: [Finding] = []) -> [Finding] {
        var all = desk.staticFindings(linter: linter)
            + FlowInspector.findings(log: desk.flow, transcript: transcript, reader: desk.generator.reader.name, onPage: desk.playsWebPage)
            + audited
        let screens = Dictionary(scenario.screens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func elementLocation(_ finding: Finding) -> SourceLocation? {
            for id in finding.elements {
                if let name = finding.screen, let location = screens[name]?.elementLocations[id] { return location }
                if let location = scenario.insertedLocations[id] { return location }
                if let location = scenario.screens.lazy.compactMap({ $0.elementLocations[id] }).first { return location }
            }
            return nil
        }
        for index in all.indices {
            all[index].source = scenario.path
            // A static finding is the screen's, at any rate.
            if all[index].time != nil { all[index].rate = askedRate }
            let element = elementLocation(all[index])
            guard let time = all[index].time else {
                all[index].location = element ?? all[index].screen.flatMap { screens[$0]?.startLocation }
                continue
            }
            let cause = all[index].cause.flatMap { cause in
                performed.last { cause == $0.step.source || cause.hasSuffix(", after \($0.step.source)") }?.step
            }
            let before = performed.last { $0.time <= time + timeTolerance }?.step
            all[index].location = (cause ?? before ?? performed.first?.step)?.location
            all[index].elementLocation = element
        }
        return all.sortedByTime()
    }
}

/// What a scenario run produced.
public struct ScenarioResult: Sendable {
    /// Every utterance with its fate, and the `announcementDidFinish` reports.
    public var transcript: SpeechTranscript
    /// One per `expect` step, in file order.
    public var expectations: [ExpectationResult]
    /// Gestures that did nothing, and why.
    public var notes: [DeskCheckNote]
    /// The end of the timeline in seconds: the last sound's end, or the last step's time.
    public var endTime: Double
    /// The dynamic problems of the flow (`FlowInspector`), in time order.
    public var findings: [Finding]
    /// The steps performed (not expectations), with the time each happened.
    public var performedSteps: [PerformedStep] = []
    /// The screen reader the run was heard by (its findings' fixes are that reader's).
    public var reader: ScreenReaderName = ScreenReaders.standard.name
    /// Each screen as it was shown (a screen shown again after edits appears again).
    public var screensShown: [(name: String, screen: Screen)] = []
    /// The checks this run made, and why the others it could have made did not run
    /// (`ScenarioResult.coverage(linter:screensShown:)`); a conformance table counts these.
    public var coverage = CheckCoverage()
    /// What a screen looked like, by its name, when the run saw it: a web page's screenshot as
    /// it loaded (the desk check's page draws the stops over it).
    public var screenPictures: [String: ScreenPicture] = [:]

    public init(transcript: SpeechTranscript, expectations: [ExpectationResult], notes: [DeskCheckNote],
                endTime: Double, findings: [Finding] = []) {
        self.findings = findings
        self.transcript = transcript
        self.expectations = expectations
        self.notes = notes
        self.endTime = endTime
    }

    public var failedExpectations: [ExpectationResult] { expectations.filter { !$0.passed } }

    /// True when every expectation held.
    public var passed: Bool { failedExpectations.isEmpty }
}

/// A step and when it happened.
public struct PerformedStep: Sendable {
    public var time: Double
    public var step: ScenarioStep
}

extension SpeechTranscript {
    /// The end of the last sound: the latest end of a spoken or cut utterance (0 if none).
    public var endTime: Double {
        entries.reduce(0) { latest, entry in
            switch entry.fate {
            case .spoken(_, let end): max(latest, end)
            case .cut(_, let at, _): max(latest, at)
            case .dropped: latest
            }
        }
    }
}
