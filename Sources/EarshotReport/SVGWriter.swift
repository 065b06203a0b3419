import EarshotCore

/// Writes SVG markup element by element: attributes in the order given, every attribute value
/// and every text escaped (`MarkupText`), numbers with at most two decimals.
///
/// It writes what it is told and checks only that what it opens it closes in order (a mistake
/// there is a programmer's, so it traps); the layout belongs to the drawings that use it.
struct SVGWriter {
    /// The markup so far.
    private(set) var markup = ""
    /// The elements opened and not yet closed, innermost last.
    private var open: [String] = []

    /// Whether every element opened has been closed.
    var isBalanced: Bool { open.isEmpty }

    /// An attribute value for a coordinate or length: at most two decimals, no exponent.
    static func number(_ value: Double) -> String { HTML.number(value) }

    /// `<name a="1">`, to be closed by `close()`.
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        open(name, attributes.map { ($0.key, $0.value) })
    }

    /// `<name a="1">` with attributes decided as the drawing goes.
    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        markup += "<" + name + Self.attributes(attributes) + ">"
        open.append(name)
    }

    /// Closes the element opened last: `</name>`.
    mutating func close() {
        guard let name = open.popLast() else { preconditionFailure("SVGWriter.close() without an open element") }
        markup += "</" + name + ">"
    }

    /// An element without content, `<name a="1"/>`, or with `text` as its content,
    /// `<name a="1">text</name>`.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], text: String? = nil) {
        element(name, attributes.map { ($0.key, $0.value) }, text: text)
    }

    /// The same, with attributes in the order given (some of them only when they apply).
    mutating func element(_ name: String, _ attributes: [(String, String)], text: String?) {
        if let text {
            markup += "<" + name + Self.attributes(attributes) + ">" + MarkupText.escape(text) + "</" + name + ">"
        } else {
            markup += "<" + name + Self.attributes(attributes) + "/>"
        }
    }

    /// A line break between elements, so that a page's source reads one element a line.
    mutating func lineBreak() { markup += "\n" }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " " + $0.0 + "=\"" + MarkupText.escape($0.1) + "\"" }.joined()
    }
}
