import Foundation

/// One node of a captured accessibility tree, in the terms the capture tools share, before any
/// VoiceOver rule is applied: what the node is (`type`), what it says, whether the tool calls it
/// enabled, visible and an accessibility element, where it is, and where it was written.
///
/// Each reader (page source XML, WebDriverAgent JSON, idb JSON) fills these from its own names;
/// `DumpInterpreter` turns the tree into a `Screen`. A property a format cannot say stays nil,
/// so the interpreter can tell "false" from "not recorded".
struct DumpNode: Sendable {
    /// The element type without the `XCUIElementType` prefix (`Button`, `StaticText`, `Cell`), or
    /// idb's role without `AX` (`Button`, `Heading`, `Group`).
    var type: String
    /// `accessibilityIdentifier`, when the format tells it apart from the label.
    var identifier: String?
    var label: String?
    var value: String?
    var placeholder: String?
    /// `accessibilityHint` (idb's `help`); page source never has it.
    var hint: String?
    var isEnabled: Bool?
    var isVisible: Bool?
    /// The tool's own answer to "is this an accessibility element" (WDA `accessible`).
    var isAccessible: Bool?
    /// Trait names as the tool writes them (`Button`, `Selected`); nil when the dump has none.
    var traits: [String]?
    var customActions: [String]?
    var frame: Frame?
    /// Where the node starts in its file.
    var location: SourceLocation
    var children: [DumpNode] = []
}

/// A whole captured tree: its roots (an application, or a flat list), the format it came in,
/// and what the format cannot say, as plain sentences for the user.
struct Dump: Sendable {
    var format: ScreenInputFormat
    var roots: [DumpNode]
    /// What the capture cannot tell, as phrases (`custom actions (…)`), said together in one
    /// note per file.
    var limitations: [String]
    /// What a format calls itself in that note (`page source`).
    var formatName: String

    init(format: ScreenInputFormat, roots: [DumpNode], limitations: [String], formatName: String) {
        self.format = format
        self.roots = roots
        self.limitations = limitations
        self.formatName = formatName
    }

    /// The one note that says what the capture cannot tell, with the language guessed.
    func summary(language: String?) -> String? {
        DumpLimitations.summary(limitations, formatName: formatName, language: language)
    }
}

/// What every dump format leaves out, worded so it does not contradict what is heard.
public enum DumpLimitations {
    static let hints = "the app's own hints (XCTest does not expose accessibilityHint; the hints VoiceOver itself adds, such as a switch's, are still heard)"

    /// The one note of a dump (`what this page source cannot tell: …`), its language guess last.
    static func summary(_ limitations: [String], formatName: String, language: String?) -> String? {
        var parts = limitations
        if let language {
            parts.append("its language (its text is mostly \(language), so it is read as \(language), its words in the \(language) voice; --language TAG or none says otherwise)")
        }
        guard !parts.isEmpty else { return nil }
        return "what this \(formatName) cannot tell: " + parts.joined(separator: "; ")
    }

    /// Where the notes' reasons are told in full.
    public static let documentation = "docs/import.md, \"What a dump cannot say\""

    /// The note as a terminal prints it: each gap by its name, without its reasons, and where
    /// to read them (`what this page source cannot tell: the app's own hints, custom actions,
    /// traits, its language (read as en); why: docs/import.md, …`). Nil for any other note.
    public static func brief(_ note: String) -> String? {
        guard note.hasPrefix("what this "), let colon = note.range(of: " cannot tell: ") else { return nil }
        var parts: [String] = [], current = "", depth = 0
        for character in note[colon.upperBound...] {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
            if character == ";" && depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        let names = parts.map { part -> String in
            let name = part.range(of: " (").map { String(part[..<$0.lowerBound]) } ?? part
            if name == "its language", let read = part.range(of: "so it is read as ") {
                let language = part[read.upperBound...].prefix { $0.isLetter || $0 == "-" }
                return "its language (read as \(language), told from its letters)"
            }
            return name
        }
        return String(note[..<colon.upperBound]) + names.joined(separator: ", ") + "; why: " + documentation
    }
}
