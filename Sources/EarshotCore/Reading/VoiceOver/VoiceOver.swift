/// VoiceOver, iOS's screen reader, as Earshot plays it: the standard focus order (`FocusOrder`:
/// frames sorted in rows, groups kept together, MergedFocus), the profile's trait words and
/// layout (`DescriptionGenerator.describeWithProfileWords`), the activation rules of
/// `ActivationSpeech`, the profile's own earcons and timing, the catalogue's findings as written.
/// Those are every requirement's default (`VoiceOverReading.swift`, beside this file), so
/// VoiceOver adds only its names, its start-up words and a web page as Safari on iOS hands it
/// over (`WebKitIOSPage`, `VoiceOverWeb.swift`): it is the standard reader, which reads every
/// screen no other reader claims.
public struct VoiceOver: ScreenReader {
    public static let name = ScreenReaderName("voiceover")
    public static let title = "VoiceOver"
    /// What VoiceOver says as it is turned on, which a capture may start with.
    public static let startUpWords: String? = "VoiceOver on"
    /// A page is read on a phone: Safari on an iPhone's window (`PageViewport.iPhone`, DevTools'
    /// "iPhone 12 Pro", 390 × 844 at 3).
    public static var pageWindow: String? { "iphone" }

    /// VoiceOver's words on a web page (`voices/voiceover-web/LANG.json`); nil when the profile
    /// names none, and a page is then read as an app's screen.
    public let web: VoiceOverWebWords?

    /// The names a typed symbol is said by on a page (the profile's CLDR names, `symbols`:
    /// Earshot's choice, VoiceOver's own names being unpublished).
    public let typedNames: [String: String]

    public init(web: VoiceOverWebWords? = nil, typedNames: [String: String] = [:]) {
        self.web = web
        self.typedNames = typedNames
    }

    public init(profile: VoiceProfile) throws {
        self.init(web: try profile.voiceOverWebWords(), typedNames: try profile.symbolNames()?.names ?? [:])
    }

    /// A character typed into a page's text field (docs/mobile-web.md, "Typing under the phone
    /// readers"): the character said, as recorded on iOS Safari, a space by its word
    /// (`typedSpace`) and a symbol by the profile's name for it (`typedNames`); nothing in a
    /// secure (password) field, where VoiceOver was recorded making only a click; the key cuts
    /// the speech under way (Earshot's choice, `typing.interrupts`). Off a page, typing is not
    /// played.
    public func typedCharacter(_ character: Character, after typed: String, focus: String?, in screen: Screen) -> TypedCharacterSpeech? {
        guard screen.isWebPage, let web else { return nil }
        guard let field = focus.flatMap({ screen.node($0)?.web }), field.takesTyping else {
            return TypedCharacterSpeech(echo: nil, interrupts: false)
        }
        guard web.typing.characters, !field.isPassword else { return TypedCharacterSpeech(echo: nil, interrupts: web.typing.interrupts) }
        let echo = character == " " ? web.word("typedSpace") : typedNames[String(character)] ?? String(character)
        return TypedCharacterSpeech(echo: echo.isEmpty ? nil : echo, interrupts: web.typing.interrupts)
    }

    /// A page's stops in document order as WebKit hands them over; an app's by the standard order.
    public func stops(of screen: Screen) -> [FocusStop] {
        if screen.isWebPage, let web { return WebKitIOSPage.stops(of: screen, words: web) }
        return FocusOrder.standardStops(of: screen)
    }

    public func describe(_ stop: FocusStop, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription {
        guard let facts = stop.readerFacts as? VoiceOverWebFacts else { return generator.describeWithProfileWords(stop) }
        return describeWeb(stop, facts, after: previous, by: generator)
    }

    public func isJumpTarget(_ stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?) -> Bool {
        guard let facts = stop.readerFacts as? VoiceOverWebFacts else { return target.matchesTraits(of: stop) }
        return isWebJumpTarget(facts, stop, target, after: previous)
    }

    /// A double tap on a page's stop (A5): the app rule (`ActivationSpeech`: re-read, or only
    /// the new state), said as the page's stop is, from the stop double-tapped (no landmark is
    /// entered by it); a state that changed is said after the label ("show more, expanded", as
    /// recorded for `aria-expanded`).
    public func describeActivation(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> ActivationSpeech {
        guard let facts = after.readerFacts as? VoiceOverWebFacts, let web else {
            return generator.describeActivationWithProfileWords(before: before, after: after) { generator.layout($0) }
        }
        let now = describeWeb(after, facts, after: before, by: generator)
        guard before.id == after.id, let old = before.readerFacts as? VoiceOverWebFacts, old.states != facts.states,
              !facts.states.isEmpty, before.label == after.label else { return .reread(now) }
        let parts = ([after.label].compactMap { $0 } + facts.states).map { SpokenPart(slot: "states", text: $0) }
        return .newValue(SpokenDescription(parts: parts, text: parts.map(\.text).joined(separator: web.separator),
                                           hint: nil, language: after.language))
    }

    /// A page's control whose state changed in place (a check box double-tapped): its new states
    /// ("checked"), as recorded for VoiceOver toggling a check box (docs/mobile-web.md A2).
    public func describeStateChange(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> String? {
        guard let old = before.readerFacts as? VoiceOverWebFacts, let new = after.readerFacts as? VoiceOverWebFacts,
              old.states != new.states, let web else { return nil }
        return new.states.isEmpty ? nil : new.states.joined(separator: web.separator)
    }

    /// On a page, the words file's timing (Earshot's choice, A4): polite in turn, assertive and
    /// alerts at once by default.
    public func liveRegionSpeech(_ change: WebLiveRegions.Change, by generator: DescriptionGenerator) -> LiveRegionSpeech? {
        guard !change.text.allSatisfy(\.isWhitespace) else { return nil }
        guard let web else {
            return change.politeness == .assertive || change.isAlert ? .interrupting(change.text) : .inTurn(change.text)
        }
        let timing = change.isAlert ? web.alert : change.politeness == .assertive ? web.assertive : web.polite
        return timing.speech(change.text)
    }

    /// On a page, as the words file says (Earshot's choice, A4: WebKit tells VoiceOver of a
    /// region inserted filled, `AXLiveRegionCreated`); off a page, the default.
    public var saysLiveRegionsCreatedFilled: Bool { web?.saysCreatedFilled ?? false }
}

extension ScreenReaderName {
    /// VoiceOver's name (`voiceover`).
    public static let voiceOver = VoiceOver.name
}
