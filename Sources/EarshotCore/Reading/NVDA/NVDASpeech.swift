/// What NVDA says in browse mode for an item and for the containers the reading enters and
/// leaves, in the words of `NVDAVocabulary` (docs/web.md, "What NVDA says").
struct NVDASpeech {
    let words: NVDAVocabulary

    /// Parts are said one after another, as NVDA's speech sequence is; Earshot joins them with a
    /// comma and a space so the synthesizer pauses between them (Earshot's choice: NVDA hands
    /// each part to the synthesizer as a piece of its own).
    static let separator = ", "

    /// NVDA's role for a node by Chromium's role (docs/web.md, "Roles"): the role NVDA's
    /// IAccessible2 objects get for the node Chromium exposes.
    static let roles: [String: String] = [
        "heading": "HEADING", "link": "LINK", "button": "BUTTON", "checkbox": "CHECKBOX", "radio": "RADIOBUTTON",
        "switch": "SWITCH", "textbox": "EDITABLETEXT", "searchbox": "EDITABLETEXT", "combobox": "COMBOBOX",
        "image": "GRAPHIC", "img": "GRAPHIC", "list": "LIST", "listitem": "LISTITEM", "slider": "SLIDER",
        "progressbar": "PROGRESSBAR", "separator": "SEPARATOR", "tab": "TAB", "tablist": "TABCONTROL",
        "menuitem": "MENUITEM", "menu": "MENU", "option": "LISTITEM", "listbox": "LIST", "dialog": "DIALOG",
        "alertdialog": "DIALOG", "alert": "ALERT", "table": "TABLE", "spinbutton": "SPINBUTTON", "article": "ARTICLE",
        "figure": "FIGURE", "tree": "TREEVIEW", "treeitem": "TREEVIEWITEM", "menuitemcheckbox": "CHECKMENUITEM",
        "menuitemradio": "RADIOMENUITEM", "meter": "PROGRESSBAR",
    ]

    /// Roles whose name comes before the role word (a field's label, then "edit").
    static let nameFirst: Set<String> = ["EDITABLETEXT", "COMBOBOX", "SLIDER", "SPINBUTTON", "PROGRESSBAR"]

    /// NVDA's role name for a node, a toggle button (`aria-pressed`) being NVDA's toggle button.
    func role(_ web: WebElement) -> String? {
        if web.role == "button", web.pressed != nil { return "TOGGLEBUTTON" }
        return Self.roles[web.role]
    }

    /// The word said for the node's role; nil for text and roles NVDA does not name.
    func roleWord(_ web: WebElement) -> String? {
        if web.role == "heading" {
            return words.fill("headingLevel", ["level": String(web.level ?? 2)]) ?? words.roles["HEADING"]
        }
        guard let role = role(web) else { return nil }
        return words.roles[role]
    }

    /// The item's own parts: its role and states and its text, in NVDA's order.
    func item(_ web: WebElement, text: String?, attributes: SpeechAttributes) -> [SpokenPart] {
        let name = text.flatMap { $0.isEmpty ? nil : $0 }.map { SpokenPart(slot: "label", text: $0, attributes: attributes) }
        if web.isText { return name.map { [$0] } ?? [] }
        let role = role(web)
        let roleWord = roleWord(web).map { SpokenPart(slot: "role", text: $0) }
        let states = stateWords(web).map { SpokenPart(slot: "state", text: $0) }
        var value: [SpokenPart] = []
        if role == "EDITABLETEXT" || role == "COMBOBOX" {
            if let text = web.value { value = [SpokenPart(slot: "value", text: text, attributes: attributes)] }
            else if role == "EDITABLETEXT", let blank = words.templates["blank"] { value = [SpokenPart(slot: "value", text: blank)] }
        } else if let text = web.value, role == "SLIDER" || role == "PROGRESSBAR" || role == "SPINBUTTON" {
            value = [SpokenPart(slot: "value", text: text)]
        }
        if let role, Self.nameFirst.contains(role) {
            return (name.map { [$0] } ?? []) + (roleWord.map { [$0] } ?? []) + states + value
        }
        return (roleWord.map { [$0] } ?? []) + states + (name.map { [$0] } ?? []) + value
    }

    /// The node's state words in NVDA's order: checked or not, pressed or not, expanded or
    /// collapsed, selected, unavailable, required, invalid entry, read only.
    func stateWords(_ web: WebElement) -> [String] {
        var result: [String] = []
        let role = role(web)
        if role == "CHECKBOX" || role == "RADIOBUTTON" || role == "SWITCH" || role == "CHECKMENUITEM" || role == "RADIOMENUITEM" {
            switch web.checked {
            case .checked: result += words.states["CHECKED"].map { [$0] } ?? []
            case .mixed: result += words.states["HALFCHECKED"].map { [$0] } ?? []
            case .notChecked, nil: result += words.negativeStates["CHECKED"].map { [$0] } ?? []
            }
        }
        if role == "TOGGLEBUTTON" {
            switch web.pressed {
            case .checked: result += words.states["PRESSED"].map { [$0] } ?? []
            case .mixed: result += words.states["HALFPRESSED"].map { [$0] } ?? []
            case .notChecked, nil: result += words.negativeStates["PRESSED"].map { [$0] } ?? []
            }
        }
        switch web.text("expanded") {
        case "true": result += words.states["EXPANDED"].map { [$0] } ?? []
        case "false": result += words.states["COLLAPSED"].map { [$0] } ?? []
        default: break
        }
        let flags: [(String, String)] = [("visited", "VISITED"), ("selected", "SELECTED"), ("disabled", "UNAVAILABLE"),
                                         ("required", "REQUIRED"), ("invalid", "INVALID_ENTRY"), ("readonly", "READONLY")]
        for (property, state) in flags where web.flag(property) {
            // Chromium's `invalid` is a token: "true", "grammar", "spelling" or "false".
            if let word = words.states[state] { result.append(word) }
        }
        return result
    }

    /// What is said between two items: the containers left (innermost first), then the ones
    /// entered (outermost first).
    func containerChanges(from before: [NVDAContainer], to after: [NVDAContainer]) -> [SpokenPart] {
        let kept = zip(before, after).prefix { $0.id == $1.id }.count
        var parts: [SpokenPart] = []
        for left in before[kept...].reversed() {
            if let word = containerWord(left), let text = words.fill("outOf", ["name": word]) {
                parts.append(SpokenPart(slot: "container", text: text))
            }
        }
        for entered in after[kept...] {
            if let text = entering(entered) { parts.append(SpokenPart(slot: "container", text: text)) }
        }
        return parts
    }

    /// A container's own word: the list's role word, a landmark's word with "landmark".
    func containerWord(_ container: NVDAContainer) -> String? {
        if let landmark = words.landmarks[container.web.role] {
            return words.fill("landmark", ["name": landmark]) ?? landmark
        }
        return role(container.web).flatMap { words.roles[$0] }
    }

    /// What is said on entering a container: a list with its items, a landmark with its name.
    func entering(_ container: NVDAContainer) -> String? {
        if container.web.role == "list", let count = container.itemCount, let text = words.fill("listWithItems", ["count": String(count)]) {
            return text
        }
        guard let word = containerWord(container) else { return nil }
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
