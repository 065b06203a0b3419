/// The screens of a desk check, each with its navigator (focus and the screen as the app has
/// changed it), exactly one of them shown.
///
/// A value: the desk check owns one and changes it inside its executor. The shown screen is an index
/// into the list, so it always exists.
struct ScreenSet: Sendable {
    /// The screens' names, in the order given.
    let names: [String]
    private var navigators: [FocusNavigator]
    private var shownIndex: Int

    /// `screens` in order; `start` (or the first) is shown.
    init(_ screens: [(name: String, screen: Screen)], start: String?, generator: DescriptionGenerator) throws {
        precondition(!screens.isEmpty, "a desk check needs a screen")
        names = screens.map(\.name)
        navigators = screens.map { FocusNavigator(screen: $0.screen, generator: generator) }
        shownIndex = 0
        if let start {
            guard let index = names.firstIndex(of: start) else {
                throw DeskCheckError.unknownScreen(start, valid: names)
            }
            shownIndex = index
        }
    }

    /// Whether any of the screens is a web page (a run on a page words its findings for the web).
    var holdsWebPage: Bool { navigators.contains { $0.screen.isWebPage } }

    /// The name of the screen shown now.
    var shownName: String { names[shownIndex] }

    /// The shown screen's navigator.
    var shown: FocusNavigator {
        get { navigators[shownIndex] }
        set { navigators[shownIndex] = newValue }
    }

    /// The navigator of the screen called `name`, if there is one.
    subscript(name: String) -> FocusNavigator? {
        names.firstIndex(of: name).map { navigators[$0] }
    }

    /// Changes the screen called `name` (shown or not); an unknown name is an error.
    mutating func update<Result>(_ name: String, _ body: (inout FocusNavigator) throws -> Result) throws -> Result {
        guard let index = names.firstIndex(of: name) else { throw DeskCheckError.unknownScreen(name, valid: names) }
        return try body(&navigators[index])
    }

    /// Shows `name` anew: it starts without focus (no restoration unless the app asks).
    mutating func show(_ name: String) throws {
        guard let index = names.firstIndex(of: name) else { throw DeskCheckError.unknownScreen(name, valid: names) }
        navigators[index] = FocusNavigator(screen: navigators[index].screen, generator: navigators[index].generator)
        shownIndex = index
    }

    /// The screens other than the shown one that have an element `id`, by name.
    func others(containing id: String) -> [String] {
        names.indices.filter { $0 != shownIndex && navigators[$0].screen.contains(id) }.map { names[$0] }.sorted()
    }
}
