import Foundation

/// A web page as Chrome for Android hands it to TalkBack (docs/mobile-web.md, B1): each node of
/// the page's tree becomes the Android node `BrowserAccessibilityAndroid` builds for it, so the
/// compositor rules that read a native dump (`TalkBackOrder`, `TalkBackDescription`,
/// `TalkBackCollection`) read the page unchanged. The words are Chromium's, in the voice's
/// language (`ChromiumAndroidWords`), the rules its code's, each named below.
///
/// - **Stops** (`IsInterestingOnAndroid`): a node is interesting when it is focusable, a
///   control, a progress bar or meter, or a leaf with text that is not white space; never the
///   document, nor a node inside a link (the link says its text). An interesting node takes
///   TalkBack's focus (`isScreenReaderFocusable`); the others say nothing of their own.
/// - **Leaves** (`IsLeaf`, `IsLeafConsideringChildren`): a control whose children are
///   presentational (a button, a check box, a radio button, a switch, an image, a slider, a
///   progress bar, a text field, a tab, an option, a `select`) and a node without children; a
///   heading or a focusable node with text whose children are not focusable; a node whose
///   children are all text (a list marker is no text). A link, a tab list and a tab panel never
///   are. A leaf's children are not handed over: its text is theirs.
/// - **Class, role description, state description, hint, collections** as `ChromiumAndroidWords`
///   gives them (`GetClassName`, `GetRoleDescription`, `GetStateDescription`, `GetHint`,
///   `IsCollection`, `RowIndex`).
enum ChromiumAndroidPage {
    /// The page's screen with every node made the Android node Chrome hands TalkBack, leaves
    /// without their children; nil when the ids clash (they cannot: the page's are kept).
    static func screen(of page: Screen, chromium: ChromiumAndroidWords) -> Screen? {
        let roots = page.roots.map { map($0, context: Context(isRoot: true), chromium: chromium) }
        return try? Screen(name: page.name, layoutDirection: page.layoutDirection, language: page.language, roots: roots)
    }

    /// Chromium's internal role names of a `select` and of a button with `aria-pressed`.
    static let select = WebRole.comboBox.internalName(tag: "select", pressed: false, popUp: false)
    static let toggleButton = WebRole.button.internalName(tag: nil, pressed: true, popUp: false)

    /// What a node's ancestors decide of it.
    struct Context {
        var isRoot = false
        var insideLink = false
        var insideHeading = false
        var inSelect = false
        /// The heading around a link that is its only child (the link takes the heading's
        /// role description).
        var headingDescription: String?
    }

    private static func map(_ node: AccessibilityNode, context: Context, chromium: ChromiumAndroidWords) -> AccessibilityNode {
        guard let web = node.web else { return node }
        var mapped = node
        let leaf = !context.isRoot && isLeaf(node, web)
        let text = textContent(of: node, web)
        let interesting = !context.isRoot && !context.insideLink && !web.role.isDocument
            && (web.isFocusable || web.role.isControl || web.role == .progressBar || web.role == .meter
                || (leaf && text.map { !$0.allSatisfy(\.isWhitespace) } == true))
        let chromiumRole = web.role.internalName(tag: web.tag, pressed: web.pressed != nil, popUp: popUp(web) != nil,
                                             inSelect: context.inSelect)
        var android = AndroidView(className: context.isRoot ? chromium.rootClassName : className(chromiumRole, web, leaf: leaf, chromium: chromium))
        android.isWebContent = true
        android.isScreenReaderFocusable = interesting
        android.isFocusable = web.isFocusable && !context.isRoot
        android.isClickable = interesting && (web.role.isControl || web.isFocusable)
        // Enabled is false for a disabled node and a read-only one (IsEnabled).
        android.isEnabled = !web.flag("disabled") && !web.flag("readonly")
        android.isSelected = web.flag("selected") && !web.role.isTextEntry
        android.isFocused = web.flag("focused") && web.role.isTextEntry
        android.isHeading = web.role == .heading || context.insideHeading
        // A mixed check box is not reported as checkable (IsReportingCheckable).
        let checked = web.checked ?? web.pressed
        android.isCheckable = checked != nil && checked != .mixed
        android.isChecked = checked == .checked
        android.expansion = web.expanded
        if interesting {
            if web.role.isTextEntry, chromiumRole != Self.select {
                android.className = chromium.classNames[WebRole.textBox.internalName] ?? android.className
                android.text = web.value
                // A password field (`IsPasswordField` → `setPassword`): TalkBack says the
                // password word and the count of characters, never the text (recorded:
                // "password, 3 characters, edit box, enter a fake password").
                android.isPassword = web.isPassword
                android.hint = hint(web, isField: true)
            } else if web.role == .link {
                // A link's text is its content description (setAccessibilityNodeInfoText).
                android.contentDescription = text
                android.hint = hint(web, isField: false)
            } else {
                android.text = web.role == .comboBox ? (web.value ?? text) : text
                android.hint = hint(web, isField: false)
            }
            android.roleDescription = context.headingDescription ?? roleDescription(chromiumRole, web, chromium: chromium)
            android.stateDescription = stateDescription(chromiumRole, web, chromium: chromium)
        }
        collection(web, items: node.children.filter { $0.web?.role == .listItem || $0.web?.role == .option }.count,
                   into: &android)
        if android.isCollection, !interesting {
            // A collection's role description ("table", "list box") and its name as its text:
            // TalkBack says them entering it ("In table Arrival by city"; recorded, B2).
            android.roleDescription = roleDescription(chromiumRole, web, chromium: chromium)
            android.text = nonEmpty(web.name)
        }
        // A header cell, and anything inside a heading, is a heading item (IsHeading:
        // IsHeadingOrTableHeader, or a heading parent).
        android.itemIsHeading = android.isCollectionItem && (android.isHeading || web.role.isColumnHeader || web.role.isRowHeader)
        mapped.android = android
        if leaf {
            mapped.children = []
            return mapped
        }
        var inner = context
        inner.isRoot = false
        inner.insideLink = context.insideLink || web.role == .link
        inner.insideHeading = android.isHeading
        inner.inSelect = chromiumRole == Self.select
        inner.headingDescription = nil
        let onlyLink = web.role == .heading && node.children.count == 1 && node.children[0].web?.role == .link
        mapped.children = node.children.map { child in
            var each = inner
            if onlyLink {
                each.headingDescription = headingLinkDescription(web, link: child.web, chromium: chromium)
            }
            return map(child, context: each, chromium: chromium)
        }
        return mapped
    }

    /// `IsLeaf` as the rules above say.
    static func isLeaf(_ node: AccessibilityNode, _ web: WebElement) -> Bool {
        let role = web.role
        if role == .link || role == .tabList || role == .tabPanel { return false }
        if node.children.isEmpty { return true }
        switch role {
        case .button, .checkBox, .radio, .switch, .image, .slider, .progressBar, .meter, .separator, .tab, .option,
             .menuItemCheckBox, .menuItemRadio, .spinButton, .textBox, .searchBox, .comboBox:
            return true
        default: break
        }
        let childrenFocusable = node.children.contains { child in
            child.web.map { $0.isFocusable || $0.role.isTableCell || $0.role.isTableRow || $0.role.isTable } ?? false
        }
        if (role == .heading || web.isFocusable), web.name != nil, !childrenFocusable { return true }
        return node.children.allSatisfy { $0.web?.role.isText == true || $0.web?.role == .lineBreak }
    }

    /// The node's text (`GetSubstringTextContentUTF16`): its name, else the text runs inside it
    /// joined with no space added (the runs keep the page's own).
    static func textContent(of node: AccessibilityNode, _ web: WebElement) -> String? {
        if let name = nonEmpty(web.name) {
            // A run's own spaces at its ends ("• ", " Accept terms") are no words.
            let words = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return words.isEmpty ? name : words
        }
        var runs = ""
        func walk(_ node: AccessibilityNode) {
            if let inner = node.web, inner.role.isText, let name = inner.name { runs += name; return }
            if node.web?.role.isListMarker == true { return }
            node.children.forEach(walk)
        }
        node.children.forEach(walk)
        let trimmed = runs.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The node's Android class (`GetClassName`): a node holding only text is a `TextView`.
    static func className(_ chromiumRole: String, _ web: WebElement, leaf: Bool, chromium: ChromiumAndroidWords) -> String {
        if let known = chromium.classNames[chromiumRole] { return known }
        if web.role.isText || (leaf && !web.role.isControl) { return chromium.classNames[WebRole.staticText.internalName] ?? chromium.defaultClassName }
        return chromium.defaultClassName
    }

    /// `aria-haspopup`'s value on a button, nil when it has none.
    static func popUp(_ web: WebElement) -> String? {
        guard web.role == .button, let value = web.text("hasPopup"), value != "false" else { return nil }
        return value
    }

    /// `GetRoleDescription`: `aria-roledescription`; a heading's with its level; a link's,
    /// visited or not; a pop-up button's by its pop-up; none for the roles Android leaves
    /// without; the overrides; else the role's message.
    static func roleDescription(_ chromiumRole: String, _ web: WebElement, chromium: ChromiumAndroidWords) -> String? {
        if let given = nonEmpty(web.text("roledescription")) { return given }
        if web.role == .heading { return headingDescription(web, chromium: chromium) }
        if web.role == .link {
            return join([chromium.word(chromium.linkMessage), web.flag("visited") ? chromium.word(chromium.visitedMessage) : nil], chromium)
        }
        if let popUp = popUp(web), let message = chromium.popUpMessages[popUp] { return chromium.word(message) }
        if chromium.noRoleDescription.contains(chromiumRole) { return nil }
        if let message = chromium.overrides[chromiumRole] ?? chromium.roleMessages[chromiumRole] { return chromium.word(message) }
        return nil
    }

    static func headingDescription(_ web: WebElement, chromium: ChromiumAndroidWords) -> String? {
        if let level = web.level, chromium.headingLevels.contains(level) {
            return chromium.word(chromium.headingWithLevel)?.replacingOccurrences(of: "{level}", with: String(level))
        }
        return chromium.word(chromium.headingWithoutLevel)
    }

    /// A heading whose only child is a link: "heading 2 link", and "visited" when it is.
    static func headingLinkDescription(_ heading: WebElement, link: WebElement?, chromium: ChromiumAndroidWords) -> String? {
        join([headingDescription(heading, chromium: chromium), chromium.word(chromium.linkMessage),
              link?.flag("visited") == true ? chromium.word(chromium.visitedMessage) : nil], chromium)
    }

    /// `GetStateDescription`'s parts in order, joined with a space: a mixed check box; a toggle
    /// button's or switch's on or off; a radio button's place in a group of two or more;
    /// `aria-current`; required.
    static func stateDescription(_ chromiumRole: String, _ web: WebElement, chromium: ChromiumAndroidWords) -> String? {
        var parts: [String?] = []
        func message(_ part: String, _ key: String) -> String? { chromium.stateParts[part]?[key].flatMap(chromium.word) }
        let checked = web.checked ?? web.pressed
        if checked == .mixed {
            parts.append(message("mixed", "word"))
        } else if chromiumRole == Self.toggleButton || chromiumRole == WebRole.switch.internalName {
            parts.append(message("toggle", checked == .checked ? "on" : "off"))
        }
        if web.role == .radio, let count = web.integer("setsize"), count >= 2, let index = web.integer("posinset") {
            parts.append(message("radioGroup", checked == .checked ? "checked" : "notChecked")?
                .replacingOccurrences(of: "{count}", with: String(count)).replacingOccurrences(of: "{index}", with: String(index)))
        }
        if let current = web.text("current"), current != "false", let word = message("ariaCurrent", current) {
            parts.append(word)
        }
        if web.flag("required") { parts.append(message("required", "word")) }
        return join(parts, chromium)
    }

    /// `GetHint`: a field's name (its value is its text) and the description, joined with a
    /// space; another node's description.
    static func hint(_ web: WebElement, isField: Bool) -> String? {
        var parts: [String] = []
        if isField, let name = nonEmpty(web.name) { parts.append(name) }
        if let description = nonEmpty(web.description), !parts.contains(description) { parts.append(description) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// Collection info on a list, list box or table, item info on its items
    /// (`IsCollection`, `RowCount`, `ColumnCount`, `RowIndex`, `RowSpan`, `ColumnSpan`): a list's
    /// rows are its set size, its columns 1; a table's its grid's; an item's row is its place in
    /// the set less one, a cell's its first row as HTML places it, with its spans.
    static func collection(_ web: WebElement, items: Int, into android: inout AndroidView) {
        if web.role.isList || web.role == .listBox {
            android.collectionRowCount = items
            android.collectionColumnCount = 1
        } else if let size = web.tableSize {
            android.collectionRowCount = size.rows
            android.collectionColumnCount = size.columns
        }
        if let cell = web.tableCell {
            android.itemRowIndex = cell.row - 1
            android.itemColumnIndex = cell.column - 1
            android.itemRowSpan = cell.rowSpan
            android.itemColumnSpan = cell.columnSpan
        } else if web.role == .listItem || web.role == .option, let index = web.integer("posinset") {
            android.itemRowIndex = index - 1
            android.itemColumnIndex = 0
        }
    }

    private static func join(_ parts: [String?], _ chromium: ChromiumAndroidWords) -> String? {
        let kept = parts.compactMap { nonEmpty($0) }
        return kept.isEmpty ? nil : kept.joined(separator: chromium.separator)
    }
}
