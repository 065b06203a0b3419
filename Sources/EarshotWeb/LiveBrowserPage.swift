import EarshotCore
import Foundation

/// A page open in Chromium for a scenario (`LivePage`): loaded in real time, then held on the
/// browser's virtual time (`Emulation.setVirtualTimePolicy`), which runs only when `advance`
/// lets it. A mutation observer the session adds marks the page changed, so the tree is read
/// again only after a change. The tree as loaded carries the page's screenshot.
public final class LiveBrowserPage: LivePage {
    public let tree: WebPageTree
    private let session: BrowserSession
    private var time = 0.0
    private var closed = false
    /// How many notes the page had when its tree was last given (a dialog dismissed while it
    /// runs changes no node, but is said).
    private var notesGiven = 0

    /// Opens `address` in a browser of its own.
    public static func open(_ address: String, picture: Bool = true, capture: PageCapture = PageCapture()) throws -> LiveBrowserPage {
        let session = try BrowserSession.start(viewport: capture.viewport, allowNetwork: capture.allowNetwork, pageAddress: address)
        do {
            try session.load(address, timeout: capture.timeout)
            // The page as it loaded, for the desk check's page: drawn before its time is held,
            // as a screenshot needs the page's frames to run.
            let shot = picture ? try session.screenshot() : nil
            let deadline = Date().addingTimeInterval(30)
            try session.call("Emulation.setVirtualTimePolicy", ["policy": "pause"], deadline: deadline,
                             waitingFor: "for \(address) to hold its time")
            try session.call("Runtime.evaluate", ["expression": Self.observer], deadline: deadline,
                             waitingFor: "for \(address) to take its observer")
            // A page the scenario moves to (a link clicked) is observed as well.
            try session.call("Page.addScriptToEvaluateOnNewDocument", ["source": Self.observer], deadline: deadline,
                             waitingFor: "for \(address) to take its observer")
            var tree = try session.tree()
            tree.screenshot = shot
            return LiveBrowserPage(session: session, tree: tree)
        } catch {
            session.close()
            throw error
        }
    }

    private init(session: BrowserSession, tree: WebPageTree) {
        self.session = session
        self.tree = tree
        notesGiven = tree.notes.count
    }

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        session.close()
    }

    /// Marks the page changed on any change of its DOM (nodes, text, attributes) and on any
    /// move of keyboard focus (which changes no node, but changes what the tree says is focused).
    static let observer = """
        window.__earshotChanged = false;
        new MutationObserver(function () { window.__earshotChanged = true; })
          .observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
        document.addEventListener('focusin', function () { window.__earshotChanged = true; }, true);
        document.addEventListener('focusout', function () { window.__earshotChanged = true; }, true);
        """

    public func perform(_ action: PageAction, node: String?) throws {
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
        case .run(let script):
            let result = try session.call("Runtime.evaluate", ["expression": script], deadline: deadline, waitingFor: what)
            if let exception = result["exceptionDetails"] as? [String: Any] {
                let message = ((exception["exception"] as? [String: Any])?["description"] as? String) ?? exception["text"] as? String ?? "an exception"
                throw BrowserError.pageFailed(url: "the page's script", reason: message.split(separator: "\n").first.map(String.init) ?? message)
            }
        }
    }

    public func advance(to target: Double) throws -> WebPageTree? {
        let deadline = Date().addingTimeInterval(60)
        let milliseconds = ((target - time) * 1000).rounded()
        if milliseconds >= 1 {
            try session.call("Emulation.setVirtualTimePolicy", ["policy": "advance", "budget": milliseconds],
                             deadline: deadline, waitingFor: "for the page's time to run \(Int(milliseconds)) ms")
            try session.awaitEvent("Emulation.virtualTimeBudgetExpired", deadline: deadline,
                                   waitingFor: "for the page's time to run \(Int(milliseconds)) ms")
            time = target
        }
        let answer = try session.call("Runtime.evaluate", ["expression": "(function () { var c = window.__earshotChanged; window.__earshotChanged = false; return c === true; })()", "returnByValue": true],
                                      deadline: deadline, waitingFor: "for the page to say whether it changed")
        let changed = (answer["result"] as? [String: Any])?["value"] as? Bool == true
        // A page that went elsewhere while it ran: said, or an error when it went where
        // Earshot does not go (as when it loads).
        session.finishMove(within: 10)
        try session.checkWhereThePageIs()
        guard changed || session.noteCount != notesGiven else { return nil }
        var tree = try settledTree()
        if session.isMoving {
            // The page set off while it was read (a link's click): what is read is where it went, whole.
            session.finishMove(within: 10)
            try session.checkWhereThePageIs()
            tree = try settledTree()
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
