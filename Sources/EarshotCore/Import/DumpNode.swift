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
    /// Facts about the capture itself ("page source has no hints"), said once per file.
    var notes: [String]
}
