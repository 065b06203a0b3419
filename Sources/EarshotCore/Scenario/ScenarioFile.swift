import Foundation

/// Reads scenario files (docs/scenario-format.md).
///
/// Every mistake is a `DataFileError` (exit 65) with file, line and column: unknown keys,
/// gestures, notifications or reason codes (with the nearest valid name), an element id that is
/// on none of the scenario's screens and inserted by no step, an unknown screen name, and a step
/// time earlier than one before it. Screen files named by path are read relative to the
/// scenario's folder and report their own errors with their own path.
public enum ScenarioFile {
    static let topLevelKeys = ["title", "description", "voice", "screen", "screens", "start", "steps", "app", "reader",
                               "include", "extends"]
    static let timingKeys = ["at", "after", "note"]
    /// What any step but an expectation may carry besides its action and time.
    static let stepOptionKeys = ["audit"]
    static let actionKeys = ["gesture", "post", "change", "insert", "remove", "show", "transition", "pause", "expect", "page"]

    static let changeKeys = [
        "label", "value", "hint", "text", "traits", "addTraits", "removeTraits", "hidden", "on", "toggled",
        "adjustableIndex",
    ]
    static let expectKeys = ["spoken", "text", "fate", "reason", "earcon", "focus", "announcementDidFinish", "finding",
                             "elements", "noFinding", "findings", "earcons"]
    static let expectKinds = ["spoken", "text", "earcon", "focus", "announcementDidFinish", "finding", "noFinding",
                              "findings", "earcons"]

    public static func load(path: String) throws -> Scenario {
        try decode(try JSONDocument.load(path: path), path: StandardInput.label(for: path))
    }

    /// Decodes scenario JSON text; `path` names the source in errors and anchors relative paths.
    public static func parse(_ text: String, path: String) throws -> Scenario {
        try decode(try JSONDocument.parse(text, file: path), path: path)
    }

    public static func decode(_ root: JSONNode, path: String) throws -> Scenario {
        var composition: ScenarioComposition?
        do {
            composition = try ScenarioComposition(root, path: path)
            var scenario = try decodeComposed(composition!.root, path: path)
            scenario.includedFiles = composition!.files
            // An id checked against the page when the run loads it says where it was
            // included from, as an error found here does.
            if var page = scenario.pageReferences {
                page.references = page.references.map { reference in
                    var located = reference
                    located.including = composition!.located(DataFileError("", at: reference.location)).message
                    return located
                }
                scenario.pageReferences = page
            }
            return scenario
        } catch let error as DataFileError {
            throw composition?.located(error) ?? error
        }
    }

    /// Every file a scenario reads: its own, the parts and bases it takes in, its screen files
    /// and dumps, and a voice profile named by path. Read from the composed JSON alone (no
    /// screen is parsed), so a suite can check its outputs against all of its inputs before it
    /// runs anything; a file that does not compose gives what could be found. A file that is not
    /// a scenario (no `steps` or `extends`: a screen, a label list) is the only file it reads.
    public static func inputFiles(path: String) -> [String] {
        var files = [path]
        guard path != "-", path.lowercased().hasSuffix(".json"), let root = try? JSONDocument.load(path: path),
              case .object(let top) = root.value, top.contains(where: { $0.key == "steps" || $0.key == "extends" })
        else { return files }
        var composed = root
        if let composition = try? ScenarioComposition(root, path: path) {
            files += composition.files
            composed = composition.root
        }
        guard case .object(let members) = composed.value else { return files }
        func add(_ node: JSONNode) {
            if case .string(let relative) = node.value, !relative.contains("://") {
                files.append(ScenarioComposition.standardized(resolve(relative, folder: folder(of: node.location.file))))
            }
        }
        for member in members {
            switch member.key {
            case "screen", "voice": add(member.node)
            case "screens":
                if case .object(let screens) = member.node.value { screens.forEach { add($0.node) } }
            default: break
            }
        }
        return files
    }

    /// The folder relative paths in `file` are read from.
    static func folder(of file: String) -> String {
        (file as NSString).deletingLastPathComponent
    }

    private static func decodeComposed(_ root: JSONNode, path: String) throws -> Scenario {
        let top = try root.object(allowing: topLevelKeys)
        _ = try top.string("description")
        var screens: [ScenarioScreen] = []
        if let single = top["screen"] {
            if top.has("screens") {
                throw DataFileError("give either \"screen\" or \"screens\", not both", at: single.location)
            }
            screens.append(try screen(single, name: nil))
        } else if let many = top["screens"] {
            guard case .object(let members) = many.value else { throw many.typeError(expected: "an object") }
            guard !members.isEmpty else {
                throw DataFileError("\"screens\" needs at least one screen", at: many.location)
            }
            for member in members {
                if screens.contains(where: { $0.name == member.key }) {
                    throw DataFileError("screen \"\(member.key)\" is named twice", at: member.keyLocation)
                }
                screens.append(try screen(member.node, name: member.key))
            }
        } else {
            throw DataFileError("missing \"screen\" (a screen file path or an inline screen) or \"screens\"",
                                at: top.location)
        }
        if screens.count > 1, let page = screens.first(where: { $0.page != nil }) {
            throw DataFileError("a scenario on a web page has that page as its one screen (the page changes itself as it runs)",
                                at: page.location)
        }
        var voice = try top.string("voice")
        if let name = voice, name.contains("/") || name.hasSuffix(".json") {
            voice = resolve(name, folder: folder(of: top["voice"]!.location.file))
        }
        var start: String?
        if let startNode = top["start"] {
            start = try screenName(startNode, in: screens)
        }
        var decoder = StepDecoder(screens: screens, scenarioFile: path)
        let steps = try top.required("steps").arrayItems().map { try decoder.step($0) }
        var app: [String: ScreenBehaviours] = [:]
        if let appNode = top["app"] {
            app = try AppBehaviourFile.decode(appNode, screens: screens, decoder: &decoder)
        }
        var reader: ReaderSettings?
        if let readerNode = top["reader"] {
            let object = try readerNode.object(allowing: ["remembersFocus", "animation", "busyRegions", "name"])
            var name: ScreenReaderName?
            if let nameNode = object["name"] {
                let given = ScreenReaderName(try nameNode.stringValue())
                guard ScreenReaders.named(given) != nil else {
                    throw DataFileError("unknown reader \"\(given)\": \(ScreenReaders.names.map(\.description).joined(separator: ", "))",
                                        at: nameNode.location)
                }
                name = given
            }
            reader = ReaderSettings(remembersFocus: try object.bool("remembersFocus") ?? false,
                                    animation: try object["animation"].map { try decoder.seconds($0) } ?? 0.35,
                                    busyRegions: try object["busyRegions"].map {
                                        try $0.enumValue(ReaderSettings.BusyRegions.self, what: "busyRegions")
                                    }, name: name)
        }
        let pageReferences = try decoder.checkReferences()
        try checkTimes(steps)
        var scenario = Scenario(path: path, title: try top.string("title"), voice: voice, screens: screens,
                                startScreen: start, steps: steps, app: app, reader: reader)
        scenario.insertedLocations = decoder.insertedLocations
        scenario.pageReferences = pageReferences
        return scenario
    }

    /// A screen given by path (relative to the file that names it) or written inline.
    private static func screen(_ node: JSONNode, name: String?) throws -> ScenarioScreen {
        if case .string(let relative) = node.value, LivePages.isPage(relative) {
            return try page(relative, node: node, name: name)
        }
        if case .string(let relative) = node.value {
            let file = ScenarioComposition.standardized(resolve(relative, folder: folder(of: node.location.file)))
            guard FileManager.default.fileExists(atPath: file) else {
                throw DataFileError("screen file \"\(relative)\" not found (looked at \(file))", at: node.location)
            }
            let loaded = try ScreenLoader.load(path: file)
            return ScenarioScreen(name: name ?? loaded.screen.name, screen: loaded.screen, location: node.location,
                                  file: file, elementLocations: loaded.idLocations)
        }
        let (screen, locations) = try ScreenFile.decodeLocatingElements(node, defaultName: name ?? "screen")
        return ScenarioScreen(name: name ?? screen.name, screen: screen, location: node.location,
                              elementLocations: locations)
    }

    /// A web page (an `.html` file beside the scenario, or an address). No browser is opened
    /// here: the screen stands for the page until the run opens it, live, in the browser the
    /// run is given (`ScenarioScreen.page`), and the element ids the steps name are checked
    /// against the page then (`Scenario.pageReferences`).
    private static func page(_ relative: String, node: JSONNode, name: String?) throws -> ScenarioScreen {
        var address = relative
        var file: String?
        if !relative.contains("://") {
            let path = ScenarioComposition.standardized(resolve(relative, folder: folder(of: node.location.file)))
            guard FileManager.default.fileExists(atPath: path) else {
                throw DataFileError("page \"\(relative)\" not found (looked at \(path))", at: node.location)
            }
            address = URL(fileURLWithPath: path).absoluteString
            file = path
        }
        let placeholder = try ScenarioScreen.pagePlaceholder(address: address, defaultName: ScreenLoader.defaultName(for: relative))
        var screen = ScenarioScreen(name: name ?? placeholder.name, screen: placeholder, location: node.location, file: file,
                                    page: address)
        screen.namedByPage = name == nil
        return screen
    }

    static func resolve(_ path: String, folder: String) -> String {
        path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }

    static func screenName(_ node: JSONNode, in screens: [ScenarioScreen]) throws -> String {
        let name = try node.stringValue()
        guard screens.contains(where: { $0.name == name }) else {
            let names = screens.map(\.name)
            var message = "unknown screen \"\(name)\""
            message += NameSuggestion.didYouMean(name, in: names)
            throw DataFileError(message + " (screens: \(names.joined(separator: ", ")))", at: node.location)
        }
        return name
    }

    /// Times must not go backwards: `at` may not be earlier than the earliest time the steps
    /// before it can have. (Steps timed "when idle" can only be placed at run time; the runner
    /// checks those.) Expectations are left out: they may look at any time from the start.
    /// The longest timeline a scenario may ask for, and the largest single time: a day. Longer
    /// is a typo (`1e12`); a day of 22,050 Hz 16-bit audio still fits in one WAV file (4 GiB).
    public static let longestTimeline = 86_400.0

    private static func checkTimes(_ steps: [ScenarioStep]) throws {
        var earliest = 0.0
        for step in steps {
            // An expectation looks at the timeline; it does not move time.
            if case .expect = step.action { continue }
            switch step.timing {
            case .at(let time):
                if time < earliest - timeTolerance {
                    throw DataFileError(
                        "time goes backwards: \"at\": \(plainNumber(time)) is before \(plainNumber(earliest)) s, the time of an earlier step",
                        at: step.location)
                }
                earliest = time
            case .after(let delay): earliest += delay
            case .whenIdle, .withPrevious: break
            }
            if case .pause(let seconds) = step.action { earliest += seconds }
            if earliest > longestTimeline {
                throw DataFileError(
                    "the steps reach \(plainNumber(earliest)) s, past the longest timeline Earshot plays (\(plainNumber(longestTimeline)) s, a day)",
                    at: step.location)
            }
        }
    }
}

/// Decodes steps, remembering every element id a step names so that ids on none of the screens
/// (and inserted by no step) are reported where they were written.
struct StepDecoder {
    let screens: [ScenarioScreen]
    /// The scenario's own file: steps written elsewhere (a base scenario) name their file.
    let scenarioFile: String
    var knownIDs: Set<String>
    var references: [(id: String, node: JSONNode)] = []
    /// Where each element a step inserts is written.
    var insertedLocations: [String: SourceLocation] = [:]

    init(screens: [ScenarioScreen], scenarioFile: String) {
        self.screens = screens
        self.scenarioFile = scenarioFile
        var ids = Set<String>()
        for entry in screens { Self.collectIDs(entry.screen.roots, into: &ids) }
        knownIDs = ids
    }

    static func collectIDs(_ nodes: [AccessibilityNode], into ids: inout Set<String>) {
        for node in nodes {
            ids.insert(node.id)
            collectIDs(node.children, into: &ids)
        }
    }

    /// Throws at the first id on no screen; on a web page, returns the ids the page itself must
    /// have, checked when the run loads it (`PageElementReferences`).
    func checkReferences() throws -> PageElementReferences? {
        // A web page's scripts make elements of their own: an id its file writes (a script's
        // `el.id = 'error'`) is one the page may show later, and the run says if it never does;
        // a page at an address is not read here, so its ids are all taken on trust.
        var pageTexts: [String]?
        let pages = screens.filter { $0.page != nil }
        func writtenByPage(_ id: String) -> Bool {
            guard !pages.isEmpty else { return false }
            if pages.contains(where: { $0.file == nil }) { return true }
            if pageTexts == nil { pageTexts = pages.compactMap { $0.file.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } } }
            return pageTexts!.contains { $0.contains("'\(id)'") || $0.contains("\"\(id)\"") }
        }
        // A page's own ids are known once it is loaded; the screen standing for it has none.
        var known = knownIDs
        for page in pages {
            var ids = Set<String>()
            Self.collectIDs(page.screen.roots, into: &ids)
            known.subtract(ids)
        }
        let others = known.union(insertedLocations.keys)
        var onThePage: [PageElementReferences.Reference] = []
        for (id, node) in references where !others.contains(id) && !writtenByPage(id) {
            guard pages.isEmpty else {
                onThePage.append(PageElementReferences.Reference(id: id, location: node.location))
                continue
            }
            var message = "no element \"\(id)\" on any screen of this scenario, and no step inserts one"
            message += NameSuggestion.didYouMean(id, in: knownIDs.sorted())
            throw DataFileError(message, at: node.location)
        }
        return pages.isEmpty ? nil : PageElementReferences(references: onThePage, otherIDs: others)
    }

    /// An id string that must name an element.
    mutating func elementID(_ node: JSONNode) throws -> String {
        let id = try node.stringValue()
        references.append((id, node))
        return id
    }

    mutating func step(_ node: JSONNode) throws -> ScenarioStep {
        let actionMember = try node.singleAction(from: ScenarioFile.actionKeys, ignoring: ScenarioFile.timingKeys + ScenarioFile.stepOptionKeys,
                                                 thing: "a step", unknownWord: "key")
        let value = actionMember.node
        let action: ScenarioAction
        let object: JSONObjectFields
        func allowing(_ extra: [String]) throws -> JSONObjectFields {
            try node.object(allowing: ScenarioFile.timingKeys + ScenarioFile.stepOptionKeys + [actionMember.key] + extra)
        }
        switch actionMember.key {
        case "gesture":
            let name = try value.enumValue(ScenarioGesture.Name.self, what: "gesture")
            object = try allowing(name.keys)
            action = .gesture(try gesture(name, object))
        case "post":
            let name = try value.enumValue(PostedNotification.Name.self, what: "notification")
            object = try allowing(name.stepKeys)
            action = .post(try notification(name, object))
        case "change", "remove":
            object = try allowing((actionMember.key == "change" ? ScenarioFile.changeKeys : []) + ["screen"])
            action = try screenEdit(try edit(object), object)
        case "insert":
            object = try allowing(["into", "index", "screen"])
            action = try screenEdit(try edit(object), object)
        case "show":
            object = try allowing([])
            action = .show(screen: try ScenarioFile.screenName(value, in: screens))
        case "transition":
            object = try allowing(["focus", "kind"])
            var kind = TransitionKind.push
            if let kindNode = object["kind"] {
                kind = TransitionKind(rawValue: try ScenarioFile.enumName(
                    kindNode, TransitionKind.allCases.map(\.rawValue), what: "transition kind"))!
            }
            action = .transition(screen: try ScenarioFile.screenName(value, in: screens),
                                 focus: try object["focus"].flatMap { $0.isNull ? nil : try elementID($0) }, kind: kind)
        case "pause":
            object = try allowing([])
            action = .pause(try seconds(value))
        case "page":
            object = try allowing([])
            action = .page(try pageAction(value))
        default:  // "expect"
            object = try allowing(["rates"])
            action = .expect(try expectation(value))
        }
        var rates: [Int]?
        if let node = object["rates"] {
            let items = try node.arrayItems()
            guard !items.isEmpty else {
                throw DataFileError("\"rates\" lists the speaking rates the expectation is about (words a minute, such as [175]); it cannot be empty", at: node.location)
            }
            rates = try items.map { item in
                let rate = try item.intValue()
                guard VoiceProfile.rateRange.contains(rate) else {
                    throw DataFileError("a rate is in words a minute, from \(VoiceProfile.rateRange.lowerBound) to \(VoiceProfile.rateRange.upperBound); found \(rate)", at: item.location)
                }
                return rate
            }
        }
        _ = try object.string("note")
        if case .expect(let expectation) = action, expectation.isWholeRun,
           let timed = object["at"] ?? object["after"] {
            throw DataFileError("\"\(object.has("at") ? "at" : "after")\" has no meaning here: this expectation is about the whole run (every finding, every earcon), not a moment",
                                at: timed.location)
        }
        let timing: StepTiming
        if let at = object["at"] {
            if object.has("after") {
                throw DataFileError("give either \"at\" or \"after\", not both", at: object["after"]!.location)
            }
            timing = .at(try seconds(at))
        } else if let after = object["after"] {
            timing = .after(try seconds(after))
        } else if case .expect = action {
            timing = .withPrevious
        } else {
            timing = .whenIdle
        }
        var step = ScenarioStep(action: action, timing: timing, location: node.location)
        step.rates = rates
        if let auditNode = object["audit"] {
            if case .expect = action {
                throw DataFileError("an expectation changes nothing to audit: put \"audit\" on the step that changes the page", at: auditNode.location)
            }
            step.audit = StepAudit(rawValue: try ScenarioFile.enumName(auditNode, StepAudit.allCases.map(\.rawValue), what: "audit"))
        }
        if node.location.file != scenarioFile { step.fileLabel = (node.location.file as NSString).lastPathComponent }
        return step
    }

    /// A page step's action: `{"click": ID}`, `{"focus": ID}`, `{"type": TEXT, "into": ID}` (or
    /// without `into`: where the browser's focus is), `{"key": KEY}` or `{"run": SCRIPT}`
    /// (docs/web.md, "Scenarios on a page").
    mutating func pageAction(_ node: JSONNode) throws -> PageAction {
        let action = try node.singleAction(from: ["click", "focus", "type", "key", "run"], ignoring: ["into"], thing: "a page step",
                                           unknownWord: "page action")
        switch action.key {
        case "click":
            _ = try node.object(allowing: ["click"])
            return .click(try elementID(action.node))
        case "focus":
            _ = try node.object(allowing: ["focus"])
            return .focus(try elementID(action.node))
        case "type":
            let object = try node.object(allowing: ["type", "into"])
            return .type(try action.node.stringValue(), into: try object["into"].map { try elementID($0) })
        case "key":
            _ = try node.object(allowing: ["key"])
            let text = try action.node.stringValue()
            guard let key = PageKey(parsing: text) else {
                throw DataFileError(
                    "unknown key \"\(text)\": a key is one character or one of \(PageKey.namedKeys.joined(separator: ", ")), after any of the modifiers \(PageKey.Modifier.allCases.map { $0.rawValue + "+" }.joined(separator: ", "))",
                    at: action.node.location)
            }
            return .key(key)
        default:
            _ = try node.object(allowing: ["run"])
            return .run(try action.node.stringValue())
        }
    }

    /// An edit of the shown screen, or of the screen named by `"screen"`.
    func screenEdit(_ edit: ScreenEdit, _ object: JSONObjectFields) throws -> ScenarioAction {
        guard let node = object["screen"] else { return .edit(edit) }
        return .editScreen(edit, screen: try ScenarioFile.screenName(node, in: screens))
    }

    func seconds(_ node: JSONNode) throws -> Double {
        let value = try node.doubleValue()
        guard value >= 0, value.isFinite else {
            throw DataFileError("a time is in seconds and cannot be negative, found \(plainNumber(value))",
                                at: node.location)
        }
        guard value <= ScenarioFile.longestTimeline else {
            throw DataFileError("a time can be at most \(plainNumber(ScenarioFile.longestTimeline)) s (a day), found \(plainNumber(value))",
                                at: node.location)
        }
        return value
    }

    mutating func gesture(_ name: ScenarioGesture.Name, _ object: JSONObjectFields) throws -> ScenarioGesture {
        switch name {
        case .next: return .next
        case .previous: return .previous
        case .first: return .first
        case .last: return .last
        case .activate: return .activate(edits: try edits(object))
        case .escape: return .escape
        case .toggleFocusMode: return .toggleFocusMode
        case .space: return .space
        case .expandControl: return .expandControl
        case .collapseControl: return .collapseControl
        case .increment: return .increment
        case .decrement: return .decrement
        case .touch:
            return .touch(x: try object.requiredDouble("x"), y: try object.requiredDouble("y"))
        case .scroll:
            var direction = ScenarioGesture.ScrollDirection.up
            if let node = object["direction"] {
                direction = try node.enumValue(ScenarioGesture.ScrollDirection.self, what: "scroll direction")
            }
            return .scroll(direction: direction, text: try object.requiredString("text"))
        case .readAll: return .readAll(fromTop: try object.bool("fromTop") ?? false)
        case .customAction:
            return .customAction(name: try object.requiredString("name"), edits: try edits(object))
        case .nextColumn, .previousColumn, .nextRow, .previousRow:
            return .tableMove(name.tableMove!)
        default:
            // Every other name is a jump (`Name.jump`): Tab and quick navigation.
            let (target, forward) = name.jump!
            return .jump(target, forward: forward)
        }
    }

    /// The `changes` of an activation: edit objects applied before the re-read.
    mutating func edits(_ object: JSONObjectFields) throws -> [ScreenEdit] {
        try (object.array("changes") ?? []).map { node in
            guard case .object(let members) = node.value else { throw node.typeError(expected: "a change object") }
            let key = members.first { ["change", "insert", "remove"].contains($0.key) }?.key
            switch key {
            case "change": return try edit(try node.object(allowing: ["change"] + ScenarioFile.changeKeys))
            case "insert": return try edit(try node.object(allowing: ["insert", "into", "index"]))
            case "remove": return try edit(try node.object(allowing: ["remove"]))
            default:
                throw DataFileError("a change needs one of: change, insert, remove", at: node.location)
            }
        }
    }

    mutating func edit(_ object: JSONObjectFields) throws -> ScreenEdit {
        if let id = object["remove"] { return .remove(id: try elementID(id)) }
        if let element = object["insert"] {
            let (node, locations) = try ScreenFile.elementLocating(element)
            StepDecoder.collectIDs([node], into: &knownIDs)
            insertedLocations.merge(locations) { first, _ in first }
            let parent = try object["into"].flatMap { $0.isNull ? nil : try elementID($0) }
            var index: Int?
            if let indexNode = object["index"] {
                index = try indexNode.intValue()
                guard index! >= 0 else {
                    throw DataFileError("\"index\" counts from 0, found \(index!)", at: indexNode.location)
                }
            }
            return .insert(node, parent: parent, index: index)
        }
        let id = try elementID(try object.required("change"))
        return .change(id: id, try elementChange(object, what: "\"change\""))
    }

    /// The property keys of a `change` step (or a `set` behaviour): at least one.
    func elementChange(_ object: JSONObjectFields, what: String) throws -> ElementChange {
        var change = ElementChange()
        func text(_ key: String) throws -> String?? {
            guard let node = object[key] else { return nil }
            return node.isNull ? .some(nil) : .some(try node.stringValue())
        }
        change.label = try text("label")
        change.value = try text("value")
        change.hint = try text("hint")
        change.text = try text("text")
        change.traits = try traits(object["traits"])
        change.addTraits = try traits(object["addTraits"]) ?? []
        change.removeTraits = try traits(object["removeTraits"]) ?? []
        change.hidden = try object.bool("hidden")
        change.on = try object.bool("on")
        change.toggled = try object.bool("toggled")
        change.adjustableIndex = try object.int("adjustableIndex")
        guard ScenarioFile.changeKeys.contains(where: object.has) else {
            throw DataFileError("\(what) needs at least one of: \(ScenarioFile.changeKeys.joined(separator: ", "))",
                                at: object.location)
        }
        return change
    }

    func traits(_ node: JSONNode?) throws -> AccessibilityTraits? {
        guard let node, !node.isNull else { return nil }
        var traits = AccessibilityTraits()
        for item in try node.arrayItems() { traits.insert(AccessibilityTraits(try parseTraitName(item))) }
        return traits
    }

    mutating func notification(_ name: PostedNotification.Name, _ object: JSONObjectFields) throws -> PostedNotification {
        switch name {
        case .announceForAccessibility:
            return .announceForAccessibility(try object.requiredString("text"))
        case .liveRegion:
            var assertive = false
            if let mode = object["mode"] {
                assertive = try ScenarioFile.enumName(mode, ["polite", "assertive"], what: "live region mode") == "assertive"
            }
            return .liveRegion(try object.requiredString("text"), assertive: assertive)
        case .paneTitle:
            return .paneTitle(try object.requiredString("text"))
        case .announcement:
            var priority = SpeechPriority.default
            if let node = object["priority"] {
                priority = SpeechPriority(rawValue: try ScenarioFile.enumName(
                    node, SpeechPriority.allCases.map(\.rawValue), what: "priority"))!
            }
            return .announcement(try object.requiredString("text"), priority: priority,
                                 queued: try object.bool("queue") ?? false,
                                 attributes: try SpeechAttributes.decode(object, withLanguage: true))
        case .screenChanged:
            let screen = try object["screen"].flatMap { $0.isNull ? nil : try ScenarioFile.screenName($0, in: screens) }
            if let text = try object.string("text") {
                if let element = object["element"], !element.isNull {
                    throw DataFileError("screenChanged takes an element or a text, not both", at: element.location)
                }
                return .screenChangedText(text, screen: screen)
            }
            let element = try object["element"].flatMap { $0.isNull ? nil : try elementID($0) }
            return .screenChanged(element: element, screen: screen)
        case .layoutChanged:
            if let element = object["element"], !element.isNull {
                if object.has("text") {
                    throw DataFileError("layoutChanged takes an element or a text, not both", at: element.location)
                }
                return .layoutChangedElement(try elementID(element))
            }
            if let text = try object.string("text") { return .layoutChangedText(text) }
            return .layoutChangedNil
        case .pageScrolled:
            return .pageScrolled(try object.requiredString("text"))
        }
    }

    mutating func expectation(_ node: JSONNode) throws -> Expectation {
        let object = try node.object(allowing: ScenarioFile.expectKeys)
        let kinds = ScenarioFile.expectKinds.filter(object.has)
        guard kinds.count == 1 else {
            let message = kinds.isEmpty
                ? "an expectation needs one of: spoken, text (with fate), earcon, focus, announcementDidFinish, finding, noFinding, findings, earcons"
                : "an expectation checks one thing: found both \"\(kinds[0])\" and \"\(kinds[1])\""
            throw DataFileError(message, at: node.location)
        }
        if let elements = object["elements"], kinds[0] != "finding" {
            throw DataFileError("\"elements\" goes with \"finding\"", at: elements.location)
        }
        var fate: FateExpectation?
        if let fateNode = object["fate"] {
            let kind = try ScenarioFile.enumName(fateNode, FateExpectation.Kind.allCases.map(\.rawValue), what: "fate")
            fate = FateExpectation(FateExpectation.Kind(rawValue: kind)!)
        }
        if let reasonNode = object["reason"] {
            guard fate?.kind == .dropped else {
                throw DataFileError("\"reason\" goes with \"fate\": \"dropped\" (a drop reason code)",
                                    at: reasonNode.location)
            }
            fate?.reason = try ScenarioFile.enumName(reasonNode, DropReason.Code.names, what: "drop reason")
        }
        switch kinds[0] {
        case "spoken":
            return .spoken(try object.requiredString("spoken"), fate: fate)
        case "text":
            guard let fate else {
                throw DataFileError("\"text\" needs \"fate\": \"spoken\", \"cut\" or \"dropped\"", at: node.location)
            }
            return .utterance(try object.requiredString("text"), fate: fate)
        default:
            if let extra = object["fate"] {
                throw DataFileError("\"fate\" goes with \"spoken\" or \"text\"", at: extra.location)
            }
            switch kinds[0] {
            case "earcon":
                let name = try ScenarioFile.enumName(object["earcon"]!, ScreenReaders.earconNames.map(\.rawValue),
                                                     what: "earcon")
                return .earcon(EarconName(name))
            case "focus":
                return .focus(try elementID(object["focus"]!))
            case "finding":
                let elements = try (object.array("elements") ?? []).map { try elementID($0) }
                return .finding(try object["finding"]!.enumValue(FindingCode.self, what: "finding code"),
                                elements: elements)
            case "noFinding":
                return .noFinding(try object["noFinding"]!.enumValue(FindingCode.self, what: "finding code"))
            case "findings":
                return .findings(try object["findings"]!.arrayItems().map {
                    try $0.enumValue(FindingCode.self, what: "finding code")
                })
            case "earcons":
                guard case .object(let members) = object["earcons"]!.value, !members.isEmpty else {
                    throw DataFileError("\"earcons\" is an object of earcon names and counts, e.g. {\"screenChanged\": 2}",
                                        at: object["earcons"]!.location)
                }
                return .earcons(try members.map { member in
                    let name = try ScenarioFile.enumName(JSONNode(.string(member.key), at: member.keyLocation),
                                                         ScreenReaders.earconNames.map(\.rawValue),
                                                         what: "earcon")
                    let count = try member.node.intValue()
                    guard count >= 0 else {
                        throw DataFileError("an earcon count cannot be negative, found \(count)", at: member.node.location)
                    }
                    return EarconCount(EarconName(name), count)
                })
            default:
                let report = try object["announcementDidFinish"]!.object(allowing: ["text", "wasSuccessful"])
                guard let success = try report.bool("wasSuccessful") else {
                    throw DataFileError("missing required key \"wasSuccessful\"", at: report.location)
                }
                return .announcementDidFinish(try report.requiredString("text"), wasSuccessful: success)
            }
        }
    }
}

extension ScenarioFile {
    /// A string that must be one of `valid`; anything else is an error with a suggestion.
    static func enumName(_ node: JSONNode, _ valid: [String], what: String) throws -> String {
        let name = try node.stringValue()
        if valid.contains(name) { return name }
        throw DataFileError(NameSuggestion.unknown(what, name, in: valid), at: node.location)
    }
}
