import Foundation

/// TalkBack's words in one language, from `voices/talkback/LANG.json` (extracted from TalkBack's
/// own string files by scripts/extract-talkback-words.py; docs/talkback.md), which a voice
/// profile names in its `talkback` section.
public struct TalkBackVocabulary: Sendable, Equatable {
    /// Joins the parts of a description (label, role, state).
    public var separator: String
    /// The parts of a description in TalkBack's order under its default setting (`orders.default`:
    /// `selected`, `checked`, `state`, `label`, `role`, ..., `disabled`, `position`, `heading`).
    public var order: [String] { didSet { ownPartOrder = Self.ownPartOrder(order) } }
    /// A node's own parts in the order they are said: `order`'s, then the ones it does not name,
    /// in their default order (kept in step with `order`).
    public private(set) var ownPartOrder: [TalkBackPart]
    /// Role by Android class name (TalkBack's `Role`), e.g. `android.widget.Switch` → `switch`.
    public let classRoles: [String: String]
    /// The spoken word of each role; empty for roles TalkBack does not name.
    public var roles: [String: String]
    public var heading: String
    /// State words: `checked`, `notChecked`, `on`, `off`, `selected`, `disabled`...
    public var states: [String: String]
    /// Usage hints, whole sentences: `activate`, `toggle`, `longPress`...
    public var hints: [String: String]
    /// Position templates with `{index}` and `{count}`: `inCollection`...
    public var positions: [String: String]
    /// What TalkBack says for a password field (`password.field`), if it says anything.
    public var password: String?
    /// The count TalkBack says for a password field's characters (`password.characters`,
    /// `password.charactersOne`, with `{count}`).
    public var passwordCharacters: [String: String]
    /// TalkBack's echo of typed text (`typing`): its default settings and the names of typed
    /// symbols.
    public var typing = TalkBackTyping()
    /// `classRoles` by a class's last name component (`Switch`), the first class in name order
    /// winning: for subclasses in other packages (`androidx...Switch`). Made once, with the table.
    private let rolesByShortName: [String: String]

    private static func ownPartOrder(_ order: [String]) -> [TalkBackPart] {
        var parts: [TalkBackPart] = []
        for name in order + TalkBackPart.allCases.map(\.rawValue) {
            if let part = TalkBackPart(rawValue: name), !parts.contains(part) { parts.append(part) }
        }
        return parts
    }

    /// TalkBack's default order (donottranslate.xml `pref_node_desc_order_default`, state first).
    public static let defaultOrder = ["selected", "expansion", "checked", "state", "label", "role", "children", "error",
                                      "hintText", "tooltip", "disabled", "position", "heading"]

    public init(separator: String = ", ", order: [String] = TalkBackVocabulary.defaultOrder, classRoles: [String: String] = [:], roles: [String: String] = [:],
                heading: String = "", states: [String: String] = [:], hints: [String: String] = [:],
                positions: [String: String] = [:], password: String? = nil, passwordCharacters: [String: String] = [:]) {
        self.separator = separator
        self.order = order
        ownPartOrder = Self.ownPartOrder(order)
        self.classRoles = classRoles
        var byShortName: [String: String] = [:]
        for (known, role) in classRoles.sorted(by: { $0.key < $1.key }) {
            guard let dot = known.lastIndex(of: ".") else { continue }
            let short = String(known[known.index(after: dot)...])
            if byShortName[short] == nil { byShortName[short] = role }
        }
        rolesByShortName = byShortName
        self.roles = roles
        self.heading = heading
        self.states = states
        self.hints = hints
        self.positions = positions
        self.password = password
        self.passwordCharacters = passwordCharacters
    }

    /// Reads a words file; every mistake is located in it.
    public static func load(path: String) throws -> TalkBackVocabulary {
        let root = try JSONDocument.load(path: path).object(allowing: [
            "language", "source", "licence", "separator", "order", "orders", "classRoles", "roles", "heading", "states",
            "hints", "position", "password", "typing", "citations", "comment",
        ])
        // Where each word comes from is for people and tests: read only far enough to know it is an object.
        _ = try root["citations"]?.anyObject()
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
        var order = defaultOrder
        if let orders = root["orders"] {
            let object = try orders.anyObject()
            if let list = try object.array("default") { order = try list.map { try $0.stringValue() } }
        }
        var password: String?
        var passwordCharacters: [String: String] = [:]
        if let node = root["password"] {
            if case .string(let text) = node.value {
                password = text
            } else {
                password = try node.anyObject().string("field")
                passwordCharacters = try strings("password").filter { $0.key.hasPrefix("characters") }
            }
        }
        var vocabulary = TalkBackVocabulary(
            separator: try root.string("separator") ?? ", ", order: order,
            classRoles: try strings("classRoles"), roles: try strings("roles"),
            heading: try root.string("heading") ?? "", states: try strings("states"), hints: try strings("hints"),
            positions: try strings("position"), password: password, passwordCharacters: passwordCharacters)
        if let node = root["typing"] { vocabulary.typing = try TalkBackTyping.read(node) }
        return vocabulary
    }

    /// The role of an Android class: its own entry, else the nearest known class by the common
    /// suffix TalkBack's `Role` also checks (`…Button`, `…EditText`, `…ImageView`...).
    public func role(ofClass className: String) -> TalkBackRole? {
        (classRoles[className] ?? rolesByShortName[String(AndroidView.shortName(of: className))]).map(TalkBackRole.init)
    }

    /// The spoken word of a role ("" when unnamed or unknown).
    public func word(forRole role: TalkBackRole?) -> String {
        role.flatMap { roles[$0.rawValue] } ?? ""
    }
}

/// The parts of a node's own description, by the names TalkBack's order setting gives them
/// (`pref_node_desc_order`), in the order said when the words file's `order` names none of them.
public enum TalkBackPart: String, CaseIterable, Sendable {
    case selected, expansion, checked, state, label, role, children, hintText, disabled, heading
}

/// A role of TalkBack's `Role`, by the name the words file gives it (`classRoles`, `roles`).
/// Open as the data is (a role the file names is a role); the ones Earshot's rules ask about
/// are named here, so a rule compares with a name the compiler knows.
public struct TalkBackRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let button = Self(rawValue: "button")
    public static let checkBox = Self(rawValue: "checkBox")
    public static let checkedTextView = Self(rawValue: "checkedTextView")
    public static let dropDownList = Self(rawValue: "dropDownList")
    public static let editText = Self(rawValue: "editText")
    public static let grid = Self(rawValue: "grid")
    public static let horizontalScrollView = Self(rawValue: "horizontalScrollView")
    public static let image = Self(rawValue: "image")
    public static let imageButton = Self(rawValue: "imageButton")
    public static let list = Self(rawValue: "list")
    public static let none = Self(rawValue: "none")
    public static let pager = Self(rawValue: "pager")
    public static let progressBar = Self(rawValue: "progressBar")
    public static let radioButton = Self(rawValue: "radioButton")
    public static let scrollView = Self(rawValue: "scrollView")
    public static let seekControl = Self(rawValue: "seekControl")
    /// `switch` (a Swift keyword, hence the name).
    public static let switchControl = Self(rawValue: "switch")
    public static let toggleButton = Self(rawValue: "toggleButton")
    public static let viewGroup = Self(rawValue: "viewGroup")
}
