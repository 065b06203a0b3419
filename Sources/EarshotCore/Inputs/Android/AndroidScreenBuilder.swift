/// Turns an Android dump into Earshot's screen: every view becomes one `AccessibilityNode`, in
/// the dump's tree and order, carrying what the dump said of it (`android`) for TalkBack's
/// rules, with its `bounds` as its frame (in the dump's pixels).
///
/// The VoiceOver-shaped fields are filled only where the dump says so plainly (docs/import.md,
/// "Android dumps"): the kind from the class (`AndroidViewClasses`), `text` from `text`,
/// `label` from `content-desc`, `identifier` from `resource-id`, a text field's `placeholder`
/// from `hint`, a switch's state from `checked`, `notEnabled`, `selected` (also for a checked
/// check box or radio button) and `header` traits, and `hidden` for a view not displayed.
///
/// Ids follow the iOS readers': the last part of the `resource-id` (`switch_widget` of
/// `com.android.settings:id/switch_widget`) when no element has it yet, else the class's short
/// name and the text or content description (`textView-Network-internet`), else the class and a
/// count (`linearLayout-3`); made unique with `-2`, `-3`.
struct AndroidScreenBuilder {
    private(set) var idLocations: [String: SourceLocation] = [:]
    /// The language told from the dump's letters, said in the dump's note.
    private(set) var guessedLanguage: String?
    private var counts: [String: Int] = [:]
    /// The next suffix to try for each base id: many views with one label take `-2`, `-3`... in
    /// turn, not by searching from `-2` each time.
    private var nextSuffix: [String: Int] = [:]
    /// Ids looked up while making them unique (a counting test holds it to the view count).
    private(set) var idProbes = 0
    /// `idWord` by class name: a dump has few classes and many views.
    private var idWords: [String: String] = [:]
    private var groups: [String: AndroidViewClasses.Group] = [:]
    private let language: ScreenLanguage

    init(language: ScreenLanguage = .asWritten) {
        self.language = language
    }

    mutating func screen(from dump: AndroidDump, defaultName: String) throws -> Screen {
        idLocations.reserveCapacity(dump.nodeCount)
        var roots: [AccessibilityNode] = []
        dump.roots.forEachInPlace { convert($0, into: &roots) }
        let screenLanguage = language.resolve {
            var texts: [String] = []
            dump.roots.forEachInPlace { Self.collectTexts($0, into: &texts) }
            return texts
        }
        if language == .asWritten { guessedLanguage = screenLanguage }
        return try Screen(name: defaultName, language: screenLanguage, roots: roots)
    }

    /// What the dump cannot tell, as the phrases of its one note.
    static func limitations(of dump: AndroidDump) -> [String] {
        let seen = dump.attributesSeen
        var limitations = [
            "sizes in dp (bounds are the device's pixels and the dump does not give its density; frames are kept in pixels)",
            "what the app announces and its live regions (a dump is one moment; announcements and live-region changes happen between dumps)",
        ]
        if !seen.contains(.hint) {
            limitations.append("fields' hints (no hint attribute: uiautomator before Android 8 and older Appium servers do not write it)")
        }
        if !seen.contains(.heading) { limitations.append("headings (no heading attribute)") }
        if !seen.contains(.paneTitle) { limitations.append("pane titles (no pane-title attribute)") }
        if !seen.contains(.stateDescription) { limitations.append("state descriptions (no state-description attribute)") }
        if !seen.contains(.importantForAccessibility) {
            limitations.append("which views are important for accessibility (no important-for-accessibility or a11y-important attribute)")
        }
        if !seen.contains(.screenReaderFocusable) {
            limitations.append("which views are screen-reader focusable (no screen-reader-focusable attribute)")
        }
        return limitations
    }

    private static func collectTexts(_ node: UnsafePointer<AndroidDumpNode>, into texts: inout [String]) {
        if let text = node.pointee.view.text { texts.append(text) }
        if let description = node.pointee.view.contentDescription { texts.append(description) }
        node.pointee.children.forEachInPlace { collectTexts($0, into: &texts) }
    }

    /// Appends the node for `source` with its subtree to `nodes`; returns whether anything in
    /// that subtree can be clicked or focused (ids are made in the dump's order: a node's before
    /// its children's). The dump's node is read where it lies (`forEachInPlace`): only its view
    /// is copied, into the node, and the node is moved, not copied, into the list.
    @discardableResult
    private mutating func convert(_ source: UnsafePointer<AndroidDumpNode>, into nodes: inout [AccessibilityNode]) -> Bool {
        let view = source.pointee.view
        let id = id(for: view, at: source.pointee.location)
        var children: [AccessibilityNode] = []
        var actionableInside = false
        children.reserveCapacity(source.pointee.children.count)
        source.pointee.children.forEachInPlace { child in
            if convert(child, into: &children) { actionableInside = true }
        }
        let group = group(ofClass: view.className)
        let kind = AndroidViewClasses.kind(of: view, in: group, actionableInside: actionableInside)
        var node = AccessibilityNode(id: id, kind: kind, identifier: view.resourceID, isHidden: !view.isDisplayed,
                                     frame: source.pointee.frame, children: children, android: view)
        node.label = view.contentDescription
        node.text = view.text
        if kind.textIsValue { node.placeholder = view.hint }
        if kind == .switch { node.isOn = view.isChecked }
        if !view.isEnabled { node.traits.insert(.notEnabled) }
        if view.isSelected || (view.isChecked && group.isCheckButton) {
            node.traits.insert(.selected)
        }
        if view.isHeading { node.traits.insert(.header) }
        nodes.append(node)
        return actionableInside || AndroidViewClasses.isActionable(view)
    }

    // MARK: - Ids

    private mutating func id(for view: AndroidView, at location: SourceLocation) -> String {
        var base = view.resourceID.map(Self.lastPart).flatMap { $0.isEmpty || idLocations[$0] != nil ? nil : $0 }
        if base == nil {
            let word = idWord(ofClass: view.className)
            let slug = (view.text ?? view.contentDescription).map(DumpInterpreter.slug) ?? ""
            if slug.isEmpty {
                counts[word, default: 0] += 1
                base = "\(word)-\(counts[word]!)"
            } else {
                base = "\(word)-\(slug)"
            }
        }
        // One look-up for an id not taken yet (nearly every id): the location is put back when it was.
        var id = base!
        var suffix = nextSuffix[id] ?? 2
        idProbes += 1
        while let taken = idLocations.updateValue(location, forKey: id) {
            idLocations[id] = taken
            id = "\(base!)-\(suffix)"
            suffix += 1
            idProbes += 1
        }
        if id != base! { nextSuffix[base!] = suffix }
        return id
    }

    /// The class's group, found once per class.
    private mutating func group(ofClass className: String) -> AndroidViewClasses.Group {
        if let known = groups[className] { return known }
        let group = AndroidViewClasses.Group(shortClassName: AndroidView.shortName(of: className))
        groups[className] = group
        return group
    }

    /// `idWord` of the class's short name, made once per class.
    private mutating func idWord(ofClass className: String) -> String {
        if let known = idWords[className] { return known }
        let word = Self.idWord(AndroidView.shortName(of: className))
        idWords[className] = word
        return word
    }

    /// `com.android.settings:id/switch_widget` → `switch_widget`; an id without `/` is itself.
    static func lastPart(of resourceID: String) -> String {
        resourceID.lastIndex(of: "/").map { String(resourceID[resourceID.index(after: $0)...]) } ?? resourceID
    }

    /// `TextView` → `textView`: the word an id made from the class starts with.
    static func idWord(_ shortClassName: Substring) -> String {
        let letters = shortClassName.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = letters.first else { return "view" }
        return first.lowercased() + letters.dropFirst()
    }
}
