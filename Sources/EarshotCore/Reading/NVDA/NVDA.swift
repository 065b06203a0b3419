import Foundation

/// NVDA, the Windows screen reader, reading a web page in browse mode, as Earshot plays it
/// (docs/web.md): its items in document order, what it says for each in its own words
/// (`NVDAVocabulary`, from NVDA's sources and translations), and the containers it announces
/// as the reading enters and leaves them (lists, landmarks, dialogs).
///
/// A page's nodes carry Chromium's facts (`AccessibilityNode.web`); NVDA claims every screen
/// read from a page, and refuses a screen with none.
public struct NVDA: ScreenReader {
    public static let name = ScreenReaderName("nvda")
    public static let title = "NVDA"

    public let words: NVDAVocabulary
    /// Whether a switch between browse mode and focus mode plays its sound (NVDA's
    /// `passThroughAudioIndication`, on by default) rather than saying its words.
    public let modeSounds: Bool

    public init(words: NVDAVocabulary, modeSounds: Bool = true) {
        self.words = words
        self.modeSounds = modeSounds
    }

    /// NVDA with the profile's words and its mode sounds (`nvdaSounds`); a profile naming no
    /// sound set has NVDA say the modes' words (**Earshot's choice**: no sound to play).
    public init(profile: VoiceProfile) throws {
        var words = try profile.nvdaWords()
        words.typing.symbols = try profile.nvdaSymbols()
        self.init(words: words, modeSounds: try NVDASoundSet.load(profile: profile)?.audioIndication ?? false)
    }

    /// The mode sounds, when the profile names a sound set (`nvdaSounds`).
    public static func soundSet(in profile: VoiceProfile) throws -> [EarconDefinition] {
        try NVDASoundSet.load(profile: profile)?.earcons ?? []
    }

    public static var soundNames: [EarconName] { EarconName.nvda }

    /// A web page is NVDA's.
    public static func claims(_ screen: Screen) -> Bool { screen.isWebPage }

    public static func refusal(toRead screen: Screen, called name: String) -> String? {
        screen.isWebPage ? nil
            : "needs a web page: NVDA reads a page's accessibility tree (an .html file, a URL or a saved .axtree.json), and \(name) is none"
    }

    /// NVDA activates an element by its default action, not by a click where it is drawn: browse
    /// mode's Enter and space call the object's `doAction` (Chromium performs the action on the
    /// element itself), and only when that fails does NVDA click the middle of its location with
    /// the mouse (`Gecko_ia2._activateNVDAObject` in source/virtualBuffers/gecko_ia2.py, which
    /// Chromium's `ChromeVBuf` inherits). So what is drawn over an element does not take NVDA's
    /// activation (`focus.covered` still judges it: keyboard focus there is hidden).
    public func activatesByTouch(_ stop: FocusStop) -> Bool { false }

    public func stops(of screen: Screen) -> [FocusStop] { NVDAOrder(speech: NVDASpeech(words: words)).stops(of: screen) }

    public func describe(_ stop: FocusStop, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription {
        guard let facts = stop.nvda else { return generator.describeWithProfileWords(stop) }
        let speech = NVDASpeech(words: words)
        var parts: [SpokenPart] = []
        let left = previous.flatMap { $0.id == stop.id ? nil : $0.nvda?.web }
        parts += speech.containerChanges(from: previous?.nvda?.containers ?? [], to: facts.containers, leaving: left)
        let previousText = previous.flatMap { $0.nvda?.web.isText == true ? $0.label : nil }
        parts += speech.cellChange(from: previous?.nvda, to: facts)
        if let marker = facts.marker { parts.append(SpokenPart(slot: "label", text: marker)) }
        parts += speech.item(facts.web, text: stop.label, attributes: stop.speech, previousText: previousText)
        return speech.description(parts, language: stop.language)
    }

    /// The stops of the stop's line in browse mode (docs/web.md, section b; `NVDALines`): the
    /// stops around it that the walk gave the same line.
    public func line(around index: Int, in stops: [FocusStop]) -> Range<Int>? {
        guard stops.indices.contains(index), let line = stops[index].nvda?.line else { return nil }
        var start = index
        while start > 0, stops[start - 1].nvda?.line == line { start -= 1 }
        var end = index + 1
        while end < stops.count, stops[end].nvda?.line == line { end += 1 }
        return start..<end
    }

    /// A line as `getTextInfoSpeech` says it with reason caret (docs/web.md, section b): each
    /// stop's fields and text in order, the first reached from the focused `previous` (the
    /// containers left and entered since the line before), the others from the stop before them.
    public func describeLine(_ line: ArraySlice<FocusStop>, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription {
        var parts: [SpokenPart] = []
        var before = previous
        for stop in line {
            // The page's runs keep their spaces ("Read our ", " before you buy."); the parts are
            // joined with one space (`NVDASpeech.separator`), so a run's own go.
            for var part in describe(stop, after: before, by: generator).parts {
                part.text = part.text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !part.text.isEmpty { parts.append(part) }
            }
            before = stop
        }
        return NVDASpeech(words: words).description(parts, language: line.first?.language)
    }

    /// What Tab and quick navigation find (docs/web.md, sections c and d): Tab a focusable
    /// element (`WebElement.isFocusable`), D the first item inside a landmark or named region
    /// the item before it is outside of, T, L, M and Q likewise the first item inside a table,
    /// list, frame or block quote, I a list item's first item or an option, E an edit or the
    /// root of an editable field, the other keys an item whose NVDA role their
    /// `facts.quickNavigation` entry finds (a document list, READONLY, is no form field).
    public func isJumpTarget(_ stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?) -> Bool {
        guard let facts = stop.nvda else { return target.matchesTraits(of: stop) }
        let speech = NVDASpeech(words: words)
        let finds = words.quickNavigation[target.rawValue]?.finds ?? []
        func isFound(_ web: WebElement) -> Bool { speech.role(web).map(finds.contains) == true }
        switch target {
        case .focusable:
            return facts.web.isInTabOrder
        case .landmark:
            let before = Set(previous?.nvda?.containers.map(\.id) ?? [])
            return facts.containers.contains { speech.isLandmark($0.web) && !before.contains($0.id) }
        case .table:
            let before = Set(previous?.nvda?.containers.map(\.id) ?? [])
            return facts.containers.contains { speech.isTable($0.web) && !before.contains($0.id) }
        case .list, .frame, .blockQuote:
            return entered(facts, after: previous).contains { isFound($0.web) }
        case .listItem:
            return isFound(facts.web) || entered(facts, after: previous).contains { isFound($0.web) }
        case .edit:
            return isFound(facts.web) || facts.isEditableRoot
        case .heading, .formField, .link, .button, .checkBox, .separator, .radioButton, .comboBox, .graphic:
            return isFound(facts.web) && !speech.isReadOnly(facts.web)
        case .notLinkBlock:
            // A gap between links, not an item: `jumpDestination` finds it.
            return false
        }
    }

    /// N and shift+N (`qn("notLinkBlock", key="n", …)`, browseMode.py at 0057dd93;
    /// `VirtualBuffer._iterNotLinkBlock`, virtualBuffers/__init__.py): the links K finds, taken
    /// two by two from the reading onwards (forward: the links after the reading's item; back:
    /// those before it, nearest first), and the first pair with more than `minLength` (30)
    /// characters of text between them; the reading lands where the first link ends, on the item
    /// after it (back: after the earlier link of the pair). The text counted is each item's own
    /// (a list item's marker with it), **Earshot's reading** of NVDA's buffer offsets. The other
    /// keys search item by item.
    public func jumpDestination(_ target: NavigationTarget, forward: Bool, from focused: Int?, in stops: [FocusStop]) -> Int? {
        guard target == .notLinkBlock else { return nextJumpTarget(target, forward: forward, from: focused, in: stops) }
        guard let least = words.quickNavigation[target.rawValue]?.minLength else { return nil }
        let links = stops.indices.filter { isJumpTarget(stops[$0], .link, after: nil) }
        func textLength(between first: Int, and second: Int) -> Int {
            stops[(first + 1)..<second].reduce(0) { total, stop in
                total + (stop.nvda?.marker?.count ?? 0) + (stop.label?.count ?? 0)
            }
        }
        let pairs = zip(links, links.dropFirst()).filter { first, second in
            second > first + 1 && textLength(between: first, and: second) > least
        }
        if forward {
            return pairs.first { first, _ in focused.map { first > $0 } ?? true }.map { $0.0 + 1 }
        }
        return pairs.last { _, second in focused.map { second < $0 } ?? true }.map { $0.0 + 1 }
    }

    /// The nodes around the stop, announced or only found, that the stop before it is outside
    /// of, outermost first.
    private func entered(_ facts: NVDAStopFacts, after previous: FocusStop?) -> [NVDAContainer] {
        let before = Set((previous?.nvda).map { ($0.containers + $0.foundAncestors).map(\.id) } ?? [])
        return (facts.containers + facts.foundAncestors).filter { !before.contains($0.id) }
    }

    /// Tab says the focused element as focus does (section c), after the dialogs, named
    /// groupings and landmarks it entered; quick navigation says the item with reason quick
    /// navigation (section d), after every container it entered; D says the landmark it lands
    /// in even when the reading was already inside it (going back to its start), then its first item.
    public func describeJump(to stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?,
                             by generator: DescriptionGenerator) -> SpokenDescription {
        guard let facts = stop.nvda else { return generator.describeWithProfileWords(stop) }
        let speech = NVDASpeech(words: words)
        let before = previous?.nvda?.containers ?? []
        var parts = speech.containersEntered(from: before, to: facts.containers, onlyNamedGroupings: target == .focusable)
        if target == .landmark, let landmark = facts.containers.last(where: { speech.isLandmark($0.web) }),
           before.contains(where: { $0.id == landmark.id }), let said = speech.entering(landmark, withName: true) {
            parts.insert(SpokenPart(slot: "container", text: said), at: 0)
        }
        if target == .table, let table = facts.containers.last(where: { speech.isTable($0.web) }),
           before.contains(where: { $0.id == table.id }), let said = speech.entering(table, withName: true) {
            parts.insert(SpokenPart(slot: "container", text: said), at: 0)
        }
        // L, I, M and Q: the list, list item, frame or block quote found. One the reading was
        // already inside is said again, as T says its table; a list box, which browse mode does
        // not announce, is said as quick navigation says a field; a list item has no words of
        // its own (a layout field), its marker starts its line.
        let foundAround: NVDAContainer?
        switch target {
        case .list, .listItem, .frame, .blockQuote:
            let finds = words.quickNavigation[target.rawValue]?.finds ?? []
            let isItself = speech.role(facts.web).map(finds.contains) == true
            foundAround = isItself ? nil : (facts.containers + facts.foundAncestors).last { container in
                speech.role(container.web).map(finds.contains) == true
            }
        default:
            foundAround = nil
        }
        if let found = foundAround {
            let announced = facts.containers.contains { $0.id == found.id }
            if announced, before.contains(where: { $0.id == found.id }), let said = speech.entering(found, withName: true) {
                parts.insert(SpokenPart(slot: "container", text: said), at: 0)
            } else if !announced, speech.role(found.web) != .listItem {
                parts += speech.quickNavigationItem(found.web, name: found.web.name, attributes: stop.speech)
            }
        }
        parts += speech.cellChange(from: previous?.nvda, to: facts)
        if foundAround != nil || target == .notLinkBlock, let marker = facts.marker {
            parts.append(SpokenPart(slot: "label", text: marker))
        }
        if target == .focusable {
            parts += speech.focus(facts.web, name: stop.label, attributes: stop.speech)
        } else if target == .table {
            // T reads the table's first line (`readUnit` line): its text as the line says it.
            parts += speech.item(facts.web, text: stop.label, attributes: stop.speech, previousText: nil)
        } else {
            parts += speech.quickNavigationItem(facts.web, name: stop.label, attributes: stop.speech)
        }
        if target == .notLinkBlock {
            // N lands in a run of text, whose own spaces go as a line's do ("before you buy. ").
            parts = parts.compactMap { part in
                var part = part
                part.text = part.text.trimmingCharacters(in: .whitespacesAndNewlines)
                return part.text.isEmpty ? nil : part
            }
        }
        return speech.description(parts, language: stop.language)
    }

    /// NVDA's table navigation (control+alt+arrows, `DocumentWithTableNavigation` in
    /// documentBase.py at 059ee3ed; `VirtualBuffer._getNearestTableCell` in
    /// virtualBuffers/__init__.py at 0057dd93), cells with spans included:
    ///
    /// - From the cell the reading is in (its first row and column, and its spans), unless the
    ///   last move went the same way and landed on this cell: then along a row the column (and
    ///   its span) that run of moves keeps, along a column its row (`_getTableCellCoordsCached`,
    ///   `_TableSelection`).
    /// - The place to go: the next row is the cell's row plus its row span, the next column its
    ///   column plus its column span; the previous row or column one before its first.
    /// - The cell there: one that starts at that place; else, looking from the reading's cell in
    ///   the table's order (forward for next, back for previous), the first cell that covers
    ///   it, a search forward stopping past the place's row. Moving to the next column onto a
    ///   place a cell of an earlier row spans into, NVDA then looks back but tests only the last
    ///   node that search passes, the table, whose cell is its last one (the test sits after the
    ///   loop, not in it), which cannot cover a place in an earlier row than its own: so it finds
    ///   no cell and says "Edge of table" (as nvaccess/nvda#14887 reports of such a table).
    /// - A cell found is said as the move into it says it (`_tableMovementScriptHelper`, reason
    ///   caret); none: "Edge of table", then the cell the reading stays in, read again; outside
    ///   a cell "Not in a table cell", focus staying. A cell with no item (an empty cell, which
    ///   NVDA renders as a space) cannot be landed on here: it counts as missing.
    public func tableMove(from stop: FocusStop?, _ direction: TableDirection, in stops: [FocusStop], track: TableTrack?) -> TableMove {
        guard let here = stop?.nvda?.cell, let index = stop.flatMap({ stop in stops.firstIndex { $0.id == stop.id } }) else {
            return .refused(words.fill("notInTableCell"))
        }
        // Each cell of the table once, at its first item, in document order.
        var cells: [(index: Int, cell: WebTableCell)] = []
        var seen = Set<String>()
        for (position, candidate) in stops.enumerated() {
            guard let cell = candidate.nvda?.cell, cell.tableID == here.tableID,
                  seen.insert("\(cell.row),\(cell.column)").inserted else { continue }
            cells.append((position, cell))
        }
        var cell = here
        if let track, track.byRow == direction.byRow, track.lastRow == here.row, track.lastColumn == here.column {
            // Down or up a column the column is kept, along a row the row.
            if direction.byRow {
                cell.column = track.column
                cell.columnSpan = track.columnSpan
            } else {
                cell.row = track.row
                cell.rowSpan = track.rowSpan
            }
        }
        var row = cell.row, column = cell.column
        switch direction {
        case .nextRow: row += cell.rowSpan
        case .previousRow: row -= 1
        case .nextColumn: column += cell.columnSpan
        case .previousColumn: column -= 1
        }
        // The first item of the reading's cell: where the searches start.
        let start = cells.last { $0.index <= index }?.index ?? index
        var found: (index: Int, cell: WebTableCell)?
        if column >= 1 {
            found = cells.first { $0.cell.row == row && $0.cell.column == column }
            if found == nil {
                if direction.forward {
                    for candidate in cells where candidate.index > start {
                        if candidate.cell.covers(row: row, column: column) { found = candidate; break }
                        if candidate.cell.row > row { break }
                    }
                } else {
                    found = cells.reversed().first { $0.index < start && $0.cell.covers(row: row, column: column) }
                }
            }
        }
        let landed = found?.cell ?? here
        let next = TableTrack(byRow: direction.byRow, lastRow: landed.row, lastColumn: landed.column,
                              row: direction.byRow ? landed.row : cell.row, rowSpan: direction.byRow ? landed.rowSpan : cell.rowSpan,
                              column: direction.byRow ? cell.column : landed.column,
                              columnSpan: direction.byRow ? cell.columnSpan : landed.columnSpan)
        guard let found else { return .edge(words.fill("edgeOfTable"), track: next) }
        return .to(found.index, track: next)
    }

    /// The key's "no next …" / "no previous …" template (`addQuickNav`;
    /// `facts.quickNavigation.keys.*.notFound`); Tab past the last focusable element says
    /// nothing (the browser's own controls are not played).
    public func jumpNotFound(_ target: NavigationTarget, forward: Bool, by generator: DescriptionGenerator) -> String? {
        guard let key = words.quickNavigation[target.rawValue], let template = forward ? key.noNext : key.noPrevious else { return nil }
        return words.fill(template)
    }

    /// NVDA's gestures by their keys in browse mode: the arrows move by line, control+home and
    /// control+end to the top and bottom, Tab and the quick navigation letters
    /// (`facts.quickNavigation`; shift goes back), Enter and space activate, NVDA+down arrow says
    /// all, NVDA+space switches between browse and focus mode, alt+down arrow and alt+up arrow
    /// expand and collapse a control.
    public func gestureName(_ gesture: ScenarioGesture) -> String? {
        switch gesture {
        case .next: "down arrow"
        case .previous: "up arrow"
        case .first: "control+home"
        case .last: "control+end"
        case .jump(.focusable, let forward): forward ? "tab" : "shift+tab"
        case .jump(let target, let forward): words.quickNavigation[target.rawValue].map { forward ? $0.key : "shift+" + $0.key }
        case .tableMove(let direction): "control+alt+" + direction.arrow
        case .activate: "enter"
        case .escape: "escape"
        case .toggleFocusMode: "NVDA+space"
        case .space: "space"
        case .expandControl: "alt+down arrow"
        case .collapseControl: "alt+up arrow"
        case .readAll(fromTop: false): "NVDA+down arrow"
        case .readAll(fromTop: true): "control+home, NVDA+down arrow"
        case .increment, .decrement, .touch, .scroll, .customAction: nil
        }
    }

    /// A character typed on the page (`speakTypedCharacters` in speech/speech.py at 00235ec1;
    /// `KeyboardInputGesture._get_speechEffectWhenExecuted` in keyboardHandler.py at 0057dd93):
    /// its key cuts the speech (`speechInterruptForCharacters`, on by default); a character from
    /// the space up is spelled when the echo is on where the focus is (`editControls`, the
    /// default: an edit, a document or an editable node that is not read only,
    /// `isFocusEditable`), as its symbol's name or itself (`processSpeechSymbol`), and a
    /// password field's characters as the protected character, "star". Typed words
    /// (`speakTypedWords`, off by default) are not played.
    public func typedCharacter(_ character: Character, after typed: String, focus: String?, in screen: Screen) -> TypedCharacterSpeech? {
        let typing = words.typing
        let web = focus.flatMap { screen.node($0)?.web }
        let printable = character.unicodeScalars.first.map { $0.value >= 0x20 && $0.value != 0x7F } ?? false
        let echoes: Bool = switch typing.characters {
        case .off: false
        case .always: true
        case .editControls: web.map(isEditable) ?? false
        }
        guard printable, echoes else { return TypedCharacterSpeech(echo: nil, interrupts: typing.interrupts) }
        let said = typing.spelled(web?.isPassword == true ? typing.protectedCharacter : character)
        return TypedCharacterSpeech(echo: said, interrupts: typing.interrupts)
    }

    /// NVDA's `isFocusEditable`: an edit, a document or a terminal, or a node with the EDITABLE
    /// state, and not read only. A page's own document is read only in Chromium unless the page
    /// made it editable, so here a document counts only as an editable node.
    private func isEditable(_ web: WebElement) -> Bool {
        let role = NVDASpeech(words: words).role(web)
        let editable = role == .editableText || role == .terminal || web.properties["editable"] != nil
        return editable && !web.flag("readonly")
    }

    /// NVDA says the states that changed on the focus (a check box: "checked").
    public func describeStateChange(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> String? {
        guard let old = before.nvda?.web, let new = after.nvda?.web else { return nil }
        let speech = NVDASpeech(words: words)
        let was = speech.stateWords(old), now = speech.stateWords(new)
        guard was != now else { return nil }
        let changed = now.filter { !was.contains($0) }
        return changed.isEmpty ? nil : changed.joined(separator: NVDASpeech.separator)
    }

    /// NVDA says nothing of its own when an item is activated (Enter or a click in browse
    /// mode): what the page does in answer is heard (a state change of the focus, a live region).
    public func describeActivation(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> ActivationSpeech {
        .newValue(SpokenDescription(parts: [], text: "", hint: nil, language: after.language))
    }

    /// NVDA's reading of a live region (docs/web.md, section e), at the priority its politeness
    /// has (`facts.liveRegions.priority`): a polite change at NORMAL (after everything queued),
    /// an assertive one at NEXT (after the utterance being spoken, ahead of the queue), neither
    /// cutting speech; an alert that appears is said with its role word and cancels speech
    /// (`facts.alerts.cancelsSpeech`).
    public func liveRegionSpeech(_ change: WebLiveRegions.Change, by generator: DescriptionGenerator) -> LiveRegionSpeech? {
        if change.isAlert {
            let said = (words.roles[.alert].map { $0 + NVDASpeech.separator } ?? "") + change.text
            return words.alertsCancelSpeech ? .interrupting(said) : .next(said)
        }
        switch words.liveRegionPriority[change.politeness] {
        case .now?: return .interrupting(change.text)
        case .next?: return .next(change.text)
        case .normal?, nil: return .inTurn(change.text)
        }
    }

    /// NVDA's timing: announcements do not give way to the user's gestures.
    public var speechRules: ReaderSpeechRules {
        ReaderSpeechRules(announcementsYieldToGestures: false)
    }

    /// A busy region's changes are not said, then or after: NVDA's live-region hook drops them
    /// (nvaccess/nvda issue 20871).
    public var busyLiveRegions: BusyLiveRegions { .drop }

    /// No earcons for activation or focus, whatever the profile has: a web page in browse mode
    /// plays none.
    public func sounds(in profile: VoiceProfile) throws -> ReaderSounds { ReaderSounds() }

    public func kindWords(for stop: FocusStop, by generator: DescriptionGenerator) -> (noun: String, words: [String]) {
        guard let web = stop.nvda?.web else { return generator.traitWords(for: stop) }
        let role = NVDASpeech(words: words).roleWord(web)
        return ("role", role.map { [$0] } ?? [])
    }
}

/// NVDA's facts about a stop it made (`FocusStop.readerFacts`).
public struct NVDAStopFacts: ReaderStopFacts, Equatable {
    /// Chromium's facts about the stop's node.
    public var web: WebElement
    /// The containers around the stop that NVDA announces, outermost first.
    public var containers: [NVDAContainer]
    /// The table cell the stop is in (its innermost), whose coordinates NVDA says as the
    /// reading enters it.
    public var cell: WebTableCell?
    /// The marker of the list item the stop starts ("•", "1."), the text NVDA's line has before it.
    public var marker: String?
    /// The nodes around the stop that browse mode does not announce but a quick navigation key
    /// finds (a list item, a list box), outermost first.
    public var foundAncestors: [NVDAContainer]
    /// Whether the stop is editable and its parent is not: the root of an editable field, which
    /// E finds (`Gecko_ia2._searchableAttribsForNodeType`, `edit`: IA2's EDITABLE state, not on
    /// the parent).
    public var isEditableRoot: Bool
    /// The browse-mode line the stop is on (`NVDALines`): stops next to each other with the same
    /// number share a line; nil, a line of its own.
    public var line: Int?

    public init(web: WebElement, containers: [NVDAContainer], cell: WebTableCell? = nil, marker: String? = nil,
                foundAncestors: [NVDAContainer] = [], isEditableRoot: Bool = false, line: Int? = nil) {
        self.web = web
        self.containers = containers
        self.cell = cell
        self.marker = marker
        self.foundAncestors = foundAncestors
        self.isEditableRoot = isEditableRoot
        self.line = line
    }
}

/// A container NVDA announces on the way in and out (a list, a landmark, a dialog).
public struct NVDAContainer: Sendable, Equatable {
    public var id: String
    public var web: WebElement
    /// A list's items.
    public var itemCount: Int?
    /// A table's rows and columns.
    public var tableSize: WebTableSize?

    public init(id: String, web: WebElement, itemCount: Int? = nil, tableSize: WebTableSize? = nil) {
        self.id = id
        self.web = web
        self.itemCount = itemCount
        self.tableSize = tableSize
    }
}

extension FocusStop {
    /// NVDA's facts, when NVDA made the stop.
    public var nvda: NVDAStopFacts? { readerFacts as? NVDAStopFacts }
}
