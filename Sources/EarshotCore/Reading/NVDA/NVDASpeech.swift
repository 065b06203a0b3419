/// What NVDA says in browse mode for an item and for the containers the reading enters and
/// leaves, in the words of `NVDAVocabulary` (docs/web.md, section b, and "How Earshot reads").
struct NVDASpeech {
    let words: NVDAVocabulary

    /// NVDA hands each part to the synthesizer as a speech item of its own, and they are heard
    /// one after another; the transcript joins them with one space (Earshot's choice).
    static let separator = " "

    /// Roles that say themselves on entering and "out of" on leaving (`getPresentationCategory`'s
    /// containers; a document list is one).
    static let containers: Set<String> = ["LIST", "REGION", "TABLE", "ARTICLE", "FIGURE", "GROUPING", "BLOCKQUOTE"]
    /// Roles whose field name comes first when the page's text does not say it (fields).
    static let fields: Set<String> = ["EDITABLETEXT", "COMBOBOX", "SLIDER", "SPINBUTTON", "LIST"]

    /// NVDA's role name for a node: `facts.webRoles` by Chromium's role (an image is `img` there),
    /// a button with `aria-pressed` being NVDA's toggle button.
    func role(_ web: WebElement) -> String? {
        if web.role == "button", web.pressed != nil { return words.webRoles["button (aria-pressed)"] ?? "TOGGLEBUTTON" }
        if web.role == "image" { return words.webRoles["img"] }
        return words.webRoles[web.role]
    }

    /// The landmark word of a node that is one (`navigation` → "navigation"); nil otherwise. A
    /// region or form is a landmark only with a name.
    func landmark(_ web: WebElement) -> String? {
        if (web.role == "form" || web.role == "region") && web.name == nil { return nil }
        return words.landmarks[web.role]
    }

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
        guard role(web) == "HEADING", landmark(web) == nil, let level = web.level else { return nil }
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
        let isEdit = role == "EDITABLETEXT"
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
        if isEdit {
            if let text = web.value {
                parts.append(SpokenPart(slot: "value", text: text, attributes: attributes))
            } else if let blank = words.fill("blank") {
                parts.append(SpokenPart(slot: "value", text: blank))
            }
        }
        return parts
    }

    /// What quick navigation says for the item it lands on (docs/web.md, section d;
    /// `getControlFieldSpeech` with reason quick navigation): the name is said, once (a field
    /// whose content is its name says it first, as content); then role and states (states first
    /// for a link), the level, and a field's value (an edit's first line).
    func quickNavigationItem(_ web: WebElement, name: String?, attributes: SpeechAttributes) -> [SpokenPart] {
        let role = role(web)
        var parts: [SpokenPart] = []
        if let name, !name.isEmpty { parts.append(SpokenPart(slot: "label", text: name, attributes: attributes)) }
        let roleWord = roleWordAlone(web).map { [SpokenPart(slot: "role", text: $0)] } ?? []
        let states = stateWords(web).map { SpokenPart(slot: "state", text: $0) }
        parts += role == "LINK" ? states + roleWord : roleWord + states
        if let role, Self.fields.contains(role), let value = web.value {
            parts.append(SpokenPart(slot: "value", text: value, attributes: attributes))
        }
        if let level = levelWords(web) { parts.append(SpokenPart(slot: "level", text: level)) }
        return parts
    }

    /// The containers entered on the way from `before` to `after`, outermost first, as focus
    /// and quick navigation say them: with `onlyNamedGroupings` (focus), only dialogs, named
    /// groupings, landmarks and regions ("Confirm dialog"); otherwise every container browse
    /// mode announces ("list with 3 items"). Nothing is said for the containers left.
    func containersEntered(from before: [NVDAContainer], to after: [NVDAContainer], onlyNamedGroupings: Bool) -> [SpokenPart] {
        let kept = zip(before, after).prefix { $0.id == $1.id }.count
        return after[kept...].compactMap { entered -> SpokenPart? in
            if onlyNamedGroupings {
                let role = role(entered.web)
                guard isLandmark(entered.web) || role == "DIALOG" || role == "GROUPING" else { return nil }
            }
            return entering(entered).map { SpokenPart(slot: "container", text: $0) }
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
        if let role, Self.fields.contains(role) {
            let name = content.flatMap { comparable($0.text) == previousText.map(comparable) ? nil : $0 }
            var value: [SpokenPart] = []
            if let text = web.value { value = [SpokenPart(slot: "value", text: text, attributes: attributes)] }
            return (name.map { [$0] } ?? []) + roleWord + states + value
        }
        if role == "LINK" { return states + roleWord + (content.map { [$0] } ?? []) }
        return roleWord + states + (content.map { [$0] } ?? [])
    }

    private func comparable(_ text: String) -> String {
        text.lowercased().filter { !$0.isWhitespace && !$0.isPunctuation }
    }

    /// The node's state words in NVDA's order (`facts.stateOrder`), after its filters
    /// (`processAndLabelStates`): checked or not for a check box or radio button, pressed or not
    /// for a toggle button, visited only on a link, read only only on an edit or check box.
    func stateWords(_ web: WebElement) -> [String] {
        let role = role(web)
        var states: [String] = []
        var negative: [String] = []
        if web.flag("disabled") { states.append("UNAVAILABLE") }
        if web.flag("selected") { states.append("SELECTED") }
        if role == "TOGGLEBUTTON" {
            switch web.pressed {
            case .checked: states.append("PRESSED")
            case .mixed: states.append("HALFCHECKED")
            case .notChecked, nil: negative.append("PRESSED")
            }
        }
        if role == "CHECKBOX" || role == "RADIOBUTTON" || role == "CHECKMENUITEM" || role == "RADIOMENUITEM" {
            switch web.checked {
            case .checked: states.append("CHECKED")
            case .mixed: states.append("HALFCHECKED")
            case .notChecked, nil: negative.append("CHECKED")
            }
        }
        if web.flag("readonly"), role == "EDITABLETEXT" || role == "CHECKBOX" { states.append("READONLY") }
        switch web.text("expanded") {
        case "true": states.append("EXPANDED")
        case "false": states.append("COLLAPSED")
        default: break
        }
        if web.flag("visited"), role == "LINK" { states.append("VISITED") }
        if web.flag("required") { states.append("REQUIRED") }
        if web.flag("invalid") { states.append("INVALID_ENTRY") }
        return states.compactMap { words.states[$0] } + negative.compactMap { words.negativeStates[$0] }
    }

    /// What is said between two items: the containers left (innermost first: "out of list";
    /// a landmark says nothing on leaving), then the ones entered (outermost first).
    func containerChanges(from before: [NVDAContainer], to after: [NVDAContainer]) -> [SpokenPart] {
        let kept = zip(before, after).prefix { $0.id == $1.id }.count
        var parts: [SpokenPart] = []
        for left in before[kept...].reversed() where landmark(left.web) == nil {
            guard let role = role(left.web), Self.containers.contains(role), let word = roleWord(left.web),
                  let text = words.fill("outOf", ["role": word]) else { continue }
            parts.append(SpokenPart(slot: "container", text: text))
        }
        for entered in after[kept...] {
            if let text = entering(entered) { parts.append(SpokenPart(slot: "container", text: text)) }
        }
        return parts
    }

    /// What is said on entering a container: a list with its items ("list with 3 items"), a
    /// landmark, region or dialog with its name ("Site navigation landmark").
    func entering(_ container: NVDAContainer) -> String? {
        guard let word = roleWord(container.web) else { return nil }
        if container.web.role == "list", let count = container.itemCount,
           let items = words.fill(count == 1 ? "itemCountOne" : "itemCount", ["count": String(count)]) {
            return word + Self.separator + items
        }
        if let name = container.web.name { return name + Self.separator + word }
        return word
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
