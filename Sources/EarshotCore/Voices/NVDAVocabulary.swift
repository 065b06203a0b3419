import Foundation

/// NVDA's words in one language, from `voices/nvda/LANG.json` (extracted from NVDA's own sources
/// and its translation catalogue by scripts/extract-nvda-words.py; docs/web.md), which a voice
/// profile names in its `nvda` section.
public struct NVDAVocabulary: Sendable, Equatable {
    /// Role words by NVDA's role name (`HEADING` → "heading", `CHECKBOX` → "check box").
    public var roles: [String: String]
    /// State words by NVDA's state name (`CHECKED` → "checked").
    public var states: [String: String]
    /// The words NVDA says when a state is off (`CHECKED` → "not checked").
    public var negativeStates: [String: String]
    /// Landmark words by ARIA landmark role (`navigation` → "navigation").
    public var landmarks: [String: String]
    /// Templates with named placeholders (`level` → "level {level}").
    public var templates: [String: String]
    /// NVDA's role name for a web page's role (`facts.webRoles`: Chromium's ARIA role, through
    /// IAccessible2, to NVDA's `Role`; docs/web.md, section a).
    public var webRoles: [String: String]
    /// Roles whose word focus leaves out when the object has a name or value (`facts.silentRolesOnFocus`).
    public var silentRolesOnFocus: Set<String>
    /// Roles whose value focus leaves out (`facts.silentValuesForRoles`).
    public var silentValuesForRoles: Set<String>
    /// Quick navigation by item type (`heading`, `formField`, …; `facts.quickNavigation.keys`):
    /// its key and the NVDA roles it finds.
    public var quickNavigation: [String: QuickNavigationKey]

    /// One quick navigation key: the letter NVDA gives it (`h`; shift with it goes back) and the
    /// roles of the items it finds.
    public struct QuickNavigationKey: Sendable, Equatable {
        public var key: String
        public var finds: Set<String>

        public init(key: String, finds: Set<String>) {
            self.key = key
            self.finds = finds
        }
    }

    public init(roles: [String: String] = [:], states: [String: String] = [:], negativeStates: [String: String] = [:],
                landmarks: [String: String] = [:], templates: [String: String] = [:], webRoles: [String: String] = [:],
                silentRolesOnFocus: Set<String> = [], silentValuesForRoles: Set<String> = [],
                quickNavigation: [String: QuickNavigationKey] = [:]) {
        self.webRoles = webRoles
        self.silentRolesOnFocus = silentRolesOnFocus
        self.silentValuesForRoles = silentValuesForRoles
        self.quickNavigation = quickNavigation
        self.roles = roles
        self.states = states
        self.negativeStates = negativeStates
        self.landmarks = landmarks
        self.templates = templates
    }

    /// A template with its placeholders filled; nil when the file has no such template.
    public func fill(_ template: String, _ values: [String: String] = [:]) -> String? {
        guard var text = templates[template] else { return nil }
        for (key, value) in values { text = text.replacingOccurrences(of: "{\(key)}", with: value) }
        return text
    }

    /// The top-level keys of a words file (docs/web.md); `citations` says where each word comes
    /// from and `licence` the licence of the words as data, which Earshot reads no further.
    static let keys = ["language", "source", "licence", "roles", "states", "negativeStates", "landmarks", "templates", "facts",
                       "citations", "comment"]

    public static func load(path: String) throws -> NVDAVocabulary {
        let root = try JSONDocument.load(path: path).object(allowing: keys)
        _ = try root["citations"]?.anyObject()
        func strings(_ key: String) throws -> [String: String] {
            guard let node = root[key] else { return [:] }
            var result: [String: String] = [:]
            for member in try node.anyObject().members { result[member.key] = try member.node.stringValue() }
            return result
        }
        var webRoles: [String: String] = [:]
        var silentRoles: Set<String> = [], silentValues: Set<String> = []
        var quickNavigation: [String: QuickNavigationKey] = [:]
        if let facts = try root["facts"]?.anyObject() {
            if let table = facts["webRoles"] {
                for member in try table.anyObject().members { webRoles[member.key] = try member.node.stringValue() }
            }
            func roleSet(_ node: JSONNode?) throws -> Set<String> {
                Set(try (node?.arrayItems() ?? []).map { try $0.stringValue() })
            }
            silentRoles = try roleSet(facts["silentRolesOnFocus"])
            silentValues = try roleSet(facts["silentValuesForRoles"])
            if let keys = try facts["quickNavigation"]?.anyObject()["keys"] {
                for member in try keys.anyObject().members {
                    let entry = try member.node.anyObject()
                    guard let type = try entry["itemType"]?.stringValue() else { continue }
                    quickNavigation[type] = QuickNavigationKey(key: member.key, finds: try roleSet(entry["finds"]))
                }
            }
        }
        return NVDAVocabulary(roles: try strings("roles"), states: try strings("states"),
                              negativeStates: try strings("negativeStates"), landmarks: try strings("landmarks"),
                              templates: try strings("templates"), webRoles: webRoles, silentRolesOnFocus: silentRoles,
                              silentValuesForRoles: silentValues, quickNavigation: quickNavigation)
    }
}
