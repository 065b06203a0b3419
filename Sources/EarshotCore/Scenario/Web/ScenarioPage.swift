import Foundation

/// The element ids a scenario on a web page names that its file alone cannot vouch for. The
/// parser opens no browser, so they are checked against the page as the run loads it; an id the
/// page does not have is an error at the place it is written (exit 65, `FILE:LINE:COLUMN`), as
/// an unknown id on an app's screen is when the file is read.
public struct PageElementReferences: Sendable {
    public struct Reference: Sendable {
        public var id: String
        public var location: SourceLocation
        /// Where the file that writes it was included from (` (included from …)`), or empty.
        public var including = ""
    }

    /// Each id, where it is written, in file order.
    public var references: [Reference]
    /// The ids known without the page (the elements a step inserts), for the suggestion.
    public var otherIDs: Set<String>

    /// Throws at the first id that is neither on the page (`pageIDs`) nor known otherwise.
    public func check(against pageIDs: Set<String>) throws {
        for reference in references where !pageIDs.contains(reference.id) && !otherIDs.contains(reference.id) {
            var message = "no element \"\(reference.id)\" on any screen of this scenario, and no step inserts one"
            message += NameSuggestion.didYouMean(reference.id, in: pageIDs.union(otherIDs).sorted())
            throw DataFileError(message + reference.including, at: reference.location)
        }
    }
}

extension ScenarioScreen {
    /// The screen that stands for a page until the run loads it: its document alone, named
    /// after its file, so that the page's reader (NVDA's, which claims web pages) is the one a
    /// run decides on before the page is open.
    static func pagePlaceholder(address: String, defaultName: String) throws -> Screen {
        let document = WebPageTree.Node(id: "1", role: WebRole.rootWebArea.chromiumName)
        let tree = WebPageTree(url: address, title: "", language: nil, viewport: (1280, 800), browser: nil, refused: [],
                               nodes: [document])
        return try WebPageInterpreter.screen(from: tree, defaultName: defaultName)
    }

    /// The page's screen as loaded (`screen`, named by its title when the scenario names it
    /// not), in place of the one that stood for it.
    func loaded(_ screen: Screen) -> ScenarioScreen {
        var loaded = self
        if namedByPage { loaded.name = screen.name }
        loaded.screen = screen
        loaded.screen.name = loaded.name
        return loaded
    }
}

extension Scenario {
    /// The scenario with its page read once, as it loads, in `browser` (`explore`, which reads
    /// the page as loaded); the scenario as it is when it has no page.
    public func withPageLoaded(in browser: (any LiveBrowser)?) throws -> Scenario {
        guard let pageScreen = screens.first(where: { $0.page != nil }), let address = pageScreen.page else { return self }
        let page = try LivePageSession.browser(browser, for: pageScreen).open(address, picture: false)
        defer { page.close() }
        let screen = try WebPageInterpreter.screen(from: page.tree, defaultName: pageScreen.screen.name,
                                                   ids: WebPageInterpreter.elementIDs(of: page.tree))
        var known = Set<String>()
        StepDecoder.collectIDs(screen.roots, into: &known)
        try pageReferences?.check(against: known)
        return withPage(screen)
    }

    /// The scenario with its page's screen as the run loaded it (`screen`), renamed wherever
    /// its name is used when the page's title names it.
    func withPage(_ screen: Screen) -> Scenario {
        guard let index = screens.firstIndex(where: { $0.page != nil }) else { return self }
        var loaded = self
        let old = screens[index].name
        loaded.screens[index] = screens[index].loaded(screen)
        let new = loaded.screens[index].name
        if old != new {
            if loaded.startScreen == old { loaded.startScreen = new }
            if let behaviours = loaded.app.removeValue(forKey: old) { loaded.app[new] = behaviours }
        }
        return loaded
    }
}
