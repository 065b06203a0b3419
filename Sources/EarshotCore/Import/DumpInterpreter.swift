/// Turns a captured accessibility tree into the screen VoiceOver walks: which nodes are focus
/// stops, with which traits, label and value, in which containers. The rules, each with its
/// evidence, are in docs/import.md; in short:
///
/// - A node the tool calls an accessibility element (`accessible`, idb's elements) is one stop,
///   and nothing under it is visited: a cell is one stop even when its children repeat its label.
///   Without that attribute, controls, labelled cells, texts and images are stops, and a labelled
///   `Other` is one when nothing under it is.
/// - Containers are not stops. Windows, scroll views (tables, collection views) and tab bars are
///   kept; every other wrapper is dropped, its children joining its parent's (as VoiceOver's
///   order flattens them anyway).
/// - A node neither visible nor enabled is a decoration (a row's chevron) and is skipped; a node
///   that is only invisible is content scrolled out of sight, which a swipe still reaches.
/// - The status bar is left out (VoiceOver reaches it by touch, not by swiping); an alert makes
///   its window modal.
/// - Traits come from the dump's `traits` when it has them, else from the element type; roles no
///   trait names (text field, switch, tab, back button) always come from the type and place.
struct DumpInterpreter {
    /// Sentences for the user about what the dump could not say or what was left out.
    private(set) var notes: [String] = []
    /// The language told from the dump's letters, said in the dump's summary note.
    private(set) var guessedLanguage: String?
    private(set) var idLocations: [String: SourceLocation] = [:]
    private var usedIDs: Set<String> = []
    private var containerCounts: [String: Int] = [:]
    private var unknownTypes: Set<String> = []
    private var unknownTraits: Set<String> = []
    private var statusBarNodes = 0
    private var alertsSeen = 0
    /// The language asked for (`--language`), or `asWritten`: told from the letters.
    private let language: ScreenLanguage

    init(language: ScreenLanguage = .asWritten) {
        self.language = language
    }

    /// Where an element sits, as far as its reading is concerned.
    private struct Context {
        /// Location of the navigation bar button read as the back button, if any.
        var backButton: SourceLocation?
        var inNavigationBar = false
    }

    /// The screen for a dump; `defaultName` is used when the dump names no application.
    mutating func screen(from dump: Dump, defaultName: String) throws -> Screen {
        var name = defaultName
        var top: [DumpNode] = []
        for root in dump.roots {
            if root.type == "Application" {
                if let title = LabelChecks.trimmed(root.label) { name = title }
                top += root.children
            } else {
                top.append(root)
            }
        }
        let roots = top.flatMap { convert($0, context: Context()) }
        if statusBarNodes > 0 {
            notes.append("the status bar (\(statusBarNodes) nodes) is not in the swipe order (VoiceOver reaches it by touch); it is left out")
        }
        for type in unknownTypes.sorted() {
            notes.append("unknown element type \"\(type)\"; read as Other")
        }
        for trait in unknownTraits.sorted() {
            notes.append("unknown trait \"\(trait)\"; ignored")
        }
        // No dump format says which language its text is in: unless told, tell it from the
        // letters, so the text is heard in its own language's voice (docs/import.md, "Language").
        let screenLanguage: String?
        switch language {
        case .none: screenLanguage = nil
        case .tag(let tag): screenLanguage = tag
        case .asWritten:
            var texts: [String] = []
            roots.forEach { Self.collectTexts($0, into: &texts) }
            screenLanguage = TextScript.language(of: texts)
            guessedLanguage = screenLanguage
        }
        return try Screen(name: name, language: screenLanguage, roots: roots)
    }

    private static func collectTexts(_ node: AccessibilityNode, into texts: inout [String]) {
        for text in [node.label, node.value, node.text] { if let text { texts.append(text) } }
        node.children.forEach { collectTexts($0, into: &texts) }
    }

    // MARK: - Nodes

    private mutating func convert(_ node: DumpNode, context: Context) -> [AccessibilityNode] {
        if node.type == "StatusBar" {
            statusBarNodes += Self.count(node)
            return []
        }
        if !DumpTypes.known.contains(node.type) { unknownTypes.insert(node.type) }
        if Self.isDecoration(node) { return [] }
        if Self.isElement(node) { return [element(node, context: context)] }

        var inner = context
        if node.type == "NavigationBar" {
            inner.inNavigationBar = true
            inner.backButton = Self.leadingButton(in: node)?.location
        }
        let alertsBefore = alertsSeen
        if node.type == "Alert" { alertsSeen += 1 }
        let children = node.children.flatMap { convert($0, context: inner) }
        let kind: ElementKind
        switch node.type {
        case "Window": kind = .view
        case "Table", "CollectionView", "ScrollView": kind = .scrollView
        case "TabBar": kind = .tabBar
        case "Alert": kind = .view
        default: return children
        }
        var container = AccessibilityNode(id: containerID(node, kind: kind), kind: kind, identifier: node.identifier,
                                          frame: node.frame, children: children)
        container.isModal = alertsSeen > alertsBefore && (node.type == "Window" || node.type == "Alert")
        return [container]
    }

    /// Whether VoiceOver focuses the node itself: the dump's own answer when it has one, else
    /// the type's (texts, cells and images when they say something; a labelled `Other` when no
    /// element is inside it).
    private static func isElement(_ node: DumpNode) -> Bool {
        if let accessible = node.isAccessible { return accessible }
        let labelled = nonEmpty(node.label) != nil
        switch node.type {
        case "StaticText", "Heading", "Cell": return labelled || nonEmpty(node.value) != nil
        case "Image": return labelled
        case "Other": return labelled && !node.children.contains(where: hasElement)
        default: return DumpTypes.elements.contains(node.type)
        }
    }

    private static func hasElement(_ node: DumpNode) -> Bool {
        !isDecoration(node) && (isElement(node) || node.children.contains(where: hasElement))
    }

    /// Neither visible nor enabled: a row's chevron, drawn for the eye only.
    private static func isDecoration(_ node: DumpNode) -> Bool {
        node.isVisible == false && node.isEnabled == false
    }

    private mutating func element(_ node: DumpNode, context: Context) -> AccessibilityNode {
        // A cell holding a switch is read as that switch (UIKit's cell takes its accessory's role).
        let switchNode = node.type == "Cell" ? Self.firstSwitch(in: node) : nil
        let readType = switchNode == nil ? node.type : "Switch"
        var traits = AccessibilityTraits()
        if let names = node.traits {
            for name in names {
                if let trait = DumpTypes.traitNames[name] {
                    traits.insert(AccessibilityTraits(trait))
                } else if !DumpTypes.silentTraitNames.contains(name) {
                    unknownTraits.insert(name)
                }
            }
        } else {
            traits = DumpTypes.traits(ofType: readType)
            if readType == "Cell" { traits.insert(.button) }
            if context.inNavigationBar, node.type == "StaticText" { traits.insert(.header) }
            if node.type == "Button", node.value == "1" { traits.insert(.selected) }
        }
        traits.formUnion(DumpTypes.roles(ofType: readType))
        // idb marks search and secure fields as text entry too; VoiceOver names the one role.
        if !traits.isDisjoint(with: [.searchField, .secureTextField]) { traits.remove(.textField) }
        if context.backButton == node.location { traits.formUnion([.backButton, .button]) }
        if node.isEnabled == false { traits.insert(.notEnabled) }

        var kind = DumpTypes.kind(ofType: readType)
        if !traits.isSuperset(of: kind.defaultTraits) { kind = .view }
        var result = AccessibilityNode(id: "", kind: kind, hint: nonEmpty(node.hint), identifier: node.identifier,
                                       traits: traits.subtracting(kind.defaultTraits),
                                       frame: node.frame, customActions: node.customActions ?? [])
        var label = nonEmpty(node.label)
        var value = nonEmpty(node.value)
        if label == nil, kind == .label || node.type == "StaticText" {
            label = value
            value = nil
        }
        if value == label { value = nil }
        if traits.contains(.switch) {
            result.isOn = Self.isOn(switchNode?.value ?? node.value)
            value = nil
        } else if node.type == "Button", node.value == "1" {
            value = nil  // WebDriverAgent writes "1" for a selected button with no value
        }
        result.label = label
        if kind.textIsValue {
            result.placeholder = nonEmpty(node.placeholder)
            result.text = value == result.placeholder ? nil : value
        } else {
            result.value = value
        }
        // Said only where the kind alone would not make it an element (a labelled `Other`).
        if !result.isElement { result.isAccessibilityElement = true }
        result.id = elementID(node, label: label ?? value ?? nonEmpty(node.placeholder))
        return result
    }

    // MARK: - Reading helpers

    private static func isOn(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["1", "true", "on"].contains(value.lowercased())
    }

    private static func firstSwitch(in node: DumpNode) -> DumpNode? {
        for child in node.children {
            if child.type == "Switch" || child.type == "Toggle" { return child }
            if let found = firstSwitch(in: child) { return found }
        }
        return nil
    }

    /// The back button of a navigation bar: its leftmost button, when that button starts at the
    /// bar's leading edge (a bar button such as "Edit" is inset; a back button with its chevron
    /// is not).
    static func leadingButton(in bar: DumpNode) -> DumpNode? {
        var buttons: [DumpNode] = []
        func collect(_ node: DumpNode) {
            for child in node.children {
                if child.type == "Button", child.frame != nil { buttons.append(child) } else { collect(child) }
            }
        }
        collect(bar)
        guard let barFrame = bar.frame, let first = buttons.min(by: { $0.frame!.x < $1.frame!.x }),
              first.frame!.x <= barFrame.x + 8 else { return nil }
        return first
    }

    private static func count(_ node: DumpNode) -> Int {
        1 + node.children.reduce(0) { $0 + count($1) }
    }

    // MARK: - Ids

    /// The identifier when it is set and unused, else `type-label` (`cell-General`), made unique.
    private mutating func elementID(_ node: DumpNode, label: String?) -> String {
        var base = node.identifier.flatMap { usedIDs.contains($0) ? nil : $0 }
        if base == nil {
            let word = DumpTypes.idWord(node.type)
            let slug = label.map(Self.slug) ?? ""
            base = slug.isEmpty ? "\(word)-\(nextCount(word))" : "\(word)-\(slug)"
        }
        return register(base!, location: node.location)
    }

    private mutating func containerID(_ node: DumpNode, kind: ElementKind) -> String {
        if let identifier = node.identifier, !usedIDs.contains(identifier) { return register(identifier, location: node.location) }
        let word = node.type == "Window" ? "window" : DumpTypes.idWord(node.type)
        return register("\(word)-\(nextCount(word))", location: node.location)
    }

    private mutating func nextCount(_ word: String) -> Int {
        containerCounts[word, default: 0] += 1
        return containerCounts[word]!
    }

    private mutating func register(_ base: String, location: SourceLocation) -> String {
        var id = base
        var suffix = 2
        while usedIDs.contains(id) {
            id = "\(base)-\(suffix)"
            suffix += 1
        }
        usedIDs.insert(id)
        idLocations[id] = location
        return id
    }

    /// Letters, digits and `.:_` kept, runs of anything else one `-`, at most 32 characters.
    /// (Scalars, not characters: ids are made for every stop of a large dump.)
    static func slug(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var count = 0
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let kept = scalar.isASCII
                ? (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
                    || value == 0x2E || value == 0x3A || value == 0x5F
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || scalar.properties.generalCategory == .nonspacingMark
            guard kept else {
                pendingDash = true
                continue
            }
            if pendingDash, count > 0 {
                result.append("-")
                count += 1
            }
            pendingDash = false
            result.append(scalar)
            count += 1
            if count >= 32 { break }
        }
        return String(result)
    }
}
