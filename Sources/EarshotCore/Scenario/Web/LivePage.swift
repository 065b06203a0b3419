import Foundation

/// What a scenario does to a web page through the browser (`{"page": {"click": "add"}}`): the
/// page's own scripts answer as they would to a person.
public enum PageAction: Sendable, Equatable {
    /// A real mouse click in the middle of the element.
    case click(String)
    /// Focus the element (as Tab would land on it).
    case focus(String)
    /// Type text into the element (focused first; without one, into whatever has the browser's
    /// focus), as keystrokes would insert it.
    case type(String, into: String?)
    /// Press a key (with its modifiers) on whatever has the browser's focus, as the keyboard
    /// would: the page's key handlers run, and the browser does what the key does (Enter on a
    /// button clicks it, Tab moves focus).
    case key(PageKey)
    /// Run a line of the page's JavaScript (what the page's own code would do: a reply from
    /// the server, a timer's work); its value is ignored.
    case run(String)

    /// The action in a few words: `click add`, `type "2" into qty`.
    public var summary: String {
        switch self {
        case .click(let id): "click \(id)"
        case .focus(let id): "focus \(id)"
        case .type(let text, let id): "type \"\(text)\"" + (id.map { " into \($0)" } ?? "")
        case .key(let key): "press \(key)"
        case .run(let script): "run \(script.count > 40 ? String(script.prefix(40)) + "…" : script)"
        }
    }

    /// The element the action is on, if any.
    public var elementID: String? {
        switch self {
        case .click(let id), .focus(let id): id
        case .type(_, let id): id
        case .key, .run: nil
        }
    }
}

/// A key a scenario presses on a page (`{"page": {"key": "shift+Tab"}}`): a key by its DOM name
/// (`KeyboardEvent.key`: `Enter`, `Escape`, `ArrowDown`, `a`), with the modifiers held.
public struct PageKey: Sendable, Equatable, CustomStringConvertible {
    public enum Modifier: String, Sendable, CaseIterable {
        case shift, control, alt, meta
    }

    /// The keys a step may name besides a single character, each by its DOM name.
    public static let namedKeys = ["Enter", "Escape", "Tab", "Space", "Backspace", "Delete", "ArrowUp", "ArrowDown",
                                   "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]

    /// The DOM name of the key (`Space` for the space bar, whose DOM name is a space).
    public var key: String
    public var modifiers: [Modifier]

    public init(_ key: String, modifiers: [Modifier] = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Reads `shift+Tab`, `control+Home`, `Enter`, `a`; nil for a key or modifier that is none of
    /// those a step may name.
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "control++" would be the plus key: a single character after the last separator.
        if text.hasSuffix("++") { parts = parts.dropLast(2) + ["+"] }
        guard let last = parts.popLast(), !last.isEmpty else { return nil }
        var modifiers: [Modifier] = []
        for part in parts {
            guard let modifier = Modifier(rawValue: part.lowercased()), !modifiers.contains(modifier) else { return nil }
            modifiers.append(modifier)
        }
        let named = Self.namedKeys.first { $0.lowercased() == last.lowercased() }
        guard named != nil || (last.count == 1 && last.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }) else { return nil }
        self.init(named ?? last, modifiers: modifiers)
    }

    /// The character the key types (as the browser's key event carries it): a single character,
    /// upper case with shift, and the space bar's space; nil for any other named key and for a
    /// key held with control, alt or meta, which types nothing.
    public var typedCharacter: Character? {
        guard !modifiers.contains(where: { $0 != .shift }) else { return nil }
        if key == "Space" { return " " }
        guard key.count == 1 else { return nil }
        return (modifiers.contains(.shift) ? key.uppercased() : key).first
    }

    public static let tab = PageKey("Tab")
    public static let shiftTab = PageKey("Tab", modifiers: [.shift])

    public var description: String { (modifiers.map(\.rawValue) + [key]).joined(separator: "+") }
}

/// A web page open in a browser while a scenario runs on it: actions go to the page, and the
/// page's time runs with the desk check's clock (the browser's virtual time), so its timers
/// fire at the same moment on every machine.
public protocol LivePage: AnyObject {
    /// The page's tree as it loaded.
    var tree: WebPageTree { get }
    /// Does `action` on the page now; `node` is the browser's node id of its element.
    func perform(_ action: PageAction, node: String?) throws
    /// Lets the page's time run until `time` seconds after it loaded; the tree when the page
    /// changed since the last tree it gave, else nil. Called at the end of every tick of the
    /// desk check's clock: a page with nothing due by then may answer without asking the
    /// browser (its time is run when something is due, docs/web.md, "Scenarios on a page").
    func advance(to time: Double) throws -> WebPageTree?
    /// Closes the page (its context in the browser; the browser stays for the next page).
    func close()
    /// axe-core's rules on the page as it is now, its elements named by the node ids of the
    /// page's trees (`WebPageTree.axe`); or why axe did not run. The page's time does not run.
    func runAxe() throws -> AxeStatus
}

extension LivePage {
    /// A page that has no axe-core (it is not open in a browser that can run it).
    public func runAxe() throws -> AxeStatus { .unavailable("axe-core runs only in a page open in Chromium") }
}

/// A browser that opens pages live for scenarios: started once for the process (a whole
/// `check`, a whole `test`, a worker of `test --jobs`), at its first page, and each page it
/// opens is in a fresh context of its own (no cookie, storage or cache of another page).
/// A run is given one (`ScenarioRunner(…, browser:)`); the programs that link a browser
/// register theirs once at start (`LivePages.register`: the `earshot` program's Chromium).
public protocol LiveBrowser: AnyObject, Sendable {
    /// Opens the page at `address` in a context of its own; with `picture`, its tree as
    /// loaded carries its screenshot (what a report draws the stops on; a tall page's costs
    /// about a second). Closing the page ends its context, not the browser.
    /// `window`: the window the reader reads pages in (`ScreenReader.pageWindow`: `android`
    /// for TalkBack's phone); nil: the browser's own.
    func open(_ address: String, picture: Bool, window: String?) throws -> any LivePage
    /// Opens the page at `address` in a context of its own and audits it as loaded, as `lint`
    /// audits a page (axe-core's rules and the checks only a live page allows), then closes it:
    /// its tree. `window` as for `open`.
    func audit(_ address: String, window: String?) throws -> WebPageTree
}

extension LiveBrowser {
    /// The page in the browser's own window.
    public func open(_ address: String, picture: Bool) throws -> any LivePage {
        try open(address, picture: picture, window: nil)
    }
}

/// The process's browser for live pages: the programs that link one register it once at start
/// (the `earshot` program: EarshotWeb's Chromium); a library without one reads saved trees only.
public enum LivePages {
    private static let registry = BrowserBox()

    /// The browser registered for this process, if any.
    public static var browser: (any LiveBrowser)? { registry.value }

    public static func register(_ browser: any LiveBrowser) { registry.set(browser) }

    /// Whether a screen input names a page to open (an `.html` file or an address).
    public static func isPage(_ input: String) -> Bool {
        let lower = input.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://")
            || lower.hasSuffix(".html") || lower.hasSuffix(".htm") || lower.hasSuffix(".xhtml")
    }

    /// The address a command-line input names: a URL as given (`http://`, `https://`, `file://`),
    /// a file path as its `file://` URL (a missing file is an I/O error naming it).
    public static func address(of input: String) throws -> String {
        let lower = input.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://") { return input }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), !isFolder.boolValue else {
            throw FileIOError(path: input, reason: "no such page file")
        }
        return URL(fileURLWithPath: input).standardizedFileURL.absoluteString
    }

    private final class BrowserBox: @unchecked Sendable {
        private let lock = NSLock()
        private var browser: (any LiveBrowser)?
        var value: (any LiveBrowser)? { lock.withLock { browser } }
        func set(_ new: any LiveBrowser) { lock.withLock { browser = new } }
    }
}
