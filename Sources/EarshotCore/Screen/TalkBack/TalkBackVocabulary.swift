import Foundation

/// TalkBack's words in one language, from `voices/talkback/LANG.json` (extracted from TalkBack's
/// own string files by scripts/extract-talkback-words.py; docs/talkback.md), which a voice
/// profile names in its `talkback` section.
public struct TalkBackVocabulary: Sendable, Equatable {
    /// Joins the parts of a description (label, role, state).
    public var separator: String
    /// Role by Android class name (TalkBack's `Role`), e.g. `android.widget.Switch` → `switch`.
    public var classRoles: [String: String]
    /// The spoken word of each role; empty for roles TalkBack does not name.
    public var roles: [String: String]
    public var heading: String
    /// State words: `checked`, `notChecked`, `on`, `off`, `selected`, `disabled`...
    public var states: [String: String]
    /// Usage hints, whole sentences: `activate`, `toggle`, `longPress`...
    public var hints: [String: String]
    /// Position templates with `{index}` and `{count}`: `inCollection`...
    public var positions: [String: String]
    /// What TalkBack says for a password field's hidden characters, if it says anything.
    public var password: String?

    public init(separator: String = ", ", classRoles: [String: String] = [:], roles: [String: String] = [:],
                heading: String = "", states: [String: String] = [:], hints: [String: String] = [:],
                positions: [String: String] = [:], password: String? = nil) {
        self.separator = separator
        self.classRoles = classRoles
        self.roles = roles
        self.heading = heading
        self.states = states
        self.hints = hints
        self.positions = positions
        self.password = password
    }

    /// Reads a words file; every mistake is located in it.
    public static func load(path: String) throws -> TalkBackVocabulary {
        let root = try JSONDocument.load(path: path).object(allowing: [
            "language", "source", "separator", "order", "orders", "classRoles", "roles", "heading", "states",
            "hints", "position", "password", "comment",
        ])
        func strings(_ key: String) throws -> [String: String] {
            guard let node = root[key] else { return [:] }
            guard case .object(let members) = node.value else { throw node.typeError(expected: "an object of words") }
            var result: [String: String] = [:]
            for member in members {
                // A template written in parts ({"text": ..., "comment": ...}) is not used here.
                if case .string(let text) = member.node.value { result[member.key] = text }
            }
            return result
        }
        return TalkBackVocabulary(
            separator: try root.string("separator") ?? ", ",
            classRoles: try strings("classRoles"), roles: try strings("roles"),
            heading: try root.string("heading") ?? "", states: try strings("states"), hints: try strings("hints"),
            positions: try strings("position"), password: try root.string("password"))
    }

    /// The role of an Android class: its own entry, else the nearest known class by the common
    /// suffix TalkBack's `Role` also checks (`…Button`, `…EditText`, `…ImageView`...).
    public func role(ofClass className: String) -> String? {
        if let role = classRoles[className] { return role }
        let short = className.split(separator: ".").last.map(String.init) ?? className
        for (known, role) in classRoles.sorted(by: { $0.key < $1.key }) where known.hasSuffix("." + short) {
            return role
        }
        return nil
    }

    /// The spoken word of a role ("" when unnamed or unknown).
    public func word(forRole role: String?) -> String {
        role.flatMap { roles[$0] } ?? ""
    }
}
