import Foundation

/// A scenario's web page while the scenario runs: the page open live (`LivePage`), its time
/// kept with the desk check's clock in steps of `tick`, and every change the page makes given
/// to the desk check with what its live regions say (docs/web.md, "Scenarios on a page").
///
/// The page's time is the browser's virtual time: it runs only when the session lets it, so a
/// timer the page sets for 500 ms fires 500 ms later on the desk check's clock, on any machine.
/// Changes are looked for every `tick` (50 ms): a change is heard at the end of the tick it
/// happened in. A page with nothing of its own due in a tick answers it without asking the
/// browser (`LivePage.advance`: Chromium's page keeps the agenda of its timers), so a tick
/// costs a DevTools round trip only when the page may change in it.
final class LivePageSession {
    /// How often the page is looked at for changes, in seconds.
    static let tick = 0.05
    /// How long the page runs on after the last step, so what it does late is heard.
    static let settle = 2.0

    private let page: any LivePage
    let screenName: String
    /// The page as it loaded (its screenshot), when the browser gave one.
    let picture: ScreenPicture?
    private var tree: WebPageTree
    private var screen: Screen
    /// Earshot's element id of each node, by the browser's node id, kept while the page changes.
    private var ids: [String: String]
    /// The page's time, from its load.
    private(set) var time = 0.0
    /// With busy regions held (`BusyLiveRegions.hold`), each busy region as it was before it
    /// became busy (nil: busy regions' changes dropped, NVDA's way).
    private var held: [String: AccessibilityNode]?
    /// When the page last went to another document: the browser draws the new one on the
    /// page's next tick, which is still the move, not a change of that document.
    private var movedAt: Double?
    /// axe-core's results already found on the page (at its load, after an earlier step), by
    /// rule, outcome and axe's selector: a later run says only what is new.
    private var axeFound: Set<String> = []

    /// Opens the scenario's page, if it has one, in `browser`, for `reader` (whose busy
    /// regions' rule holds unless the scenario says otherwise), and checks the element ids the
    /// steps name against it (`Scenario.pageReferences`): one it does not have is an error at
    /// its place in the file, as when the file is read.
    static func open(for scenario: Scenario, reader: any ScreenReader, browser: (any LiveBrowser)?) throws -> LivePageSession? {
        guard let pageScreen = scenario.screens.first(where: { $0.page != nil }), let address = pageScreen.page else { return nil }
        let page = try Self.browser(browser, for: pageScreen).open(address, picture: true, window: type(of: reader).pageWindow)
        do {
            let session = try LivePageSession(page: page, screen: pageScreen,
                                              holdBusy: (scenario.reader?.busyRegions ?? reader.busyLiveRegions) == .hold,
                                              audits: scenario.steps.contains { $0.audit == .axe })
            var known = Set<String>()
            StepDecoder.collectIDs(session.screen.roots, into: &known)
            try scenario.pageReferences?.check(against: known)
            return session
        } catch {
            page.close()
            throw error
        }
    }

    /// The browser a page is opened in; none is an error at the page's place in the scenario.
    static func browser(_ browser: (any LiveBrowser)?, for page: ScenarioScreen) throws -> any LiveBrowser {
        guard let browser else {
            let named = page.file.map { ($0 as NSString).lastPathComponent } ?? page.page ?? page.name
            throw DataFileError("\"\(named)\" is a web page, which needs a browser and this program has none; use the tree saved by earshot import PAGE.html -o PAGE.axtree.json",
                                at: page.location)
        }
        return browser
    }

    /// `audits`: a step asks for axe-core (`"audit": "axe"`), so axe runs on the page as it
    /// loaded too, and the screen the desk check starts on carries its results (the static
    /// checks' findings and the rows axe judges, as `lint` has them).
    private init(page: any LivePage, screen: ScenarioScreen, holdBusy: Bool, audits: Bool) throws {
        held = holdBusy ? [:] : nil
        self.page = page
        picture = page.tree.screenshot
        tree = page.tree
        if audits {
            tree.axe = try page.runAxe()
            axeFound = Self.axeKeys(tree.axe)
        }
        ids = WebPageInterpreter.elementIDs(of: tree)
        // Named by the scenario, or by the page's own title.
        let loaded = try WebPageInterpreter.screen(from: tree, defaultName: screen.screen.name, ids: ids)
        screenName = screen.namedByPage ? loaded.name : screen.name
        self.screen = try Self.screen(of: tree, named: screenName, ids: ids)
    }

    /// The page's screen as this run loaded it: what the desk check starts on, in place of
    /// the screen that stood for the page while the scenario was read.
    var loadedScreen: Screen { screen }

    func close() { page.close() }

    private static func screen(of tree: WebPageTree, named name: String, ids: [String: String]) throws -> Screen {
        var screen = try WebPageInterpreter.screen(from: tree, defaultName: name, ids: ids)
        screen.name = name
        return screen
    }

    private static func axeKeys(_ status: AxeStatus?) -> Set<String> {
        Set((status?.run?.results ?? []).flatMap { result in result.nodes.map { axeKey(result, $0) } })
    }

    private static func axeKey(_ result: AxeResult, _ node: AxeNode) -> String {
        "\(result.rule.id)|\(result.outcome.rawValue)|\(node.target)"
    }

    /// axe-core run on the page as it is now, after `step` at `time`: the results no earlier
    /// run on the page found (by rule, outcome and axe's selector) as findings of `linter`'s
    /// reader on the screen as it is, each with the step's time and the step as its cause; and
    /// the run's status, for what the run checked. Nothing new when axe is not there.
    func audit(after step: ScenarioStep, at time: Double, linter: ScreenLinter) throws -> (findings: [Finding], status: AxeStatus) {
        let status = try page.runAxe()
        guard case .ran(var run) = status else { return ([], status) }
        for index in run.results.indices {
            let result = run.results[index]
            run.results[index].nodes = result.nodes.filter { axeFound.insert(Self.axeKey(result, $0)).inserted }
        }
        run.results = run.results.filter { !$0.nodes.isEmpty }
        guard !run.results.isEmpty, let renamed = WebPageInterpreter.axeStatus(.ran(run), elementIDs: ids) else { return ([], status) }
        var audited = screen
        if let root = audited.roots.first(where: { $0.web != nil })?.id {
            try audited.update(root) { $0.web?.axe = renamed }
        }
        let findings = linter.axeFindings(for: audited).map { finding -> Finding in
            var found = finding
            found.time = time
            found.cause = step.source
            found.message += " Found by axe-core after \"\(step.summary)\" (\(step.source)), at \(clockTime(time))."
            return found
        }
        return (findings, status)
    }

    /// Lets the page run until `target` on the desk check's clock, a tick at a time, handing
    /// each change to the desk check at the end of its tick.
    func advance(to target: Double, desk: DeskCheck) throws {
        while time + Self.tick <= target + timeTolerance {
            try step(to: time + Self.tick, desk: desk)
        }
        if target > time + timeTolerance { try step(to: target, desk: desk) }
    }

    /// Lets the page run with the speech until everything asked for has been said: the
    /// page's changes are heard while the listener waits, not after (a `whenIdle` step).
    /// `before` is called with the end of each tick before the clock goes there.
    func advanceUntilIdle(desk: DeskCheck, before: (Double) -> Void = { _ in }) throws {
        while true {
            let next = time + Self.tick
            before(next)
            if desk.waitUntilIdle(before: next) {
                // Idle before the tick ends: the page catches up to the moment, and is done
                // unless that brought something new to say.
                try advance(to: desk.now, desk: desk)
                if desk.waitUntilIdle(before: desk.now + 1e-9) { return }
            } else {
                try step(to: next, desk: desk)
            }
        }
    }

    private func step(to next: Double, desk: DeskCheck) throws {
        desk.wait(until: next)
        time = next
        if let changed = try page.advance(to: next) { try apply(changed, desk: desk) }
    }

    /// Does `action` on the page now, and hands what it changed at once to the desk check;
    /// `focus` says what moved the browser's focus, if the action did.
    ///
    /// Typing is keys the reader hears (`DeskCheck.typed`: NVDA cuts its speech at each and
    /// echoes the character): text typed for a reader that hears it goes in a character at a
    /// time, into the field focused first, each heard before the page answers it; a key that
    /// types a character is heard the same way. For a reader that hears no typing the text goes
    /// in at once, as before.
    func perform(_ action: PageAction, desk: DeskCheck, source: String?, focus: PageFocusCause = PageFocusCause()) throws {
        switch action {
        case .type(let text, let into) where text.count > 0 && desk.hearsTyping:
            if let into, into != screen.browserFocusID {
                try performNow(.focus(into), desk: desk, source: source, focus: PageFocusCause())
            }
            // The field's text as the typing begins, then each character typed into it.
            var before = (into ?? screen.browserFocusID).flatMap { screen.node($0)?.web?.value } ?? ""
            for character in text {
                desk.typed(character, after: before, source: source)
                try performNow(.type(String(character), into: into), desk: desk, source: source, focus: focus)
                before.append(character)
            }
        case .key(let key):
            if let character = key.typedCharacter {
                desk.typed(character, after: screen.browserFocusID.flatMap { screen.node($0)?.web?.value } ?? "", source: source)
            }
            try performNow(action, desk: desk, source: source, focus: focus)
        default:
            try performNow(action, desk: desk, source: source, focus: focus)
        }
    }

    private func performNow(_ action: PageAction, desk: DeskCheck, source: String?, focus: PageFocusCause) throws {
        var node: String?
        if let id = action.elementID {
            let byElement = Dictionary(ids.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            guard let found = byElement[id] else {
                throw DeskCheckError.unknownElement(id, screen: screenName, onOtherScreens: [])
            }
            node = found
        }
        try page.perform(action, node: node)
        if let changed = try page.advance(to: time) {
            try apply(changed, desk: desk, source: source, acted: action.elementID, focus: focus)
        }
    }

    /// A gesture the reader passes to the browser as `key` (`DeskCheck.keyForPage`): the key is
    /// pressed on the page and the reading follows the focus it moves. Tab past the page's last
    /// element would take the browser's focus to its own controls, which are not played: the
    /// focus is put back where it was, and nothing is said (docs/web.md, "The browser's focus is
    /// the reader's").
    func press(_ key: PageKey, for gesture: ScenarioGesture, desk: DeskCheck, source: String?) throws {
        let focused = screen.browserFocusID
        desk.passedToPage(gesture)
        try perform(.key(key), desk: desk, source: source, focus: PageFocusCause(by: desk.gestureName(gesture)))
        if gesture.movesKeyboardFocus, screen.browserFocusID == nil, let focused, screen.node(focused) != nil {
            try perform(.focus(focused), desk: desk, source: source, focus: PageFocusCause(quietOn: focused))
        }
    }

    private func apply(_ changed: WebPageTree, desk: DeskCheck, source: String? = nil, acted: String? = nil,
                       focus: PageFocusCause = PageFocusCause()) throws {
        ids = WebPageInterpreter.elementIDs(of: changed, keeping: ids)
        let new = try Self.screen(of: changed, named: screenName, ids: ids)
        if var kept = held {
            // A region keeps its state from before it became busy until it is no longer busy.
            for region in WebLiveRegions.regions(in: new) where region.web?.flag("busy") == true && kept[region.id] == nil {
                if let old = screen.node(region.id) { kept[region.id] = old }
            }
            held = kept
        }
        // A page that went to another document (a link followed) did not change the one before:
        // nothing of it is a live region's change or a change the user missed.
        var moved = changed.url != tree.url
        if moved {
            movedAt = time
        } else if let movedAt, acted == nil, time <= movedAt + Self.tick + timeTolerance {
            moved = true
        }
        let changes = moved ? [] : WebLiveRegions.changes(from: screen, to: new, held: held)
        if let kept = held {
            held = kept.filter { id, _ in new.node(id)?.web?.flag("busy") == true }
        }
        let events = moved ? [] : WebPageChanges.events(from: screen, to: new, acted: acted)
        // What the page did that Earshot answered for it while it ran (a dialog dismissed).
        let notes = changed.notes.filter { !tree.notes.contains($0) }
        tree = changed
        screen = new
        desk.pageChanged(to: new, liveChanges: changes, events: events, notes: notes, source: source, focus: focus)
    }
}
