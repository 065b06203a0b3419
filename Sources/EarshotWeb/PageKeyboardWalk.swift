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
/// - A key costs two round trips: its down and up events sent at once (the browser queues them
///   in turn), then one script that reads focus and answers by value, naming the element by its
///   place in a list the walk keeps in the page; the list is identified as DevTools nodes once,
///   after both walks (`PageScriptAnswer`, its `DOM.describeNode` calls sent at once).
/// - Focus visible (`focus.invisible`, WCAG 2.2 2.4.7), forward only: the element's computed
///   focus styles against those noted with nothing focused as the walk began
///   (`focusStyleScript`) decide where they differ; where they do not, the element is pictured
///   focused and again once the walk has ended with nothing focused (at most
///   `WebPageLimits.focusPicturesPerWalk`, the rest said in the tree's notes).
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
            // Each element focus lands on is named by its place in the page's list of them
            // (`focusedScript`) until the walk is done; then the list is identified at once.
            var forward: [Int] = [], backward: [Int] = []
            var traps: [(element: Int, keys: String, to: Int?)] = []
            var cut = false
            // Focus visible: elements whose computed focus styles decide it (`shown`), and each
            // other element Tab reaches pictured focused (`FocusPicture`), and again once the walk
            // has ended with nothing focused; forward only. (Not once the next Tab has moved on:
            // the next element's ring may fall in the margin.)
            var shown: [Int] = [], pictures: [FocusPicture] = [], undecided = 0
            for shifted in [false, true] {
                let keys = shifted ? "shift+Tab" : "Tab"
                let stroke = KeyStroke(PageKey("Tab", modifiers: shifted ? [.shift] : []))
                var order: [Int] = [], seen: Set<Int> = [], frames: Set<Int> = [], previous: Int?
                var presses = 0
                try evaluate(Self.keyboardStart(atEnd: shifted), group: group, what: what)
                walking: while true {
                    if presses == WebPageLimits.longestKeyboardWalk {
                        cut = true
                        break
                    }
                    presses += 1
                    let deadline = Date().addingTimeInterval(30)
                    // The key's events at once: the browser queues them in turn.
                    try calls(stroke.events.map { (method: "Input.dispatchKeyEvent", parameters: $0) }, deadline: deadline, waitingFor: what)
                    guard let focused = try focusedElement(judging: !shifted, group: group, what: what) else { break walking }
                    if focused.frame { frames.insert(focused.element) }
                    if focused.element == previous, !frames.contains(focused.element) {
                        // The only element reached: a page with one element in its order wraps
                        // around to it (Chromium, headless, gives focus to no browser beyond it).
                        if order.count > 1 { traps.append((focused.element, keys, nil)) }
                        break walking
                    }
                    if focused.element == previous { continue }
                    if seen.contains(focused.element) {
                        // Back to the first element: the page wraps, which ends the walk.
                        if focused.element != order.first, let from = previous { traps.append((from, keys, focused.element)) }
                        break walking
                    }
                    seen.insert(focused.element)
                    order.append(focused.element)
                    previous = focused.element
                    guard !shifted else { continue }
                    if focused.stylesShow {
                        shown.append(focused.element)
                    } else if let place = focused.place {
                        undecided += 1
                        if pictures.count < WebPageLimits.focusPicturesPerWalk,
                           let png = try picture(place.clip, scrolled: nil, what: what) {
                            pictures.append(FocusPicture(element: focused.element, clip: place.clip, scroll: place.scroll, png: png))
                        }
                    }
                }
                if shifted { backward = order } else { forward = order }
            }
            // The elements, identified: backend ids, then the tree's nodes (an element the tree
            // has no node for is walked past but not listed).
            let elements = try PageScriptAnswer(self, expression: Self.walkedElementsScript, group: group, subject: "the keyboard walk's list",
                                                deadline: Date().addingTimeInterval(60), waitingFor: what)
            func node(_ element: Int) -> String? {
                guard let id = try? elements.backendID(element) else { return nil }
                return nodeIDs[id]
            }
            var walk = WebKeyboardWalk(forward: forward.compactMap(node), backward: backward.compactMap(node), cut: cut)
            walk.traps = traps.compactMap { trap in
                node(trap.element).map { WebKeyboardWalk.Trap(node: $0, keys: trap.keys, to: trap.to.flatMap(node)) }
            }
            walk.pictured = shown.contains { node($0) != nil }
            if !pictures.isEmpty {
                // Nothing focused: a walk that ended on an element (a trap, its bound) lets it go.
                try evaluate(Self.keyboardBlur, group: group, what: what)
                let started = try scrollPlace(what: what)
                var scroll = started
                for picture in pictures {
                    // The window scrolled where it was for the focused picture, when it is not there.
                    let png = try self.picture(picture.clip, scrolled: scroll == picture.scroll ? nil : picture.scroll, what: what)
                    scroll = picture.scroll
                    guard let unfocused = png, let element = node(picture.element) else { continue }
                    walk.pictured = true
                    if unfocused == picture.png { walk.unseen.append(element) }
                }
                if scroll != started { try scrollWindow(to: started, what: what) }
            }
            if undecided > WebPageLimits.focusPicturesPerWalk {
                tree.notes.append("focus.invisible was judged for the first \(WebPageLimits.focusPicturesPerWalk) of the \(undecided) elements "
                                  + "Tab reached whose focus styles do not show focus by themselves (each is pictured twice); the rest were not judged")
            }
            tree.keyboard = walk
        } catch {
            tree.keyboard = nil
            tree.notes.append(WebPageLimits.keptText("the browser's keyboard walk (Tab and shift+Tab through the page) did not finish "
                                                     + "(\(error)), so keyboard.unreachable and keyboard.trap were not checked"))
        }
    }

    /// An element pictured with keyboard focus on it: its place in the walk's list, the region
    /// (its border box and `focusMargin` CSS pixels around it, in the document's coordinates),
    /// the window's scroll then, and the PNG.
    struct FocusPicture {
        var element: Int
        var clip: [String: Double]
        var scroll: Scroll
        var png: Data
    }

    struct Scroll: Equatable {
        var x: Double
        var y: Double
    }

    /// What the focus script says of the element keyboard focus is on.
    struct Focused {
        /// Its place in the walk's list of elements (`focusedScript`).
        var element: Int
        /// A frame's element (focus inside another origin's frame).
        var frame: Bool
        /// Its computed focus styles differ, drawn, from those it had with nothing focused
        /// (`focusStyleScript`): focus shows, and it is not pictured.
        var stylesShow: Bool
        /// Where to picture it when its styles do not decide: its box with the margin, and the
        /// window's scroll; nil when not judging, for an element with no box, one in a frame, or
        /// one larger than `WebPageLimits.largestFocusPicture` either way.
        var place: (clip: [String: Double], scroll: Scroll)?
    }

    /// The element keyboard focus is on, once the page's handlers and its timers of no delay have
    /// run, in one round trip (`focusedScript`); nil when nothing of the page is focused.
    /// `judging`: whether its focus styles are compared and its place measured (forward).
    private func focusedElement(judging: Bool, group: String, what: String) throws -> Focused? {
        let answer = try call("Runtime.evaluate", ["expression": Self.focusedScript(judging: judging), "objectGroup": group,
                                                   "returnByValue": true, "awaitPromise": true],
                              deadline: Date().addingTimeInterval(30), waitingFor: what)
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            throw BrowserError.unavailable("the keyboard walk's script failed: \(exception["text"] as? String ?? "an exception")")
        }
        guard let value = (answer["result"] as? [String: Any])?["value"] as? [String: Any],
              let element = (value["element"] as? NSNumber)?.intValue else { return nil }
        var focused = Focused(element: element, frame: value["frame"] as? Bool ?? false, stylesShow: value["shows"] as? Bool ?? false)
        if let box = value["box"] as? [String: Any] {
            func number(_ key: String) -> Double? { (box[key] as? NSNumber)?.doubleValue }
            if let x = number("x"), let y = number("y"), let width = number("width"), let height = number("height"),
               let scrollX = number("scrollX"), let scrollY = number("scrollY") {
                let margin = WebPageLimits.focusMargin
                let left = max(0, x - margin), top = max(0, y - margin)
                let clip = ["x": left, "y": top, "width": (x + width + margin - left).rounded(.up), "height": (y + height + margin - top).rounded(.up), "scale": 1]
                if width >= 1, height >= 1, clip["width"]! <= WebPageLimits.largestFocusPicture, clip["height"]! <= WebPageLimits.largestFocusPicture {
                    focused.place = (clip, Scroll(x: scrollX, y: scrollY))
                }
            }
        }
        return focused
    }

    /// The window's scroll now.
    private func scrollPlace(what: String) throws -> Scroll {
        let answer = try call("Runtime.evaluate", ["expression": "[scrollX, scrollY]", "returnByValue": true],
                              deadline: Date().addingTimeInterval(30), waitingFor: what)
        let place = ((answer["result"] as? [String: Any])?["value"] as? [NSNumber])?.map(\.doubleValue) ?? []
        return place.count == 2 ? Scroll(x: place[0], y: place[1]) : Scroll(x: 0, y: 0)
    }

    private func scrollWindow(to scroll: Scroll, what: String) throws {
        try call("Runtime.evaluate", ["expression": "scrollTo({left: \(scroll.x), top: \(scroll.y), behavior: 'instant'})"],
                 deadline: Date().addingTimeInterval(30), waitingFor: what)
    }

    /// The region `clip` as drawn now, the window scrolled to `scrolled` first when given (and
    /// left there); nil when the browser gives no picture. Encoded for speed
    /// (`optimizeForSpeed`): the two pictures of an element are compared with each other only.
    private func picture(_ clip: [String: Double], scrolled: Scroll?, what: String) throws -> Data? {
        let deadline = Date().addingTimeInterval(30)
        if let scrolled { try scrollWindow(to: scrolled, what: what) }
        let shot = try call("Page.captureScreenshot", ["format": "png", "fromSurface": true, "captureBeyondViewport": false, "clip": clip,
                                                       "optimizeForSpeed": true],
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

    /// The walk's list of the elements focus landed on, as a page script's answer (`{nodes, facts}`).
    static let walkedElementsScript = """
        (function () {
          var walk = document[Symbol.for('earshot.walk')];
          return {nodes: walk ? walk.elements : [], facts: '[]'};
        })()
        """

    /// Puts the walk's starting point first (or last) in the body and focuses it. From the start
    /// (`atEnd` false), the walk's list of elements is begun, and the focus styles of every
    /// element Tab can reach (a `tabIndex` of 0 or more, in the document and its open shadow
    /// roots) are noted as they are with nothing of the page focused (`focusStyleScript`).
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
          \(atEnd ? "" : walkBeginning)
          return true;
        })()
        """
    }

    /// The walk's list of elements begun, with every reachable element's focus styles noted.
    static let walkBeginning = """
          var styles = (\(focusStyleScript));
          var walk = {elements: [], places: new Map(), unfocused: new Map(), styles: styles};
          document[Symbol.for('earshot.walk')] = walk;
          (function note(scope) {
            var all = scope.querySelectorAll('*');
            for (var i = 0; i < all.length; i++) {
              if (all[i].shadowRoot) { note(all[i].shadowRoot); }
              if (all[i].tabIndex >= 0) { walk.unfocused.set(all[i], styles(all[i])); }
            }
          })(document);
        """

    /// A function from an element to what its computed style draws that can show keyboard
    /// focus (Earshot's rule, docs/web.md "The keyboard walk"): its outline when drawn (a style
    /// but `none`, a width, a colour not wholly transparent; with its offset), its box shadow,
    /// each border side when drawn, its background (colour unless wholly transparent, and
    /// image), and its text decoration's line (with its colour and style when there is one).
    /// What is not drawn is the empty text, so a ring taken away counts as a difference as a
    /// ring put on does.
    static let focusStyleScript = """
        function (element) {
          function clear(color) { return !color || color === 'transparent' || /rgba\\([^)]*,\\s*0\\)$|\\/\\s*0\\)$/.test(color); }
          function width(value) { return parseFloat(value) > 0; }
          var style = element.ownerDocument.defaultView.getComputedStyle(element);
          var drawn = [];
          drawn.push(style.outlineStyle !== 'none' && width(style.outlineWidth) && !clear(style.outlineColor)
            ? [style.outlineStyle, style.outlineWidth, style.outlineColor, style.outlineOffset].join(' ') : '');
          drawn.push(style.boxShadow === 'none' ? '' : style.boxShadow);
          ['Top', 'Right', 'Bottom', 'Left'].forEach(function (side) {
            var kind = style['border' + side + 'Style'], size = style['border' + side + 'Width'], color = style['border' + side + 'Color'];
            drawn.push(kind !== 'none' && kind !== 'hidden' && width(size) && !clear(color) ? [kind, size, color].join(' ') : '');
          });
          drawn.push(clear(style.backgroundColor) ? '' : style.backgroundColor);
          drawn.push(style.backgroundImage === 'none' ? '' : style.backgroundImage);
          var line = style.textDecorationLine;
          drawn.push(line === 'none' ? '' : [line, style.textDecorationStyle, style.textDecorationColor].join(' '));
          return drawn.join('|');
        }
        """

    /// Takes keyboard focus off the element that has it.
    static let keyboardBlur = """
        (function () {
          var element = document.activeElement;
          for (var depth = 0; element && element.shadowRoot && element.shadowRoot.activeElement && depth < 64; depth++) { element = element.shadowRoot.activeElement; }
          if (element && element.blur) { element.blur(); }
          return true;
        })()
        """

    /// The focused element's focus styles compared, and its place measured when they do not decide.
    static let focusJudging = """
          var unfocused = walk.unfocused.get(element);
          answer.shows = unfocused !== undefined && walk.styles(element) !== unfocused;
          if (!answer.shows && element.ownerDocument === document) {
            var box = element.getBoundingClientRect();
            scrollTo({left: scrollX, top: scrollY, behavior: 'instant'});
            answer.box = {x: box.left + scrollX, y: box.top + scrollY, width: box.width, height: box.height, scrollX: scrollX, scrollY: scrollY};
          }
        """

    /// The element focused, inside open shadow roots and frames of the same origin, once the
    /// page's handlers and its timers of no delay have run: `{element, frame, shows, box}`, or
    /// null when it is the body or nothing. `element` is its place in the walk's list (added when
    /// new), `frame` whether it is a frame's element. `judging`: `shows` whether its focus styles
    /// differ from those noted with nothing focused, and when they do not (or none were noted),
    /// `box`, its border box in the document's coordinates and the window's scroll, for its
    /// picture (null for an element in a frame); the window is held where it is (a smooth scroll
    /// under way stops there), so the picture is of what was measured. The walk's starting point
    /// is taken out first.
    static func focusedScript(judging: Bool) -> String {
        """
        new Promise(function (done) { setTimeout(done, 0); }).then(function () {
          var start = document.getElementById('earshot-keyboard-start');
          if (start) { start.remove(); }
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
          // A page that went to another document during the walk has no list yet: one is begun.
          var walk = document[Symbol.for('earshot.walk')]
            || (document[Symbol.for('earshot.walk')] = {elements: [], places: new Map(), unfocused: new Map(), styles: null});
          var place = walk.places.get(element);
          if (place === undefined) { place = walk.elements.length; walk.elements.push(element); walk.places.set(element, place); }
          var answer = {element: place, frame: element.localName === 'iframe' || element.localName === 'frame', shows: false, box: null};
          \(judging ? focusJudging : "")
          return answer;
        })
        """
    }
}
