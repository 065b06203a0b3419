/// Turns a captured accessibility tree into the screen VoiceOver walks: which nodes are focus
/// stops, with which traits, label and value, in which containers. The rules, each with its
/// evidence, are in docs/import.md; in short:
///
/// - A node the tool calls an accessibility element (`accessible`, idb's elements) is one stop,
///   and nothing under it is visited: a cell is one stop even when its children repeat its label.
///   Without that attribute, controls, labelled cells, texts and images are stops, and so is a
///   labelled `Other`, whatever is inside it (its children are part of it).
/// - Containers are not stops. Windows, scroll views (tables, collection views) and tab bars are
///   kept; every other wrapper is dropped, its children joining its parent's (as VoiceOver's
///   order flattens them anyway).
/// - `visible="false"` is judged on each candidate stop, never inherited: wholly inside the
///   nearest scroll view's frame (else the screen's) it is hidden and not reached, unless a
///   visible element drawn after it, outside any modal, covers its centre (an app's overlay:
///   VoiceOver still reaches it); outside it, a swipe scrolls to it (`DumpViewport`). `enabled` plays no part: a disabled
///   element is a stop, read dimmed; a chevron inside a stop is part of that stop.
/// - In a paged scroll view (a `PageIndicator` under it or beside it names more than one page)
///   only the page in its frame is in the swipe order: a stop wholly left or right of it is on
///   another page, which VoiceOver reaches by a three-finger swipe, and is left out with a note.
/// - Buttons inside a text field are stops of their own, right after the field; a labelled
///   switch around an unlabelled one (SwiftUI's toggle) is one stop; two candidate stops with the
///   same type, label and frame are one.
/// - The status bar is left out (VoiceOver reaches it by touch, not by swiping); an alert makes
///   its window modal.
/// - Traits come from the dump's `traits` when it has them, else from the element type; roles no
///   trait names (text field, switch, tab, back button) always come from the type and place. A
///   labelled cell with no traits of its own takes those of the element inside it that carries
///   its label.
struct DumpInterpreter {
    /// Sentences for the user about what the dump could not say or what was left out.
    private(set) var notes: [String] = []
    /// The language told from the dump's letters, said in the dump's summary note.
    private(set) var guessedLanguage: String?
    private(set) var idLocations: [String: SourceLocation] = [:]
    private var usedIDs: Set<String> = []
    private var containerCounts: [String: Int] = [:]
    /// The next suffix to try for each base id: many elements with one label take `-2`, `-3`...
    /// in turn, not by searching from `-2` each time.
    private var nextSuffix: [String: Int] = [:]
    /// Ids looked up while making them unique (a counting test holds it to the element count).
    private(set) var idProbes = 0
    private var unknownTypes: Set<String> = []
    private var unknownTraits: Set<String> = []
    private var statusBarNodes = 0
    /// Candidate stops on pages of a paged scroll view other than the one shown, and what the
    /// page indicator said.
    private var offPageStops = 0
    private var pageIndicatorValue: String?
    private var alertsSeen = 0
    /// The scroll views around the node being converted, nearest last.
    private var scrollViews: [DumpViewport] = []
    /// Type, label and frame of every stop made so far: a second one is the same stop.
    private var stopKeys: Set<StopKey> = []
    /// The language asked for (`--language`), or `asWritten`: told from the letters.
    private let language: ScreenLanguage

    init(language: ScreenLanguage = .asWritten) {
        self.language = language
    }

    /// Where an element sits, as far as its reading is concerned.
    private struct Context {
        /// Location of the navigation bar button read as the back button, if any.
        var backButton: SourceLocation?
        /// Its label and frame: its chevron image twin is no stop of its own.
        var backButtonLabel: String?
        var backButtonFrame: Frame?
        var inNavigationBar = false
        /// The window's frame (else the application's): what an invisible stop outside any scroll
        /// view is judged against.
        var screen: Frame?
        /// The frame of the cell around the node, if any: a child whose frame lies wholly outside
        /// it is stale (reported from before layout), and the cell's frame is its place.
        var cell: Frame?
        /// The page indicators of the window (their frame and what they say) that name more than
        /// one page: a scroll view above or below one is paged.
        var pageIndicators: [(frame: Frame, text: String)] = []
        /// The visible elements of the window, which can be drawn over an invisible stop.
        var covers: [Cover] = []
    }

    /// A visible element of a window that can lie over another (a banner, a floating button, an
    /// overlay's controls): where it is, where it starts in the file (later is drawn above), and
    /// whether it is inside a modal (`Alert`, `Sheet`, `Dialog`, `Popover`), which confines VoiceOver.
    struct Cover {
        var frame: Frame
        var location: SourceLocation
        var isModal: Bool
    }

    /// Types that confine VoiceOver to themselves (`accessibilityViewIsModal`).
    static let modalTypes: Set<String> = ["Alert", "Sheet", "Dialog", "Popover"]

    /// What makes two candidate stops the same stop (type, label and frame).
    private struct StopKey: Hashable {
        var type: String
        var label: String
        var x, y, width, height: Double
    }

    /// The screen for a dump; `defaultName` is used when the dump names no application.
    mutating func screen(from dump: Dump, defaultName: String) throws -> Screen {
        var name = defaultName
        var top: [(node: DumpNode, context: Context)] = []
        for root in dump.roots {
            if root.type == "Application" {
                if let title = trimmed(root.label) { name = title }
                top += root.children.map {
                    ($0, Context(screen: root.frame, pageIndicators: Self.pageIndicators(in: $0), covers: Self.covers(in: $0)))
                }
            } else {
                top.append((root, Context(pageIndicators: Self.pageIndicators(in: root), covers: Self.covers(in: root))))
            }
        }
        let roots = top.flatMap { convert($0.node, context: $0.context) }
        if statusBarNodes > 0 {
            notes.append("the status bar (\(statusBarNodes) nodes) is not in the swipe order (VoiceOver reaches it by touch); it is left out")
        }
        if offPageStops > 0 {
            let indicator = pageIndicatorValue.map { " (its page indicator says \"\($0)\")" } ?? ""
            let elements = offPageStops == 1 ? "1 element on another page" : "\(offPageStops) elements on other pages"
            let verb = offPageStops == 1 ? "is" : "are"
            notes.append("\(elements) of a paged scroll view\(indicator) \(verb) not in the swipe order (VoiceOver reaches them by a three-finger swipe left or right); they are left out")
        }
        for type in unknownTypes.sorted() {
            notes.append("unknown element type \"\(type)\"; read as Other")
        }
        for trait in unknownTraits.sorted() {
            notes.append("unknown trait \"\(trait)\"; ignored")
        }
        // No dump format says which language its text is in: unless told, tell it from the
        // letters, so the text is heard in its own language's voice (docs/import.md, "Language").
        let screenLanguage = language.resolve {
            var texts: [String] = []
            roots.forEach { Self.collectTexts($0, into: &texts) }
            return texts
        }
        if language == .asWritten { guessedLanguage = screenLanguage }
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
        if Self.isElement(node) { return stops(for: node, context: context) }

        var inner = context
        if node.type == "NavigationBar" {
            inner.inNavigationBar = true
            let back = Self.backButton(in: node)
            inner.backButton = back?.location
            inner.backButtonLabel = back.flatMap { nonEmpty($0.label) }
            inner.backButtonFrame = back?.frame
        }
        if node.type == "Window", let frame = node.frame { inner.screen = frame }
        if node.type == "Cell", let frame = node.frame { inner.cell = frame }
        let isScrollView = DumpTypes.scrollViews.contains(node.type)
        if isScrollView {
            var viewport = DumpViewport(frame: node.frame, isScrollView: true)
            if let indicator = Self.pageIndicator(for: node.frame, among: context.pageIndicators) {
                viewport.isPaged = true
                pageIndicatorValue = pageIndicatorValue ?? indicator.text
            }
            scrollViews.append(viewport)
        }
        let alertsBefore = alertsSeen
        if node.type == "Alert" { alertsSeen += 1 }
        let children = node.children.flatMap { convert($0, context: inner) }
        if isScrollView { scrollViews.removeLast() }
        let kind: ElementKind
        switch node.type {
        case "Window": kind = .view
        case _ where isScrollView: kind = .scrollView
        case "TabBar": kind = .tabBar
        case "Alert": kind = .view
        default: return children
        }
        var container = AccessibilityNode(id: containerID(node, kind: kind), kind: kind, identifier: node.identifier,
                                          frame: node.frame, children: children)
        container.isModal = alertsSeen > alertsBefore && (node.type == "Window" || node.type == "Alert")
        return [container]
    }

    /// The stops a candidate stop gives: none when VoiceOver cannot reach it or it repeats a stop
    /// already made; else the element, followed, for a text field, by the buttons inside it.
    private mutating func stops(for node: DumpNode, context: Context) -> [AccessibilityNode] {
        var node = node
        node.frame = Self.placed(node.frame, in: context.cell)
        guard isReachable(node, context: context), isFirstOfItsKind(node), !Self.isBackChevron(node, context: context) else { return [] }
        let field = element(node, context: context)
        guard DumpTypes.textFields.contains(node.type) else { return [field] }
        // Buttons inside a text field (clear text, show password, dictate) are stops of their own,
        // after the field: a group in that explicit order keeps them there whatever the frames say.
        var buttons: [AccessibilityNode] = []
        for button in Self.buttons(in: node) where isReachable(button, context: context) && isFirstOfItsKind(button) {
            buttons.append(element(button, context: context))
        }
        guard !buttons.isEmpty else { return [field] }
        let group = AccessibilityNode(id: register("\(field.id)-with-buttons", location: node.location), kind: .view,
                                      frame: node.frame, children: [field] + buttons,
                                      accessibilityElements: [field.id] + buttons.map(\.id))
        return [group]
    }

    /// docs/import.md, "Reachable or not": an invisible candidate stop wholly inside the nearest
    /// scroll view's frame, else the screen's, is not reached; one outside it is scrolled to.
    private mutating func isReachable(_ node: DumpNode, context: Context) -> Bool {
        if scrollViews.contains(where: { $0.isOffPage(node.frame) }) {
            offPageStops += 1
            return false
        }
        let viewport = scrollViews.last ?? DumpViewport(frame: context.screen, isScrollView: false)
        let reached = viewport.reaches(isVisible: node.isVisible, frame: node.frame)
            || Self.isUnderOverlay(node, covers: context.covers)
        if !scrollViews.isEmpty { scrollViews[scrollViews.count - 1].passed(node.frame) }
        return reached
    }

    /// docs/import.md, "Reachable or not": an invisible stop whose centre lies under a visible
    /// element drawn after it in the same window (an app's own banner, floating button or
    /// overlay) is covered, not hidden: WebDriverAgent's `visible` is a hit test, and VoiceOver
    /// still swipes onto it, unless what covers it is inside a modal, which confines VoiceOver.
    static func isUnderOverlay(_ node: DumpNode, covers: [Cover]) -> Bool {
        guard node.isVisible == false, let frame = node.frame, frame.width > 0, frame.height > 0 else { return false }
        let x = frame.x + frame.width / 2, y = frame.y + frame.height / 2
        let end = lastLocation(in: node)
        var covered = false
        for cover in covers where isAfter(cover.location, end) && cover.frame.contains(x: x, y: y) {
            if cover.isModal { return false }
            covered = true
        }
        return covered
    }

    /// The visible elements of a window with a frame, each marked modal when it or a container
    /// around it is a modal type. An element's children are part of it.
    static func covers(in window: DumpNode) -> [Cover] {
        var found: [Cover] = []
        let screen = window.frame
        func walk(_ node: DumpNode, modal: Bool) {
            let modal = modal || modalTypes.contains(node.type) || isPresentedSheet(node, in: screen)
            if node.type == "StatusBar" { return }
            if isElement(node) {
                if node.isVisible == true, let frame = node.frame, frame.width > 0, frame.height > 0 {
                    found.append(Cover(frame: frame, location: node.location, isModal: modal))
                }
                return
            }
            node.children.forEach { walk($0, modal: modal) }
        }
        walk(window, modal: false)
        return found
    }

    /// Whether a container looks like a presented sheet, which is modal: as wide as the window,
    /// reaching its bottom edge from below its top, and at least half its height (a sheet slides
    /// up from the bottom; SwiftUI's is written as a plain `Other`). Earshot's choice, from the
    /// capture's modal: a banner or a floating button is smaller; a screen presented over the
    /// whole window cannot be told from the wrappers around any screen.
    static func isPresentedSheet(_ node: DumpNode, in window: Frame?) -> Bool {
        guard let window, let frame = node.frame, !node.children.isEmpty else { return false }
        let bottom = frame.y + frame.height, windowBottom = window.y + window.height
        return frame.width >= window.width - 1 && abs(bottom - windowBottom) <= 1
            && frame.y > window.y && frame.height >= window.height / 2
    }

    /// Where the last node of the subtree starts (the node itself when it has no children).
    private static func lastLocation(in node: DumpNode) -> SourceLocation {
        guard let last = node.children.last else { return node.location }
        return lastLocation(in: last)
    }

    private static func isAfter(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        a.line > b.line || (a.line == b.line && a.column > b.column)
    }

    /// False for a second candidate stop with the type, label and frame of one already made (a
    /// control and its copy, as WebDriverAgent lists a search field's Dictate button twice).
    private mutating func isFirstOfItsKind(_ node: DumpNode) -> Bool {
        guard let frame = node.frame else { return true }
        let key = StopKey(type: node.type, label: nonEmpty(node.label) ?? "", x: frame.x, y: frame.y,
                          width: frame.width, height: frame.height)
        return stopKeys.insert(key).inserted
    }

    /// Whether VoiceOver focuses the node itself: the dump's own answer when it has one, else
    /// the type's (texts, cells and images when they say something; a labelled `Other`, whose
    /// children are then part of it). SwiftUI's toggle, a labelled switch around an unlabelled
    /// one, is the outer switch whatever `accessible` says of either.
    private static func isElement(_ node: DumpNode) -> Bool {
        if isToggle(node) { return true }
        if let accessible = node.isAccessible { return accessible }
        let labelled = nonEmpty(node.label) != nil
        switch node.type {
        case "Cell": return labelled || nonEmpty(node.value) != nil || !cellTexts(node).isEmpty
        case "StaticText", "Heading": return labelled || nonEmpty(node.value) != nil
        case "Image", "Other": return labelled
        default: return DumpTypes.elements.contains(node.type)
        }
    }

    /// The texts an unlabelled cell is read by, in order, each once: a standard `UITableViewCell`
    /// is one accessibility element whose label joins its text labels (Apple's UITableViewCell
    /// accessibility; older XCTest dumps, Appium before about 2018, give such a cell no label).
    /// None when the cell holds a control of its own other than a switch (a button, a field, a
    /// link): such a cell is a container and its controls are stops (docs/import.md, "Cells").
    ///
    /// Only in a dump without traits: a dump that writes traits (WebDriverAgent 9.10 and later)
    /// gives a merged cell its label itself, so an unlabelled cell there is a container whose
    /// texts speak on their own (iOS 26 Settings' placard, its title a heading).
    static func cellTexts(_ cell: DumpNode) -> [String] {
        guard cell.traits == nil else { return [] }
        var texts: [String] = []
        var holdsControl = false
        func walk(_ node: DumpNode) {
            for child in node.children {
                if child.type == "StaticText", let text = nonEmpty(child.label) ?? nonEmpty(child.value) {
                    if !texts.contains(text) { texts.append(text) }
                } else if ["Button", "Link", "TextField", "SecureTextField", "SearchField", "TextView", "Slider", "Stepper",
                           "SegmentedControl"].contains(child.type) {
                    holdsControl = true
                }
                walk(child)
            }
        }
        walk(cell)
        return holdsControl ? [] : texts
    }

    /// A labelled switch holding an unlabelled one: SwiftUI's `Toggle` as XCTest reports it.
    private static func isToggle(_ node: DumpNode) -> Bool {
        guard DumpTypes.switches.contains(node.type), nonEmpty(node.label) != nil,
              let inner = firstSwitch(in: node) else { return false }
        return nonEmpty(inner.label) == nil
    }

    /// The buttons inside a text field, outermost first, in file order. A labelled one counts even
    /// where the dump calls it no element of its own: VoiceOver reaches a field's clear button.
    private static func buttons(in field: DumpNode) -> [DumpNode] {
        var found: [DumpNode] = []
        func collect(_ node: DumpNode) {
            for child in node.children {
                let isButton = child.type == "Button" || (child.traits?.contains("Button") ?? false)
                if isButton && (isElement(child) || nonEmpty(child.label) != nil) { found.append(child) } else { collect(child) }
            }
        }
        collect(field)
        return found
    }

    private mutating func element(_ node: DumpNode, context: Context) -> AccessibilityNode {
        // A cell holding a switch is read as that switch (UIKit's cell takes its accessory's role).
        let switchNode = node.type == "Cell" ? Self.firstSwitch(in: node) : nil
        let readType = switchNode == nil ? node.type : "Switch"
        var traits = AccessibilityTraits()
        if var names = node.traits {
            // A labelled cell with no traits of its own is heard with those of the element inside
            // it that carries its label (a Settings row's `StaticText, Button`).
            if node.type == "Cell", !names.contains(where: { DumpTypes.traitNames[$0] != nil }),
               let carrier = Self.labelCarrier(in: node), let carried = carrier.traits {
                names += carried
            }
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
        if label == nil, node.type == "Cell" {
            let texts = Self.cellTexts(node)
            if !texts.isEmpty { label = texts.joined(separator: MergedFocus.separator) }
        }
        var value = nonEmpty(node.value)
        if label == nil, kind == .label || node.type == "StaticText" {
            label = value
            value = nil
        }
        if value == label { value = nil }
        if traits.contains(.switch) {
            // The state is the outer switch's, else the inner one's (SwiftUI's toggle may put it
            // on either).
            let stateNode = switchNode ?? node
            result.isOn = Self.isOn(nonEmpty(stateNode.value) ?? Self.firstSwitch(in: stateNode)?.value)
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
            if DumpTypes.switches.contains(child.type) { return child }
            if let found = firstSwitch(in: child) { return found }
        }
        return nil
    }

    /// The element inside a cell that carries the cell's label: the first whose label is the
    /// cell's, else the first whose label starts the cell's joined label (`Name` in `Name, iPhone`).
    private static func labelCarrier(in cell: DumpNode) -> DumpNode? {
        guard let label = nonEmpty(cell.label) else { return nil }
        var exact: DumpNode?, part: DumpNode?
        func walk(_ node: DumpNode) {
            for child in node.children where exact == nil {
                if let own = nonEmpty(child.label) {
                    if own == label { exact = child } else if part == nil, label.hasPrefix(own + MergedFocus.separator) { part = child }
                }
                walk(child)
            }
        }
        walk(cell)
        return exact ?? part
    }

    /// The back button of a navigation bar, from the bar's structure rather than a pixel
    /// threshold (docs/import.md, "The back button"): the button WebDriverAgent names
    /// `BackButton` (iOS 26 insets it 16 points); else one labelled with the system's back word
    /// ("Back", "뒤로", "戻る", "返回"); else the bar's first button in reading order when it lies on
    /// the leading side, before the title (or in the bar's leading third when there is no title),
    /// and is not a bar action such as Cancel or Edit, which a modal's bar puts there.
    /// The page indicators in a window's tree that name more than one page: UIPageControl's value
    /// is "page 1 of 3" in English (WebDriverAgent's FBElementAttributeTests), in the device's
    /// language otherwise, so any number above 1 in its value or label counts.
    static func pageIndicators(in window: DumpNode) -> [(frame: Frame, text: String)] {
        var found: [(frame: Frame, text: String)] = []
        func walk(_ node: DumpNode) {
            if node.type == "PageIndicator", let frame = node.frame,
               let text = nonEmpty(node.value) ?? nonEmpty(node.label),
               text.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).contains(where: { (Int($0) ?? 0) > 1 }) {
                found.append((frame, text))
            }
            node.children.forEach(walk)
        }
        walk(window)
        return found
    }

    /// The page indicator that belongs to a scroll view: one whose centre lies within the scroll
    /// view's width (a page control sits under or over the pages it counts).
    static func pageIndicator(for scrollView: Frame?, among indicators: [(frame: Frame, text: String)])
        -> (frame: Frame, text: String)? {
        guard let scrollView else { return nil }
        return indicators.first { indicator in
            let centre = indicator.frame.x + indicator.frame.width / 2
            return centre >= scrollView.x && centre <= scrollView.x + scrollView.width
        }
    }

    static func backButton(in bar: DumpNode) -> DumpNode? {
        var buttons: [DumpNode] = []
        var title: DumpNode?
        func collect(_ node: DumpNode) {
            for child in node.children {
                if child.type == "Button", child.frame != nil {
                    buttons.append(child)
                } else {
                    if child.type == "StaticText", title == nil, child.frame != nil { title = child }
                    collect(child)
                }
            }
        }
        collect(bar)
        if let named = buttons.first(where: { $0.identifier == "BackButton" }) { return named }
        if let worded = buttons.first(where: { backWords.contains(nonEmpty($0.label)?.lowercased() ?? "") }) { return worded }
        guard let barFrame = bar.frame, let first = buttons.min(by: { $0.frame!.x < $1.frame!.x }) else { return nil }
        let frame = first.frame!
        let leadingEdge = title?.frame.map { $0.x } ?? (barFrame.x + barFrame.width / 3)
        guard frame.x + frame.width / 2 < leadingEdge,
              !barActionWords.contains(nonEmpty(first.label)?.lowercased() ?? "") else { return nil }
        return first
    }

    /// The back button's chevron as WebDriverAgent may list it beside the button: an image with
    /// the button's label and a frame inside the button's.
    private static func isBackChevron(_ node: DumpNode, context: Context) -> Bool {
        guard node.type == "Image", let label = context.backButtonLabel, nonEmpty(node.label) == label,
              let frame = node.frame, let button = context.backButtonFrame else { return false }
        return button.contains(frame)
    }

    /// A frame that contradicts its cell's (lies wholly outside it: WebDriverAgent's frame from
    /// before layout, a text at y 0 in a cell at y 678) gives way to the cell's.
    static func placed(_ frame: Frame?, in cell: Frame?) -> Frame? {
        guard let frame, let cell, frame.intersection(cell) == nil else { return frame }
        return cell
    }

    /// The system's back button words (an unnamed back button of an app's own is told by its place).
    static let backWords: Set<String> = ["back", "뒤로", "戻る", "返回"]

    /// Words of bar buttons that are not a way back (a modal's Cancel, a list's Edit), in the
    /// built-in voices' languages.
    static let barActionWords: Set<String> = [
        "cancel", "close", "done", "edit", "save", "add", "menu",
        "취소", "닫기", "완료", "편집", "저장", "추가", "메뉴",
        "キャンセル", "閉じる", "完了", "編集", "保存", "追加",
        "取消", "关闭", "完成", "编辑", "保存", "添加",
    ]

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
        var suffix = nextSuffix[base] ?? 2
        idProbes += 1
        while usedIDs.contains(id) {
            id = "\(base)-\(suffix)"
            suffix += 1
            idProbes += 1
        }
        if id != base { nextSuffix[base] = suffix }
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
            // A Hangul syllable is a letter: kept without looking up its properties.
            let kept = (0xAC00...0xD7A3).contains(value) ? true : scalar.isASCII
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
