import EarshotCore
import Foundation

/// The keyboard walk (`WebKeyboardWalk`; docs/web.md "The keyboard walk"): the browser's own
/// Tab pressed from the start of the page, then shift+Tab from its end, each key a real key
/// event (`Input.dispatchKeyEvent`, as a scenario's keys are), and the element keyboard focus
/// is on read after each, for `keyboard.unreachable` (WCAG 2.2 2.1.1) and `keyboard.trap`
/// (2.1.2).
///
/// - The start and the end: a bare `span` with `tabindex="-1"` is put first (last) in the body
///   and focused, so that the first Tab (shift+Tab) goes where it goes from the top (the
///   bottom) of the page, whatever the page focused as it loaded; it is taken out after that
///   key. The page's own key handlers see every key.
/// - Focus is read after the page's handlers and its timers of no delay have run (a
///   `setTimeout` of 0 awaited): a handler that puts focus back on blur is seen. In an open
///   shadow root and in a frame of the same origin, the element focused inside is read.
/// - A walk ends where focus leaves the page (nothing focused: Chromium gives focus to the
///   browser beyond the last element), comes back to the first element it reached (the page
///   wraps), or stays put or goes back to an element reached before: then the element it was on
///   is a trap for that key. A frame's element (another origin's frame, whose focus is not
///   read) staying focused is not a trap. A walk stops at `WebPageLimits.longestKeyboardWalk`
///   keys, `cut`.
/// - An element focused that the tree has no node for (one the accessibility tree leaves out)
///   is walked past but not listed.
///
/// A page the walk fails on (a script error, a time-out) keeps its tree, with a note and no
/// walk, so `keyboard.*` is not evaluated.
extension BrowserSession {
    func walkKeyboard(_ tree: inout WebPageTree, nodeIDs: [Int: String]) {
        let group = "earshot-keyboard"
        defer { _ = try? call("Runtime.releaseObjectGroup", ["objectGroup": group], deadline: Date().addingTimeInterval(10),
                              waitingFor: "for the browser to let the keyboard walk's objects go") }
        do {
            let what = "for the browser's keyboard walk of \(tree.url)"
            var walk = WebKeyboardWalk(forward: [], backward: [])
            for shifted in [false, true] {
                let keys = shifted ? "shift+Tab" : "Tab"
                let stroke = KeyStroke(PageKey("Tab", modifiers: shifted ? [.shift] : []))
                var order: [Int] = [], seen: Set<Int> = [], frames: Set<Int> = [], previous: Int?
                var presses = 0
                try evaluate(Self.keyboardStart(atEnd: shifted), group: group, what: what)
                walking: while true {
                    if presses == WebPageLimits.longestKeyboardWalk {
                        walk.cut = true
                        break
                    }
                    presses += 1
                    let deadline = Date().addingTimeInterval(30)
                    for event in stroke.events {
                        try call("Input.dispatchKeyEvent", event, deadline: deadline, waitingFor: what)
                    }
                    if presses == 1 { try evaluate(Self.keyboardStartRemoval, group: group, what: what) }
                    guard let focused = try focusedElement(group: group, what: what) else { break walking }
                    if focused.frame { frames.insert(focused.id) }
                    if focused.id == previous, !frames.contains(focused.id) {
                        if let node = nodeIDs[focused.id] { walk.traps.append(.init(node: node, keys: keys)) }
                        break walking
                    }
                    if focused.id == previous { continue }
                    if seen.contains(focused.id) {
                        // Back to the first element: the page wraps, which ends the walk.
                        if focused.id != order.first, let from = previous, let node = nodeIDs[from] {
                            walk.traps.append(.init(node: node, keys: keys, to: nodeIDs[focused.id]))
                        }
                        break walking
                    }
                    seen.insert(focused.id)
                    order.append(focused.id)
                    previous = focused.id
                }
                let named = order.compactMap { nodeIDs[$0] }
                if shifted { walk.backward = named } else { walk.forward = named }
            }
            tree.keyboard = walk
        } catch {
            tree.keyboard = nil
            tree.notes.append(WebPageLimits.keptText("the browser's keyboard walk (Tab and shift+Tab through the page) did not finish "
                                                     + "(\(error)), so keyboard.unreachable and keyboard.trap were not checked"))
        }
    }

    private func evaluate(_ script: String, group: String, what: String) throws {
        let answer = try call("Runtime.evaluate", ["expression": script, "objectGroup": group, "returnByValue": true],
                              deadline: Date().addingTimeInterval(30), waitingFor: what)
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            throw BrowserError.unavailable("the keyboard walk's script failed: \(exception["text"] as? String ?? "an exception")")
        }
    }

    /// The element keyboard focus is on, by Chromium's backend node id, and whether it is a
    /// frame's element (focus inside another origin's frame); nil when nothing of the page is
    /// focused.
    private func focusedElement(group: String, what: String) throws -> (id: Int, frame: Bool)? {
        let deadline = Date().addingTimeInterval(30)
        let answer = try call("Runtime.evaluate", ["expression": Self.focusedScript, "objectGroup": group, "returnByValue": false,
                                                   "awaitPromise": true], deadline: deadline, waitingFor: what)
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            throw BrowserError.unavailable("the keyboard walk's script failed: \(exception["text"] as? String ?? "an exception")")
        }
        guard let object = (answer["result"] as? [String: Any])?["objectId"] as? String else { return nil }
        let described = try call("DOM.describeNode", ["objectId": object], deadline: deadline, waitingFor: what)
        guard let node = described["node"] as? [String: Any], let id = (node["backendNodeId"] as? NSNumber)?.intValue else { return nil }
        let name = (node["localName"] as? String) ?? ""
        return (id, name == "iframe" || name == "frame")
    }

    /// Puts the walk's starting point first (or last) in the body and focuses it.
    static func keyboardStart(atEnd: Bool) -> String {
        """
        (function () {
          var old = document.getElementById('earshot-keyboard-start');
          if (old) { old.remove(); }
          if (document.activeElement && document.activeElement.blur) { document.activeElement.blur(); }
          var start = document.createElement('span');
          start.id = 'earshot-keyboard-start';
          start.tabIndex = -1;
          var holder = document.body || document.documentElement;
          \(atEnd ? "holder.appendChild(start);" : "holder.insertBefore(start, holder.firstChild);")
          start.focus({preventScroll: true});
          return true;
        })()
        """
    }

    /// Takes the starting point out again.
    static let keyboardStartRemoval = """
        (function () {
          var start = document.getElementById('earshot-keyboard-start');
          if (start) { start.remove(); }
          return true;
        })()
        """

    /// The element focused, inside open shadow roots and frames of the same origin, once the
    /// page's handlers and its timers of no delay have run; null when it is the body or nothing.
    static let focusedScript = """
        new Promise(function (done) { setTimeout(done, 0); }).then(function () {
          var element = document.activeElement;
          for (var depth = 0; element && depth < 64; depth++) {
            var inner = null;
            if (element.shadowRoot && element.shadowRoot.activeElement) { inner = element.shadowRoot.activeElement; }
            else if (element.localName === 'iframe' || element.localName === 'frame') {
              try { var doc = element.contentDocument; if (doc && doc.activeElement && doc.activeElement !== doc.body) { inner = doc.activeElement; } } catch (e) { inner = null; }
            }
            if (!inner) { break; }
            element = inner;
          }
          if (!element || element === document.body || element === document.documentElement) { return null; }
          return element;
        })
        """
}
