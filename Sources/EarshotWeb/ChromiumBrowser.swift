import EarshotCore
import Foundation

/// The process's one Chromium for scenarios' pages (`LiveBrowser`): started at the first page
/// a run opens, and kept for every page after it, each in a browser context of its own (no
/// cookie, storage or cache of another page reaches it). A whole `check`, a whole `test` or one
/// worker of `test --jobs` starts the browser once; the program ends it when its command is
/// done (`close`), and a browser that died is started again for the next page.
public final class ChromiumBrowser: LiveBrowser, @unchecked Sendable {
    private let lock = NSLock()
    private var process: BrowserProcess?
    private let capture: PageCapture

    /// A browser for pages opened as `capture` says (the window's size, the load's time-out).
    public init(capture: PageCapture = PageCapture()) {
        self.capture = capture
    }

    /// `window`: a window by `PageViewport`'s name (the reader's phone), over the capture's.
    public func open(_ address: String, picture: Bool, window: String?) throws -> any LivePage {
        try lock.withLock {
            let session = try context(for: address, window: window)
            return try LiveBrowserPage.open(address, in: session, picture: picture, timeout: capture.timeout,
                                            axe: capture.axe ?? AxeScript.locate())
        }
    }

    /// Opens `address` in a context of its own on this browser and audits it as loaded, as
    /// `lint PAGE.html` does (axe-core and the live checks: `BrowserSession.audit`); the context
    /// is closed after, the browser stays. A page scenario's page audited beside its play, and a
    /// suite's pages, share the run's one browser this way.
    public func audit(_ address: String, window: String?) throws -> WebPageTree {
        try lock.withLock {
            let session = try context(for: address, window: window)
            defer { session.close() }
            return try session.audit(address, timeout: capture.timeout, screenshot: false, axe: capture.axe ?? AxeScript.locate(),
                                     liveChecks: true)
        }
    }

    /// Ends the browser (its process group) and removes its folder.
    public func close() {
        lock.withLock {
            process?.close()
            process = nil
        }
    }

    /// A browser context of its own for `address` on the running browser, in the window named
    /// `window` (the reader's phone) or the capture's (inside the lock).
    private func context(for address: String, window: String?) throws -> BrowserSession {
        let viewport = try window.map { try PageViewport.named($0) } ?? capture.viewport
        return try BrowserSession.open(in: try running(for: address), ownsProcess: false, viewport: viewport,
                                       allowNetwork: capture.allowNetwork, pageAddress: address)
    }

    /// The browser, started now for `address` (its first page) if it is not running.
    private func running(for address: String) throws -> BrowserProcess {
        if let process, process.isRunning { return process }
        process?.close()
        process = nil
        let started = try BrowserProcess.start(viewport: capture.viewport, allowNetwork: capture.allowNetwork, firstPage: address)
        process = started
        return started
    }
}

/// One running Chromium over the DevTools pipe, in its box (`BrowserBox`: its folder, its user,
/// its network), with the pages open in it (`BrowserSession`, one context each). What the
/// browser says of a page is handed to that page's session as it is read.
final class BrowserProcess {
    let pipe: DevToolsPipe
    let box: BrowserBox
    /// The browser and its version (`Chromium/156.0.8078.114`).
    let product: String?
    /// What every page it opens says of how the browser runs (without its sandbox).
    let startNotes: [String]
    /// Each open page's answer to the events of its session.
    private var pages: [String: ([String: Any]) -> Bool] = [:]
    private var closed = false
    /// The page the browser was started for, until a page takes the browser's default context
    /// (as new as the browser: its profile is the run's own folder, and nothing ran in it), with
    /// the proxy its host was let through at start. Every later page has a context of its own,
    /// which costs its making (a few tenths of a second for the first).
    private var defaultContextFor: String?

    /// Whether the page at `address` takes the browser's default context: the first page, the
    /// one the browser was started for.
    func takesDefaultContext(_ address: String) -> Bool {
        guard defaultContextFor == address else { return false }
        defaultContextFor = nil
        return true
    }

    /// Where every request of a page goes that is not to its own host: nobody listens there.
    static let deadProxy = "http://127.0.0.1:9"

    private init(pipe: DevToolsPipe, box: BrowserBox, product: String?, startNotes: [String]) {
        self.pipe = pipe
        self.box = box
        self.product = product
        self.startNotes = startNotes
    }

    /// Whether the browser still answers (it ends when its pipe closes, or dies).
    var isRunning: Bool { !closed && pipe.isOpen }

    /// Hands the events of the page session `session` to `answer` as they are read.
    func route(_ session: String, to answer: @escaping ([String: Any]) -> Bool) { pages[session] = answer }

    func unroute(_ session: String) { pages[session] = nil }

    /// Ends the browser: its process group is killed and its folder removed.
    func close() {
        guard !closed else { return }
        closed = true
        pipe.answerAtOnce = nil
        pages = [:]
        pipe.close()
        box.remove()
    }

    /// Starts the browser in a box of its own (`BrowserBox`: its folder, its user, its
    /// network), for `firstPage`, which takes its default context (the proxy lets its host
    /// through, as each later page's context does its own). `answered` is called when the
    /// browser first answers over the pipe (its version).
    static func start(viewport: PageViewport, allowNetwork: Bool, firstPage: String,
                      answered: (() -> Void)? = nil) throws -> BrowserProcess {
        let executable = try PageCapture.findBrowser()
        // Chromium's sandbox does not start as root: the browser then runs as an unprivileged
        // user, through setpriv; only without setpriv does it run as root, unsandboxed.
        let setpriv = geteuid() == 0 ? BrowserBox.setpriv() : nil
        var unsandboxed = geteuid() == 0 && setpriv == nil
        var startNotes: [String] = []
        if unsandboxed {
            startNotes.append("the browser ran as root without its sandbox: Earshot runs as root and found no setpriv (util-linux) to start it as an unprivileged user")
        }
        while true {
            let box = try BrowserBox.make(dropToUnprivileged: geteuid() == 0 && setpriv != nil)
            var arguments = [
                "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-sync", "--disable-component-update", "--mute-audio",
                "--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir=\(box.profile.path)",
                "--window-size=\(viewport.width),\(viewport.height)",
            ] + BrowserBox.flags
            // Every request not to the first page's own host goes to a proxy nobody listens
            // on; a later page's context has its own (`BrowserSession.proxy`).
            let proxy = BrowserSession.proxy(allowNetwork: allowNetwork, pageAddress: firstPage)
            if let server = proxy["proxyServer"] as? String, server != "direct://" {
                arguments.append("--proxy-server=\(server)")
                if let bypass = proxy["proxyBypassList"] as? String { arguments.append("--proxy-bypass-list=\(bypass)") }
            }
            if unsandboxed { arguments.append("--no-sandbox") }
            arguments.append("about:blank")
            do {
                let process = try start(box: box, command: box.command(browser: [executable] + arguments, setpriv: setpriv),
                                        name: executable, answered: answered, startNotes: startNotes)
                process.defaultContextFor = firstPage
                return process
            } catch is SandboxUnavailable where !unsandboxed {
                // A machine that gives no user namespace to an unprivileged user (a container's
                // seccomp profile) cannot run the sandbox: the browser runs without it, said.
                unsandboxed = true
                startNotes.append("the browser's sandbox could not start on this machine (no user namespaces for an unprivileged user); it ran without it\(geteuid() == 0 ? ", as an unprivileged user" : "")")
            }
        }
    }

    /// The browser died at start because its sandbox could not start (its log says so).
    private struct SandboxUnavailable: Error {}

    private static func start(box: BrowserBox, command: [String], name: String, answered: (() -> Void)?,
                              startNotes: [String]) throws -> BrowserProcess {
        let pipe: DevToolsPipe
        do {
            pipe = try DevToolsPipe(command: command, name: name, environment: box.environment(), errorLog: box.log)
        } catch {
            box.remove()
            throw error
        }
        do {
            let version = try pipe.call("Browser.getVersion", deadline: Date().addingTimeInterval(30),
                                        waitingFor: "for the browser to start")
            answered?()
            let product = (version["product"] as? String).map { $0.replacingOccurrences(of: "HeadlessChrome", with: "Chromium") }
            let process = BrowserProcess(pipe: pipe, box: box, product: product, startNotes: startNotes)
            pipe.answerAtOnce = { [unowned process] event in process.answer(event) }
            return process
        } catch {
            pipe.close()
            let log = (try? String(contentsOf: box.log, encoding: .utf8)) ?? ""
            box.remove()
            if log.contains("No usable sandbox"), !command.contains("--no-sandbox") { throw SandboxUnavailable() }
            throw error
        }
    }

    /// An event for an open page goes to its session; one of the browser's own, or of a page
    /// closed, is dropped (nothing waits for it).
    private func answer(_ event: [String: Any]) -> Bool {
        guard let session = event["sessionId"] as? String, let page = pages[session] else { return true }
        return page(event)
    }
}
