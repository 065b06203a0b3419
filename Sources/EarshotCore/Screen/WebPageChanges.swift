import Foundation

/// What a change of a web page did that a listener may miss, beside its live regions
/// (`WebLiveRegions`): text that changed where no region speaks it, where keyboard focus went,
/// and dialogs that appeared. The desk check keeps them in its flow log, and `FlowInspector`
/// judges them (docs/findings.md, "On web pages").
public enum WebPageChanges {
    /// Changed text of at most this many characters, in at most `shortRuns` runs, reads like a
    /// message (a cart count, an error, a "saved"); more is new content the user goes to read
    /// (a list of results). **Earshot's choice**: no screen reader or standard draws the line.
    public static let shortText = 150
    public static let shortRuns = 3

    /// One thing a page change did.
    public enum Event: Sendable, Equatable {
        /// Text appeared or changed outside every live region and away from keyboard focus
        /// (`elements`: the element holding the first run, then the runs' ids; `text`: the new
        /// text, in document order); only changes short enough to read as a message.
        case textChanged(elements: [String], text: String)
        /// Keyboard focus moved to `element` (nil: the document itself), inside `dialog` if any.
        case keyboardFocus(element: String?, dialog: String?)
        /// The element that had keyboard focus left the page and focus fell to the document.
        case focusLost(element: String)
        /// A dialog (`dialog`, `alertdialog`) appeared; `name` its accessible name.
        case dialogOpened(dialog: String, name: String?)
    }

    /// The events of the change from `before` to `after`, in the order a listener meets them:
    /// dialogs opened, then where focus went, then text changes.
    ///
    /// `acted`: the element the user's action was on (a click focuses what it clicks, as a
    /// person's click does), taken as focused before the change when it can take focus.
    public static func events(from before: Screen, to after: Screen, acted: String? = nil) -> [Event] {
        var events: [Event] = []
        var old = Facts(before)
        let new = Facts(after)
        if let acted, let node = before.node(acted), node.web?.isFocusable == true { old.focused = node }
        for dialog in new.dialogs where old.dialogs.contains(where: { $0.id == dialog.id }) == false {
            events.append(.dialogOpened(dialog: dialog.id, name: dialog.web?.name))
        }
        if old.focused?.id != new.focused?.id {
            if let lost = old.focused?.id, new.focused == nil, after.node(lost) == nil {
                events.append(.focusLost(element: lost))
            }
            events.append(.keyboardFocus(element: new.focused?.id, dialog: new.focused.flatMap { new.dialog[$0.id] }))
        }
        // Text away from focus and outside regions and new dialogs, new or changed.
        let openedDialogs = Set(events.compactMap { if case .dialogOpened(let id, _) = $0 { id } else { nil } })
        // The focused field's error message (`aria-errormessage`) is said with the field
        // (docs/web.md, section c): heard, as the focus is.
        var focusMessages: Set<String> = []
        if case .text(let ids)? = new.focused?.web?.properties["errormessage"] {
            focusMessages = Set(ids.split(separator: " ").map(String.init))
        }
        let changed = new.runs.filter { run in
            guard old.text[run.id] != run.text else { return false }
            if let focused = new.focused?.id, new.ancestors[run.id, default: []].contains(focused) { return false }
            if focusMessages.contains(run.id) || new.ancestors[run.id, default: []].contains(where: focusMessages.contains) { return false }
            if let dialog = new.dialog[run.id], openedDialogs.contains(dialog) { return false }
            return true
        }
        let text = changed.map(\.text).joined(separator: " ")
        if !changed.isEmpty, changed.count <= shortRuns, text.count <= shortText {
            // The element that holds the text first (`cart`), then its runs.
            let holder = new.ancestors[changed[0].id]?.last.map { [$0] } ?? []
            events.append(.textChanged(elements: holder + changed.map(\.id), text: text))
        }
        return events
    }

    /// What the events are read from, gathered in one walk of a screen.
    private struct Facts {
        /// The element with keyboard focus, other than the document.
        var focused: AccessibilityNode?
        var dialogs: [AccessibilityNode] = []
        /// The nearest dialog around each node.
        var dialog: [String: String] = [:]
        var ancestors: [String: [String]] = [:]
        /// Runs of text outside live regions and controls, in document order.
        var runs: [(id: String, text: String)] = []
        var text: [String: String] = [:]

        init(_ screen: Screen) {
            func walk(_ node: AccessibilityNode, path: [String], dialog: String?, quiet: Bool) {
                guard let web = node.web else { return }
                ancestors[node.id] = path
                if let dialog { self.dialog[node.id] = dialog }
                if web.flag("focused"), !web.role.isDocument { focused = node }
                var inside = dialog
                if web.role.isDialog {
                    dialogs.append(node)
                    inside = node.id
                    // A dialog that takes focus itself (`tabindex="-1"`) has focus in it.
                    self.dialog[node.id] = node.id
                }
                // A region speaks its own text; a control's text is its name.
                let quietHere = quiet || web.live != nil || web.role.isControl
                if web.isText, !quietHere, let text = node.text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
                    runs.append((node.id, text))
                    self.text[node.id] = text
                }
                for child in node.children { walk(child, path: path + [node.id], dialog: inside, quiet: quietHere) }
            }
            screen.roots.forEach { walk($0, path: [], dialog: nil, quiet: false) }
        }
    }
}
