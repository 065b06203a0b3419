/// What NVDA says in browse mode for an item and for the containers the reading enters and
/// leaves, in the words of `NVDAVocabulary` (docs/web.md, section b, and "How Earshot reads").
struct NVDASpeech {
    let words: NVDAVocabulary

    /// NVDA hands each part to the synthesizer as a speech item of its own, and they are heard
    /// one after another; the transcript joins them with one space (Earshot's choice).
    static let separator = " "

    /// Roles whose field name comes first when the page's text does not say it (fields: an
    /// edit, a combo box, a slider, a spin button, a list box). **Earshot's reading** of how the
    /// virtual buffer renders a field (its backend was not read; docs/web.md, section b).
    static let fieldRoles: Set<NVDARole> = [.editableText, .comboBox, .slider, .spinButton, .list]

    /// NVDA's role for a node: `facts.webRoles` by its web role, a button with `aria-pressed`
    /// being what `facts.webRoles` says of one (a toggle button).
    func role(_ web: WebElement) -> NVDARole? {
        if web.role == .button, web.pressed != nil { return words.pressedButtonRole ?? .toggleButton }
        return words.webRoles[web.role]
    }

    /// The landmark word of a node that is one (`navigation` → "navigation"); nil otherwise
    /// (`WebElement.isLandmark`: a region or form is a landmark only with a name).
    func landmark(_ web: WebElement) -> String? {
        guard web.isLandmark else { return nil }
        return words.landmarks[web.role]
    }

    /// Whether browse mode says the node as the reading enters it (docs/web.md, section b;
    /// `facts.presentationCategories`): a field with a landmark; a container (a grouping or a
    /// region only with a name; a list only when read only, which a document list is and a list
    /// box is not); a marker (a dialog inside the page, math, an application).
    func isAnnounced(_ web: WebElement) -> Bool {
        web.isLandmark || isContainer(web) || role(web).map(words.presentation.markers.contains) == true
    }

    /// Whether the node is a container field: said on entering and, unless it is a landmark,
    /// `outOf` on leaving.
    func isContainer(_ web: WebElement) -> Bool {
        guard let role = role(web) else { return false }
        let categories = words.presentation
        if categories.containersWhenReadOnly.contains(role) { return isReadOnly(web) }
        guard categories.containers.contains(role) else { return false }
        return !categories.containersOnlyWhenNamed.contains(role) || web.name != nil
    }

    /// Whether the node is an editable region (`contenteditable`, focusable, no text field;
    /// the page's interpreter marks it `editableRoot`): NVDA's SECTION with the EDITABLE state,
    /// which a FOCUSABLE, EDITABLE field makes a container in browse mode
    /// (`ControlField.getPresentationCategory`, textInfos/__init__.py at 01a56c0c), multi-line
    /// as Chromium makes a `contenteditable` root that has no text box role (docs/web.md, section b).
    func isEditableRegion(_ web: WebElement) -> Bool { web.flag("editableRoot") }

    /// Whether NVDA sees the node as read only where that decides its category: Chromium marks
    /// a list of the document read only (`ul`, `ol`), and no list box (docs/web.md, section d).
    func isReadOnly(_ web: WebElement) -> Bool { web.role.isList }

    /// The words said for the node's role: a heading's with its level ("heading level 1"), a
    /// landmark's phrase ("navigation landmark"); nil for text and roles NVDA does not name.
    func roleWord(_ web: WebElement) -> String? {
        guard let word = roleWordAlone(web) else { return nil }
        if let level = levelWords(web) { return word + Self.separator + level }
        return word
    }

    /// The role's word without a heading's level: a landmark's phrase, or the role's word.
    func roleWordAlone(_ web: WebElement) -> String? {
        if let landmark = landmark(web) { return words.fill("landmark", ["name": landmark]) }
        guard let role = role(web), let word = words.roles[role], !word.isEmpty else { return nil }
        return word
    }

    /// A heading's level ("level 2"); nil for the rest.
    func levelWords(_ web: WebElement) -> String? {
        guard role(web) == .heading, landmark(web) == nil, let level = web.level else { return nil }
        return words.fill("level", ["level": String(level)])
    }

    /// Whether the node is what D finds (`facts.quickNavigation`: a landmark, or a region with a name).
    func isLandmark(_ web: WebElement) -> Bool {
        if landmark(web) != nil { return true }
        guard let role = role(web), let finds = words.quickNavigation[NavigationTarget.landmark.rawValue]?.finds else { return false }
        return finds.contains(role) && web.name != nil
    }

    /// What focus says for an object (docs/web.md, section c; `getPropertiesSpeech`): its name,
    /// role (left out for `silentRolesOnFocus` when it has a name or value), value (left out for
    /// `silentValuesForRoles`, and for an edit, whose text is read instead), states, description
    /// (unless it is the name), position, level; then an edit's text, or `blank` when it is empty.
    func focus(_ web: WebElement, name: String?, attributes: SpeechAttributes) -> [SpokenPart] {
        let role = role(web)
        let name = name.flatMap { $0.isEmpty ? nil : $0 }
        let isEdit = role == .editableText || isEditableRegion(web)
        var parts: [SpokenPart] = []
        if let name { parts.append(SpokenPart(slot: "label", text: name, attributes: attributes)) }
        let silentRole = role.map { words.silentRolesOnFocus.contains($0) } ?? false
        if let word = roleWordAlone(web), !(silentRole && (name != nil || web.value != nil)) {
            parts.append(SpokenPart(slot: "role", text: word))
        }
        if let value = web.value, !isEdit, !(role.map { words.silentValuesForRoles.contains($0) } ?? false) {
            parts.append(SpokenPart(slot: "value", text: value, attributes: attributes))
        }
        parts += stateWords(web).map { SpokenPart(slot: "state", text: $0) }
        if let description = web.description, description != name {
            parts.append(SpokenPart(slot: "description", text: description, attributes: attributes))
        }
        if let index = web.integer("posinset"), let count = web.integer("setsize"),
           let position = words.fill("position", ["index": String(index), "count": String(count)]) {
            parts.append(SpokenPart(slot: "position", text: position))
        }
        if let level = levelWords(web) { parts.append(SpokenPart(slot: "level", text: level)) }
        // Last of the properties, before an edit's text (`getPropertiesSpeech`).
        if let message = errorMessage(web) { parts.append(SpokenPart(slot: "description", text: message, attributes: attributes)) }
        if isEdit {
            // Text already selected in the field is said in place of its line, with the word
            // selected (`getObjectSpeech`: `getPreselectedTextSpeech`, speech/speech.py).
            if let selected = web.selectedText, let said = words.fill("preselectedText", ["text": selected]) {
                parts.append(SpokenPart(slot: "value", text: said, attributes: attributes))
            } else if let text = web.value {
                parts.append(SpokenPart(slot: "value", text: text, attributes: attributes))
            } else if let blank = words.fill("blank") {
                parts.append(SpokenPart(slot: "value", text: blank))
            }
        }
        return parts
    }

    /// An invalid field's error message (`aria-errormessage`), said only while it is invalid
    /// (`getControlFieldSpeech`: `State.INVALID_ENTRY in states`).
    func errorMessage(_ web: WebElement) -> String? {
        web.flag("invalid") ? web.errorMessage : nil
    }

    /// What quick navigation says for the item it lands on (docs/web.md, section d;
    /// `getControlFieldSpeech` with reason quick navigation): the name is said, once (a field
    /// whose content is its name says it first, as content); then role and states (states first
    /// for a link), the level, and a field's value (an edit's first line). A run of text, the
    /// first item of a list, frame or landmark found, is no field: only its text is said.
    func quickNavigationItem(_ web: WebElement, name: String?, attributes: SpeechAttributes) -> [SpokenPart] {
        let role = role(web)
        var parts: [SpokenPart] = []
        if let name, !name.isEmpty { parts.append(SpokenPart(slot: "label", text: name, attributes: attributes)) }
        if web.isText { return parts }
        let roleWord = roleWordAlone(web).map { [SpokenPart(slot: "role", text: $0)] } ?? []
        let states = stateWords(web).map { SpokenPart(slot: "state", text: $0) }
        parts += role.map(words.statesBeforeRole.contains) == true ? states + roleWord : roleWord + states
        if let role, Self.fieldRoles.contains(role) || isEditableRegion(web), let value = web.value {
            parts.append(SpokenPart(slot: "value", text: value, attributes: attributes))
        }
        if let level = levelWords(web) { parts.append(SpokenPart(slot: "level", text: level)) }
        return parts
    }

    /// The containers entered on the way from `before` to `after`, outermost first, as focus
    /// and quick navigation say them: with `onlyNamedGroupings` (focus), only dialogs, named
    /// groupings, landmarks and regions ("Confirm dialog"); otherwise every container browse
    /// mode announces ("list with 3 items"). Nothing is said for the containers left.
    ///
    /// The named groupings are `facts.controlField.namedGroupingRoles` and any landmark; a dialog
    /// is **Earshot's choice** (the focus path that says it was not read; docs/web.md, section c).
    func containersEntered(from before: [NVDAContainer], to after: [NVDAContainer], onlyNamedGroupings: Bool) -> [SpokenPart] {
        let kept = zip(before, after).prefix { $0.id == $1.id }.count
        return after[kept...].compactMap { entered -> SpokenPart? in
            if onlyNamedGroupings {
                let role = role(entered.web)
                guard isLandmark(entered.web) || entered.web.role.isDialog || role.map(words.namedGroupingRoles.contains) == true
                else { return nil }
            }
            return entering(entered, withName: true).map { SpokenPart(slot: "container", text: $0) }
        }
    }

    /// The item's own parts in browse mode (`getControlFieldSpeech` with reason caret, then the
    /// content): states and role before the text for a link ("visited link Home"), role and
    /// states before it for the rest ("check box not checked Gift wrap"); a field's name first
    /// unless the page's text just before it said it (its label), then role, states and value.
    func item(_ web: WebElement, text: String?, attributes: SpeechAttributes, previousText: String?) -> [SpokenPart] {
        let content = text.flatMap { $0.isEmpty ? nil : $0 }.map { SpokenPart(slot: "label", text: $0, attributes: attributes) }
        if web.isText { return content.map { [$0] } ?? [] }
        let role = role(web)
        let roleWord = roleWord(web).map { [SpokenPart(slot: "role", text: $0)] } ?? []
        let states = stateWords(web).map { SpokenPart(slot: "state", text: $0) }
        // An editable region is a container entered (its name, which the page gave it, role and
        // states), then the text it holds.
        if isEditableRegion(web) {
            let value = web.value.map { [SpokenPart(slot: "value", text: $0, attributes: attributes)] } ?? []
            return (content.map { [$0] } ?? []) + roleWord + states + value
        }
        if let role, Self.fieldRoles.contains(role) {
            let name = content.flatMap { comparable($0.text) == previousText.map(comparable) ? nil : $0 }
            var value: [SpokenPart] = []
            if let text = web.value { value = [SpokenPart(slot: "value", text: text, attributes: attributes)] }
            // The error message last (`getControlFieldSpeech`, after the value and description).
            let error = errorMessage(web).map { [SpokenPart(slot: "description", text: $0, attributes: attributes)] } ?? []
            return (name.map { [$0] } ?? []) + roleWord + states + value + error
        }
        if role.map(words.statesBeforeRole.contains) == true { return states + roleWord + (content.map { [$0] } ?? []) }
        return roleWord + states + (content.map { [$0] } ?? [])
    }

    private func comparable(_ text: String) -> String {
        text.lowercased().filter { !$0.isWhitespace && !$0.isPunctuation }
    }

    /// The node's state words in NVDA's order (`facts.stateOrder`, positive and negative
    /// together), after its filters (`processAndLabelStates`; `facts.states`): checked, half
    /// checked or not checked only on the roles whose "not checked" is said (a check box, a
    /// radio button, a check or radio menu item), pressed likewise (a toggle button), and read
    /// only and visited only on their roles (an edit or a check box; a link).
    func stateWords(_ web: WebElement) -> [String] {
        let role = role(web)
        var said: [NVDAState: Bool] = [:]
        func hasNegative(_ state: NVDAState) -> Bool { role.map { words.negativeStatesOn[state]?.contains($0) == true } ?? false }
        func triState(_ value: WebElement.CheckedState?, _ state: NVDAState) {
            switch value {
            case .checked: said[state] = true
            case .mixed: said[.halfChecked] = true
            case .notChecked, nil: said[state] = false
            }
        }
        if web.flag("disabled") { said[.unavailable] = true }
        if web.flag("selected") { said[.selected] = true }
        if hasNegative(.pressed) { triState(web.pressed, .pressed) }
        if hasNegative(.checked) { triState(web.checked, .checked) }
        if web.flag("readonly") { said[.readOnly] = true }
        switch web.expanded {
        case true?: said[.expanded] = true
        case false?: said[.collapsed] = true
        case nil: break
        }
        if web.flag("visited") { said[.visited] = true }
        if isEditableRegion(web) {
            said[.multiline] = true
            said[.editable] = true
        }
        if web.flag("required") { said[.required] = true }
        if web.flag("invalid") { said[.invalidEntry] = true }
        // A password field: Chromium gives it IA2's protected state, which NVDA says
        // ("enter a fake password, edit protected, bullet bullet bullet", recorded).
        if web.isPassword { said[.protected] = true }
        for (state, roles) in words.statesSpokenOnlyOn where !(role.map(roles.contains) ?? false) { said[state] = nil }
        return words.stateOrder.compactMap { state in
            said[state].flatMap { $0 ? words.states[state] : words.negativeStates[state] }
        }
    }

    /// What is said between two items: the containers left (innermost first: "out of list";
    /// a landmark says nothing on leaving), then the ones entered (outermost first).
    func containerChanges(from before: [NVDAContainer], to after: [NVDAContainer], leaving region: WebElement? = nil) -> [SpokenPart] {
        let kept = zip(before, after).prefix { $0.id == $1.id }.count
        var parts: [SpokenPart] = []
        // An editable region left is a container left ("out of section").
        if let region, isEditableRegion(region), let word = roleWord(region), let text = words.fill("outOf", ["role": word]) {
            parts.append(SpokenPart(slot: "container", text: text))
        }
        for left in before[kept...].reversed() where landmark(left.web) == nil {
            guard isContainer(left.web), let word = roleWord(left.web),
                  let text = words.fill("outOf", ["role": word]) else { continue }
            parts.append(SpokenPart(slot: "container", text: text))
        }
        for entered in after[kept...] {
            if let text = entering(entered, withName: false) { parts.append(SpokenPart(slot: "container", text: text)) }
        }
        return parts
    }

    /// What is said on entering a container: a list with its items ("list with 3 items"), a
    /// table with its rows and columns ("table with 3 rows and 4 columns": its name only with
    /// reason focus or quick navigation, `withName`, as `getControlFieldSpeech`'s table case
    /// says it), a landmark, region or dialog with its name ("Site navigation landmark").
    func entering(_ container: NVDAContainer, withName: Bool) -> String? {
        guard let word = roleWord(container.web) else { return nil }
        if let size = container.tableSize {
            let name = withName ? container.web.name.map { $0 + Self.separator } ?? "" : ""
            guard let dimensions = tableDimensions(size) else { return name + word }
            return name + word + Self.separator + dimensions
        }
        if let count = container.itemCount,
           let items = words.fill(count == 1 ? "itemCountOne" : "itemCount", ["count": String(count)]) {
            return word + Self.separator + items
        }
        if let name = container.web.name { return name + Self.separator + word }
        return word
    }

    /// A table's size as `getPropertiesSpeech` says it on entering ("with 3 rows and 4
    /// columns", `_rowAndColumnCountText`); nil for a table without rows or columns. A table
    /// with rows but no cells (or the reverse) says neither (**not played**: NVDA's "with N
    /// rows" alone, whose words the data does not hold).
    func tableDimensions(_ size: WebTableSize) -> String? {
        guard size.rows > 0, size.columns > 0,
              let rows = words.fill(size.rows == 1 ? "rowCountOne" : "rowCount", ["count": String(size.rows)]),
              let columns = words.fill(size.columns == 1 ? "columnCountOne" : "columnCount", ["count": String(size.columns)])
        else { return nil }
        return words.fill("tableDimensions", ["rows": rows, "columns": columns])
    }

    /// Whether the node is a table T finds (`facts.quickNavigation`: NVDA's TABLE role).
    func isTable(_ web: WebElement) -> Bool {
        guard let role = role(web), let finds = words.quickNavigation[NavigationTarget.table.rawValue]?.finds else { return false }
        return finds.contains(role)
    }

    /// A table cell's coordinates as the reading enters it (`getPropertiesSpeech` with a table
    /// id, NVDA's defaults `reportTableHeaders` rows and columns and `reportTableCellCoords` on):
    /// the row's header text and "row N" when the row changed, then the column's header text
    /// and "column N" when the column changed; both when the reading comes from outside the
    /// table (or another one, or the table was entered again); a cell's spans after them
    /// ("through 3", "through row 3 column 4"). Nothing within the same cell.
    func cellChange(from previous: NVDAStopFacts?, to current: NVDAStopFacts) -> [SpokenPart] {
        guard let cell = current.cell else { return [] }
        let old = previous?.cell
        // Entering the table's field resets NVDA's table state (`oldTableID = None`).
        let reentered = previous.map { before in
            current.containers.contains { container in container.tableSize != nil && !before.containers.contains { $0.id == container.id } }
        } ?? true
        let sameTable = old?.tableID == cell.tableID && !reentered
        // Within the cell the reading is in, its field is not entered again: nothing is said.
        if sameTable, old == cell { return [] }
        var parts: [SpokenPart] = []
        func say(_ template: String, _ values: [String: String]) {
            if let text = words.fill(template, values) { parts.append(SpokenPart(slot: "position", text: text)) }
        }
        // A row or column is said again when its number or its span changed (`getPropertiesSpeech`,
        // `oldRowNumber`/`oldRowSpan`, `oldColumnNumber`/`oldColumnSpan`); a span of one way
        // alone is said after its number ("row 2 through 3"), a span both ways once after both.
        if !sameTable || old?.row != cell.row || old?.rowSpan != cell.rowSpan {
            if let header = cell.rowHeader { parts.append(SpokenPart(slot: "position", text: header)) }
            say("row", ["index": String(cell.row)])
            if cell.rowSpan > 1 && cell.columnSpan <= 1 { say("throughRow", ["row": String(cell.row + cell.rowSpan - 1)]) }
        }
        if !sameTable || old?.column != cell.column || old?.columnSpan != cell.columnSpan {
            if let header = cell.columnHeader { parts.append(SpokenPart(slot: "position", text: header)) }
            say("column", ["index": String(cell.column)])
            if cell.columnSpan > 1 && cell.rowSpan <= 1 { say("throughColumn", ["column": String(cell.column + cell.columnSpan - 1)]) }
        }
        if cell.rowSpan > 1 && cell.columnSpan > 1 {
            say("throughRowColumn", ["row": String(cell.row + cell.rowSpan - 1), "column": String(cell.column + cell.columnSpan - 1)])
        }
        return parts
    }

    /// Joins the parts into what is said.
    func description(_ parts: [SpokenPart], language: String?) -> SpokenDescription {
        var spoken = SpokenText()
        for (index, part) in parts.enumerated() {
            if index > 0 { spoken.append(Self.separator) }
            spoken.append(part.text, part.attributes)
        }
        return SpokenDescription(parts: parts, spoken: spoken, hint: nil, language: language)
    }
}
