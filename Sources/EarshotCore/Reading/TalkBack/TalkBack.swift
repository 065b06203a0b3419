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

    public init(words: TalkBackVocabulary) { self.words = words }

    public init(profile: VoiceProfile) throws { self.init(words: try profile.talkBackWords()) }

    /// An Android dump is TalkBack's.
    public static func claims(_ screen: Screen) -> Bool { screen.isAndroidDump }

    /// TalkBack reads Android views: on a screen without any it would take no stop at all, and
    /// "(no focus stops)" or "no findings" would be said as if they were results.
    public static func refusal(toRead screen: Screen, called name: String) -> String? {
        screen.isAndroidDump ? nil
            : "needs an Android dump: TalkBack takes no stop on the elements of \(name), which holds no Android view"
    }

    /// `speak --class`: the Android view's class.
    public static let takesViewClass = true

    /// The element as the Android view TalkBack would find (`ComposedAndroidView`), its stop made
    /// and said by TalkBack's rules.
    public func describeComposed(_ element: ComposedElement, language: String?, speech: SpeechAttributes,
                                 by generator: DescriptionGenerator) throws -> (description: SpokenDescription, unspokenHint: String?)? {
        let composed = ComposedAndroidView(label: element.label, value: element.value, traits: element.traits,
                                           className: element.className, hint: element.hint)
        let stop = try composed.stop(words: words, language: language, speech: speech)
        return (generator.describe(stop), try composed.unspokenHint(words: words))
    }

    public func stops(of screen: Screen) -> [FocusStop] { TalkBackOrder.stops(of: screen, words: words) }

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
    /// (VoiceOver's rule); the sounds of the sound set the profile's `talkbackSounds` names.
    public var speechRules: ReaderSpeechRules {
        ReaderSpeechRules(hintPause: Self.hintPause, announcementsYieldToGestures: false, soundSet: "talkbackSounds")
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

    /// The findings whose meaning and fix differ under TalkBack, with the Android tools the seed
    /// article on announcements sets beside iOS's (LiveRegion polite and assertive,
    /// announceForAccessibility, accessibilityPaneTitle) and TalkBack's rules for them.
    public static func findingWording(_ code: String) -> FindingWording? {
        switch code {
        case "announcement.cut":
            FindingWording(meaning: "A live region's new text or an announceForAccessibility message started but was cut before its end: an assertive live region interrupts whatever TalkBack is saying, and an announcement longer than 30 characters can be cut by the speech after it.",
                           fix: "Make the live region polite (android:accessibilityLiveRegion=\"polite\", ViewCompat.setAccessibilityLiveRegion(view, ACCESSIBILITY_LIVE_REGION_POLITE), Compose liveRegion = LiveRegionMode.Polite) so it waits for the current speech; keep assertive for what must interrupt, and announceForAccessibility messages to 30 characters or fewer.",
                           seed: "announcements; TalkBack EventTypeWindowContentChangedFeedbackRule, EventTypeAnnouncementFeedbackRule")
        case "announcement.dropped":
            FindingWording(meaning: "A live region's new text or an announceForAccessibility message was never spoken: a window change (a new screen, a pane's title) flushed it before its turn. (TalkBack does not drop speech the app posts while it reads what the user's gesture caused.)",
                           fix: "Announce after the window change: give the new pane its title with accessibilityPaneTitle (ViewCompat.setAccessibilityPaneTitle) for the change itself, and put the message in a polite live region on the new screen.",
                           seed: "announcements; TalkBack WindowEventInterpreter, ScreenFeedbackManager")
        case "timing.rate-dependent":
            FindingWording(meaning: "An announceForAccessibility message or a live region's new text is heard at some speaking rates and lost at others: posted after a fixed delay, it meets TalkBack still speaking (an assertive live region or a later announcement cuts it, a window change flushes it) at some rates and not at others.",
                           fix: "Do not time the message with a fixed delay: make the live region polite (android:accessibilityLiveRegion=\"polite\", Compose liveRegion = LiveRegionMode.Polite) so it waits for the current speech at any rate, and announce after the window change with accessibilityPaneTitle rather than on a timer.",
                           seed: "announcements; TalkBack EventTypeWindowContentChangedFeedbackRule")
        case "earcon.duplicate-screen-change":
            FindingWording(meaning: "The window-change sound (window_state) and a title were heard twice: the app announced a pane's title on top of a new window (an activity, a dialog) that TalkBack already announces.",
                           fix: "Set accessibilityPaneTitle only on panes that change inside one window (a fragment, a Compose destination), not on the content of a new activity or dialog.",
                           seed: "announcements; TalkBack WindowEventInterpreter")
        case "earcon.missing-screen-change":
            FindingWording(meaning: "The screen was replaced inside one window (a fragment swap, a Compose destination) without a pane title, so TalkBack plays no window_state sound and says no title: the user does not hear that the screen changed.",
                           fix: "Give the new content a pane title (android:accessibilityPaneTitle, ViewCompat.setAccessibilityPaneTitle, Compose Modifier.semantics { paneTitle = \"…\" }): TalkBack speaks it as a window change.",
                           seed: "announcements; TalkBack WindowEventInterpreter (updateWindowTitleFromPane)")
        case "label.missing":
            FindingWording(meaning: "The focus stop has no content description and no text: TalkBack says only its role (\"버튼\") or, for an image, \"라벨이 지정되지 않음\", so the user cannot tell what it is or does.",
                           fix: "Give it a contentDescription that says what it does (android:contentDescription=\"검색\", Compose Icon(contentDescription = \"검색\")), or mark decoration android:importantForAccessibility=\"no\" (Compose contentDescription = null).",
                           seed: "Android developers, \"Make apps more accessible\" (contentDescription, importantForAccessibility)")
        case "label.repeats-trait":
            FindingWording(meaning: "The label ends with the word TalkBack already says for the view's role (its class: Button, CheckBox, Switch), so it is heard twice (\"장바구니 버튼, 버튼\").",
                           fix: "Drop the role word from the text or contentDescription (\"장바구니\", not \"장바구니 버튼\"); the view's class (or Compose Role.Button) already makes TalkBack say it.",
                           seed: "Android developers, \"Make apps more accessible\" (do not include the element type in its description); TalkBack compositor.json (role after the label)")
        case "label.file-name":
            FindingWording(meaning: "The spoken description looks like an image file or resource name (icon_cart.png, img_0234, ic-heart-filled): the user hears an identifier, not a meaning.",
                           fix: "Set a contentDescription that says what the image means or what the button does (\"장바구니\"); mark purely decorative images android:importantForAccessibility=\"no\" (Compose contentDescription = null).",
                           seed: "Android developers, \"Make apps more accessible\" (contentDescription)")
        case "stops.duplicate-adjacent":
            FindingWording(meaning: "Neighbouring focus stops say the same words (an image whose description repeats the caption under it): the user swipes to hear it again.",
                           fix: "Keep one of them: mark the duplicate android:importantForAccessibility=\"no\" (Compose Modifier.clearAndSetSemantics {}), or make the row one stop (a focusable parent, android:screenReaderFocusable=\"true\", Compose Modifier.semantics(mergeDescendants = true)).",
                           seed: "Android developers, \"Make apps more accessible\" (group related content); merged-focus-uikit (one stop per meaning)")
        case "focus.fragmented":
            FindingWording(meaning: "One visual card (name, rating, price, like button) is split into four or more focus stops, so the user swipes several times to hear one item and may lose which item a part belongs to.",
                           fix: "Make the card one focus stop: a focusable or clickable parent (android:screenReaderFocusable=\"true\"), Compose Modifier.semantics(mergeDescendants = true) or clickable on the card; offer secondary buttons such as 찜하기 as custom actions (ViewCompat.addAccessibilityAction, Compose customActions).",
                           seed: "Android developers, \"Make apps more accessible\" (group related content, custom accessibility actions); merged-focus-uikit")
        case "field.label-separate":
            FindingWording(meaning: "A text in front of a text field names it, but the field has no label of its own: the user hears the text, swipes, and hears only \"수정 창\" or the field's hint.",
                           fix: "Tie the text to the field with android:labelFor on the text view (TalkBack then says the text with the field), or in Compose give the TextField its label parameter.",
                           seed: "Android developers, \"Make apps more accessible\" (labelFor); TalkBack speaks a node's labeledBy text (its compositor variable node.labeledBy)")
        case "label.unnamed-symbol":
            FindingWording(meaning: "The text holds a character Earshot has no spoken name for in this voice (a private-use icon-font glyph, an emoji newer than the voice's CLDR names): Earshot leaves it out, and TalkBack says nothing for it or reads it in a way nobody chose.",
                           fix: "Give the view a contentDescription in words without the glyph (an icon font's \"\\u{E001}\" becomes \"검색\"), or add the symbol's name to the voice profile's punctuation overrides if TalkBack does name it.",
                           seed: "Android developers, \"Make apps more accessible\" (contentDescription); Unicode CLDR annotations (tts names)")
        case "label.language-mismatch":
            FindingWording(meaning: "The view (or its screen) is read as one language but its text is written in another script (an English label on a Korean screen): TalkBack reads it with that language's voice and rules, so the words come out mangled.",
                           fix: "Mark the text's language with a LocaleSpan on the text (Compose: a LocaleList in the text's SpanStyle), or translate the text.",
                           seed: "Android developers, LocaleSpan; TalkBack speaks a LocaleSpan's text in its language")
        case "target.too-small":
            FindingWording(meaning: "A view the user clicks is smaller than 24 by 24 dp and too close to other targets: people with tremor, large fingers or low vision touch its neighbour or miss it.",
                           fix: "Make the view at least 48 by 48 dp (android:minWidth and android:minHeight=\"48dp\", padding, a TouchDelegate on its parent; Compose Modifier.minimumInteractiveComponentSize() or sizeIn(minWidth = 48.dp, minHeight = 48.dp)), or keep 24 dp between it and other targets.",
                           seed: "WCAG 2.2 2.5.8 (minimum target size and its spacing exception); Android accessibility guidelines (48 by 48 dp)")
        case "target.below-platform":
            FindingWording(meaning: "A view the user clicks meets the 24 dp minimum but is smaller than Android's guideline of 48 by 48 dp (32 dp along the screen's edge, as Google's Accessibility Test Framework allows): it is harder to hit than the system's own controls.",
                           fix: "Give the view a touch area of at least 48 by 48 dp: android:minWidth and android:minHeight=\"48dp\", padding, or a TouchDelegate on its parent; in Compose Modifier.minimumInteractiveComponentSize().",
                           seed: "Android accessibility guidelines; Accessibility Test Framework for Android, TouchTargetSizeCheck (48 dp, 32 dp at the screen's edge)")
        default:
            nil
        }
    }
}

extension DescriptionGenerator {
    /// What TalkBack says for a click (`EventTypeViewClickedFeedbackRule.computeTtsOutput`), the
    /// first of: a checkable node without a state description says its checked state as it is
    /// now, `on` / `off` for a switch or toggle button, else `checked` / `notChecked`; else the
    /// same of its first direct child that has one (`getViewCheckStateText`: a row around its
    /// switch says the switch's `on`); a selected node says `selected`; otherwise nothing (its
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
