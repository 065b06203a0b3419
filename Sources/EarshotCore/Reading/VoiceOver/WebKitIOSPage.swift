import Foundation

/// A web page as WebKit on iOS hands it to VoiceOver (docs/mobile-web.md A1–A3), as the stops
/// VoiceOver's swipe visits, in document order (not the app rule of frames):
///
/// - **Stops** (`determineIsAccessibilityElement`): controls, images, links, list markers
///   with text, headings, separators, and runs of text that are not white space. A link or a
///   heading whose content is text is one stop with its name (WebKit makes the text the stop
///   and gives it the link's or heading's trait; the words are the same); otherwise its
///   children are the stops and carry its trait (`_accessibilityTraitsFromAncestors`). A table
///   cell whose content is text is one stop. Containers (landmarks, lists, tables, groups,
///   forms, dialogs, live regions) are never stops.
/// - **Traits** (`accessibilityTraits`) on each stop, so the rotor finds what it looks for:
///   link, header, button, text field, search field, pop-up button, image, adjustable, tab,
///   selected, not enabled.
/// - **Words** in VoiceOver's web order (A2): label, value, dimmed, `aria-current`, the role
///   word, the states (checked, expanded, pressed, required, invalid), the position, the cell's
///   spans and place, the container words (list start and end, table start with its size, table end);
///   the landmark words when a swipe enters the landmark (`VoiceOverWebFacts.landmarks`), then
///   the hint.
enum WebKitIOSPage {
    static func stops(of screen: Screen, words: VoiceOverWebWords) -> [FocusStop] {
        var builder = Builder(words: words)
        for root in screen.roots { builder.walk(root, Context(language: screen.language)) }
        builder.addContainerWords()
        return builder.stops
    }

    struct Context {
        var language: String?
        var link: WebElement?
        var heading: WebElement?
        var lists: [String] = []
        var tables: [Table] = []
        var landmarks: [VoiceOverWebFacts.Landmark] = []
        /// The table cell around a stop that is not the cell itself (a link in a cell): WebKit
        /// gives it the cell's row, column and headers (`tableCellParent`, read by
        /// `accessibilityRowRange`, `accessibilityColumnRange`, `accessibilityHeaderElements`).
        var cell: WebElement?
    }

    /// A table around a stop: its size, and its name when VoiceOver says it before the first
    /// cell (a name not read already as a caption's text, A2).
    struct Table {
        var id: String
        var size: WebTableSize?
        var name: String?
    }

    struct Builder {
        let words: VoiceOverWebWords
        var stops: [FocusStop] = []
        /// The lists and tables around each stop, innermost last, and each table's size.
        var lists: [[String]] = []
        var tables: [[Table]] = []

        mutating func walk(_ node: AccessibilityNode, _ outer: Context) {
            var context = outer
            context.language = node.language ?? outer.language
            guard let web = node.web else {
                node.children.forEach { walk($0, context) }
                return
            }
            let role = web.role
            if role.isDocument || role.isListMarker && !Self.isSaidMarker(web.name) {
                if !role.isListMarker { node.children.forEach { walk($0, context) } }
                return
            }
            if Self.isStop(node, web) {
                add(node, web, context)
                return
            }
            if role.isList || role == .listBox { context.lists.append(node.id) }
            if role.isTable {
                // A caption is read as a stop of its own: its text is not said again.
                let captioned = node.children.contains { $0.web?.role == .caption }
                context.tables.append(Table(id: node.id, size: web.tableSize, name: captioned ? nil : Self.nonBlank(web.name)))
            }
            if role.isTableCell { context.cell = web }
            if web.isLandmark, let word = words.landmarks[String(describing: role)] {
                let name = Self.nonBlank(web.name)
                let said = [name, word, words.word("landmark")].compactMap { $0 }
                let end = [words.word("landmarkEnd"), name, word].compactMap { Self.nonBlank($0) }
                context.landmarks.append(.init(id: node.id, words: said.joined(separator: words.separator),
                                               endWords: end.joined(separator: words.separator)))
            }
            if role == .link { context.link = web }
            if role == .heading { context.heading = web }
            node.children.forEach { walk($0, context) }
        }

        /// A node VoiceOver stops on by itself, its children said in its label.
        static func isStop(_ node: AccessibilityNode, _ web: WebElement) -> Bool {
            let role = web.role
            if role.isListMarker { return isSaidMarker(web.name) }
            if role.isText { return hasWord(web.name) }
            if role.isPressable || role.isTextEntry || role.isImage || role == .slider || role == .separator
                || role == .progressBar || role == .meter || role == .listBox && node.children.isEmpty {
                return true
            }
            if role == .link || role == .heading || role.isTableCell {
                return node.children.isEmpty ? hasWord(web.name) : allText(node) && hasWord(web.name ?? textContent(node))
            }
            return false
        }

        static func allText(_ node: AccessibilityNode) -> Bool {
            node.children.allSatisfy { child in
                guard let web = child.web else { return false }
                return web.role.isText || web.role == .lineBreak || (web.role == .generic || web.role == .paragraph) && allText(child)
            }
        }

        static func textContent(_ node: AccessibilityNode) -> String? {
            var runs = ""
            func collect(_ node: AccessibilityNode) {
                if let web = node.web, web.role.isText, let name = web.name { runs += name; return }
                node.children.forEach(collect)
            }
            node.children.forEach(collect)
            return nonBlank(runs.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }

        static func hasWord(_ text: String?) -> Bool { nonBlank(text) != nil }

        /// A list marker with a letter or a digit ("1.", "a.") is said; a bullet is not
        /// (Earshot's choice).
        static func isSaidMarker(_ text: String?) -> Bool { text?.contains { $0.isLetter || $0.isNumber } == true }

        static func nonBlank(_ text: String?) -> String? {
            guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
            return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }

        mutating func add(_ node: AccessibilityNode, _ web: WebElement, _ context: Context) {
            let role = web.role
            var traits: AccessibilityTraits = []
            var said: [String] = []
            var states: [String] = []
            let label = Self.nonBlank(web.name) ?? Self.textContent(node)
            var value: String?
            var hint: [String] = []
            let link = role == .link ? web : context.link
            let heading = role == .heading ? web : context.heading
            if web.flag("disabled") { traits.insert(.notEnabled); said.append(words.word("dimmed")) }
            if let current = web.text("current"), current != "false" {
                let key = ["page": "currentPage", "step": "currentStep", "location": "currentLocation",
                           "date": "currentDate", "time": "currentTime"][current] ?? "current"
                said.append(words.word(key))
            }
            if let link {
                traits.insert(.link)
                if link.flag("visited") { said.append(words.word("visited")) }
                said.append(words.word("link"))
            }
            let checked = web.checked
            switch role {
            case .button:
                traits.insert(.button)
                if let pressed = web.pressed, pressed != .mixed {
                    said.append(words.word("toggleButton"))
                    states.append(words.word(pressed == .checked ? "pressed" : "notPressed"))
                } else if let popUp = web.text("hasPopup"), popUp != "false" {
                    traits.insert(.popUpButton)
                    said.append(words.word("popUpButton"))
                    // The pop-up's kind after the role, as recorded ("action, popup button,
                    // menu popup"; `true` is a menu).
                    if let kind = words.popUpKinds[popUp] { states.append(words.word(kind)) }
                } else {
                    said.append(words.word("button"))
                }
            case .checkBox, .menuItemCheckBox:
                traits.insert(.button)
                said.append(words.word(role == .checkBox ? "checkBox" : "menuItem"))
                states.append(words.word(checked == .checked ? "checked" : checked == .mixed ? "mixed" : "unchecked"))
            case .radio, .menuItemRadio:
                traits.insert(.button)
                said.append(words.word(role == .radio ? "radioButton" : "menuItem"))
                states.append(words.word(checked == .checked ? "checked" : "unchecked"))
            case .switch:
                traits.insert(.switch)
                said.append(words.word("switch"))
                states.append(words.word(checked == .checked ? "on" : "off"))
            case .textBox where web.isPassword:
                // A secure text field: its value is one bullet per character
                // (`accessibilityValue`), which VoiceOver says as their count (recorded:
                // "enter a fake password, 3 characters, secure text field").
                traits.insert(.secureTextField)
                let count = web.value?.count ?? 0
                value = count == 0 ? nil : words.word(count == 1 ? "characterOne" : "characters", ["count": count])
                said.append(words.word("secureTextField"))
                hint.append(words.word("editHint"))
            case .textBox, .searchBox, .spinButton:
                traits.insert(role == .searchBox ? .searchField : .textField)
                value = Self.nonBlank(web.value)
                said.append(words.word(role == .searchBox ? "searchField" : "textField"))
                hint.append(words.word("editHint"))
            case .comboBox:
                if web.tag == "select" {
                    traits.insert(.popUpButton)
                    value = Self.nonBlank(web.value)
                    said.append(words.word("popUpButton"))
                } else {
                    traits.insert(.textField)
                    value = Self.nonBlank(web.value)
                    said.append(words.word("comboBox"))
                    hint.append(words.word("editHint"))
                }
            case .image: traits.insert(.image); said.append(words.word("image"))
            case .slider: traits.insert(.adjustable); value = web.value; said.append(words.word("adjustable"))
            case .tab: traits.insert(.tab); said.append(words.word("tab"))
            case .menuItem: traits.insert(.button); said.append(words.word("menuItem"))
            default: break
            }
            if role != .link, link == nil, heading == nil, role.isPressable || role.isTextEntry, traits.isEmpty { traits.insert(.button) }
            if let heading {
                traits.insert(.header)
                said.append(words.word("heading", ["level": heading.level ?? words.defaultHeadingLevel]))
            }
            if web.flag("selected"), role == .tab || role == .option {
                traits.insert(.selected)
                states.append(words.word("selected"))
            }
            if let expanded = web.expanded { states.append(words.word(expanded ? "expanded" : "collapsed")) }
            if web.flag("required") { states.append(words.word("required")) }
            if let invalid = web.text("invalid"), invalid != "false" {
                states.append(words.word(invalid == "spelling" ? "invalidSpelling" : invalid == "grammar" ? "invalidGrammar" : "invalid"))
                if let message = Self.nonBlank(web.errorMessage) { states.append(message) }
            }
            if role == .radio, let count = web.integer("setsize"), count >= 2, let index = web.integer("posinset") {
                states.append(words.word("position", ["index": index, "count": count]))
            }
            var cellWords: [String] = []
            var cellLabel = label
            let cellElement = web.tableCell != nil ? web : context.cell
            if let cellElement, let cell = cellElement.tableCell {
                let role = cellElement.role
                if role.isRowHeader { cellWords.append(words.word("rowHeader")) }
                if role.isColumnHeader { cellWords.append(words.word("columnHeader")) }
                if !role.isColumnHeader, let header = Self.nonBlank(cell.columnHeader), header != label {
                    cellLabel = [header, label].compactMap { $0 }.joined(separator: words.separator)
                }
                // A cell that spans says so before its place, which is its first row and column
                // (`accessibilityRowRange` / `accessibilityColumnRange`: the range's location and
                // length; recorded: "Name, Married, spans 3 columns, row 5, column 1", A2).
                if cell.rowSpan > 1 { cellWords.append(words.word("rowSpan", ["count": cell.rowSpan])) }
                if cell.columnSpan > 1 { cellWords.append(words.word("columnSpan", ["count": cell.columnSpan])) }
                cellWords.append(words.word("row", ["row": cell.row]))
                cellWords.append(words.word("column", ["column": cell.column]))
            }
            if let description = Self.nonBlank(web.description) { hint.insert(description, at: 0) }
            var facts = VoiceOverWebFacts(web: web, words: said, states: states, place: cellWords,
                                          landmarks: context.landmarks, isHeading: heading != nil,
                                          headingLevel: heading.map { $0.level ?? words.defaultHeadingLevel })
            facts.index = stops.count
            stops.append(FocusStop(id: node.id, kind: node.kind, label: cellLabel, value: value,
                                   hint: hint.isEmpty ? nil : hint.joined(separator: " "), traits: traits,
                                   frame: node.frame ?? .zero, language: context.language, speech: node.speech,
                                   groupIDs: context.landmarks.map(\.id) + context.lists + context.tables.map(\.id),
                                   readerFacts: facts))
            lists.append(context.lists)
            tables.append(cellElement == nil ? [] : context.tables)
        }

        /// List start and end on a list's first and last stops, table start with its size and
        /// table end on a table's (A2).
        mutating func addContainerWords() {
            var firstOf: [String: Int] = [:]
            var lastOf: [String: Int] = [:]
            for (index, ids) in zip(lists.indices, zip(lists, tables)) {
                for id in ids.0 + ids.1.map(\.id) {
                    if firstOf[id] == nil { firstOf[id] = index }
                    lastOf[id] = index
                }
            }
            for index in stops.indices {
                guard var facts = stops[index].readerFacts as? VoiceOverWebFacts else { continue }
                for id in lists[index] {
                    if firstOf[id] == index { facts.containers.append(words.word("listStart")) }
                    if lastOf[id] == index { facts.containers.append(words.word("listEnd")) }
                }
                for table in tables[index] {
                    if firstOf[table.id] == index {
                        if let name = table.name { facts.before.append(name) }
                        facts.containers.append(words.word("tableStart"))
                        if let size = table.size {
                            facts.containers.append(words.word("tableSize", ["rows": size.rows, "columns": size.columns]))
                        }
                    }
                    if lastOf[table.id] == index { facts.containers.append(words.word("tableEnd")) }
                }
                stops[index].readerFacts = facts
            }
        }
    }
}

/// What VoiceOver knows of a page's stop beyond its label, value and traits (`WebKitIOSPage`).
public struct VoiceOverWebFacts: ReaderStopFacts, Equatable {
    /// A landmark around the stop: its id and what entering it says ("Site, main, landmark").
    public struct Landmark: Sendable, Equatable {
        public var id: String
        public var words: String
        /// What swiping back into it from after it says ("end, Site, main", recorded).
        public var endWords: String = ""
    }

    public var web: WebElement
    /// Dimmed, current, visited, the role's word, in order.
    public var words: [String]
    /// Checked, selected, expanded, pressed, required, invalid, the position.
    public var states: [String]
    /// A cell's header words and its row and column.
    public var place: [String]
    public var landmarks: [Landmark]
    public var isHeading: Bool
    public var headingLevel: Int?
    /// List start and end, table start with its size, table end.
    public var containers: [String] = []
    /// Said before the label: a named table's name on its first cell.
    public var before: [String] = []
    /// The stop's place in the page's swipe order (which way a swipe entered a landmark).
    public var index = 0
}
