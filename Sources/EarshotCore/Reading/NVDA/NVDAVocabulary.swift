import Foundation

/// NVDA's words in one language, from `voices/nvda/LANG.json` (extracted from NVDA's own sources
/// and its translation catalogue by scripts/extract-nvda-words.py; docs/web.md), which a voice
/// profile names in its `nvda` section, with the tables of NVDA's reading the file's `facts`
/// hold. Read once per run: every role and state name of the file becomes an `NVDARole` or an
/// `NVDAState` here, and every web role a `WebRole`, so the reader compares no names.
public struct NVDAVocabulary: Sendable, Equatable {
    /// Role words (`heading` → "heading", `checkBox` → "check box").
    public var roles: [NVDARole: String]
    /// State words (`checked` → "checked").
    public var states: [NVDAState: String]
    /// The words NVDA says when a state is off (`checked` → "not checked").
    public var negativeStates: [NVDAState: String]
    /// Landmark words by the web's landmark role (`navigation` → "navigation").
    public var landmarks: [WebRole: String]
    /// Templates with named placeholders (`level` → "level {level}").
    public var templates: [String: String]
    /// NVDA's role for a web page's role (`facts.webRoles`: Chromium's ARIA role, through
    /// IAccessible2, to NVDA's `Role`; docs/web.md, section a).
    public var webRoles: [WebRole: NVDARole]
    /// NVDA's role for a button with `aria-pressed` (`facts.webRoles`' `button (aria-pressed)`).
    public var pressedButtonRole: NVDARole?
    /// Roles whose word focus leaves out when the object has a name or value (`facts.silentRolesOnFocus`).
    public var silentRolesOnFocus: Set<NVDARole>
    /// Roles whose value focus leaves out (`facts.silentValuesForRoles`).
    public var silentValuesForRoles: Set<NVDARole>
    /// The order NVDA speaks an object's states in, positive and negative together (`facts.stateOrder`).
    public var stateOrder: [NVDAState]
    /// States said only on these roles and dropped on any other (`facts.states.spokenOnlyOn`:
    /// read only on an edit or a check box, visited on a link).
    public var statesSpokenOnlyOn: [NVDAState: Set<NVDARole>]
    /// States whose "off" is said, on these roles (`facts.states.negativeOn`: "not checked" on a
    /// check box, "not pressed" on a toggle button); the state itself is a state of these roles only.
    public var negativeStatesOn: [NVDAState: Set<NVDARole>]
    /// Browse mode's categories of fields (`facts.presentationCategories`).
    public var presentation: Presentation
    /// Roles a field says only its name and role for, entered with reason focus or quick
    /// navigation (`facts.controlField.namedGroupingRoles`).
    public var namedGroupingRoles: Set<NVDARole>
    /// Roles whose states come before their role word (`facts.controlField.statesBeforeRole`: a link).
    public var statesBeforeRole: Set<NVDARole>
    /// The priority of a live region's change by its politeness (`facts.liveRegions.priority`).
    public var liveRegionPriority: [WebLivePoliteness: NVDASpeechPriority]
    /// Whether an alert that appears cancels the speech under way (`facts.alerts.cancelsSpeech`).
    public var alertsCancelSpeech: Bool
    /// Quick navigation by item type (`heading`, `formField`, …; `facts.quickNavigation.keys`):
    /// its key, the NVDA roles it finds and its templates for nothing found.
    public var quickNavigation: [String: QuickNavigationKey]
    /// NVDA's typing settings (`facts.typing`): which typed characters and words it says, and
    /// whether a typed character cuts the speech; the symbols' names come from their own file
    /// (`NVDA.init(profile:)`).
    public var typing = NVDATyping()

    /// Browse mode's categories of fields (`ControlField.getPresentationCategory`): which say
    /// themselves on entering, and which say `outOf` on leaving.
    public struct Presentation: Sendable, Equatable {
        /// Container roles: said on entering, `outOf` on leaving (`container`).
        public var containers: Set<NVDARole>
        /// Container roles that are layout without a name (`containerOnlyWhenNamed`: a grouping, a region).
        public var containersOnlyWhenNamed: Set<NVDARole>
        /// Roles that are containers when read only (`containerWhenReadOnly`: a document's list).
        public var containersWhenReadOnly: Set<NVDARole>
        /// Marker roles: said on entering, nothing on leaving (`marker`, and `markerWhenNested`,
        /// as everything of a page is nested in its document: a dialog, an application).
        public var markers: Set<NVDARole>

        public init(containers: Set<NVDARole> = [], containersOnlyWhenNamed: Set<NVDARole> = [],
                    containersWhenReadOnly: Set<NVDARole> = [], markers: Set<NVDARole> = []) {
            self.containers = containers
            self.containersOnlyWhenNamed = containersOnlyWhenNamed
            self.containersWhenReadOnly = containersWhenReadOnly
            self.markers = markers
        }
    }

    /// One quick navigation key: the letter NVDA gives it (`h`; shift with it goes back), the
    /// roles of the items it finds, and the templates said when there is none (`notFound`).
    public struct QuickNavigationKey: Sendable, Equatable {
        public var key: String
        public var finds: Set<NVDARole>
        /// The templates for no next item and no previous item (`noNextHeading`, `noPreviousHeading`).
        public var noNext: String?
        public var noPrevious: String?
        /// N's least gap: more characters than this between two links make the text between
        /// them a block N finds (`NOT_LINK_BLOCK_MIN_LEN`); nil for the other keys.
        public var minLength: Int?

        public init(key: String, finds: Set<NVDARole>, noNext: String? = nil, noPrevious: String? = nil, minLength: Int? = nil) {
            self.key = key
            self.finds = finds
            self.noNext = noNext
            self.noPrevious = noPrevious
            self.minLength = minLength
        }
    }

    public init(roles: [NVDARole: String] = [:], states: [NVDAState: String] = [:], negativeStates: [NVDAState: String] = [:],
                landmarks: [WebRole: String] = [:], templates: [String: String] = [:], webRoles: [WebRole: NVDARole] = [:],
                pressedButtonRole: NVDARole? = nil, silentRolesOnFocus: Set<NVDARole> = [], silentValuesForRoles: Set<NVDARole> = [],
                stateOrder: [NVDAState] = NVDAState.allCases, statesSpokenOnlyOn: [NVDAState: Set<NVDARole>] = [:],
                negativeStatesOn: [NVDAState: Set<NVDARole>] = [:], presentation: Presentation = Presentation(),
                namedGroupingRoles: Set<NVDARole> = [], statesBeforeRole: Set<NVDARole> = [],
                liveRegionPriority: [WebLivePoliteness: NVDASpeechPriority] = [:], alertsCancelSpeech: Bool = false,
                quickNavigation: [String: QuickNavigationKey] = [:]) {
        self.roles = roles
        self.states = states
        self.negativeStates = negativeStates
        self.landmarks = landmarks
        self.templates = templates
        self.webRoles = webRoles
        self.pressedButtonRole = pressedButtonRole
        self.silentRolesOnFocus = silentRolesOnFocus
        self.silentValuesForRoles = silentValuesForRoles
        self.stateOrder = stateOrder
        self.statesSpokenOnlyOn = statesSpokenOnlyOn
        self.negativeStatesOn = negativeStatesOn
        self.presentation = presentation
        self.namedGroupingRoles = namedGroupingRoles
        self.statesBeforeRole = statesBeforeRole
        self.liveRegionPriority = liveRegionPriority
        self.alertsCancelSpeech = alertsCancelSpeech
        self.quickNavigation = quickNavigation
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

    /// The key of `facts.webRoles` that names a button with `aria-pressed`, which is no role of its own.
    static let pressedButtonKey = "button (aria-pressed)"

    public static func load(path: String) throws -> NVDAVocabulary {
        let root = try JSONDocument.load(path: path).object(allowing: keys)
        _ = try root["citations"]?.anyObject()
        var words = NVDAVocabulary()
        words.roles = try table(root["roles"], key: { try role($0, $1) }) { try $0.stringValue() }
        words.states = try table(root["states"], key: { try state($0, $1) }) { try $0.stringValue() }
        words.negativeStates = try table(root["negativeStates"], key: { try state($0, $1) }) { try $0.stringValue() }
        words.landmarks = try table(root["landmarks"], key: { name, _ in WebRole(chromiumName: name) }) { try $0.stringValue() }
        words.templates = try table(root["templates"], key: { name, _ in name }) { try $0.stringValue() }
        guard let facts = try root["facts"]?.anyObject() else { return words }
        if let table = facts["webRoles"] {
            for member in try table.anyObject().members {
                let nvda = try role(member.node)
                if member.key == pressedButtonKey {
                    words.pressedButtonRole = nvda
                } else {
                    words.webRoles[WebRole(chromiumName: member.key)] = nvda
                }
            }
        }
        words.silentRolesOnFocus = try roleSet(facts["silentRolesOnFocus"])
        words.silentValuesForRoles = try roleSet(facts["silentValuesForRoles"])
        if let order = facts["stateOrder"] { words.stateOrder = try order.arrayItems().map { try state($0) } }
        if let group = try facts["states"]?.anyObject() {
            words.statesSpokenOnlyOn = try table(group["spokenOnlyOn"], key: { try state($0, $1) }, value: { try roleSet($0) })
            words.negativeStatesOn = try table(group["negativeOn"], key: { try state($0, $1) }, value: { try roleSet($0) })
        }
        if let group = try facts["presentationCategories"]?.anyObject() {
            words.presentation = Presentation(
                containers: try roleSet(group["container"]), containersOnlyWhenNamed: try roleSet(group["containerOnlyWhenNamed"]),
                containersWhenReadOnly: try roleSet(group["containerWhenReadOnly"]),
                markers: try roleSet(group["marker"]).union(try roleSet(group["markerWhenNested"])))
        }
        if let group = try facts["controlField"]?.anyObject() {
            words.namedGroupingRoles = try roleSet(group["namedGroupingRoles"])
            words.statesBeforeRole = try roleSet(group["statesBeforeRole"])
        }
        if let group = try facts["liveRegions"]?.anyObject() {
            words.liveRegionPriority = try table(group["priority"], key: { try politeness($0, $1) }, value: { try priority($0) })
        }
        if let group = try facts["alerts"]?.anyObject() {
            words.alertsCancelSpeech = try group.bool("cancelsSpeech") ?? false
        }
        if let group = try facts["typing"]?.anyObject() {
            func echo(_ key: String) throws -> NVDATyping.Echo? {
                guard let node = group[key] else { return nil }
                let name = try node.stringValue()
                guard let echo = NVDATyping.Echo(rawValue: name) else {
                    throw DataFileError("\"\(name)\" is none of NVDA's typing echoes (off, editControls, always)", at: node.location)
                }
                return echo
            }
            if let characters = try echo("speakTypedCharacters") { words.typing.characters = characters }
            if let typedWords = try echo("speakTypedWords") { words.typing.words = typedWords }
            if let interrupts = try group.bool("speechInterruptForCharacters") { words.typing.interrupts = interrupts }
            if let node = group["protectedCharacter"] {
                let text = try node.stringValue()
                guard text.count == 1, let character = text.first else {
                    throw DataFileError("\"protectedCharacter\" is one character, found \"\(text)\"", at: node.location)
                }
                words.typing.protectedCharacter = character
            }
        }
        if let keys = try facts["quickNavigation"]?.anyObject()["keys"] {
            for member in try keys.anyObject().members {
                let entry = try member.node.anyObject()
                guard let type = try entry.string("itemType") else { continue }
                let notFound = try entry.strings("notFound") ?? []
                words.quickNavigation[type] = QuickNavigationKey(key: member.key, finds: try roleSet(entry["finds"]),
                                                                 noNext: notFound.first, noPrevious: notFound.dropFirst().first,
                                                                 minLength: try entry.int("minLength"))
            }
        }
        return words
    }

    // MARK: - Reading the file's names into types

    private static func table<Key: Hashable, Value>(_ node: JSONNode?, key: (String, SourceLocation) throws -> Key,
                                                    value: (JSONNode) throws -> Value) throws -> [Key: Value] {
        guard let node else { return [:] }
        var result: [Key: Value] = [:]
        for member in try node.anyObject().members { result[try key(member.key, member.keyLocation)] = try value(member.node) }
        return result
    }

    private static func role(_ node: JSONNode) throws -> NVDARole { try role(try node.stringValue(), node.location) }

    private static func role(_ name: String, _ location: SourceLocation) throws -> NVDARole {
        guard let role = NVDARole(rawValue: name) else {
            throw DataFileError("\"\(name)\" is none of NVDA's roles (controlTypes.Role: BUTTON, HEADING, LINK, …)", at: location)
        }
        return role
    }

    private static func roleSet(_ node: JSONNode?) throws -> Set<NVDARole> {
        Set(try (node?.arrayItems() ?? []).map(role))
    }

    private static func state(_ node: JSONNode) throws -> NVDAState { try state(try node.stringValue(), node.location) }

    private static func state(_ name: String, _ location: SourceLocation) throws -> NVDAState {
        guard let state = NVDAState(rawValue: name) else {
            throw DataFileError("\"\(name)\" is none of NVDA's states (controlTypes.State: CHECKED, EXPANDED, …)", at: location)
        }
        return state
    }

    private static func politeness(_ name: String, _ location: SourceLocation) throws -> WebLivePoliteness {
        guard let politeness = WebLivePoliteness(rawValue: name) else {
            throw DataFileError("\"\(name)\" is no aria-live value (off, polite, assertive)", at: location)
        }
        return politeness
    }

    private static func priority(_ node: JSONNode) throws -> NVDASpeechPriority {
        let name = try node.stringValue()
        guard let priority = NVDASpeechPriority(rawValue: name) else {
            throw DataFileError("\"\(name)\" is none of NVDA's speech priorities (NORMAL, NEXT, NOW)", at: node.location)
        }
        return priority
    }
}

/// NVDA's speech priorities (`speech/priorities.py`, `SpeechPriority`): NORMAL waits its turn,
/// NEXT goes after the utterance being spoken, ahead of the queue, NOW cuts speech.
public enum NVDASpeechPriority: String, Sendable {
    case normal = "NORMAL"
    case next = "NEXT"
    case now = "NOW"
}

extension VoiceProfile {
    /// NVDA's words in this voice's language: the words file the `nvda` section names, relative
    /// to the profile (`"nvda": "nvda/ko.json"`).
    public func nvdaWords() throws -> NVDAVocabulary {
        try NVDAVocabulary.load(path: namedFile(
            "nvda", what: "NVDA words file",
            missing: "has no NVDA words: add \"nvda\": \"nvda/\(language).json\" (docs/web.md)"))
    }
}
