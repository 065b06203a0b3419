import Foundation

extension EarconName {
    /// NVDA's mode sounds, by the names of its sound files (`reportPassThrough`, browseMode.py:
    /// `waves/focusMode.wav`, `waves/browseMode.wav`); the sound set `voices/sounds/nvda.json`
    /// defines each.
    public static let focusMode = EarconName("focusMode")
    public static let browseMode = EarconName("browseMode")
    public static let nvda: [EarconName] = [.focusMode, .browseMode]
}

/// NVDA's mode sounds as profile data (`voices/sounds/nvda.json`, which a voice profile names in
/// its `nvdaSounds` section): `earcons`, one definition per name in `EarconName.nvda` (Earshot's
/// own tones: NVDA's recordings are not copied), and `passThroughAudioIndication`, NVDA's
/// setting of that name (config/configSpec.py, on by default): off, NVDA says "Focus mode" or
/// "Browse mode" in place of the sound (docs/web.md, "Browse and focus modes, as played").
public struct NVDASoundSet: Sendable {
    public var earcons: [EarconDefinition]
    public var audioIndication: Bool

    /// The profile section naming the sound set.
    public static let section = "nvdaSounds"

    /// The profile's sound set; nil when it names none (NVDA then says the modes' words).
    public static func load(profile: VoiceProfile) throws -> NVDASoundSet? {
        guard profile.sections[section] != nil else { return nil }
        return try load(path: profile.namedFile(section, what: "NVDA sound set",
                                                missing: "has no NVDA sounds: add \"nvdaSounds\": \"sounds/nvda.json\" (docs/web.md)"))
    }

    /// Reads a sound set; every mistake is located in it.
    public static func load(path: String) throws -> NVDASoundSet {
        let root = try JSONDocument.load(path: path).object(allowing: ["earcons", "passThroughAudioIndication", "comment"])
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let earcons = try EarconDefinition.decodeAll(section: root.required("earcons"), names: EarconName.nvda, relativeTo: folder) {
            "missing sound \"\($0)\"; an NVDA sound set defines \($1)"
        }
        let indication = try root.required("passThroughAudioIndication").boolValue()
        return NVDASoundSet(earcons: earcons, audioIndication: indication)
    }
}

/// What a reader gives when it switches between browse mode and focus mode on a page: a sound,
/// or words said as a message (NVDA's `reportPassThrough`).
public struct ModeSwitch: Sendable, Equatable {
    public var sound: EarconName?
    public var words: String?

    public init(sound: EarconName? = nil, words: String? = nil) {
        self.sound = sound
        self.words = words
    }
}

extension NVDA {
    /// NVDA's roles for which focus always switches to focus mode
    /// (`BrowseModeTreeInterceptor.ALWAYS_SWITCH_TO_PASS_THROUGH_ROLES`, browseMode.py, 0057dd93).
    static let alwaysPassThroughRoles: Set<NVDARole> = [
        .comboBox, .editableText, .list, .listItem, .slider, .tabControl, .menuBar, .popupMenu, .treeView,
        .treeViewItem, .spinButton, .tableRow, .tableCell, .tableRowHeader, .tableColumnHeader,
    ]
    /// The roles that switch to focus mode when focus lands on them
    /// (`SWITCH_TO_PASS_THROUGH_ON_FOCUS_ROLES`).
    static let passThroughOnFocusRoles: Set<NVDARole> = [.listItem, .radioButton, .tab, .menuItem, .radioMenuItem, .checkMenuItem]
    /// The roles whose Escape goes to the page even in focus mode
    /// (`IGNORE_DISABLE_PASS_THROUGH_WHEN_FOCUSED_ROLES`: an ARIA menu handles its own Escape).
    static let escapeToPageRoles: Set<NVDARole> = [.menuItem, .radioMenuItem, .checkMenuItem, .tableCell]
    /// The read-only roles that still switch (`shouldPassThrough`: combo boxes, read-only edits,
    /// grids' rows and cells).
    static let readOnlyPassThroughRoles: Set<NVDARole> = [.editableText, .comboBox, .tableRow, .tableCell, .tableRowHeader,
                                                          .tableColumnHeader]

    /// NVDA's `shouldPassThrough` with reason focus (browseMode.py, 0057dd93): an editable node
    /// that is not unavailable; nothing that is neither focusable nor focused; of read-only
    /// nodes only a focused list item in a focusable list and the roles of
    /// `readOnlyPassThroughRoles`; then the roles of `alwaysPassThroughRoles` and
    /// `passThroughOnFocusRoles`, and anything inside a toolbar.
    public func passesThrough(onFocusOf id: String, in screen: Screen) -> Bool? {
        shouldPassThrough(id, in: screen, onFocus: true)
    }

    /// NVDA's `shouldPassThrough` with no reason, as browse mode's Enter and space ask it
    /// (`BrowseModeTreeInterceptor._activatePosition`, browseMode.py, 0057dd93): the same
    /// tests, without the roles that switch only on focus (a radio button, a tab, a menu item)
    /// and without the toolbar. An edit, a combo box, a list box, a slider is focused and focus
    /// mode reported, not activated.
    public func passesThrough(onActivating id: String, in screen: Screen) -> Bool? {
        shouldPassThrough(id, in: screen, onFocus: false)
    }

    private func shouldPassThrough(_ id: String, in screen: Screen, onFocus: Bool) -> Bool {
        guard let web = screen.node(id)?.web else { return false }
        let speech = NVDASpeech(words: words)
        let role = speech.role(web)
        let ancestors = screen.ancestry(of: id).dropLast().compactMap { screen.node($0)?.web }
        let editable = web.properties["editable"] != nil
        if editable && !web.flag("disabled") { return true }
        if !web.isFocusable && !web.flag("focused") && role != .popupMenu { return false }
        if web.flag("readonly") || speech.isReadOnly(web) {
            if role == .listItem, web.flag("focused"), let parent = ancestors.last, speech.role(parent) == .list,
               parent.isFocusable {
                return true
            }
            if !(role.map(Self.readOnlyPassThroughRoles.contains) ?? false) { return false }
        }
        if let role, Self.alwaysPassThroughRoles.contains(role) { return true }
        guard onFocus else { return false }
        if let role, Self.passThroughOnFocusRoles.contains(role) { return true }
        return ancestors.contains { speech.role($0) == .toolbar }
    }

    /// Escape in focus mode leaves it (`script_disablePassThrough`), unless the focus is one of
    /// `escapeToPageRoles`, whose Escape the page gets.
    public func escapeLeavesFocusMode(on id: String?, in screen: Screen) -> Bool {
        guard let id, let web = screen.node(id)?.web, let role = NVDASpeech(words: words).role(web) else { return true }
        return !Self.escapeToPageRoles.contains(role)
    }

    /// `reportPassThrough`: the mode's sound with `passThroughAudioIndication` on, else its words.
    public func modeSwitch(toFocusMode focusMode: Bool) -> ModeSwitch {
        if modeSounds { return ModeSwitch(sound: focusMode ? .focusMode : .browseMode) }
        return ModeSwitch(words: words.fill(focusMode ? "focusMode" : "browseMode"))
    }

    /// An up or down arrow in a single-line edit: NVDA's caret script says the line, the field's
    /// text or "blank" (`EditableText.script_caret_moveByLine`, `speakTextInfo` by line); a
    /// multi-line edit's lines are not known here (nil).
    public func caretLine(of id: String, in screen: Screen) -> String? {
        guard let web = screen.node(id)?.web, NVDASpeech(words: words).role(web) == .editableText,
              !web.flag("multiline") else { return nil }
        if let value = web.value, !value.isEmpty { return value }
        return words.fill("blank")
    }
}
