extension FlowInspector {
    /// How long after the user's action (a gesture, a click, typing) a short text the page shows
    /// is taken as the action's answer, a message the user should hear (`live.change-unheard`).
    /// **Earshot's choice**: a reply from a server within 5 s reads as the answer to the click;
    /// text a page changes on its own (a clock, a carousel) later is not judged.
    static let answerWindow = 5.0

    /// The findings of the web (docs/findings.md, "On web pages"): a region created filled, a
    /// short answer shown outside any region, focus lost to the document, a dialog that opened
    /// without focus. Focus is judged at the user's next action (or the end of the run): a page
    /// that moves focus a moment later, before the user acts, has done its work.
    static func webFindings(_ log: FlowLog) -> [Finding] {
        var found: [Finding] = []
        var lastAction: (time: Double, name: String)?
        // One finding per element holding the text: a count that changes on every click is one problem.
        var reported: Set<String> = []
        let entries = log.entries
        for (index, event) in entries.enumerated() {
            switch event {
            case .pageAction(let time, let name):
                lastAction = (time, name)
            case .regionCreatedFilled(let time, let screen, let region, let text):
                found.append(Finding(
                    .liveCreatedFilled, time: time, elements: [region],
                    message: "The live region \"\(region)\" came into the page with its text already in it, \"\(text)\": a region is heard only when it changes after it is there, so nothing is said and the user never hears it.",
                    screen: screen))
            case .page(let time, let screen, .textChanged(let elements, let text)):
                guard let action = lastAction, time - action.time <= answerWindow + 1e-9,
                      reported.insert(elements[0]).inserted else { continue }
                found.append(Finding(
                    .liveChangeUnheard, time: time, elements: elements,
                    message: "\(plainNumber(((time - action.time) * 1000).rounded() / 1000)) s after \"\(action.name)\" the page showed \"\(text)\" in \"\(elements[0])\" outside any live region and away from focus: nothing is said, so the user never hears it.",
                    screen: screen))
            case .page(let time, let screen, .focusLost(let element)):
                let later = window(after: index, in: entries)
                let recovered = later.contains { if case .page(_, _, .keyboardFocus(.some, _)) = $0 { true } else { false } }
                guard !recovered else { continue }
                found.append(Finding(
                    .focusLostToDocument, time: time, elements: [element],
                    message: "\"\(element)\" had keyboard focus and was removed from the page; focus fell to the document and stayed there until \(endOfWindow(after: index, in: entries)): the next Tab starts from the top of the page.",
                    screen: screen))
            case .page(let time, let screen, .dialogOpened(let dialog, let name)):
                let later = window(after: index, in: entries)
                let entered = later.contains { if case .page(_, _, .keyboardFocus(_, dialog)) = $0 { true } else { false } }
                guard !entered else { continue }
                let focus = later.reduce(into: Optional<String>.none) { focus, event in
                    if case .page(_, _, .keyboardFocus(let element, _)) = event { focus = element }
                }
                let called = name.map { "\"\(dialog)\" (\($0))" } ?? "\"\(dialog)\""
                found.append(Finding(
                    .dialogFocusNotMoved, time: time, elements: [dialog] + (focus.map { [$0] } ?? []),
                    message: "The dialog \(called) appeared and keyboard focus did not move into it before \(endOfWindow(after: index, in: entries)): the dialog is not said, and the user goes on in the page behind it.",
                    screen: screen))
            default:
                continue
            }
        }
        return found
    }

    /// The events after `index` up to the user's next action.
    private static func window(after index: Int, in entries: [FlowEvent]) -> ArraySlice<FlowEvent> {
        let rest = entries[(index + 1)...]
        let end = rest.firstIndex(where: isUserAction) ?? rest.endIndex
        return rest[..<end]
    }

    /// A gesture of the user's, or their action on the page.
    private static func isUserAction(_ event: FlowEvent) -> Bool {
        switch event {
        case .gesture, .pageAction: true
        default: false
        }
    }

    /// What ended the window: the user's next action, or the run's end.
    private static func endOfWindow(after index: Int, in entries: [FlowEvent]) -> String {
        for event in entries[(index + 1)...] {
            switch event {
            case .gesture(let time, let name), .pageAction(let time, let name): return "\"\(name)\" at \(clockTime(time))"
            default: continue
            }
        }
        return "the end of the run"
    }
}
