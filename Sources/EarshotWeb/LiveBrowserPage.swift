import EarshotCore
import Foundation

/// A page open in Chromium for a scenario (`LivePage`), in a browser context of its own (a
/// `ChromiumBrowser`'s): loaded in real time, then held on the browser's virtual time
/// (`Emulation.setVirtualTimePolicy`), which runs only when `advance` lets it. The tree as
/// loaded carries the page's screenshot.
///
/// **Page time by the page's own events.** The browser is asked to run the page's time only
/// when the page has something due: a script added to every document before its own (`agenda`)
/// keeps the page's timers (`setTimeout`, `setInterval`) with the time each is due, and counts
/// what the page waits for that has no time (an animation frame, a fetch, an animation
/// running, a document still loading); a mutation observer and the focus events mark the page
/// changed. After each run of its time the page says, in the same call that asks whether it
/// changed, how long until its next timer. Until then `advance` owes the browser the time
/// rather than running it, tick by tick, without a DevTools call: nothing the page set can
/// happen in it. The time owed is run, in one budget, when a timer falls due, before an action
/// on the page, and at least every `pollInterval` of page time (the fallback for what the
/// agenda cannot see: a worker, a message from a frame). A page that waits for something
/// without a time is run tick by tick, as every page was before. The budgets the browser is
/// given add up to the same virtual time at every point it is asked about, so a change is
/// heard at the end of the tick it happened in, as before.
public final class LiveBrowserPage: LivePage {
    public let tree: WebPageTree
    private let session: BrowserSession
    /// The page's time as the desk check last asked for it, from its load.
    private var time = 0.0
    /// Milliseconds of the page's time not yet run in the browser (it had nothing due in them).
    private var owed = 0.0
    /// The page's time when the browser last ran it.
    private var ranAt = 0.0
    /// Milliseconds after `ranAt` at which the page's next timer is due; nil when it has none,
    /// 0 when it waits for something without a time (then every tick is run).
    private var nextDue: Double? = 0
    private var closed = false
    /// How many notes the page had when its tree was last given (a dialog dismissed while it
    /// runs changes no node, but is said).
    private var notesGiven = 0
    /// axe-core's script, or why there is none (`runAxe`).
    private let axeScript: Result<String, AxeUnavailable>

    /// The longest stretch of page time the browser is not asked about, in seconds, even when
    /// the page has nothing due (the fallback for what its agenda cannot see).
    static let pollInterval = 1.0

    /// Loads `address` in `session` (a page of its own context) and holds its time.
    static func open(_ address: String, in session: BrowserSession, picture: Bool, timeout: Double,
                     axe: Result<String, AxeUnavailable>) throws -> LiveBrowserPage {
        do {
            let deadline = Date().addingTimeInterval(30)
            // The agenda keeps the timers of every document from its first script on.
            try session.call("Page.addScriptToEvaluateOnNewDocument", ["source": Self.agenda], deadline: deadline,
                             waitingFor: "for \(address) to take its agenda")
            try session.load(address, timeout: timeout)
            // The page as it loaded, for the desk check's page: drawn before its time is held,
            // as a screenshot needs the page's frames to run.
            let shot = picture ? try session.screenshot() : nil
            try session.call("Emulation.setVirtualTimePolicy", ["policy": "pause"], deadline: deadline,
                             waitingFor: "for \(address) to hold its time")
            try session.call("Runtime.evaluate", ["expression": Self.observer], deadline: deadline,
                             waitingFor: "for \(address) to take its observer")
            // A page the scenario moves to (a link clicked) is observed as well.
            try session.call("Page.addScriptToEvaluateOnNewDocument", ["source": Self.observer], deadline: deadline,
                             waitingFor: "for \(address) to take its observer")
            var tree = try session.tree()
            tree.screenshot = shot
            let page = LiveBrowserPage(session: session, tree: tree, axe: axe)
            page.nextDue = try page.readAgenda().nextDue
            return page
        } catch {
            session.close()
            throw error
        }
    }

    private init(session: BrowserSession, tree: WebPageTree, axe: Result<String, AxeUnavailable>) {
        self.session = session
        self.tree = tree
        axeScript = axe
        notesGiven = tree.notes.count
    }

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        session.close()
    }

    /// Marks the page changed on any change of its DOM (nodes, text, attributes) and (unless a
    /// benchmark turned focus following off, `PageFocusFollowing`) on any
    /// move of keyboard focus (which changes no node, but changes what the tree says is focused),
    /// in the document and in the documents of its frames already loaded that it can reach (a
    /// frame loaded later takes it as a new document does).
    static let observer = """
        (function observe(view) {
          if (view.__earshotObserved) { return; }
          view.__earshotObserved = true;
          view.__earshotChanged = false;
          var mark = function () { view.__earshotChanged = true; };
          new view.MutationObserver(mark)
            .observe(view.document, {subtree: true, childList: true, characterData: true, attributes: true});
          if (\(PageFocusFollowing.isOn)) {
            view.document.addEventListener('focusin', mark, true);
            view.document.addEventListener('focusout', mark, true);
          }
          for (var i = 0; i < view.frames.length; i++) {
            try { observe(view.frames[i]); } catch (error) {}
          }
        })(window);
        """

    /// Keeps the document's timers with the time each is due (`performance.now()`, which runs
    /// on the browser's virtual time), and counts what it waits for that has no time. Each
    /// wrapper calls the page's own function with the page's arguments, so the page sees its
    /// timers as before. `__earshotAgenda()` says in milliseconds how long until the next timer
    /// (null: none; 0: something without a time is pending).
    static let agenda = """
        (function () {
          if (window.__earshotAgenda) { return; }
          var due = new Map(), frames = new Set(), fetching = 0;
          var setTimer = window.setTimeout, clearTimer = window.clearTimeout;
          var setRepeating = window.setInterval, clearRepeating = window.clearInterval;
          var askFrame = window.requestAnimationFrame, cancelFrame = window.cancelAnimationFrame;
          function later(delay) { return performance.now() + Math.max(0, Number(delay) || 0); }
          function run(callback, self, args) {
            if (typeof callback === 'function') { return callback.apply(self, args); }
            return (0, eval)(String(callback));
          }
          window.setTimeout = function (callback, delay) {
            var args = Array.prototype.slice.call(arguments, 2), id;
            id = setTimer.call(window, function () { due.delete(id); return run(callback, this, args); }, delay);
            due.set(id, later(delay));
            return id;
          };
          window.setInterval = function (callback, delay) {
            var args = Array.prototype.slice.call(arguments, 2), id;
            id = setRepeating.call(window, function () { due.set(id, later(delay)); return run(callback, this, args); }, delay);
            due.set(id, later(delay));
            return id;
          };
          window.clearTimeout = function (id) { due.delete(id); return clearTimer.call(window, id); };
          window.clearInterval = function (id) { due.delete(id); return clearRepeating.call(window, id); };
          if (askFrame) {
            window.requestAnimationFrame = function (callback) {
              var id = askFrame.call(window, function (stamp) { frames.delete(id); return callback(stamp); });
              frames.add(id);
              return id;
            };
            window.cancelAnimationFrame = function (id) { frames.delete(id); return cancelFrame.call(window, id); };
          }
          if (window.fetch) {
            var originalFetch = window.fetch;
            window.fetch = function () {
              fetching += 1;
              var done = function () { fetching -= 1; };
              var answer = originalFetch.apply(this, arguments);
              answer.then(done, done);
              return answer;
            };
          }
          if (window.XMLHttpRequest) {
            var send = XMLHttpRequest.prototype.send;
            XMLHttpRequest.prototype.send = function () {
              fetching += 1;
              this.addEventListener('loadend', function () { fetching -= 1; }, {once: true});
              return send.apply(this, arguments);
            };
          }
          Object.defineProperty(window, '__earshotAgenda', {value: function () {
            var animating = document.getAnimations ? document.getAnimations().some(function (a) { return a.playState === 'running'; }) : false;
            if (frames.size > 0 || fetching > 0 || animating || document.readyState !== 'complete') { return 0; }
            var next = null, now = performance.now();
            due.forEach(function (at) { if (next === null || at < next) { next = at; } });
            return next === null ? null : Math.max(0, next - now);
          }});
        })();
        """

    /// Whether the page changed since it was last asked, and how long until its next timer
    /// (`agenda`), in one call.
    private func readAgenda() throws -> (changed: Bool, nextDue: Double?) {
        // The document's and those of the frames it can reach: changed when any changed, the
        // soonest of their timers (a frame of another site is seen at the poll).
        let expression = """
            (function () {
              var changed = false, next = null;
              (function ask(view) {
                if (view.__earshotChanged === true) { changed = true; }
                view.__earshotChanged = false;
                var due = typeof view.__earshotAgenda === 'function' ? view.__earshotAgenda() : 0;
                if (due !== null && (next === null || due < next)) { next = due; }
                for (var i = 0; i < view.frames.length; i++) {
                  try { ask(view.frames[i]); } catch (error) {}
                }
              })(window);
              return [changed, next];
            })()
            """
        let answer = try session.call("Runtime.evaluate", ["expression": expression, "returnByValue": true],
                                      deadline: Date().addingTimeInterval(60), waitingFor: "for the page to say whether it changed")
        let pair = (answer["result"] as? [String: Any])?["value"] as? [Any] ?? []
        let changed = pair.first as? Bool == true
        // A document without the agenda (a frame it could not reach) is run tick by tick.
        let next: Double? = pair.count > 1 ? (pair[1] is NSNull ? nil : (pair[1] as? NSNumber)?.doubleValue ?? 0) : 0
        return (changed, next)
    }

    public func perform(_ action: PageAction, node: String?) throws {
        // The page is brought to the moment of the action first: what the action starts (a
        // timer) runs from the page's own time.
        try runOwedTime()
        let deadline = Date().addingTimeInterval(30)
        let what = "for the page to take \(action.summary)"
        let backendID = node.flatMap(Int.init)
        switch action {
        case .click:
            guard let backendID else { return }
            try session.call("DOM.getDocument", deadline: deadline, waitingFor: what)
            try session.call("DOM.scrollIntoViewIfNeeded", ["backendNodeId": backendID], deadline: deadline, waitingFor: what)
            let model = try session.call("DOM.getBoxModel", ["backendNodeId": backendID], deadline: deadline, waitingFor: what)
            guard let quad = (model["model"] as? [String: Any])?["border"] as? [Double], quad.count == 8 else {
                throw BrowserError.unavailable("\(action.summary): the element has no box to click")
            }
            let x = (quad[0] + quad[2] + quad[4] + quad[6]) / 4, y = (quad[1] + quad[3] + quad[5] + quad[7]) / 4
            for type in ["mousePressed", "mouseReleased"] {
                try session.call("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "clickCount": 1],
                                 deadline: deadline, waitingFor: what)
            }
        case .focus:
            guard let backendID else { return }
            try session.call("DOM.focus", ["backendNodeId": backendID], deadline: deadline, waitingFor: what)
        case .type(let text, _):
            if let backendID { try session.call("DOM.focus", ["backendNodeId": backendID], deadline: deadline, waitingFor: what) }
            try session.call("Input.insertText", ["text": text], deadline: deadline, waitingFor: what)
        case .key(let key):
            for event in KeyStroke(key).events {
                try session.call("Input.dispatchKeyEvent", event, deadline: deadline, waitingFor: what)
            }
        case .run(let script):
            let result = try session.call("Runtime.evaluate", ["expression": script], deadline: deadline, waitingFor: what)
            if let exception = result["exceptionDetails"] as? [String: Any] {
                let message = ((exception["exception"] as? [String: Any])?["description"] as? String) ?? exception["text"] as? String ?? "an exception"
                throw BrowserError.pageFailed(url: "the page's script", reason: message.split(separator: "\n").first.map(String.init) ?? message)
            }
        }
        // What the action set going is not known yet: the next tick asks.
        nextDue = 0
    }

    /// axe-core's rules on the page as it is now (`BrowserSession.runAxe`), by the node ids of
    /// a tree read for it (the same ids as the trees `advance` gives: Chromium's). The time the
    /// page is owed is run first, so axe sees the page at the desk check's moment; the page's
    /// time stays held while axe runs, on timers of its own (`BrowserSession.runAxe`'s
    /// `heldTime`).
    public func runAxe() throws -> AxeStatus {
        try runOwedTime()
        let now = try session.read()
        var read = now.tree
        session.runAxe(&read, nodeIDs: now.nodeIDs, script: axeScript, heldTime: true)
        // axe's script in the page is no change of the page's, but what it set going is not known.
        nextDue = 0
        return read.axe ?? .unavailable(AxeScript.missing)
    }

    /// Whether the browser need not be asked now: nothing the page set falls due in the time
    /// owed (with a millisecond to spare, as `performance.now()` is coarse), it waits for
    /// nothing without a time, and it was asked less than `pollInterval` ago.
    private var isQuiet: Bool {
        guard nextDue != 0, time - ranAt < Self.pollInterval - 1e-9 else { return false }
        guard let nextDue else { return true }
        return owed + 1 < nextDue
    }

    /// Runs the page's time the browser is owed, in one budget.
    private func runOwedTime() throws {
        guard owed >= 1 else { return }
        let deadline = Date().addingTimeInterval(60)
        let milliseconds = owed
        try session.call("Emulation.setVirtualTimePolicy", ["policy": "advance", "budget": milliseconds],
                         deadline: deadline, waitingFor: "for the page's time to run \(Int(milliseconds)) ms")
        try session.awaitEvent("Emulation.virtualTimeBudgetExpired", deadline: deadline,
                               waitingFor: "for the page's time to run \(Int(milliseconds)) ms")
        owed = 0
    }

    public func advance(to target: Double) throws -> WebPageTree? {
        // The budget of this tick, as the browser would have been given it tick by tick.
        let milliseconds = ((target - time) * 1000).rounded()
        if milliseconds >= 1 {
            owed += milliseconds
            time = target
        }
        if isQuiet { return nil }
        try runOwedTime()
        ranAt = time
        let agenda = try readAgenda()
        nextDue = agenda.nextDue
        // A page that went elsewhere while it ran: said, or an error when it went where
        // Earshot does not go (as when it loads).
        session.finishMove(within: 10)
        try session.checkWhereThePageIs()
        guard agenda.changed || session.noteCount != notesGiven else { return nil }
        // The new document's agenda is not known yet: the next tick asks.
        if session.isMoving { nextDue = 0 }
        var tree = try settledTree()
        if session.isMoving {
            // The page set off while it was read (a link's click): what is read is where it went, whole.
            session.finishMove(within: 10)
            try session.checkWhereThePageIs()
            tree = try settledTree()
            nextDue = 0
        }
        notesGiven = tree.notes.count
        return tree
    }

    /// The tree once two readings in a row agree: Chromium updates its accessibility tree in
    /// tasks of its own after the DOM changes, and a reading taken in between (seen on a
    /// loaded machine) can miss part of the change.
    private func settledTree() throws -> WebPageTree {
        var last = try session.tree()
        for _ in 0..<10 {
            let again = try session.tree()
            if again == last { return again }
            last = again
        }
        return last
    }
}

/// A key as the DevTools `Input` domain takes it: a key down (with its text, when it types one:
/// then the page also gets `keypress` and `input`) and a key up, with the DOM `key` and `code`,
/// the Windows virtual key code Chromium acts on (Enter on a button clicks it, Tab moves focus)
/// and the modifiers' bit mask.
struct KeyStroke {
    let events: [[String: Any]]

    /// Each named key's DOM `code`, virtual key code and text.
    static let named: [String: (code: String, virtualKey: Int, text: String?)] = [
        "Enter": ("Enter", 13, "\r"), "Escape": ("Escape", 27, nil), "Tab": ("Tab", 9, nil), "Space": ("Space", 32, " "),
        "Backspace": ("Backspace", 8, nil), "Delete": ("Delete", 46, nil),
        "ArrowLeft": ("ArrowLeft", 37, nil), "ArrowUp": ("ArrowUp", 38, nil), "ArrowRight": ("ArrowRight", 39, nil),
        "ArrowDown": ("ArrowDown", 40, nil), "Home": ("Home", 36, nil), "End": ("End", 35, nil),
        "PageUp": ("PageUp", 33, nil), "PageDown": ("PageDown", 34, nil),
    ]

    init(_ key: PageKey) {
        let mask = key.modifiers.reduce(0) { mask, modifier in
            switch modifier {
            case .alt: mask | 1
            case .control: mask | 2
            case .meta: mask | 4
            case .shift: mask | 8
            }
        }
        var domKey = key.key, code: String, virtualKey: Int, text: String?
        if let named = Self.named[key.key] {
            (code, virtualKey, text) = named
            if key.key == "Space" { domKey = " " }
        } else {
            let character = key.modifiers.contains(.shift) ? key.key.uppercased() : key.key
            domKey = character
            text = character
            let upper = key.key.uppercased()
            if let scalar = upper.unicodeScalars.first, upper.count == 1, ("A"..."Z").contains(upper) {
                (code, virtualKey) = ("Key" + upper, Int(scalar.value))
            } else if let scalar = upper.unicodeScalars.first, upper.count == 1, ("0"..."9").contains(upper) {
                (code, virtualKey) = ("Digit" + upper, Int(scalar.value))
            } else {
                (code, virtualKey) = ("", 0)
            }
        }
        // A key held with control, alt or meta types nothing.
        if key.modifiers.contains(where: { $0 != .shift }) { text = nil }
        var down: [String: Any] = ["type": text == nil ? "rawKeyDown" : "keyDown", "key": domKey, "code": code,
                                   "windowsVirtualKeyCode": virtualKey, "nativeVirtualKeyCode": virtualKey, "modifiers": mask]
        if let text { down["text"] = text; down["unmodifiedText"] = text }
        var up = down
        up["type"] = "keyUp"
        up["text"] = nil
        up["unmodifiedText"] = nil
        events = [down, up]
    }
}
