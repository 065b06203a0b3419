import Foundation

/// What VoiceOver says on a web page in Safari on iOS, as data (`voices/voiceover-web/LANG.json`,
/// docs/mobile-web.md A2 and "VoiceOver on a page, as Earshot plays it"): its role, state and
/// container words, the landmark words, the separator, and how a live region's change is said.
/// Each word's source (a recording of VoiceOver, the app reader's word, or Earshot's choice) is
/// in the file's `from`.
public struct VoiceOverWebWords: Sendable, Equatable {
    /// The keys every file holds.
    public static let keys = [
        "link", "visited", "heading", "button", "toggleButton", "pressed", "notPressed", "checkBox", "checked",
        "unchecked", "mixed", "radioButton", "switch", "on", "off", "textField", "searchField", "popUpButton",
        "comboBox", "image", "tab", "adjustable", "menuItem", "dimmed", "selected", "expanded", "collapsed",
        "required", "invalid", "invalidSpelling", "invalidGrammar", "current", "currentPage", "currentStep",
        "currentLocation", "currentDate", "currentTime", "position", "listStart", "listEnd", "tableStart",
        "tableSize", "tableEnd", "rowSpan", "columnSpan", "row", "column", "rowHeader", "columnHeader", "landmark", "editHint",
        "menuPopUp", "listBoxPopUp", "treePopUp", "gridPopUp", "dialogPopUp", "landmarkEnd",
        "secureTextField", "characters", "characterOne", "typedSpace",
    ]
    /// The landmark roles with a word (`WebRole`'s names).
    public static let landmarkKeys = ["banner", "complementary", "contentInfo", "main", "navigation", "region", "search", "form"]

    public var words: [String: String]
    /// The word key of a pop-up's kind by its `aria-haspopup` value (`true` is a menu).
    public var popUpKinds: [String: String] = [:]
    /// A landmark's word by its role's name.
    public var landmarks: [String: String]
    public var separator: String
    /// The level a heading without one is said with.
    public var defaultHeadingLevel: Int
    /// How a polite change, an assertive one and an alert are said.
    public var polite: LiveRegionTiming
    public var assertive: LiveRegionTiming
    public var alert: LiveRegionTiming
    /// Whether a region inserted with its text already in it is said (`liveRegions.createdFilled`).
    public var saysCreatedFilled: Bool
    /// What VoiceOver says as a character is typed into a text field (`typing`): the character
    /// (a space as `typedSpace`) when `characters`, nothing in a secure field; `interrupts`: the
    /// key cuts the speech under way.
    public var typing = Typing()
    /// What is said when the page has loaded, before the first gesture (`pageLoad.says`).
    public var pageLoad: PageLoad = .nothing

    /// VoiceOver's typing echo on a page (`typing` in the words file).
    public struct Typing: Sendable, Equatable {
        public var characters = true
        public var interrupts = true
    }

    /// What VoiceOver says as a page finishes loading (docs/mobile-web.md, "A page loaded"):
    /// WebKit posts its load notification to a wrapper method the unpublished UIKit bundle
    /// overrides, so the file decides.
    public enum PageLoad: String, Sendable, Equatable, CaseIterable {
        /// The page's title.
        case title
        case nothing
    }

    /// When a live region's text is said (`LiveRegionSpeech`'s cases by name).
    public enum LiveRegionTiming: String, Sendable, Equatable, CaseIterable {
        case inTurn, next, interrupting

        func speech(_ text: String) -> LiveRegionSpeech {
            switch self {
            case .inTurn: .inTurn(text)
            case .next: .next(text)
            case .interrupting: .interrupting(text)
            }
        }
    }

    /// The word for `key`, its `{name}` templates filled in.
    public func word(_ key: String, _ values: [String: Int] = [:]) -> String {
        var text = words[key] ?? ""
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: String(value)) }
        return text
    }

    /// Reads `path`; a missing key or a wrong value is located in the file.
    public static func load(path: String) throws -> VoiceOverWebWords {
        let file = try JSONDocument.load(path: path).object(allowing: [
            "about", "language", "separator", "defaultHeadingLevel", "defaultHeadingLevelFrom", "words", "from",
            "landmarks", "landmarksFrom", "liveRegions", "popUpKinds", "typing", "pageLoad",
        ])
        func table(_ key: String, _ required: [String]) throws -> [String: String] {
            let object = try file.required(key).anyObject()
            var result: [String: String] = [:]
            for member in object.members { result[member.key] = try member.node.stringValue() }
            if let missing = required.first(where: { result[$0] == nil }) {
                throw DataFileError("\"\(key)\" has no \"\(missing)\" (every one of \(required.joined(separator: ", ")) is needed)", at: object.location)
            }
            return result
        }
        let live = try file.required("liveRegions").anyObject()
        func timing(_ key: String) throws -> LiveRegionTiming {
            let name = try live.requiredString(key)
            guard let timing = LiveRegionTiming(rawValue: name) else {
                throw DataFileError("\"\(key)\" is one of \(LiveRegionTiming.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\"",
                                    at: (try live.required(key)).location)
            }
            return timing
        }
        let kinds = try file["popUpKinds"].map { node -> [String: String] in
            var result: [String: String] = [:]
            for member in try node.anyObject().members {
                let key = try member.node.stringValue()
                guard keys.contains(key) else {
                    throw DataFileError("\"\(key)\" is no word of \"words\"", at: member.node.location)
                }
                result[member.key] = key
            }
            return result
        } ?? [:]
        var typing = Typing()
        if let group = try file["typing"].map({ try $0.object(allowing: ["characters", "interrupts", "from"]) }) {
            typing.characters = try group.bool("characters") ?? true
            typing.interrupts = try group.bool("interrupts") ?? true
        }
        let load = try file.required("pageLoad").object(allowing: ["says", "from"])
        let pageLoad = try load.required("says").enumValue(PageLoad.self, what: "page load")
        _ = try load.requiredString("from")
        var words = VoiceOverWebWords(
            words: try table("words", keys), popUpKinds: kinds, landmarks: try table("landmarks", landmarkKeys),
            separator: try file.requiredString("separator"), defaultHeadingLevel: try file.required("defaultHeadingLevel").intValue(),
            polite: try timing("polite"), assertive: try timing("assertive"), alert: try timing("alert"),
            saysCreatedFilled: try live.required("createdFilled").boolValue(), pageLoad: pageLoad)
        words.typing = typing
        return words
    }
}

extension VoiceProfile {
    /// VoiceOver's web words in this voice's language: the file the `voiceOverWeb` section
    /// names, relative to the profile; nil when the profile names none (VoiceOver then reads a
    /// page as an app's screen).
    public func voiceOverWebWords() throws -> VoiceOverWebWords? {
        guard sections["voiceOverWeb"] != nil else { return nil }
        return try VoiceOverWebWords.load(path: namedFile("voiceOverWeb", what: "VoiceOver web words file", missing: ""))
    }
}
