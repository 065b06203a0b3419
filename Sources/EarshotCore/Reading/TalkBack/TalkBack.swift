/// TalkBack, Android's screen reader, as Earshot plays it (docs/talkback.md): its focus order
/// (`TalkBackOrder`), its descriptions (`TalkBackDescription`, `TalkBackCollection`) and its click
/// rule in the words of its own words file (`TalkBackVocabulary`, read once from the profile's
/// `talkback` section), its sound set and focus sounds, its 400 ms hint pause, and Android's
/// wording of the findings that mean something else on Android. A stop without Android facts (an
/// iOS element read by TalkBack) is described with the profile's words, joined TalkBack's way.
public struct TalkBack: ScreenReader {
    public static let name = ScreenReaderName("talkback")
    public static let title = "TalkBack"

    /// TalkBack's pause before a hint, in seconds (`ProcessorAccessibilityHints.DELAY_HINT = 400` ms).
    public static let hintPause = 0.4

    /// TalkBack's words for roles, states, positions and hints.
    public let words: TalkBackVocabulary
    /// Chrome for Android's words and rules for a web page (docs/mobile-web.md, B); nil when
    /// the profile names none, and then a page is refused (`refusal(toRead:called:)` cannot see
    /// the profile: `stops(of:)` gives none).
    public let chromium: ChromiumAndroidWords?

    public init(words: TalkBackVocabulary, chromium: ChromiumAndroidWords? = nil) {
        self.words = words
        self.chromium = chromium
    }

    public init(profile: VoiceProfile) throws {
        self.init(words: try profile.talkBackWords(), chromium: try profile.chromiumAndroidWords())
    }

    /// An Android dump is TalkBack's; a page is NVDA's unless TalkBack is asked for.
    public static func claims(_ screen: Screen) -> Bool { screen.isAndroidDump }

    /// TalkBack reads Android views, and a web page as Chrome for Android hands it over
    /// (`ChromiumAndroidPage`): on any other screen it would take no stop at all, and
    /// "(no focus stops)" or "no findings" would be said as if they were results.
    public static func refusal(toRead screen: Screen, called name: String) -> String? {
        screen.isAndroidDump || screen.isWebPage ? nil
            : "needs an Android dump or a web page: TalkBack takes no stop on the elements of \(name), which holds no Android view"
    }

    /// A page is read on a phone: Chrome for Android's window (`PageViewport.android`).
    public static var pageWindow: String? { "android" }

    /// The page as Chrome hands it to TalkBack, or the screen itself when it is no page.
    func androidScreen(_ screen: Screen) -> Screen? {
        guard screen.isWebPage, !screen.isAndroidDump else { return screen }
        guard let chromium else { return nil }
        return ChromiumAndroidPage.screen(of: screen, chromium: chromium)
    }

    /// `speak --class`: the Android view's class, which TalkBack composes.
    public static func refusal(toCompose element: ComposedElement) -> String? { nil }

    /// The element as the Android view TalkBack would find (`ComposedAndroidView`), its stop made
    /// and said by TalkBack's rules.
    public func describeComposed(_ element: ComposedElement, language: String?, speech: SpeechAttributes,
                                 by generator: DescriptionGenerator) throws -> (description: SpokenDescription, unspokenHint: String?)? {
        let composed = ComposedAndroidView(label: element.label, value: element.value, traits: element.traits,
                                           className: element.className, hint: element.hint)
        let stop = try composed.stop(words: words, language: language, speech: speech)
        return (generator.describe(stop), try composed.unspokenHint(words: words))
    }

    public func stops(of screen: Screen) -> [FocusStop] {
        guard let android = androidScreen(screen) else { return [] }
        var stops = TalkBackOrder.stops(of: android, words: words)
        if screen.isWebPage {
            // What the reading controls ask of a page's stop: its node and the landmarks and
            // lists around it (`WebInterfaceUtils`' next and previous HTML element).
            for index in stops.indices {
                let id = stops[index].id
                let ancestry = screen.ancestry(of: id).dropLast()
                guard var facts = stops[index].talkBack else { continue }
                facts.web = screen.node(id)?.web
                facts.webContainers = ancestry.filter { ancestor in
                    screen.node(ancestor)?.web.map { $0.isLandmark || $0.role.isList } == true
                }
                facts.webLandmarks = ancestry.filter { screen.node($0)?.web?.isLandmark == true }
                stops[index].talkBack = facts
            }
        }
        return stops
    }

    public func describe(_ stop: FocusStop, after previous: FocusStop?, by generator: DescriptionGenerator) -> SpokenDescription {
        guard let android = stop.android else { return generator.describeWithProfileWords(stop) }
        return generator.describeForTalkBack(stop, android, after: previous, words: words)
    }

    public func describeActivation(before: FocusStop, after: FocusStop, by generator: DescriptionGenerator) -> ActivationSpeech {
        if let android = after.android {
            return .newValue(generator.describeTalkBackClick(before: before.id == after.id ? before.android : nil,
                                                             after: android, children: after.checkableChildren,
                                                             language: after.language, words: words))
        }
        // The words file's separator joins the new words (as TalkBack joins any parts).
        return generator.describeActivationWithProfileWords(before: before, after: after) { parts in
            var spoken = SpokenText()
            for part in parts {
                DescriptionGenerator.append(SpokenText(part.text, part.attributes), to: &spoken, with: words.separator)
            }
            return (parts, spoken)
        }
    }

    /// TalkBack's role word for an Android node it reads (`버튼`, `체크박스`), else the profile's trait words.
    public func kindWords(for stop: FocusStop, by generator: DescriptionGenerator) -> (noun: String, words: [String]) {
        guard let android = stop.android else { return generator.traitWords(for: stop) }
        return ("role word", [words.word(forRole: TalkBackDescription.role(of: android, words: words))].filter { !$0.isEmpty })
    }

    /// The hint 400 ms after its element; no announcement dropped for a gesture's speech
    /// (VoiceOver's rule).
    public var speechRules: ReaderSpeechRules {
        ReaderSpeechRules(hintPause: Self.hintPause, announcementsYieldToGestures: false)
    }

    /// The sounds of the sound set the profile's `talkbackSounds` names (`TalkBackSoundSet`).
    public func sounds(in profile: VoiceProfile) throws -> ReaderSounds {
        try TalkBackSoundSet.load(profile: profile).play
    }

    /// The sound set's sounds, when the profile names one (`talkbackSounds`).
    public static func soundSet(in profile: VoiceProfile) throws -> [EarconDefinition] {
        profile.sections[TalkBackSoundSet.section] == nil ? [] : try TalkBackSoundSet.load(profile: profile).earcons
    }

    public static var soundNames: [EarconName] { EarconName.talkBack }

    /// A checkable node (a switch, a check box) flips its own checked state; otherwise
    /// VoiceOver's rule (a switch inside flips).
    public func toggle(onActivating stop: FocusStop, in screen: inout Screen) -> Bool {
        // On a page the click reaches the page, whose own state changes (B5).
        if screen.isWebPage { return false }
        guard stop.android?.isCheckable == true else { return FocusNavigator.flipSwitch(onActivating: stop, in: &screen) }
        try? screen.update(stop.id) { node in node.android?.isChecked.toggle() }
        return true
    }

    /// TalkBack clicks a node that has a click action by that action and taps its place only
    /// without one (`FocusActor.clickNode`): a clickable node is never activated by touch.
    public func activatesByTouch(_ stop: FocusStop) -> Bool {
        guard let android = stop.android else { return true }
        return !android.isClickable
    }

    /// The sound TalkBack plays as focus lands on a node
    /// (`EventTypeViewAccessibilityFocusedFeedbackRule.earcon`; docs/talkback.md, "Earcons"):
    /// entering or leaving a scrolling container (the node or an ancestor scrolls) plays
    /// `chime_up` / `chime_down`; otherwise an actionable node plays `focus_actionable`, any other
    /// `focus`. `previousID`: the element focused before (nil: none, which is outside any container).
    public func focusSound(on stop: FocusStop, from previousID: String?, screen: Screen) -> FocusSound? {
        let inside = Self.insideScrollable(stop.id, screen: screen)
        let before = previousID.map { Self.insideScrollable($0, screen: screen) } ?? false
        if inside != before { return inside ? .enterScrollable : .leaveScrollable }
        guard let android = stop.android else { return nil }
        // isActionableForAccessibility: clickable, long-clickable or focusable.
        return android.isClickable || android.isLongClickable || android.isFocusable ? .actionable : .other
    }

    private static func insideScrollable(_ id: String, screen: Screen) -> Bool {
        screen.ancestry(of: id).contains { screen.node($0)?.android?.isScrollable == true }
    }
}

extension DescriptionGenerator {
    /// What TalkBack says for a click (`EventTypeViewClickedFeedbackRule.computeTtsOutput`), the
    /// first of: a checkable node without a state description says its checked state as it is
    /// now, `on` / `off` for a switch or toggle button, else `checked` / `notChecked`; else the
    /// same of its first direct child that has one (`getViewCheckStateText`: a row around its
    /// switch says the switch's `on`); a selected node says `selected`; a node whose expand or
    /// collapse action changed its `collapsed` or `expanded` (`getCollapsedOrExpandedStateText`;
    /// Earshot's choice: only when it changed, as the page changes it after the tap, not the
    /// stale state the tap found); otherwise nothing (its
    /// `tick` sound plays alone). A node whose state description changed says the new one
    /// (TalkBack speaks it for the content change `CONTENT_CHANGE_TYPE_STATE_DESCRIPTION`, the
    /// rule's comment says). Never the node again.
    func describeTalkBackClick(before: AndroidView?, after android: AndroidView, children: [AndroidView] = [],
                               language: String?, words: TalkBackVocabulary) -> SpokenDescription {
        var part: SpokenPart?
        if let state = nonEmpty(android.stateDescription) {
            if state != before?.stateDescription { part = SpokenPart(slot: "state", text: state) }
        } else if let checked = ([android] + children).lazy.compactMap({ Self.checkedState(of: $0, words: words) }).first {
            part = checked
        } else if android.isSelected, let selected = words.states["selected"].flatMap(nonEmpty) {
            part = SpokenPart(slot: "selected", text: selected)
        } else if let expanded = android.expansion, expanded != before?.expansion,
                  let word = words.states[expanded ? "expanded" : "collapsed"].flatMap(nonEmpty) {
            part = SpokenPart(slot: "expansion", text: word)
        }
        let parts = part.map { [$0] } ?? []
        // TalkBack's own words are in the voice's language.
        return SpokenDescription(parts: parts, spoken: SpokenText(part?.text ?? ""), hint: nil,
                                 language: part?.slot == "state" && android.stateDescription != nil ? language : nil)
    }

    /// A checkable view's checked words as a click says them (`getNodeCheckedStateText`): none for
    /// a view that is not checkable or has a state description (which its own event speaks).
    private static func checkedState(of android: AndroidView, words: TalkBackVocabulary) -> SpokenPart? {
        guard android.isCheckable, nonEmpty(android.stateDescription) == nil else { return nil }
        let toggle = TalkBackDescription.isToggle(TalkBackDescription.role(of: android, words: words))
        let key = toggle ? (android.isChecked ? "on" : "off") : (android.isChecked ? "checked" : "notChecked")
        return words.states[key].flatMap(nonEmpty).map { SpokenPart(slot: toggle ? "state" : "checked", text: $0) }
    }
}

extension ScreenReaderName {
    /// TalkBack's name (`talkback`).
    public static let talkBack = TalkBack.name
}
