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
///   is a trap for that key, unless it is the only element the walk reached (a page with one
///   element in its order wraps around to it: seen with shift+Tab in Chromium 156). A frame's element (another origin's frame, whose focus is not
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
                // Focus visible: each element Tab reaches is pictured focused, and again once the
                // walk has ended with nothing focused (`FocusPicture`); forward only. (Not once
                // the next Tab has moved on: the next element's ring may fall in the margin.)
                var pictures: [FocusPicture] = []
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
                        // The only element reached: a page with one element in its order wraps
                        // around to it (Chromium, headless, gives focus to no browser beyond it).
                        if order.count > 1, let node = nodeIDs[focused.id] { walk.traps.append(.init(node: node, keys: keys)) }
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
                    if !shifted, pictures.count < WebPageLimits.focusPicturesPerWalk, nodeIDs[focused.id] != nil,
                       let place = try focusedPlace(group: group, what: what),
                       let png = try picture(place.clip, scroll: place.scroll, what: what) {
                        pictures.append(FocusPicture(element: focused.id, clip: place.clip, scroll: place.scroll, png: png))
                    }
                }
                if !pictures.isEmpty {
                    // Nothing focused: a walk that ended on an element (a trap, its bound) lets it go.
                    try evaluate(Self.keyboardBlur, group: group, what: what)
                    for picture in pictures {
                        guard let unfocused = try self.picture(picture.clip, scroll: picture.scroll, what: what) else { continue }
                        walk.pictured = true
                        if unfocused == picture.png, let node = nodeIDs[picture.element] { walk.unseen.append(node) }
                    }
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

    /// An element pictured with keyboard focus on it: the region (its border box and
    /// `focusMargin` CSS pixels around it, in the document's coordinates), the window's scroll
    /// then, and the PNG.
    struct FocusPicture {
        var element: Int
        var clip: [String: Double]
        var scroll: (x: Double, y: Double)
        var png: Data
    }

    /// Where the focused element is: its box with the margin, in the document's coordinates,
    /// and the window's scroll; nil for an element with no box, one in a frame, or one larger
    /// than `WebPageLimits.largestFocusPicture` either way.
    private func focusedPlace(group: String, what: String) throws -> (clip: [String: Double], scroll: (x: Double, y: Double))? {
        let answer = try call("Runtime.evaluate", ["expression": Self.focusedPlaceScript, "objectGroup": group, "returnByValue": true],
                              deadline: Date().addingTimeInterval(30), waitingFor: what)
        guard let value = (answer["result"] as? [String: Any])?["value"] as? [String: Any] else { return nil }
        func number(_ key: String) -> Double? { (value[key] as? NSNumber)?.doubleValue }
        guard let x = number("x"), let y = number("y"), let width = number("width"), let height = number("height"),
              let scrollX = number("scrollX"), let scrollY = number("scrollY") else { return nil }
        let margin = WebPageLimits.focusMargin
        let left = max(0, x - margin), top = max(0, y - margin)
        let clip = ["x": left, "y": top, "width": (x + width + margin - left).rounded(.up), "height": (y + height + margin - top).rounded(.up), "scale": 1]
        guard width >= 1, height >= 1, clip["width"]! <= WebPageLimits.largestFocusPicture, clip["height"]! <= WebPageLimits.largestFocusPicture else { return nil }
        return (clip, (scrollX, scrollY))
    }

    /// The region `clip` as drawn now, with the window scrolled where it was (and scrolled back
    /// after); nil when the browser gives no picture.
    private func picture(_ clip: [String: Double], scroll: (x: Double, y: Double), what: String) throws -> Data? {
        let deadline = Date().addingTimeInterval(30)
        let moved = try call("Runtime.evaluate", ["expression": "(function () { var was = [scrollX, scrollY]; if (was[0] !== \(scroll.x) || was[1] !== \(scroll.y)) { scrollTo({left: \(scroll.x), top: \(scroll.y), behavior: 'instant'}); return was; } return null; })()",
                                                  "returnByValue": true], deadline: deadline, waitingFor: what)
        let back = ((moved["result"] as? [String: Any])?["value"] as? [NSNumber])?.map(\.doubleValue)
        defer {
            if let back, back.count == 2 {
                _ = try? call("Runtime.evaluate", ["expression": "scrollTo({left: \(back[0]), top: \(back[1]), behavior: 'instant'})"],
                              deadline: deadline, waitingFor: what)
            }
        }
        let shot = try call("Page.captureScreenshot", ["format": "png", "fromSurface": true, "captureBeyondViewport": false, "clip": clip],
                            deadline: deadline, waitingFor: what)
        return (shot["data"] as? String).flatMap { Data(base64Encoded: $0) }
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

    /// The element `focusedScript` last found: its border box in the document's coordinates
    /// and the window's scroll; null for none, or one in a frame.
    static let focusedPlaceScript = """
        (function () {
          var element = document[Symbol.for('earshot.focused')];
          if (!element || element.ownerDocument !== document) { return null; }
          var box = element.getBoundingClientRect();
          return {x: box.left + scrollX, y: box.top + scrollY, width: box.width, height: box.height, scrollX: scrollX, scrollY: scrollY};
        })()
        """

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

    /// Takes keyboard focus off the element that has it.
    static let keyboardBlur = """
        (function () {
          var element = document.activeElement;
          for (var depth = 0; element && element.shadowRoot && element.shadowRoot.activeElement && depth < 64; depth++) { element = element.shadowRoot.activeElement; }
          if (element && element.blur) { element.blur(); }
          return true;
        })()
        """

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
          if (!element || element === document.body || element === document.documentElement) { element = null; }
          document[Symbol.for('earshot.focused')] = element;
          return element;
        })
        """
}
