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

    public init(roles: [String: String] = [:], states: [String: String] = [:], negativeStates: [String: String] = [:],
                landmarks: [String: String] = [:], templates: [String: String] = [:], webRoles: [String: String] = [:]) {
        self.webRoles = webRoles
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

    static let keys = ["language", "source", "roles", "states", "negativeStates", "landmarks", "templates", "facts", "comment"]

    public static func load(path: String) throws -> NVDAVocabulary {
        let root = try JSONDocument.load(path: path).object(allowing: keys)
        func strings(_ key: String) throws -> [String: String] {
            guard let node = root[key] else { return [:] }
            var result: [String: String] = [:]
            for member in try node.anyObject().members { result[member.key] = try member.node.stringValue() }
            return result
        }
        var webRoles: [String: String] = [:]
        if let facts = root["facts"], let table = try facts.anyObject()["webRoles"] {
            for member in try table.anyObject().members { webRoles[member.key] = try member.node.stringValue() }
        }
        return NVDAVocabulary(roles: try strings("roles"), states: try strings("states"),
                              negativeStates: try strings("negativeStates"), landmarks: try strings("landmarks"),
                              templates: try strings("templates"), webRoles: webRoles)
    }
}
