import EarshotCore
import Foundation

/// Reads a web page in a real browser: Debian's Chromium, headless, over the DevTools protocol
/// on a pipe (`DevToolsPipe`). The page is opened, its load awaited, and its accessibility tree
/// (`Accessibility.getFullAXTree`) taken with each node's DOM tag, `id`, `lang` and box
/// (`DOMSnapshot.captureSnapshot`), as a `WebPageTree` (docs/web.md).
///
/// Pages are read offline: every request to another host than the page's own goes to a proxy
/// that is not there, so it fails at once, and the addresses are listed (`refused`). A page
/// that does not load within the time-out is an error naming its address.
///
/// With `screenshot`, the whole page is also drawn (`Page.captureScreenshot` beyond the
/// viewport, at the page's layout size), for the report pages and the saved tree.
public struct PageCapture: Sendable {
    /// How long a page may take to load, in seconds.
    public var timeout: Double
    /// The window the page is laid out in (the boxes are measured in its CSS pixels): a desktop
    /// window by default, a phone's when asked (`PageViewport`).
    public var viewport: PageViewport
    /// Let the page reach other hosts (off by default: results must not depend on the network).
    public var allowNetwork: Bool
    /// Take a screenshot of the whole page with its tree (off by default: reading needs none).
    public var screenshot: Bool
    /// Test what covers each focusable element with the browser's hit test (`testCovers`, for
    /// `focus.covered`): on by default; what only reads or plays the page needs none.
    public var testCovers: Bool
    /// Run axe-core's rules in the page (`runAxe`, docs/web.md "axe-core in the page"): its
    /// script, or why there is none (the tree then says so); nil when axe is left out, as what
    /// only reads or plays the page leaves it.
    public var axe: Result<String, AxeUnavailable>?

    /// `timeout` nil: `$EARSHOT_PAGE_TIMEOUT` seconds when set, else 30.
    public init(timeout: Double? = nil, viewport: PageViewport = .desktop, allowNetwork: Bool = false,
                screenshot: Bool = false, testCovers: Bool = true, runsAxe: Bool? = nil,
                axeScript: Result<String, AxeUnavailable>? = nil) {
        self.timeout = timeout ?? ProcessInfo.processInfo.environment["EARSHOT_PAGE_TIMEOUT"].flatMap(Double.init).map { max(0.5, $0) } ?? 30
        self.viewport = viewport
        self.allowNetwork = allowNetwork
        self.screenshot = screenshot
        self.testCovers = testCovers
        // `runsAxe` nil: axe runs where the covers are tested, where findings are made of the page;
        // `axeScript` nil: the script `AxeScript.locate` finds.
        self.axe = runsAxe ?? testCovers ? axeScript ?? AxeScript.locate() : nil
    }

    /// Where Chromium is looked for, in order, after `$EARSHOT_CHROMIUM`.
    public static let browserNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// The browser to run: `$EARSHOT_CHROMIUM` when set (a path), else the first of
    /// `browserNames` on the PATH.
    public static func findBrowser(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let chosen = environment["EARSHOT_CHROMIUM"], !chosen.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: chosen) else {
                throw BrowserError.unavailable("$EARSHOT_CHROMIUM names \(chosen), which is not an executable file")
            }
            return chosen
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in browserNames {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        throw BrowserError.notInstalled(searched: browserNames)
    }

    /// The address a command-line input names: a URL as given (`http://`, `https://`, `file://`),
    /// a file path as its `file://` URL (a missing file is an I/O error naming it).
    public static func address(of input: String) throws -> String { try LivePages.address(of: input) }

    /// Whether a command-line input is a web page to open (a URL, or an `.html` / `.htm` file).
    public static func isPage(_ input: String) -> Bool { LivePages.isPage(input) }

    /// How long the browser takes to start, in seconds: to its first answer over the pipe, and
    /// to a blank page ready for an address (what every capture pays before its page).
    public struct StartTimes: Sendable {
        public var firstAnswer: Double
        public var pageReady: Double
    }

    /// Starts the browser as `capture` does, to a blank page ready for an address, and closes
    /// it; returns how long each part took (`earshot-bench web`).
    public func timeStart() throws -> StartTimes {
        let started = ContinuousClock.now
        var answered = started
        let session = try BrowserSession.start(viewport: viewport, allowNetwork: allowNetwork, pageAddress: "about:blank",
                                               answered: { answered = ContinuousClock.now })
        let ready = ContinuousClock.now
        session.close()
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        return StartTimes(firstAnswer: seconds(answered - started), pageReady: seconds(ready - started))
    }

    /// Opens `address` and returns its tree.
    public func capture(_ address: String) throws -> WebPageTree {
        let session = try BrowserSession.start(viewport: viewport, allowNetwork: allowNetwork, pageAddress: address)
        defer { session.close() }
        return try session.audit(address, timeout: timeout, screenshot: screenshot, axe: axe, liveChecks: testCovers)
    }
}

extension BrowserSession {
    /// Loads `address` in this session and reads its tree, then audits the page as loaded:
    /// axe-core's rules (when `axe` is given) and, with `liveChecks`, the checks only a live page
    /// allows (covers, the keyboard walk, text spacing, reflow), in the one order they can share
    /// a page: `PageCapture.capture` for `lint`, `import` and `read`, and `ChromiumBrowser.audit`
    /// for a suite's pages and a scenario's page audited beside its play.
    func audit(_ address: String, timeout: Double, screenshot: Bool, axe: Result<String, AxeUnavailable>?,
               liveChecks: Bool) throws -> WebPageTree {
        let read = try load(address, timeout: timeout).read()
        var tree = read.tree
        if screenshot { tree.screenshot = try self.screenshot() }
        // Before the hit test, on the page as it loaded.
        if let axe { runAxe(&tree, nodeIDs: read.nodeIDs, script: axe) }
        guard liveChecks else { return tree }
        // Last: it scrolls the page, which the screenshot is to show as loaded.
        testCovers(&tree, nodeIDs: read.nodeIDs)
        // After it: the walk moves focus, which scrolls the page.
        walkKeyboard(&tree, nodeIDs: read.nodeIDs)
        // At the page's own width, before the reflow: its stylesheet is taken away again.
        measureTextSpacing(&tree, nodeIDs: read.nodeIDs)
        // Last: it narrows the window, which stays so.
        measureReflow(&tree, nodeIDs: read.nodeIDs)
        return tree
    }
}

/// One page open in the browser, in a browser context of its own (`Target.createBrowserContext`:
/// its own cookies, storage and cache, and its own proxy, which lets it reach its host alone),
/// or, for the page the browser was started for, in the browser's default context, as new as
/// the browser; for `PageCapture` and for a scenario acting on it (`LiveBrowserPage`). Closing
/// it disposes of its context (closes its target); the browser (`BrowserProcess`) stays for the
/// next page unless the session started it for itself.
final class BrowserSession {
    private let process: BrowserProcess
    /// The browser was started for this page alone (`PageCapture`), and ends with it.
    private let ownsProcess: Bool
    private var pipe: DevToolsPipe { process.pipe }
    /// The page's own browser context; nil for the browser's default one (`BrowserProcess`).
    private let context: String?
    private let page: String
    private let viewport: PageViewport
    private var address = ""
    private var refused: [String] = []
    private var browser: String?
    private var closed = false
    /// What the page did that Earshot answered or refused for it, said with its tree.
    private var notes: [String] = []
    /// The files the page asked for and was refused (`LocalFileGate`), with the reason.
    private var refusedFiles: [(url: String, reason: String)] = []
    /// The page's main frame, the same for every document it shows.
    private var mainFrame = ""
    private var gate = LocalFileGate(pageAddress: "about:blank")
    /// Where the main frame is, and how it moves: events are counted as they are read, so that
    /// a move the page starts after its load event is told from the load it waits for.
    private var navigation = NavigationState()

    struct NavigationState {
        var sequence = 0
        var lastStart = 0
        var lastLoad = 0
        /// The main frame's document now, as the browser last said.
        var url = ""
        /// The last move the page itself asked for: where, and why (Chromium's reason).
        var requested: (url: String, reason: String)?
        /// The main document's last HTTP redirect status and its answer's status and text.
        var redirect: Int?
        var status: (code: Int, text: String)?
    }

    /// The page's target, closed with it when it has no context of its own.
    private let target: String

    private init(process: BrowserProcess, ownsProcess: Bool, context: String?, target: String, page: String,
                 viewport: PageViewport) {
        self.target = target
        self.process = process
        self.ownsProcess = ownsProcess
        self.context = context
        self.page = page
        self.viewport = viewport
    }

    /// Starts a browser of its own (`BrowserProcess`) with one blank page, in its own context;
    /// the browser ends when the page is closed. `answered` is called when the browser first
    /// answers over the pipe (its version).
    static func start(viewport: PageViewport, allowNetwork: Bool, pageAddress: String,
                      answered: (() -> Void)? = nil) throws -> BrowserSession {
        let process = try BrowserProcess.start(viewport: viewport, allowNetwork: allowNetwork, firstPage: pageAddress, answered: answered)
        do {
            return try open(in: process, ownsProcess: true, viewport: viewport, allowNetwork: allowNetwork, pageAddress: pageAddress)
        } catch {
            process.close()
            throw error
        }
    }

    /// The proxy a page's context goes through: none when the page may reach the network, else
    /// one nobody listens on, which every request but those to the page's own host goes to.
    static func proxy(allowNetwork: Bool, pageAddress: String) -> [String: Any] {
        if allowNetwork { return ["proxyServer": "direct://"] }
        var bypass = ["<-loopback>"]
        if let host = URL(string: pageAddress)?.host, !host.isEmpty { bypass.append(host) }
        if URL(string: pageAddress).map({ ["127.0.0.1", "localhost", "::1", "[::1]"].contains($0.host ?? "") }) == true {
            bypass.append("localhost")
        }
        return ["proxyServer": BrowserProcess.deadProxy, "proxyBypassList": bypass.joined(separator: ";")]
    }

    /// Opens a blank page in a new context of `process` (the browser's default one for the page
    /// it was started for), ready for `pageAddress`.
    static func open(in process: BrowserProcess, ownsProcess: Bool, viewport: PageViewport, allowNetwork: Bool,
                     pageAddress: String) throws -> BrowserSession {
        let pipe = process.pipe
        let deadline = Date().addingTimeInterval(30)
        var context: String?
        var parameters: [String: Any] = ["url": "about:blank"]
        if !process.takesDefaultContext(pageAddress) {
            let made = try pipe.call("Target.createBrowserContext", proxy(allowNetwork: allowNetwork, pageAddress: pageAddress),
                                     deadline: deadline, waitingFor: "for the browser to open a context for the page")
            guard let id = made["browserContextId"] as? String else { throw BrowserError.unavailable("the browser opened no context") }
            context = id
            parameters["browserContextId"] = id
            parameters["width"] = viewport.width
            parameters["height"] = viewport.height
        }
        var targetID: String?
        do {
            let target = try pipe.call("Target.createTarget", parameters, deadline: deadline, waitingFor: "for the browser to open a page")
            targetID = target["targetId"] as? String
            guard let targetID else { throw BrowserError.unavailable("the browser opened no page") }
            let attached = try pipe.call("Target.attachToTarget", ["targetId": targetID, "flatten": true], deadline: deadline,
                                         waitingFor: "for the browser to open a page")
            guard let sessionID = attached["sessionId"] as? String else { throw BrowserError.unavailable("the browser gave no page session") }
            let session = BrowserSession(process: process, ownsProcess: ownsProcess, context: context, target: targetID, page: sessionID,
                                         viewport: viewport)
            session.browser = process.product
            session.notes = process.startNotes
            session.gate = LocalFileGate(pageAddress: pageAddress)
            process.route(sessionID) { [unowned session] event in session.answer(event) }
            do {
                try session.prepare(deadline: deadline)
            } catch {
                process.unroute(sessionID)
                session.closed = true
                throw error
            }
            return session
        } catch {
            Self.discard(context: context, target: targetID, in: pipe)
            throw error
        }
    }

    /// Closes a page's own context (its cookies, storage and cache with it), or its target in
    /// the browser's default context.
    private static func discard(context: String?, target: String?, in pipe: DevToolsPipe) {
        let deadline = Date().addingTimeInterval(10)
        if let context {
            _ = try? pipe.call("Target.disposeBrowserContext", ["browserContextId": context], deadline: deadline,
                               waitingFor: "for the browser to close the page's context")
        } else if let target {
            _ = try? pipe.call("Target.closeTarget", ["targetId": target], deadline: deadline,
                               waitingFor: "for the browser to close the page")
        }
    }

    /// The page's domains and what every document it shows gets.
    private func prepare(deadline: Date) throws {
        for domain in ["Page.enable", "Network.enable", "Accessibility.enable", "DOM.enable"] {
            try call(domain, deadline: deadline, waitingFor: "for the browser to start")
        }
        let frames = try call("Page.getFrameTree", deadline: deadline, waitingFor: "for the browser to start")
        mainFrame = ((frames["frameTree"] as? [String: Any])?["frame"] as? [String: Any])?["id"] as? String ?? ""
        // Every file the page asks for is paused and answered by LocalFileGate.
        try call("Fetch.enable", ["patterns": [["urlPattern": "file://*"]]], deadline: deadline,
                 waitingFor: "for the browser to start")
        // A page's peer connection reaches no one (BrowserBox), and is said: every document
        // the page shows reports each one it makes, with the servers it names (a binding
        // is only given to the page's documents with the Runtime domain on).
        try call("Runtime.enable", deadline: deadline, waitingFor: "for the browser to start")
        try call("Runtime.addBinding", ["name": Self.webRTCBinding], deadline: deadline,
                 waitingFor: "for the browser to start")
        try call("Page.addScriptToEvaluateOnNewDocument", ["source": Self.webRTCReporter], deadline: deadline,
                 waitingFor: "for the browser to start")
        try call("Emulation.setDeviceMetricsOverride",
                 ["width": viewport.width, "height": viewport.height, "deviceScaleFactor": viewport.scale, "mobile": viewport.mobile],
                 deadline: deadline, waitingFor: "for the browser to start")
        if viewport.mobile {
            // A phone: touch points, and its browser's user agent (before the page loads).
            try call("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5], deadline: deadline,
                     waitingFor: "for the browser to start")
        }
        if let agent = viewport.agent(browser: browser) {
            try call("Emulation.setUserAgentOverride", ["userAgent": agent], deadline: deadline, waitingFor: "for the browser to start")
        }
        // A headless page has no window to be the focused one: without this, keyboard focus
        // (document.activeElement) is never the tree's `focused` node and focus events do
        // not fire, as they do for the page a person is using.
        try call("Emulation.setFocusEmulationEnabled", ["enabled": true], deadline: deadline,
                 waitingFor: "for the browser to start")
    }

    /// The binding through which a page's document reports a peer connection it makes.
    static let webRTCBinding = "__earshotPeerConnection"

    /// Run in every document before its own scripts: `RTCPeerConnection` becomes a subclass of
    /// itself that reports each connection (its STUN and TURN servers) and is otherwise the
    /// same; the binding is taken off the page's global object, so the page cannot call it.
    static let webRTCReporter = """
        (function () {
          var report = window.\(webRTCBinding);
          try { delete window.\(webRTCBinding); } catch (error) {}
          if (typeof report !== 'function' || typeof window.RTCPeerConnection !== 'function') { return; }
          var Original = window.RTCPeerConnection;
          var Reported = class RTCPeerConnection extends Original {
            constructor(configuration, options) {
              var servers = [];
              ((configuration && configuration.iceServers) || []).forEach(function (server) {
                servers = servers.concat(server && (server.urls || server.url) || []);
              });
              try { report(servers.join(', ')); } catch (error) {}
              super(configuration, options);
            }
          };
          window.RTCPeerConnection = Reported;
          if (window.webkitRTCPeerConnection) { window.webkitRTCPeerConnection = Reported; }
        })();
        """

    deinit { close() }

    /// Closes the page: its context is disposed of (its cookies, storage and cache with it),
    /// and the browser ended when it was started for this page alone.
    func close() {
        guard !closed else { return }
        closed = true
        process.unroute(page)
        if ownsProcess {
            process.close()
        } else {
            _ = pipe.takeEvents { $0["sessionId"] as? String == page }
            Self.discard(context: context, target: target, in: pipe)
        }
    }

    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:], deadline: Date,
              waitingFor what: @autoclosure () -> String) throws -> [String: Any] {
        try pipe.call(method, parameters, session: page, deadline: deadline, waitingFor: what())
    }

    /// Every request sent at once, and their results in turn (`DevToolsPipe.calls`).
    @discardableResult
    func calls(_ requests: [(method: String, parameters: [String: Any])], deadline: Date,
               waitingFor what: @autoclosure () -> String) throws -> [[String: Any]] {
        try pipe.calls(requests, session: page, deadline: deadline, waitingFor: what())
    }

    /// Waits for the page's next `method` event.
    func awaitEvent(_ method: String, deadline: Date, waitingFor what: @autoclosure () -> String) throws {
        _ = try pipe.event(deadline: deadline, waitingFor: what()) { event in
            event["sessionId"] as? String == page && event["method"] as? String == method
        }
    }

    /// Answers what cannot wait, as it is read: a JavaScript dialog (it holds the page until
    /// answered) is dismissed as a user pressing Escape would, a paused file request is
    /// answered by the gate; and follows the main frame's moves. True when the event is taken.
    private func answer(_ event: [String: Any]) -> Bool {
        guard event["sessionId"] as? String == page, let method = event["method"] as? String else { return false }
        guard !closed else { return true }
        let parameters = event["params"] as? [String: Any] ?? [:]
        switch method {
        case "Page.javascriptDialogOpening":
            _ = try? pipe.send("Page.handleJavaScriptDialog", ["accept": false], session: page)
            let type = parameters["type"] as? String ?? "dialog"
            let message = (parameters["message"] as? String).map { " \"\($0.prefix(200))\"" } ?? ""
            let answer = switch type {
            case "confirm": "dismissed it (Cancel: the page was told false)"
            case "prompt": "dismissed it (Cancel: the page was told null)"
            case "beforeunload": "stayed on the page"
            default: "closed it"
            }
            notes.append("the page opened a JavaScript \(type)\(message); Earshot \(answer), as a user pressing Escape would")
            return true
        case "Fetch.requestPaused":
            answerFile(parameters)
            return true
        case "Runtime.bindingCalled" where parameters["name"] as? String == Self.webRTCBinding:
            let servers = (parameters["payload"] as? String).map { String($0.prefix(300)) } ?? ""
            let note = "the page opened a WebRTC connection\(servers.isEmpty ? "" : " (servers: \(servers))"); "
                + "WebRTC sends nothing outside the proxy here, so it reached no one"
            if !notes.contains(note) { notes.append(note) }
            return true
        case let method where method.hasPrefix("Runtime."):
            // The page's contexts and console, which nothing here reads: not kept.
            return true
        default:
            followMainFrame(method, parameters)
            return false
        }
    }

    private func answerFile(_ parameters: [String: Any]) {
        guard let requestID = parameters["requestId"] as? String else { return }
        let url = (parameters["request"] as? [String: Any])?["url"] as? String ?? ""
        switch gate.answer(url) {
        case .serve(let data, let type):
            let headers = type.map { [["name": "Content-Type", "value": $0]] } ?? []
            _ = try? pipe.send("Fetch.fulfillRequest", ["requestId": requestID, "responseCode": 200, "responseHeaders": headers,
                                                        "body": data.base64EncodedString()], session: page)
        case .missing:
            _ = try? pipe.send("Fetch.failRequest", ["requestId": requestID, "errorReason": "Failed"], session: page)
        case .refuse(let reason):
            if !refusedFiles.contains(where: { $0.url == url }) { refusedFiles.append((url, reason)) }
            if parameters["resourceType"] as? String == "Document", parameters["frameId"] as? String != mainFrame {
                // A frame or object of a refused file: an empty page, drawn as a blank frame.
                _ = try? pipe.send("Fetch.fulfillRequest", ["requestId": requestID, "responseCode": 200,
                                                            "responseHeaders": [["name": "Content-Type", "value": "text/html"]],
                                                            "body": ""], session: page)
            } else {
                _ = try? pipe.send("Fetch.failRequest", ["requestId": requestID, "errorReason": "AccessDenied"], session: page)
            }
        }
    }

    /// Counts the main frame's moves and loads, in the order the browser says them.
    private func followMainFrame(_ method: String, _ parameters: [String: Any]) {
        navigation.sequence += 1
        switch method {
        // Not `frameScheduledNavigation`: a meta refresh of a minute is scheduled at once, and
        // the page is read before it comes (it is requested when it does).
        case "Page.frameRequestedNavigation":
            guard parameters["frameId"] as? String == mainFrame, let url = parameters["url"] as? String else { return }
            navigation.requested = (url, parameters["reason"] as? String ?? "")
            navigation.lastStart = navigation.sequence
        case "Page.frameStartedNavigating":
            guard parameters["frameId"] as? String == mainFrame else { return }
            navigation.lastStart = navigation.sequence
        case "Page.frameNavigated":
            guard let frame = parameters["frame"] as? [String: Any], frame["parentId"] == nil,
                  frame["id"] as? String == mainFrame, let url = frame["url"] as? String else { return }
            navigation.url = url
        case "Page.loadEventFired":
            navigation.lastLoad = navigation.sequence
        case "Network.requestWillBeSent":
            guard parameters["type"] as? String == "Document", parameters["frameId"] as? String == mainFrame else { return }
            if let redirect = parameters["redirectResponse"] as? [String: Any] {
                navigation.redirect = (redirect["status"] as? NSNumber)?.intValue
            } else {
                navigation.redirect = nil
                navigation.status = nil
            }
        case "Network.responseReceived":
            guard parameters["type"] as? String == "Document", parameters["frameId"] as? String == mainFrame,
                  let response = parameters["response"] as? [String: Any] else { return }
            navigation.status = ((response["status"] as? NSNumber)?.intValue ?? 0, response["statusText"] as? String ?? "")
        default:
            break
        }
    }

    /// Opens `address` and waits for its load event; a page that moves on as soon as it has
    /// loaded (a meta refresh, its script) is followed, a few moves at most, and the move said.
    /// A move to an address Earshot refuses, and an HTTP error status, are errors.
    @discardableResult
    func load(_ address: String, timeout: Double) throws -> BrowserSession {
        self.address = address
        let deadline = Date().addingTimeInterval(timeout)
        let what = "after \(fixedDecimal(timeout, places: 0)) s waiting for \(address) to load"
        if let url = URL(string: address), url.isFileURL, !FileManager.default.fileExists(atPath: url.path) {
            throw BrowserError.pageFailed(url: address, reason: "no such file")
        }
        navigation.sequence += 1
        navigation.lastStart = navigation.sequence
        navigation.requested = nil
        let result = try call("Page.navigate", ["url": address], deadline: deadline, waitingFor: what)
        if let failure = result["errorText"] as? String, !failure.isEmpty {
            if Self.isRefusal(failure) { throw BrowserError.refusedAddress(url: address, from: nil) }
            throw BrowserError.pageFailed(url: address, reason: failure)
        }
        for _ in 0..<5 {
            try pipe.wait(deadline: deadline, waitingFor: what) { self.navigation.lastLoad > self.navigation.lastStart }
            // A page that moves when it has loaded has asked to by the end of a short wait.
            _ = try? call("Runtime.evaluate", ["expression": "new Promise(function (done) { setTimeout(done, 30); })", "awaitPromise": true],
                          deadline: deadline, waitingFor: what)
            if navigation.lastLoad > navigation.lastStart { break }
        }
        try checkWhereThePageIs()
        noteRefusals()
        return self
    }

    /// Whether the page has set off to another document that has not loaded yet.
    var isMoving: Bool { navigation.lastStart > navigation.lastLoad }

    /// Waits (up to `seconds`) for the load of a document the page is moving to, so that what
    /// is read next is that document whole, not its first half.
    func finishMove(within seconds: Double) {
        guard navigation.lastStart > navigation.lastLoad else { return }
        try? pipe.wait(deadline: Date().addingTimeInterval(seconds), waitingFor: "for the page to load where it went") {
            self.navigation.lastLoad > self.navigation.lastStart
        }
    }

    /// Chromium's errors for an address the proxy or the gate refused.
    private static func isRefusal(_ failure: String) -> Bool {
        failure.contains("PROXY") || failure.contains("TUNNEL") || failure.contains("ACCESS_DENIED") || failure.contains("BLOCKED")
    }

    /// The page as loaded: the browser's own error page is an error naming where the page went,
    /// an HTTP error status an error naming it, and a page that moved says so.
    func checkWhereThePageIs() throws {
        let now = navigation.url
        if now.hasPrefix("chrome-error:") {
            let target = navigation.requested?.url ?? address
            throw BrowserError.refusedAddress(url: target, from: Self.sameDocument(target, address) ? nil : address)
        }
        if let status = navigation.status, status.code >= 400 {
            throw BrowserError.httpStatus(url: now.isEmpty ? address : now, status: status.code, text: status.text)
        }
        guard !now.isEmpty, !Self.sameDocument(now, address) else { return }
        let why: String? = if let redirect = navigation.redirect {
            "an HTTP \(redirect) redirect"
        } else {
            switch navigation.requested?.reason ?? "" {
            case "metaTagRefresh": "its meta refresh"
            case "httpHeaderRefresh": "its Refresh header"
            case "scriptInitiated": "its script"
            case "formSubmissionGet", "formSubmissionPost": "a form it sent"
            default: nil
            }
        }
        let note = "the page went to \(now)\(why.map { " (\($0))" } ?? ""); what is read is that page"
        if !notes.contains(note) { notes.append(note) }
    }

    /// Whether two addresses name the same document (their fragments aside).
    static func sameDocument(_ one: String, _ other: String) -> Bool {
        func key(_ address: String) -> String {
            guard let url = URL(string: address) else { return address }
            let path = url.path.isEmpty ? "/" : url.path
            return [url.scheme?.lowercased() ?? "", url.host?.lowercased() ?? "", url.port.map(String.init) ?? "", path, url.query ?? ""]
                .joined(separator: "|")
        }
        return key(one) == key(other)
    }

    /// Addresses whose requests failed at the absent proxy (the page tried to reach the network).
    private func noteRefusals() {
        var requested: [String: String] = [:]
        for event in pipe.takeEvents(where: { $0["sessionId"] as? String == page && ($0["method"] as? String)?.hasPrefix("Network.") == true }) {
            let parameters = event["params"] as? [String: Any] ?? [:]
            guard let requestID = parameters["requestId"] as? String else { continue }
            switch event["method"] as? String {
            case "Network.requestWillBeSent":
                if let url = (parameters["request"] as? [String: Any])?["url"] as? String { requested[requestID] = url }
            case "Network.loadingFailed":
                let reason = parameters["errorText"] as? String ?? ""
                if reason.contains("PROXY") || reason.contains("TUNNEL"), let url = requested[requestID], !refused.contains(url) {
                    refused.append(url)
                }
            default:
                break
            }
        }
    }

    /// How many notes the page has now.
    var noteCount: Int { allNotes.count }

    /// The notes of the page so far: what it did that Earshot answered, the files refused.
    private var allNotes: [String] {
        guard !refusedFiles.isEmpty else { return notes }
        let listed = refusedFiles.prefix(3).map { "\($0.url) (\($0.reason))" }.joined(separator: ", ")
        return notes + ["the page asked for \(counted(refusedFiles.count, "file")) that Earshot refused "
                        + "(a file page reads only its own folder, and no hidden file): \(listed)\(refusedFiles.count > 3 ? ", …" : "")"]
    }

    /// The page's accessibility tree as it is now.
    ///
    /// The browser is given 60 s, and a second more for each 1,000 elements of the page's DOM
    /// (Chromium takes about half a millisecond an element to give its tree): a tree it cannot
    /// give in time is an error that says how large the page was.
    func tree() throws -> WebPageTree { try read().tree }

    /// The page's tree as `tree()` gives it, with its nodes' ids by the DOM nodes they stand
    /// for (Chromium's backend node ids), for what is found of the DOM afterwards (`testCovers`).
    func read() throws -> (tree: WebPageTree, nodeIDs: [Int: String]) {
        let started = Date()
        let what = "for the accessibility tree of \(address)"
        // The page's size first (a quick count).
        let counted = try? call("Runtime.evaluate", ["expression": "document.getElementsByTagName('*').length", "returnByValue": true],
                                deadline: started.addingTimeInterval(60), waitingFor: what)
        let elements = ((counted?["result"] as? [String: Any])?["value"] as? NSNumber)?.intValue
        let deadline = started.addingTimeInterval(60 + Double(min(max(elements ?? 0, 0), 10_000_000)) / 1_000)
        // The two large answers are decoded as types of their own (`ChromiumAXTree`,
        // `ChromiumDOMSnapshot`): only what the tree keeps is read.
        let axTree: ChromiumAXTree
        do {
            axTree = try pipe.call("Accessibility.getFullAXTree", session: page, decoding: ChromiumAXTree.self, deadline: deadline,
                                   waitingFor: what)
        } catch BrowserError.timeOut(let waited) where elements != nil {
            throw BrowserError.timeOut("after \(fixedDecimal(deadline.timeIntervalSince(started), places: 0)) s \(waited): the page has \(elements!) elements in its DOM, more than the browser could give a tree of in time")
        }
        let snapshot = try pipe.call("DOMSnapshot.captureSnapshot", ["computedStyles": ["display"], "includeDOMRects": false], session: page,
                                     decoding: ChromiumDOMSnapshot.self, deadline: deadline, waitingFor: what)
        let facts = try call("Runtime.evaluate", ["expression": "[document.title, document.documentElement.lang || '', \(Self.selectedTextScript)]",
                                                  "returnByValue": true],
                             deadline: deadline, waitingFor: what)
        let pair = ((facts["result"] as? [String: Any])?["value"] as? [Any]) ?? []
        let framed = frameDocuments(into: axTree.nodes, snapshot: snapshot, deadline: deadline, waitingFor: what)
        noteRefusals()
        let dom = DOMFacts(snapshot: snapshot, offsets: framed.offsets)
        // The document read: the address given, or where the page went (said in a note). A
        // note can quote the page (a dialog's message): its text is kept as the page's is.
        let url = navigation.url.isEmpty || Self.sameDocument(navigation.url, address) ? address : navigation.url
        var nodes = AXTreeReduction.nodes(framed.nodes, dom: dom)
        // The text selected in the focused field (NVDA says it when focus lands there), kept
        // with its properties (docs/web.md, "Browse and focus modes, as played").
        if pair.count > 2, let selected = pair[2] as? String, !selected.isEmpty,
           let index = nodes.firstIndex(where: { $0.properties["focused"] == .bool(true) && $0.properties["editable"] != nil }) {
            nodes[index].properties["domSelectedText"] = .text(WebPageLimits.keptText(selected))
        }
        let kept = Set(nodes.map(\.id))
        var nodeIDs: [Int: String] = [:]
        for node in framed.nodes where kept.contains(node.nodeId) {
            if let backend = node.backendDOMNodeId, nodeIDs[backend] == nil { nodeIDs[backend] = node.nodeId }
        }
        var tree = WebPageTree(url: url, title: WebPageLimits.keptText(pair.first as? String ?? ""), language: pageText(pair.count > 1 ? pair[1] as? String : nil),
                               viewport: (viewport.width, viewport.height), browser: browser, refused: refused,
                               notes: allNotes.map(WebPageLimits.keptText), nodes: nodes)
        tree.pixelRatio = viewport.scale
        tree.mobile = viewport.mobile
        return (tree, nodeIDs)
    }

    /// The text selected in the document's focused text field (`selectionStart` to
    /// `selectionEnd` of its value; for a field that has no such API, an e-mail or number
    /// field, the document's selection, which Chromium gives inside the field), as a password
    /// field shows it (one bullet a character); empty when nothing is selected or the focus is
    /// no text field. A browser selects a field's whole value when Tab moves into it, and a
    /// page's `select()` does.
    static let selectedTextScript = """
        (function () { try { var e = document.activeElement; \
        if (!e || (e.tagName !== 'INPUT' && e.tagName !== 'TEXTAREA')) return ''; \
        var t = typeof e.selectionStart === 'number' \
        ? String(e.value).substring(e.selectionStart, Math.max(e.selectionStart, e.selectionEnd)) \
        : String(window.getSelection()); \
        return e.type === 'password' ? '\\u2022'.repeat(t.length) : t; } catch (x) { return ''; } })()
        """

    /// The most frames of one page whose documents are read; past it, a note says how many were not.
    static let largestFrameCount = 100

    /// The documents of the page's frames (`iframe`, `frame`, `object`), each a tree of its own in
    /// Chromium, joined to the page's tree under the element that holds them, as NVDA reads a
    /// frame's document in place (docs/web.md, "Frames"); and where each frame's document lies
    /// on the page, for its boxes. A frame whose tree the browser does not give (a document of
    /// another site runs in a process of its own) is left empty, with a note.
    func frameDocuments(into nodes: [ChromiumAXTree.Node], snapshot: ChromiumDOMSnapshot, deadline: Date,
                        waitingFor what: @autoclosure () -> String) -> (nodes: [ChromiumAXTree.Node], offsets: [String: (x: Double, y: Double)]) {
        guard let answer = try? call("Page.getFrameTree", deadline: deadline, waitingFor: what()),
              let top = answer["frameTree"] as? [String: Any] else { return (nodes, [:]) }
        // Parents before children, in document order of the frame tree.
        var frames: [(id: String, parent: String, url: String)] = []
        func walk(_ tree: [String: Any]) {
            let parent = (tree["frame"] as? [String: Any])?["id"] as? String ?? ""
            for child in tree["childFrames"] as? [[String: Any]] ?? [] {
                let frame = child["frame"] as? [String: Any] ?? [:]
                if let id = frame["id"] as? String { frames.append((id, parent, frame["url"] as? String ?? "")) }
                walk(child)
            }
        }
        walk(top)
        guard !frames.isEmpty else { return (nodes, [:]) }
        let raw = DOMFacts(snapshot: snapshot)
        let scrolls = DOMFacts.documentScrolls(snapshot)
        var joined = nodes
        var offsets: [String: (x: Double, y: Double)] = [:]
        var unread: [String] = []
        for (index, frame) in frames.enumerated() {
            guard index < Self.largestFrameCount else {
                noteOnce("the page has \(frames.count) frames: the documents of the first \(Self.largestFrameCount) are read, the others not")
                break
            }
            guard let owner = ((try? call("DOM.getFrameOwner", ["frameId": frame.id], deadline: deadline, waitingFor: what()))?["backendNodeId"] as? NSNumber)?.intValue,
                  let tree = try? pipe.call("Accessibility.getFullAXTree", ["frameId": frame.id], session: page, decoding: ChromiumAXTree.self,
                                            deadline: deadline, waitingFor: what()) else {
                unread.append(frame.url)
                continue
            }
            joined = AXTreeReduction.joining(frame: tree.nodes, named: "f\(index + 1)", under: owner, in: joined)
            // The frame's document starts at its holder's content box, less the document's own scroll.
            if let box = raw.byBackendID[owner]?.box {
                let parent = offsets[frame.parent] ?? (0, 0)
                var inset = (x: 0.0, y: 0.0)
                if let model = (try? call("DOM.getBoxModel", ["backendNodeId": owner], deadline: deadline, waitingFor: what()))?["model"] as? [String: Any],
                   let border = model["border"] as? [Double], let content = model["content"] as? [Double], border.count >= 2, content.count >= 2 {
                    inset = (content[0] - border[0], content[1] - border[1])
                }
                let scroll = scrolls[frame.id] ?? (0, 0)
                offsets[frame.id] = (parent.x + box.x + inset.x - scroll.x, parent.y + box.y + inset.y - scroll.y)
            }
        }
        if !unread.isEmpty {
            noteOnce("\(counted(unread.count, "frame")) of the page not read (a document of another site runs in a browser process of its own): "
                         + unread.prefix(3).joined(separator: ", ") + (unread.count > 3 ? ", …" : ""))
        }
        return (joined, offsets)
    }

    /// Adds a note the page's tree has not said yet (a live page's tree is taken again and again).
    private func noteOnce(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }
}

extension BrowserSession {
    /// The longest side, in image pixels, a screenshot is taken at: Chromium draws no larger
    /// surface (its texture limit), so a taller page is shrunk to fit.
    static let largestScreenshotSide = 16_384.0

    /// The whole page as drawn now: its layout size in CSS pixels (at least the window's),
    /// captured beyond the viewport at one image pixel a CSS pixel unless that is too large.
    func screenshot() throws -> ScreenPicture {
        let deadline = Date().addingTimeInterval(60)
        let what = "for a screenshot of \(address)"
        let metrics = try call("Page.getLayoutMetrics", deadline: deadline, waitingFor: what)
        let content = metrics["cssContentSize"] as? [String: Any] ?? [:]
        let width = max(Double(viewport.width), (content["width"] as? NSNumber)?.doubleValue ?? 0).rounded(.up)
        let height = max(Double(viewport.height), (content["height"] as? NSNumber)?.doubleValue ?? 0).rounded(.up)
        // One image pixel a CSS pixel, whatever the device pixel ratio (a phone's 3 would make
        // the picture nine times the pixels for nothing the report page shows).
        let scale = min(1, Self.largestScreenshotSide / max(width, height)) / viewport.scale
        let shot = try call("Page.captureScreenshot", [
            "format": "png", "captureBeyondViewport": true, "fromSurface": true,
            "clip": ["x": 0, "y": 0, "width": width, "height": height, "scale": scale],
        ], deadline: deadline, waitingFor: what)
        guard let data = (shot["data"] as? String).flatMap({ Data(base64Encoded: $0) }), ScreenPicture.isPNG(data) else {
            throw BrowserError.unavailable("the browser gave no PNG screenshot of \(address)")
        }
        return ScreenPicture(png: data, width: width, height: height)
    }
}

func nonEmptyText(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}

/// A text of the page as Earshot keeps it (`WebPageLimits.keptText`: no control character);
/// nil when there is none.
func pageText(_ text: String?) -> String? {
    nonEmptyText(text).map(WebPageLimits.keptText)
}

/// `DOMSnapshot.captureSnapshot`'s answer, as far as `DOMFacts` reads it.
struct ChromiumDOMSnapshot: Decodable {
    struct Document: Decodable {
        struct Nodes: Decodable {
            var backendNodeId: [Int]?
            var nodeName: [Int]?
            var attributes: [[Int]]?
        }

        struct Layout: Decodable {
            var nodeIndex: [Int]?
            var bounds: [[Double]]?
            /// Each layout node's computed styles asked for (only `display`), as indices into `strings`.
            var styles: [[Int]]?
        }

        var nodes: Nodes?
        var layout: Layout?
        /// The frame the document is of (an index into `strings`).
        var frameId: Int?
        var scrollOffsetX: Double?
        var scrollOffsetY: Double?
    }

    var documents: [Document]?
    var strings: [String]?
}

/// What `DOMSnapshot.captureSnapshot` says of each DOM node, by its backend id: its tag, its
/// `id` and `lang` attributes, its layout box, for the keyboard's order its `tabindex` and a
/// radio button's `name`, and for a table's grid a cell's spans.
struct DOMFacts {
    struct Facts {
        var tag: String?
        var id: String?
        var language: String?
        var box: Frame?
        /// The `tabindex` attribute, when it is a whole number.
        var tabIndex: Int?
        /// A radio button's `name` (its group).
        var radioName: String?
        /// An `<input type="password">`, which Chromium's accessibility tree does not mark (NVDA's
        /// PROTECTED state, which Chromium gives through MSAA; VoiceOver's secure text field).
        var isPassword = false
        /// The computed CSS `display` of an element (`block`, `inline`, …), which Chromium gives
        /// NVDA as the IA2 attribute `display` and NVDA's buffer makes a line of (docs/web.md, section b).
        var display: String?
        /// A table cell's `colspan` and `rowspan` (an HTML cell's, read by HTML's rules for
        /// them) or `aria-colspan` and `aria-rowspan` (any other element's), when not 1: the
        /// spans Chromium gives IAccessible2's `rowColumnExtents` and the DevTools tree does not
        /// carry (docs/web.md, section f). A `rowspan` of 0 is kept: the cell spans the rest of
        /// the table's rows.
        var columnSpan: Int?
        var rowSpan: Int?
    }

    private(set) var byBackendID: [Int: Facts] = [:]

    /// `offsets`: where the document of each frame (by its id) starts on the page; a document of
    /// no frame listed starts at the page's origin (the page's own).
    init(snapshot: ChromiumDOMSnapshot, offsets: [String: (x: Double, y: Double)] = [:]) {
        let strings = snapshot.strings ?? []
        func string(_ index: Int) -> String? {
            guard strings.indices.contains(index) else { return nil }
            return strings[index]
        }
        for (documentIndex, document) in (snapshot.documents ?? []).enumerated() {
            guard let nodes = document.nodes else { continue }
            let offset = document.frameId.flatMap(string).flatMap { offsets[$0] } ?? (0, 0)
            let backendIDs = nodes.backendNodeId ?? []
            let names = nodes.nodeName ?? []
            let attributes = nodes.attributes ?? []
            byBackendID.reserveCapacity(byBackendID.count + backendIDs.count)
            for (index, backendID) in backendIDs.enumerated() {
                var facts = Facts()
                if index < names.count, let name = string(names[index]), !name.hasPrefix("#") { facts.tag = name.lowercased() }
                if index < attributes.count {
                    let pairs = attributes[index]
                    var type: String?, name: String?
                    var spans: [String: String] = [:]
                    for pair in stride(from: 0, to: pairs.count - 1, by: 2) {
                        switch string(pairs[pair]) {
                        case let attribute? where Self.spanAttributes.contains(attribute): spans[attribute] = string(pairs[pair + 1])
                        case "id": facts.id = string(pairs[pair + 1])
                        case "lang": facts.language = string(pairs[pair + 1])
                        case "tabindex": facts.tabIndex = string(pairs[pair + 1]).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                        case "type": type = string(pairs[pair + 1])?.lowercased()
                        case "name": name = string(pairs[pair + 1])
                        default: break
                        }
                    }
                    if facts.tag == "input", type == "radio", let name, !name.isEmpty { facts.radioName = name }
                    if facts.tag == "input", type == "password" { facts.isPassword = true }
                    (facts.columnSpan, facts.rowSpan) = Self.spans(spans, tag: facts.tag)
                }
                byBackendID[backendID] = facts
            }
            // A frame's document speaks the language of its own `<html lang>`, which Chromium's
            // tree has no node for (the root element is ignored): its document node, the frame's
            // `RootWebArea`, takes it, so the frame's text is read in it (docs/web.md, Frames).
            // The page's own document keeps the page's `language`.
            if documentIndex > 0, let root = names.firstIndex(where: { string($0) == "#document" }), root < backendIDs.count,
               byBackendID[backendIDs[root]]?.language == nil,
               // The root element, not the doctype (named `html` too) before it.
               let element = names.indices.first(where: { index in
                   string(names[index])?.uppercased() == "HTML" && index < backendIDs.count
                       && byBackendID[backendIDs[index]]?.language?.isEmpty == false
               }), let language = byBackendID[backendIDs[element]]?.language {
                byBackendID[backendIDs[root]]?.language = language
            }
            if let layout = document.layout {
                let indices = layout.nodeIndex ?? []
                let bounds = layout.bounds ?? []
                let styles = layout.styles ?? []
                // A text's layout node has the style of its element: only an element's is kept.
                for (index, nodeIndex) in indices.enumerated() where index < styles.count && (0..<backendIDs.count).contains(nodeIndex) {
                    guard let first = styles[index].first, let display = string(first), !display.isEmpty,
                          var facts = byBackendID[backendIDs[nodeIndex]], facts.tag != nil, facts.display == nil else { continue }
                    facts.display = display
                    byBackendID[backendIDs[nodeIndex]] = facts
                }
                for (index, nodeIndex) in indices.enumerated() where index < bounds.count && (0..<backendIDs.count).contains(nodeIndex) {
                    let box = bounds[index]
                    guard box.count == 4, byBackendID[backendIDs[nodeIndex]]?.box == nil else { continue }
                    byBackendID[backendIDs[nodeIndex], default: Facts()].box = Frame(x: box[0] + offset.x, y: box[1] + offset.y,
                                                                                      width: box[2], height: box[3])
                }
            }
        }
    }

    /// The attributes a cell's spans are read from.
    static let spanAttributes: Set<String> = ["colspan", "rowspan", "aria-colspan", "aria-rowspan"]

    /// A cell's column and row spans from its attributes, each nil when it is 1 (or not given):
    /// an HTML cell's `colspan` and `rowspan` by HTML's rules (a non-negative integer read from
    /// the start of the value; a `colspan` of 0 or none is 1, at most 1,000; a `rowspan` of none
    /// is 1, 0 the rest of the rows, at most 65,534: HTML, "Processing model" of tables), any
    /// other element's `aria-colspan` and `aria-rowspan` (a whole number of 1 or more; WAI-ARIA
    /// 1.2, the two properties).
    static func spans(_ attributes: [String: String], tag: String?) -> (columns: Int?, rows: Int?) {
        func nonNegative(_ text: String?) -> Int? {
            guard let text else { return nil }
            var digits = Substring(text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            if digits.first == "+" { digits = digits.dropFirst() }
            let number = digits.prefix { $0.isASCII && $0.isNumber }
            guard !number.isEmpty else { return nil }
            // Past seven digits every span is clamped anyway.
            return number.count > 7 ? 10_000_000 : Int(number)
        }
        if tag == "td" || tag == "th" {
            let columns = nonNegative(attributes["colspan"]).map { $0 == 0 ? 1 : min($0, 1_000) } ?? 1
            let rows = nonNegative(attributes["rowspan"]).map { min($0, 65_534) } ?? 1
            return (columns == 1 ? nil : columns, rows == 1 ? nil : rows)
        }
        func aria(_ name: String) -> Int? {
            guard let value = attributes[name].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), value > 1 else { return nil }
            return min(value, 1_000_000)
        }
        return (aria("aria-colspan"), aria("aria-rowspan"))
    }

    /// How far each frame's document is scrolled, by the frame's id.
    static func documentScrolls(_ snapshot: ChromiumDOMSnapshot) -> [String: (x: Double, y: Double)] {
        let strings = snapshot.strings ?? []
        var scrolls: [String: (x: Double, y: Double)] = [:]
        for document in snapshot.documents ?? [] {
            guard let index = document.frameId, strings.indices.contains(index) else { continue }
            scrolls[strings[index]] = (document.scrollOffsetX ?? 0, document.scrollOffsetY ?? 0)
        }
        return scrolls
    }
}

/// `Accessibility.getFullAXTree`'s answer, as far as `AXTreeReduction` reads it (the name's
/// sources, the frame and the DOM relations are passed by, unread).
struct ChromiumAXTree: Decodable {
    struct Node: Decodable {
        var nodeId: String
        var parentId: String?
        var ignored: Bool?
        var role: Value?
        var name: Value?
        var description: Value?
        var value: Value?
        var properties: [Property]?
        var childIds: [String]?
        var backendDOMNodeId: Int?
    }

    /// An `AXValue`: its type as Chromium names it, and its value when that is a flag, a
    /// number or a text (JSON's true and 1 stay apart).
    struct Value: Decodable {
        var type: String?
        var value: Scalar?

        enum CodingKeys: String, CodingKey { case type, value }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decodeIfPresent(String.self, forKey: .type)
            value = container.contains(.value) ? try container.decode(Scalar.self, forKey: .value) : nil
        }
    }

    enum Scalar: Decodable {
        case flag(Bool)
        case number(Double)
        case text(String)
        /// An object, a list or null: nothing the tree keeps.
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .other
            }
        }

        var text: String? {
            if case .text(let text) = self { return text }
            return nil
        }
    }

    struct Property: Decodable {
        var name: String
        var value: Value?
    }

    var nodes: [Node]
}

/// Chromium's full tree made into the saved tree's nodes: ignored nodes give their children to
/// their parent, inline text boxes go, relations (`labelledby`, …) and empty values go, and a
/// number Earshot would refuse in a saved tree (`WebPageLimits`) is left out, so `import`
/// writes only what `read` reads.
///
/// Every walk keeps a stack of its own, so a page nested any depth is reduced without
/// recursion, and each node is visited once, so the time grows with the node count.
enum AXTreeReduction {
    /// The page's tree with a frame's tree joined in: the frame's root becomes the last child of
    /// the node of the element that holds the frame (`owner`, a DOM backend id). The ids stay as
    /// Chromium gave them (a node's id is its DOM node's, which a live page acts on) unless one
    /// is already taken, when the frame's are all made its own (`name:` before each). Without the
    /// holder in the tree, the tree is returned as it was.
    static func joining(frame: [ChromiumAXTree.Node], named name: String, under owner: Int,
                        in nodes: [ChromiumAXTree.Node]) -> [ChromiumAXTree.Node] {
        guard let holder = nodes.firstIndex(where: { $0.backendDOMNodeId == owner }),
              let root = frame.first(where: { $0.parentId == nil }) else { return nodes }
        let taken = Set(nodes.map(\.nodeId))
        let clashes = frame.contains { taken.contains($0.nodeId) }
        func own(_ id: String) -> String { clashes ? "\(name):\(id)" : id }
        var joined = nodes
        joined[holder].childIds = (joined[holder].childIds ?? []) + [own(root.nodeId)]
        for var node in frame {
            node.nodeId = own(node.nodeId)
            node.parentId = node.parentId.map(own) ?? joined[holder].nodeId
            node.childIds = node.childIds?.map(own)
            joined.append(node)
        }
        return joined
    }

    static func nodes(_ raw: [ChromiumAXTree.Node], dom: DOMFacts) -> [WebPageTree.Node] {
        var byID: [String: Int] = [:]
        byID.reserveCapacity(raw.count)
        for (index, node) in raw.enumerated() { byID[node.nodeId] = index }
        func isKept(_ node: ChromiumAXTree.Node) -> Bool {
            node.ignored != true && node.role?.value?.text != "InlineTextBox"
        }
        /// The kept nodes under the nodes `ids`, in order: each itself when kept, else its kept
        /// descendants. A node reached a second time is passed by (the tree has no cycle to follow).
        var expanded: Set<String> = []
        func kept(_ ids: [String]) -> [String] {
            var found: [String] = []
            var stack = Array(ids.reversed())
            while let id = stack.popLast() {
                guard let index = byID[id] else { continue }
                if isKept(raw[index]) {
                    found.append(id)
                } else if expanded.insert(id).inserted {
                    stack.append(contentsOf: (raw[index].childIds ?? []).reversed())
                }
            }
            return found
        }
        guard let root = raw.first(where: { $0.parentId == nil }) else { return [] }
        var result: [WebPageTree.Node] = []
        // Document order: the next node to write is the last on the stack.
        var stack = Array(kept([root.nodeId]).reversed())
        var seen: Set<String> = []
        while let id = stack.popLast() {
            guard seen.insert(id).inserted, let index = byID[id] else { continue }
            let node = raw[index]
            let children = kept(node.childIds ?? [])
            var properties: [String: WebProperty] = [:]
            for property in node.properties ?? [] {
                guard let holder = property.value, let value = holder.value else { continue }
                // The value's type as Chromium names it.
                switch (holder.type, value) {
                case ("boolean", .flag(let flag)), ("booleanOrUndefined", .flag(let flag)):
                    properties[property.name] = .bool(flag)
                // Chromium writes some flags as 0 and 1 (`busy`).
                case ("boolean", .number(let number)), ("booleanOrUndefined", .number(let number)):
                    properties[property.name] = .bool(number != 0)
                case ("integer", .number(let number)), ("number", .number(let number)):
                    if WebPageLimits.problem(property: property.name, number) == nil { properties[property.name] = .number(number) }
                case (_, .text(let text)):
                    properties[property.name] = .text(WebPageLimits.keptText(text))
                default:
                    continue
                }
            }
            let facts = node.backendDOMNodeId.flatMap { dom.byBackendID[$0] }
            // DOM facts the accessibility tree lacks (the keyboard's order, NVDA's lines), kept
            // with the properties under names of their own (docs/web.md, "The browser and the saved tree").
            if let tabIndex = facts?.tabIndex, WebPageLimits.problem(property: "domTabIndex", Double(tabIndex)) == nil {
                properties["domTabIndex"] = .number(Double(tabIndex))
            }
            if let radioName = facts?.radioName { properties["domRadioName"] = .text(WebPageLimits.keptText(radioName)) }
            if facts?.isPassword == true { properties["domPassword"] = .bool(true) }
            if let display = facts?.display { properties["domDisplay"] = .text(WebPageLimits.keptText(display)) }
            if let span = facts?.columnSpan { properties["domColSpan"] = .number(Double(span)) }
            if let span = facts?.rowSpan { properties["domRowSpan"] = .number(Double(span)) }
            let box = facts?.box.flatMap { box in
                WebPageLimits.problem(box: [box.x, box.y, box.width, box.height]) == nil ? box : nil
            }
            result.append(WebPageTree.Node(
                id: id, role: node.role?.value?.text ?? "none", name: pageText(node.name?.value?.text),
                description: pageText(node.description?.value?.text), value: pageText(node.value?.value.flatMap(valueText)),
                properties: properties, children: children, tag: pageText(facts?.tag), domID: pageText(facts?.id),
                language: pageText(facts?.language), box: box))
            stack.append(contentsOf: children.reversed())
        }
        return result
    }

    /// A node's value as text: a number as JavaScript writes it (`50`, `0.5`).
    static func valueText(_ value: ChromiumAXTree.Scalar) -> String? {
        switch value {
        case .text(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .flag(let flag): String(flag)
        case .other: nil
        }
    }
}
