import Foundation

/// What Chrome for Android hands TalkBack for a page, as data (docs/mobile-web.md, B1): its
/// `IDS_AX_*` words in one language (`voices/chromium-android/LANG.json`) and the rules of
/// `BrowserAccessibilityAndroid` that choose among them (`facts.json` beside it): the class
/// name of each role, the role description's steps, the state description's messages. Keys are
/// Chromium's message names and its internal role names (`WebRole.internalName`).
public struct ChromiumAndroidWords: Sendable {
    /// `IDS_AX_ROLE_*` words by message name.
    public var roles: [String: String]
    /// The state and utterance words (`IDS_AX_CHECKBOX_PARTIALLY_CHECKED`, …) by message name.
    public var states: [String: String]
    /// The Android class of a role (`AXRoleToAndroidClassName`), by internal role name.
    public var classNames: [String: String]
    public var defaultClassName: String
    /// The page's root node's class (`android.webkit.WebView`).
    public var rootClassName: String
    /// The role description's message of a role (`GetLocalizedStringForRoleDescription`).
    public var roleMessages: [String: String]
    /// Roles that get no role description on Android (`GetRoleDescription`'s early returns).
    public var noRoleDescription: Set<String>
    /// Roles whose message `GetRoleDescription` chooses itself (figure → graphic).
    public var overrides: [String: String]
    /// A pop-up button's message by its `aria-haspopup` value.
    public var popUpMessages: [String: String]
    /// The heading's messages: with a level, without, and what a heading link adds.
    public var headingWithLevel: String
    public var headingWithoutLevel: String
    public var headingLevels: ClosedRange<Int>
    public var linkMessage: String
    public var visitedMessage: String
    /// The separator of a role description's words and of a state description's parts.
    public var separator: String
    /// The state description's messages by part (`mixed` → `word`, `radioGroup` → `checked` …).
    public var stateParts: [String: [String: String]]
    /// Whether a live region inserted with its text already in it announces that text
    /// (`liveRegions.createdFilled`: its text nodes fire `LIVE_REGION_NODE_CHANGED`).
    public var announcesRegionsCreatedFilled = false
    /// The roles (internal names) whose appearing is a pane opened with a pane title, and the
    /// message said when such a dialog has neither name nor description
    /// (`liveRegions.dialogPaneTitle`).
    public var dialogPaneRoles: Set<String> = []
    public var dialogOpenedMessage: String?
    /// Whether Chrome hands a screen reader a password field's own text rather than one bullet a
    /// character (`passwords.textShown`: so with Android's "Show passwords" on, its default).
    public var passwordTextShown = false

    /// The word of a message, roles first; nil when neither file has it.
    public func word(_ message: String) -> String? { roles[message] ?? states[message] }

    /// Reads `LANG.json` at `path` and `facts.json` in its folder; every mistake is located.
    public static func load(path: String) throws -> ChromiumAndroidWords {
        let words = try JSONDocument.load(path: path).object(allowing: ["citations", "language", "licence", "roles", "source", "states"])
        func strings(_ node: JSONNode?) throws -> [String: String] {
            guard let node else { return [:] }
            var result: [String: String] = [:]
            for member in try node.anyObject().members { result[member.key] = try member.node.stringValue() }
            return result
        }
        let factsPath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("facts.json").path
        let facts = try JSONDocument.load(path: factsPath).anyObject()
        let classes = try facts.required("classNames").anyObject()
        let root = try classes.required("rootWebArea").anyObject()
        let descriptions = try facts.required("roleDescriptions").anyObject()
        let heading = try descriptions.required("heading").anyObject()
        let link = try descriptions.required("link").anyObject()
        let levels = try heading.required("levels").arrayItems().map { try $0.intValue() }
        guard levels.count == 2, levels[0] <= levels[1] else {
            throw DataFileError("\"levels\" is the first and the last heading level with a level word, as [1, 6]", at: heading.location)
        }
        let live = try facts.required("liveRegions").anyObject()
        let pane = try live["dialogPaneTitle"].map { try $0.anyObject() }
        var stateParts: [String: [String: String]] = [:]
        for item in try facts.required("stateDescription").anyObject().required("order").arrayItems() {
            let part = try item.anyObject()
            var messages: [String: String] = [:]
            for member in part.members where member.key != "part" && member.key != "when" {
                messages[member.key] = try member.node.stringValue()
            }
            stateParts[try part.requiredString("part")] = messages
        }
        var loaded = ChromiumAndroidWords(
            roles: try strings(words["roles"]), states: try strings(words["states"]),
            classNames: try strings(classes["roles"]), defaultClassName: try classes.requiredString("default"),
            rootClassName: try root.requiredString("withoutParent"),
            roleMessages: try strings(descriptions["roleMessages"]),
            noRoleDescription: Set(try descriptions.strings("none") ?? []).union(try descriptions.strings("noRoleMessage") ?? []),
            overrides: try strings(descriptions["overrides"]), popUpMessages: try strings(descriptions["popUpButton"]),
            headingWithLevel: try heading.requiredString("withLevel"), headingWithoutLevel: try heading.requiredString("withoutLevel"),
            headingLevels: levels[0]...levels[1], linkMessage: try link.requiredString("word"),
            visitedMessage: try link.requiredString("visitedAdds"), separator: try link.string("separator") ?? " ",
            stateParts: stateParts,
            announcesRegionsCreatedFilled: try live.bool("createdFilled") ?? false,
            dialogPaneRoles: Set(try pane?.strings("roles") ?? []),
            dialogOpenedMessage: try pane?.string("fallbackMessage"))
        loaded.passwordTextShown = try facts["passwords"].map { try $0.anyObject().bool("textShown") ?? false } ?? false
        return loaded
    }
}

extension VoiceProfile {
    /// Chrome for Android's words in this voice's language: the file the `chromiumAndroid`
    /// section names, relative to the profile (`"chromiumAndroid": "chromium-android/ko.json"`),
    /// with `facts.json` beside it; nil when the profile names none.
    public func chromiumAndroidWords() throws -> ChromiumAndroidWords? {
        guard sections["chromiumAndroid"] != nil else { return nil }
        return try ChromiumAndroidWords.load(path: namedFile("chromiumAndroid", what: "Chrome for Android words file", missing: ""))
    }
}
