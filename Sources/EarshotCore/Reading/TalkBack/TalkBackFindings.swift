extension TalkBack {
    /// The findings whose meaning and fix differ under TalkBack, with the Android tools the seed
    /// article on announcements sets beside iOS's (LiveRegion polite and assertive,
    /// announceForAccessibility, accessibilityPaneTitle) and TalkBack's rules for them.
    public static func findingWording(_ code: FindingCode) -> FindingWording? {
        switch code {
        case .announcementCut:
            FindingWording(meaning: "A live region's new text or an announceForAccessibility message started but was cut before its end: an assertive live region interrupts whatever TalkBack is saying, and an announcement longer than 30 characters can be cut by the speech after it.",
                           fix: "Make the live region polite (android:accessibilityLiveRegion=\"polite\", ViewCompat.setAccessibilityLiveRegion(view, ACCESSIBILITY_LIVE_REGION_POLITE), Compose liveRegion = LiveRegionMode.Polite) so it waits for the current speech; keep assertive for what must interrupt, and announceForAccessibility messages to 30 characters or fewer.",
                           seed: "announcements; TalkBack EventTypeWindowContentChangedFeedbackRule, EventTypeAnnouncementFeedbackRule")
        case .announcementDropped:
            FindingWording(meaning: "A live region's new text or an announceForAccessibility message was never spoken: a window change (a new screen, a pane's title) flushed it before its turn. (TalkBack does not drop speech the app posts while it reads what the user's gesture caused.)",
                           fix: "Announce after the window change: give the new pane its title with accessibilityPaneTitle (ViewCompat.setAccessibilityPaneTitle) for the change itself, and put the message in a polite live region on the new screen.",
                           seed: "announcements; TalkBack WindowEventInterpreter, ScreenFeedbackManager")
        case .timingRateDependent:
            FindingWording(meaning: "An announceForAccessibility message or a live region's new text is heard at some speaking rates and lost at others: posted after a fixed delay, it meets TalkBack still speaking (an assertive live region or a later announcement cuts it, a window change flushes it) at some rates and not at others.",
                           fix: "Do not time the message with a fixed delay: make the live region polite (android:accessibilityLiveRegion=\"polite\", Compose liveRegion = LiveRegionMode.Polite) so it waits for the current speech at any rate, and announce after the window change with accessibilityPaneTitle rather than on a timer.",
                           seed: "announcements; TalkBack EventTypeWindowContentChangedFeedbackRule")
        case .earconDuplicateScreenChange:
            FindingWording(meaning: "The window-change sound (window_state) and a title were heard twice: the app announced a pane's title on top of a new window (an activity, a dialog) that TalkBack already announces.",
                           fix: "Set accessibilityPaneTitle only on panes that change inside one window (a fragment, a Compose destination), not on the content of a new activity or dialog.",
                           seed: "announcements; TalkBack WindowEventInterpreter")
        case .earconMissingScreenChange:
            FindingWording(meaning: "The screen was replaced inside one window (a fragment swap, a Compose destination) without a pane title, so TalkBack plays no window_state sound and says no title: the user does not hear that the screen changed.",
                           fix: "Give the new content a pane title (android:accessibilityPaneTitle, ViewCompat.setAccessibilityPaneTitle, Compose Modifier.semantics { paneTitle = \"…\" }): TalkBack speaks it as a window change.",
                           seed: "announcements; TalkBack WindowEventInterpreter (updateWindowTitleFromPane)")
        case .labelMissing:
            FindingWording(meaning: "The focus stop has no content description and no text: TalkBack says only its role (\"버튼\") or, for an image, \"라벨이 지정되지 않음\", so the user cannot tell what it is or does.",
                           fix: "Give it a contentDescription that says what it does (android:contentDescription=\"검색\", Compose Icon(contentDescription = \"검색\")), or mark decoration android:importantForAccessibility=\"no\" (Compose contentDescription = null).",
                           seed: "Android developers, \"Make apps more accessible\" (contentDescription, importantForAccessibility)")
        case .labelRepeatsTrait:
            FindingWording(meaning: "The label ends with the word TalkBack already says for the view's role (its class: Button, CheckBox, Switch), so it is heard twice (\"장바구니 버튼, 버튼\").",
                           fix: "Drop the role word from the text or contentDescription (\"장바구니\", not \"장바구니 버튼\"); the view's class (or Compose Role.Button) already makes TalkBack say it.",
                           seed: "Android developers, \"Make apps more accessible\" (do not include the element type in its description); TalkBack compositor.json (role after the label)")
        case .labelFileName:
            FindingWording(meaning: "The spoken description looks like an image file or resource name (icon_cart.png, img_0234, ic-heart-filled): the user hears an identifier, not a meaning.",
                           fix: "Set a contentDescription that says what the image means or what the button does (\"장바구니\"); mark purely decorative images android:importantForAccessibility=\"no\" (Compose contentDescription = null).",
                           seed: "Android developers, \"Make apps more accessible\" (contentDescription)")
        case .stopsDuplicateAdjacent:
            FindingWording(meaning: "Neighbouring focus stops say the same words (an image whose description repeats the caption under it): the user swipes to hear it again.",
                           fix: "Keep one of them: mark the duplicate android:importantForAccessibility=\"no\" (Compose Modifier.clearAndSetSemantics {}), or make the row one stop (a focusable parent, android:screenReaderFocusable=\"true\", Compose Modifier.semantics(mergeDescendants = true)).",
                           seed: "Android developers, \"Make apps more accessible\" (group related content); merged-focus-uikit (one stop per meaning)")
        case .focusFragmented:
            FindingWording(meaning: "One visual card (name, rating, price, like button) is split into four or more focus stops, so the user swipes several times to hear one item and may lose which item a part belongs to.",
                           fix: "Make the card one focus stop: a focusable or clickable parent (android:screenReaderFocusable=\"true\"), Compose Modifier.semantics(mergeDescendants = true) or clickable on the card; offer secondary buttons such as 찜하기 as custom actions (ViewCompat.addAccessibilityAction, Compose customActions).",
                           seed: "Android developers, \"Make apps more accessible\" (group related content, custom accessibility actions); merged-focus-uikit")
        case .fieldLabelSeparate:
            FindingWording(meaning: "A text in front of a text field names it, but the field has no label of its own: the user hears the text, swipes, and hears only \"수정 창\" or the field's hint.",
                           fix: "Tie the text to the field with android:labelFor on the text view (TalkBack then says the text with the field), or in Compose give the TextField its label parameter.",
                           seed: "Android developers, \"Make apps more accessible\" (labelFor); TalkBack speaks a node's labeledBy text (its compositor variable node.labeledBy)")
        case .labelUnnamedSymbol:
            FindingWording(meaning: "The text holds a character Earshot has no spoken name for in this voice (a private-use icon-font glyph, an emoji newer than the voice's CLDR names): Earshot leaves it out, and TalkBack says nothing for it or reads it in a way nobody chose.",
                           fix: "Give the view a contentDescription in words without the glyph (an icon font's \"\\u{E001}\" becomes \"검색\"), or add the symbol's name to the voice profile's punctuation overrides if TalkBack does name it.",
                           seed: "Android developers, \"Make apps more accessible\" (contentDescription); Unicode CLDR annotations (tts names)")
        case .labelLanguageMismatch:
            FindingWording(meaning: "The view (or its screen) is read as one language but its text is written in another script (an English label on a Korean screen): TalkBack reads it with that language's voice and rules, so the words come out mangled.",
                           fix: "Mark the text's language with a LocaleSpan on the text (Compose: a LocaleList in the text's SpanStyle), or translate the text.",
                           seed: "Android developers, LocaleSpan; TalkBack speaks a LocaleSpan's text in its language")
        case .targetTooSmall:
            FindingWording(meaning: "A view the user clicks is smaller than 24 by 24 dp and too close to other targets: people with tremor, large fingers or low vision touch its neighbour or miss it.",
                           fix: "Make the view at least 48 by 48 dp (android:minWidth and android:minHeight=\"48dp\", padding, a TouchDelegate on its parent; Compose Modifier.minimumInteractiveComponentSize() or sizeIn(minWidth = 48.dp, minHeight = 48.dp)), or keep 24 dp between it and other targets.",
                           seed: "WCAG 2.2 2.5.8 (minimum target size and its spacing exception); Android accessibility guidelines (48 by 48 dp)")
        case .targetBelowPlatform:
            FindingWording(meaning: "A view the user clicks meets the 24 dp minimum but is smaller than Android's guideline of 48 by 48 dp (32 dp along the screen's edge, as Google's Accessibility Test Framework allows): it is harder to hit than the system's own controls.",
                           fix: "Give the view a touch area of at least 48 by 48 dp: android:minWidth and android:minHeight=\"48dp\", padding, or a TouchDelegate on its parent; in Compose Modifier.minimumInteractiveComponentSize().",
                           seed: "Android accessibility guidelines; Accessibility Test Framework for Android, TouchTargetSizeCheck (48 dp, 32 dp at the screen's edge)")
        case .focusCovered:
            FindingWording(meaning: "TalkBack reaches and speaks the view, but it has no click action, so TalkBack's double tap becomes a tap at its place, and another view drawn above it (a banner, an overlay, a floating action button) covers its centre and takes that tap: the user hears it and activates the cover instead.",
                           fix: "Give the view a click action (android:clickable=\"true\" with an OnClickListener, ViewCompat.replaceAccessibilityAction for ACTION_CLICK, Compose Modifier.clickable) so TalkBack clicks it whatever covers it, or move the cover or leave room for it (bottom padding under a floating action button, clipToPadding=\"false\" on the list).",
                           seed: "TalkBack clicks a focused node by its ACTION_CLICK and taps its place only without one (FocusActor.clickNode); Android developers, \"Make apps more accessible\"")
        default:
            nil
        }
    }
}
