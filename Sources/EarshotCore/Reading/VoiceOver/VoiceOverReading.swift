/// VoiceOver's reading, the standard reader's: every `ScreenReader` requirement's default. A
/// reader states only what differs from it (TalkBack its order, words, sounds and timing; NVDA
/// its quick navigation and live regions); `VoiceOver` states nothing else.
extension ScreenReader {
    public static func claims(_ screen: Screen) -> Bool { false }
    public static func findingWording(_ code: FindingCode) -> FindingWording? { nil }
    public static func refusal(toRead screen: Screen, called name: String) -> String? { nil }

    /// A view class (`--class`) is Android's: the standard composition has no use for it.
    public static func refusal(toCompose element: ComposedElement) -> String? {
        element.className == nil ? nil : "--class (an Android view's class)"
    }

    /// The profile's earcons are all VoiceOver plays: no sound set of its own.
    public static func soundSet(in profile: VoiceProfile) throws -> [EarconDefinition] { [] }
    public static var soundNames: [EarconName] { [] }
    public static var startUpWords: String? { nil }
    public static var pageWindow: String? { nil }

    public func stops(of screen: Screen) -> [FocusStop] { FocusOrder.standardStops(of: screen) }

    /// No browse and focus modes: a reader's gestures never go to a page as keys by themselves.
    public func passesThrough(onFocusOf id: String, in screen: Screen) -> Bool? { nil }
    public func escapeLeavesFocusMode(on id: String?, in screen: Screen) -> Bool { false }
    public func modeSwitch(toFocusMode focusMode: Bool) -> ModeSwitch { ModeSwitch() }
    public func caretLine(of id: String, in screen: Screen) -> String? { nil }

    public func describe(_ stop: FocusStop, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription {
        generator.describeWithProfileWords(stop)
    }

    /// Each stop is a line of its own: a swipe moves by stop.
    public func line(around index: Int, in stops: [FocusStop]) -> Range<Int>? { nil }

    public func describeLine(_ line: ArraySlice<FocusStop>, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription {
        guard let first = line.first else { return SpokenDescription(parts: [], text: "", hint: nil, language: nil) }
        return describe(first, after: previous, by: generator)
    }

    public func describeActivation(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> ActivationSpeech {
        generator.describeActivationWithProfileWords(before: before, after: after) { generator.layout($0) }
    }

    public func kindWords(for stop: FocusStop, by generator: DescriptionGenerator) -> (noun: String, words: [String]) {
        generator.traitWords(for: stop)
    }

    public func describeStateChange(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> String? { nil }

    /// The rotor's reading: the stop's traits say what it is (`NavigationTarget.matchesTraits`).
    public func isJumpTarget(_ stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?) -> Bool {
        target.matchesTraits(of: stop)
    }

    /// A rotor move speaks the stop as any move does.
    public func describeJump(to stop: FocusStop, _ target: NavigationTarget, after previous: FocusStop?,
                             by generator: DescriptionGenerator) -> SpokenDescription {
        describe(stop, after: previous, by: generator)
    }

    public func jumpNotFound(_ target: NavigationTarget, forward: Bool, by generator: DescriptionGenerator) -> String? { nil }

    /// An app's screen has no tables to move in: nothing is said, focus stays.
    public func tableMove(from stop: FocusStop?, _ direction: TableDirection, in stops: [FocusStop], track: TableTrack?) -> TableMove {
        .refused(nil)
    }

    public func gestureName(_ gesture: ScenarioGesture) -> String? { nil }

    /// Typing on a page is not played for this reader: it says nothing of a typed character.
    public func typedCharacter(_ character: Character, after typed: String, focus: String?, in screen: Screen) -> TypedCharacterSpeech? { nil }

    /// ARIA's own reading: a polite change waits its turn, an assertive one (an alert's too)
    /// cuts the speech under way.
    public func liveRegionSpeech(_ change: WebLiveRegions.Change, by generator: DescriptionGenerator) -> LiveRegionSpeech? {
        change.politeness == .assertive || change.isAlert ? .interrupting(change.text) : .inTurn(change.text)
    }

    public var speechRules: ReaderSpeechRules { ReaderSpeechRules() }

    /// A busy region's changes are dropped, as NVDA does; VoiceOver's own handling is not
    /// published, and Earshot plays it the same.
    public var busyLiveRegions: BusyLiveRegions { .drop }

    /// A region inserted filled says nothing, as NVDA does (docs/web.md, "Live regions, as played").
    public var saysLiveRegionsCreatedFilled: Bool { false }

    /// Nothing of its own when a page opens a dialog: the focus the page moves into it is said.
    public func dialogOpenedSpeech(_ dialog: AccessibilityNode, by generator: DescriptionGenerator) -> DialogOpenedSpeech? { nil }

    /// VoiceOver's four earcons, from the profile's `earcons` section; nothing on a focus move.
    public func sounds(in profile: VoiceProfile) throws -> ReaderSounds { .voiceOver }

    /// A double tap on a switch, or on an element holding one, flips it.
    public func toggle(onActivating stop: FocusStop, in screen: inout Screen) -> Bool {
        FocusNavigator.flipSwitch(onActivating: stop, in: &screen)
    }

    public func focusSound(on stop: FocusStop, from previousID: String?, screen: Screen) -> FocusSound? { nil }

    /// VoiceOver activates an element by touching its activation point, its frame's midpoint by
    /// default (UIAccessibility `accessibilityActivationPoint`), unless the element handles
    /// `accessibilityActivate()`, which a tree cannot show.
    public func activatesByTouch(_ stop: FocusStop) -> Bool { true }

    public func describeComposed(_ element: ComposedElement, language: String?, speech: SpeechAttributes,
                                 by generator: DescriptionGenerator) throws -> (description: SpokenDescription, unspokenHint: String?)? {
        nil
    }
}

extension ReaderSounds {
    /// VoiceOver's: its four earcons, nothing on a focus move.
    public static let voiceOver = ReaderSounds(activation: .activation, screenChanged: .screenChanged,
                                               boundary: .boundary, pageScroll: .pageScroll)
}
