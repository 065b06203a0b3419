extension FindingCode {
    /// The codes only a scenario playing on a web page can find.
    public static let webPageCodes: [FindingCode] = [.liveCreatedFilled, .liveChangeUnheard, .focusLostToDocument, .dialogFocusNotMoved]
}

/// Every finding Earshot can report: its severity, a title, what it means and the fix the seed
/// articles recommend (docs/findings.md prints this table).
///
/// The table is Swift rather than a data file: the codes are part of the program's contract and
/// each producer refers to its code at compile time; the texts are developer advice in English,
/// not words VoiceOver speaks, so they do not belong in a voice profile.
public enum FindingCatalogue {
    /// Whether a finding comes from a screen file alone or from playing a scenario.
    public enum Origin: String, Sendable {
        case `static`
        case dynamic
    }

    public struct Entry: Sendable, Equatable {
        public var code: FindingCode
        public var severity: FindingSeverity
        public var origin: Origin
        /// A few words naming the problem.
        public var title: String
        /// What the problem is and why it hurts a VoiceOver user.
        public var meaning: String
        /// One line: the change that removes the problem.
        public var fix: String
        /// The seed article (docs/sources.md lists the five) or reference the fix comes from.
        public var seed: String
    }

    /// The entry for a code; every code has one (checked by a test).
    public static func entry(for code: FindingCode) -> Entry {
        switch code {
        case .axe(let rule):
            Entry(code: code, severity: .error, origin: .static, title: "axe-core rule \(rule.id)",
                  meaning: "axe-core, the rule engine run in the page, found the rule \(rule.id) failed, or could not tell (its incomplete results, for a person to judge); each finding gives axe's help and its page.",
                  fix: "Follow axe's help for \(rule.id) (its page at dequeuniversity.com, given with the finding).",
                  seed: "axe-core 4.12.1 (Deque Systems, MPL-2.0)")
        case .labelMissing:
            Entry(code: code, severity: .error, origin: .static, title: "Missing label",
                  meaning: "The focus stop has no label and no value: VoiceOver says only its trait words (\"버튼\"), so the user cannot tell what it is or does.",
                  fix: "Give it an accessibilityLabel that says what it does (an icon button: .accessibilityLabel(\"검색\")), or hide it if it is decoration.",
                  seed: "swiftui-accessibility-traits (accessibilityLabel for icon-only views)")
        case .labelRepeatsTrait:
            Entry(code: code, severity: .warning, origin: .static, title: "Label repeats its trait word",
                  meaning: "The label ends with the word VoiceOver already says for the element's trait, so it is heard twice (\"장바구니 버튼, 버튼\", \"Cart button, Button.\").",
                  fix: "Drop the role word from the label (\"장바구니\", not \"장바구니 버튼\"); the trait (.button / .isButton) already makes VoiceOver say it.",
                  seed: "swiftui-accessibility-traits (roles come from traits)")
        case .labelFileName:
            Entry(code: code, severity: .warning, origin: .static, title: "Read by its file name",
                  meaning: "The spoken label looks like an image file or asset name (icon_cart.png, img_0234, ic-heart-filled): the user hears an identifier, not a meaning.",
                  fix: "Set an accessibilityLabel that says what the image means or what the button does (\"장바구니\"); hide purely decorative images.",
                  seed: "swiftui-accessibility-traits (accessibilityLabel for icon-only views)")
        case .stopsDuplicateAdjacent:
            Entry(code: code, severity: .warning, origin: .static, title: "Same words twice in a row",
                  meaning: "Neighbouring focus stops say the same words (an image whose label repeats the caption under it): the user swipes to hear it again.",
                  fix: "Keep one of them: hide the duplicate (isAccessibilityElement = false / .accessibilityHidden(true)) or merge them with MergedFocus / .accessibilityElement(children: .combine).",
                  seed: "merged-focus-uikit (duplicate texts are dropped when merging)")
        case .focusFragmented:
            Entry(code: code, severity: .warning, origin: .static, title: "Fragmented focus",
                  meaning: "One visual card (name, rating, price, like button) is split into four or more focus stops, so the user swipes several times to hear one item and may lose which item a part belongs to.",
                  fix: "Make the card one focus stop with MergedFocus (UIKit) or .accessibilityElement(children: .combine) (SwiftUI), and offer secondary buttons such as 찜하기 as custom actions.",
                  seed: "merged-focus-uikit")
        case .fieldLabelSeparate:
            Entry(code: code, severity: .warning, origin: .static, title: "Field and its label read apart",
                  meaning: "A text in front of a text field names it, but the field has no label of its own: the user hears the text, swipes, and hears only \"텍스트 필드\" or the placeholder, and hears nothing at all when touching the field directly.",
                  fix: "Give the field the text as its accessibilityLabel (SwiftUI: TextField(\"이메일\", text:) or .accessibilityLabel) and hide the separate text from VoiceOver (isAccessibilityElement = false / .accessibilityHidden(true)).",
                  seed: "swiftui-accessibility-traits (accessibilityLabel), merged-focus-uikit (one stop per meaning)")
        case .labelUnnamedSymbol:
            Entry(code: code, severity: .note, origin: .static, title: "Symbol without a spoken name",
                  meaning: "The text holds a character Earshot has no spoken name for in this voice (a private-use icon-font glyph, an emoji newer than the voice's CLDR names): Earshot leaves it out, and VoiceOver says nothing for it or reads it in a way nobody chose.",
                  fix: "Give the element an accessibilityLabel in words without the glyph (an icon font's \"\\u{E001}\" becomes \"검색\"), or add the symbol's name to the voice profile's punctuation overrides if VoiceOver does name it.",
                  seed: "swiftui-accessibility-traits (accessibilityLabel for icon-only views); Unicode CLDR annotations (tts names)")
        case .labelOnlySymbols:
            Entry(code: code, severity: .warning, origin: .static, title: "Label made only of symbols",
                  meaning: "The label is only emoji or symbols (\"❤️\", \"→\"): VoiceOver reads their names (\"빨간색 하트, 버튼\"), which say what the glyph looks like, not what the control does.",
                  fix: "Label the control with what it does (\"찜하기\", \"다음\"); keep the glyph on screen only.",
                  seed: "swiftui-accessibility-traits (accessibilityLabel for icon-only views); Unicode CLDR annotations (tts names)")
        case .labelAmbiguousAbbreviation:
            Entry(code: code, severity: .warning, origin: .static, title: "Abbreviation read another way",
                  meaning: "A number with a short unit the text means as time (\"3m 전\", \"5h 후\") is read as something else: m as 미터, h as the letter, so the user hears \"삼 미터 전\" for three minutes ago.",
                  fix: "Write the unit out in the label (\"3분 전\", \"5시간 후\"), or give the element an accessibilityLabel with the full words while the screen keeps the short form.",
                  seed: "Earshot's Korean normalization rules (docs/normalization.md); the issue's `%ldm 전` example")
        case .labelLanguageMismatch:
            Entry(code: code, severity: .warning, origin: .static, title: "Text in another language than marked",
                  meaning: "The element (or its screen) is marked as one language but its text is written in another script (an English label marked ko): VoiceOver reads it with the marked language's voice and rules, so the words come out mangled.",
                  fix: "Mark the element with the language of its text (accessibilityLanguage = \"en\", or .environment(\\.locale, …) in SwiftUI), or translate the text.",
                  seed: "swiftui-accessibility-traits (accessibility attributes); iOS accessibilityLanguage")
        case .labelNotInName:
            Entry(code: code, severity: .error, origin: .static, title: "Visible label not in the name",
                  meaning: "The control shows one text but its accessible name (what the screen reader says, what speech control listens for) does not contain it: a sighted screen-reader user hears words that are not on screen, and a speech-control user who says the words they see (\"click Send\") reaches nothing.",
                  fix: "Make the name start with the visible text, or drop the override: remove an aria-label (or contentDescription) that replaces the text, or write it as the visible words plus more (\"Send message\" for \"Send\").",
                  seed: "WCAG 2.2 2.5.3 (label in name) and failure F96 (a name that does not contain the visible label)")
        case .pageLanguageMismatch:
            Entry(code: code, severity: .error, origin: .static, title: "Page language not its text's",
                  meaning: "A web page declares a language whose script its text is not written in (lang=\"en\" on a Korean page): NVDA reads the page with the declared language's voice, so Korean words are spelled out or read with English rules.",
                  fix: "Declare the language the page is written in on its html element (<html lang=\"ko\">), and mark a passage in another language with its own lang.",
                  seed: "WCAG 2.2 3.1.1 and technique H57 (lang on the html element); NVDA switches voices by the language the browser gives (its automatic language switching)")
        case .pageUntitled:
            Entry(code: code, severity: .error, origin: .static, title: "Page without a title",
                  meaning: "A web page has no title, an empty one, or only a placeholder (its file name, \"Untitled\"): the screen reader says it when the page opens and when the user asks where they are, and the browser shows it on the tab and in the history, so the user cannot tell this page from others by it.",
                  fix: "Give the page a <title> that says what it is and where, the page's own topic first (\"Order confirmed – Shop\"); in a single-page app, set document.title on each view.",
                  seed: "WCAG 2.2 2.4.2 (pages titled) and technique H25 (the title element)")
        case .speechIPAUnmapped:
            Entry(code: code, severity: .note, origin: .static, title: "IPA pronunciation not heard",
                  meaning: "The element gives its label's pronunciation in IPA (accessibilitySpeechIPANotation), but the voice that reads it has no eSpeak NG phoneme for one of its symbols, or no IPA table at all: Earshot reads the label as written instead, so what you hear is not the pronunciation you wrote.",
                  fix: "Check the IPA for typing mistakes (a colon for ː, a g for ɡ are accepted; other look-alikes are not), or add the symbol to the voice profile's ipa table with eSpeak NG's phoneme for it.",
                  seed: "iOS accessibilitySpeechIPANotation; eSpeak NG phoneme input ([[…]])")
        case .targetTooSmall:
            Entry(code: code, severity: .error, origin: .static, title: "Target too small to touch",
                  meaning: "A control the user activates is smaller than 24 by 24 points and too close to other targets: people with tremor, large fingers or low vision touch its neighbour or miss it.",
                  fix: "Make the control at least 24 by 24 points, better 44 by 44 (a larger frame, contentEdgeInsets, or a larger .contentShape / .frame(minWidth: 44, minHeight: 44) in SwiftUI), or keep 24 points between it and other targets.",
                  seed: "WCAG 2.2 2.5.8 (minimum target size and its spacing exception); Apple Human Interface Guidelines (44 by 44 points)")
        case .targetBelowPlatform:
            Entry(code: code, severity: .warning, origin: .static, title: "Target below the platform's size",
                  meaning: "A control the user activates meets the 24-point minimum but is smaller than the platform's guideline (44 by 44 points on iOS, 48 by 48 dp on Android): it is harder to hit than the system's own controls.",
                  fix: "Give the control a touch area of at least 44 by 44 points (iOS: a larger frame or contentShape) or 48 by 48 dp (Android: android:minWidth/minHeight=\"48dp\", padding, a TouchDelegate, Compose Modifier.minimumInteractiveComponentSize()).",
                  seed: "Apple Human Interface Guidelines (44 by 44 points); Android accessibility guidelines and Accessibility Test Framework TouchTargetSizeCheck (48 by 48 dp)")
        case .focusCovered:
            Entry(code: code, severity: .error, origin: .static, title: "Reached but covered",
                  meaning: "The screen reader reaches and speaks the control, but another view drawn above it (a banner, an overlay, a floating button, a toast) covers its centre: the user hears it, and a double tap lands on whatever covers it instead.",
                  fix: "Move or dismiss the cover (leave room for a banner or floating button, inset the content under it), or take the covered control out of the reading order while it cannot be used (accessibilityElementsHidden / .accessibilityHidden(true)), or make the overlay modal (accessibilityViewIsModal, SwiftUI .isModal) when it is.",
                  seed: "VoiceOver activates an element at its activation point, its centre by default (UIAccessibility accessibilityActivationPoint); WCAG 2.2 2.4.11 (focus not hidden by author content)")
        case .keyboardUnreachable:
            Entry(code: code, severity: .error, origin: .static, title: "Control only a mouse reaches",
                  meaning: "A screen reader's browse mode reaches and reads the control, but the browser's Tab and shift+Tab never focus it, nor the arrow keys of a widget around it: a keyboard user without a screen reader cannot use it at all (typically a div or span with a click handler and a role, but no tabindex).",
                  fix: "Use the element made for it (<button>, <a href>, <input>), or give the custom control tabindex=\"0\" and handle Enter and Space (a button) as a click; inside a widget (radio group, menu, tabs, list box) keep one item in the Tab order and move between the items with the arrow keys.",
                  seed: "WCAG 2.2 2.1.1 (all functionality from a keyboard) and failure F54 (only pointer events); ARIA authoring practices (keyboard navigation inside components)")
        case .keyboardTrap:
            Entry(code: code, severity: .error, origin: .static, title: "Keyboard focus trapped",
                  meaning: "Tab or shift+Tab does not take keyboard focus away from the element: the page keeps it there (a key handler that cancels Tab, or one that puts focus back), or loops it among a few elements, so a keyboard user cannot go on to the rest of the page.",
                  fix: "Let Tab and shift+Tab do what the browser does: do not cancel them in a keydown handler, and do not refocus an element on blur; a modal dialog that keeps focus inside must close with Escape and give focus back.",
                  seed: "WCAG 2.2 2.1.2 (no keyboard trap) and failure F10 (content that traps keyboard users)")
        case .focusInvisible:
            Entry(code: code, severity: .error, origin: .static, title: "Keyboard focus not shown",
                  meaning: "Tab focuses the element but nothing on screen changes: no outline, no colour, no underline shows where keyboard focus is, so a sighted keyboard user (with or without a screen reader) loses their place. Typically the page sets outline: none (or outline: 0) and styles nothing else for :focus.",
                  fix: "Keep the browser's focus ring, or style :focus-visible with a clear indicator (outline: 2px solid; outline-offset: 2px), never outline: none alone.",
                  seed: "WCAG 2.2 2.4.7 (focus visible) and failure F78 (styling that removes the focus indicator); technique C45 (:focus-visible)")
        case .reflowOverflow:
            Entry(code: code, severity: .error, origin: .static, title: "Page does not fit 320 pixels",
                  meaning: "Laid out 320 CSS pixels wide (a 1280-pixel window zoomed to 400 percent, or a phone), the page scrolls sideways or leaves a control partly outside the window: a person with low vision who zooms in must scroll both ways for every line, or cannot reach the control.",
                  fix: "Let the layout follow the window: no fixed widths wider than 320 px (max-width: 100% instead of width: 900px), wrapping flex rows, media queries that stack columns, long words broken (overflow-wrap: anywhere); put what must stay wide (a data table, a map) in its own scrolling box.",
                  seed: "WCAG 2.2 1.4.10 (reflow) and failure F102 (content that needs scrolling both ways at 320 px); technique C32 (media queries and grid CSS)")
        case .textSpacingLost:
            Entry(code: code, severity: .error, origin: .static, title: "Text lost with wider spacing",
                  meaning: "With the text spacing a reader may set (lines 1.5 times the font size apart, paragraphs 2 times, letters 0.12 and words 0.16 times), text is cut off by a box that hides what does not fit, or runs over other text: a person with dyslexia or low vision who widens the spacing with a stylesheet or an extension loses words.",
                  fix: "Let boxes that hold text grow with it: min-height instead of a fixed height, no overflow: hidden on boxes of text (or one that scrolls), no white-space: nowrap with a fixed width, spacing in em rather than px; try the page with a text-spacing bookmarklet.",
                  seed: "WCAG 2.2 1.4.12 (text spacing) and failure F104 (content clipped or overlapping when spacing is changed); techniques C36 (spacing overridden without loss) and C35 (spacing without wrapping)")
        case .announcementDropped:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Announcement dropped",
                  meaning: "An announcement was never spoken: it was posted while VoiceOver read what the user's gesture caused (the element a swipe reached, or the re-read after a double tap), or a focus, screen or layout change removed it.",
                  fix: "Post the announcement about 1 s after the gesture whose speech swallowed it (the double tap, or the swipe that moved focus; DispatchQueue.main.asyncAfter), or queue it (accessibilitySpeechQueueAnnouncement = true).",
                  seed: "announcements")
        case .announcementCut:
            Entry(code: code, severity: .warning, origin: .dynamic, title: "Announcement cut off",
                  meaning: "An announcement started but was interrupted before its end (announcementDidFinish reports wasSuccessful false).",
                  fix: "Queue announcements that follow other speech (accessibilitySpeechQueueAnnouncement = true) instead of letting the next one interrupt, or post it after about 1 s.",
                  seed: "announcements")
        case .earconDuplicateScreenChange:
            Entry(code: code, severity: .warning, origin: .dynamic, title: "Screen-change sound played twice",
                  meaning: "The app posted screenChanged on top of a system transition (navigation push/pop, modal), which already plays the screen-change sound, so it is heard twice.",
                  fix: "After a system transition post layoutChanged with the target (or use @AccessibilityFocusState), not screenChanged.",
                  seed: "focus-restore-uikit, focus-restore-swiftui")
        case .earconMissingScreenChange:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Screen-change sound missing",
                  meaning: "The screen was replaced inside one container (child view controller swap, ZStack) without screenChanged, so the system does not know and the user gets no sound that the screen changed.",
                  fix: "After a screen swap inside one container post screenChanged yourself (UIAccessibility.post(notification: .screenChanged, …) / AccessibilityNotification.ScreenChanged).",
                  seed: "focus-restore-uikit, focus-restore-swiftui")
        case .focusGhost:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Ghost focus",
                  meaning: "A delayed focus move ran after its screen had gone and moved focus to an element that is no longer shown.",
                  fix: "Cancel the delayed focus work when the screen disappears (DispatchWorkItem.cancel() in viewDidDisappear, focusTask?.cancel() in onDisappear).",
                  seed: "focus-restore-uikit, focus-restore-swiftui")
        case .focusNotRestored:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Focus not restored",
                  meaning: "Returning from a detail screen put focus at the top of the list instead of on the item the user had opened, so the user must search for their place again.",
                  fix: "On return, move focus to the opened item found by its stable id, about 1 s later once the list is rendered (layoutChanged with the cell, or @AccessibilityFocusState).",
                  seed: "focus-restore-uikit, focus-restore-swiftui")
        case .focusRestoredWrongItem:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Focus restored to the wrong item",
                  meaning: "Focus came back to a different item than the one the user had opened, typically because the position (IndexPath) was kept and the list changed meanwhile.",
                  fix: "Remember the item's stable id (Post.id), not its position: the list may change while the detail is open.",
                  seed: "focus-restore-uikit, focus-restore-swiftui")
        case .focusNoFallback:
            Entry(code: code, severity: .error, origin: .dynamic, title: "No fallback for a removed item",
                  meaning: "The item the user had opened was deleted and focus went to the top instead of to a neighbour.",
                  fix: "Keep the neighbours' ids when opening an item; if it is gone, focus the previous item, then the next one, then the create button.",
                  seed: "focus-restore-uikit, focus-restore-swiftui")
        case .focusRestoreRepeated:
            Entry(code: code, severity: .warning, origin: .dynamic, title: "Focus restored again",
                  meaning: "Focus was moved back to the restored item a second time in one return (a dialog closed, the app came back to the foreground), pulling the user away from where they were.",
                  fix: "Restore focus once per return: guard it with a hasRestoredFocus flag (UIKit) or react only to the pop (path.count / currentScreen change) in SwiftUI.",
                  seed: "focus-restore-uikit, focus-restore-swiftui")
        case .liveCreatedFilled:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Live region added with its text",
                  meaning: "A live region (aria-live, role=status, role=log) came into the page with its message already in it: screen readers speak changes inside a region they already know, so NVDA says nothing and the user never hears the message.",
                  fix: "Keep the region in the page from the start, empty, and change its text when there is something to say (or add the empty region first and fill it a moment later); role=alert is the one region that is read when it appears.",
                  seed: "announcements (aria-live); nvaccess/nvda issue 7906")
        case .liveChangeUnheard:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Message shown but never heard",
                  meaning: "In answer to the user's action the page showed a short text (a cart count, an error, \"saved\") outside every live region and away from focus: a screen reader says nothing of it, so the user does not know it happened.",
                  fix: "Put the message in a live region that is on the page before it changes: role=\"status\" (polite) for results and confirmations, role=\"alert\" or aria-live=\"assertive\" for errors only; or move focus to the message when the user must act on it.",
                  seed: "announcements (aria-live polite and assertive)")
        case .focusLostToDocument:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Focus lost to the page",
                  meaning: "The element with keyboard focus was removed from the page (a deleted row, a closed panel) and focus fell to the document itself: the screen reader says nothing useful, and the next Tab starts again from the top of the page.",
                  fix: "Before removing the focused element, move focus where the user goes on: the next item, else the previous one, else the list's heading (element.focus(); tabindex=\"-1\" on an element that is not a control).",
                  seed: "focus-restore-uikit, focus-restore-swiftui (the neighbour rule, on the web)")
        case .dialogFocusNotMoved:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Dialog opened without focus",
                  meaning: "A dialog appeared but keyboard focus stayed outside it: the screen reader does not say that a dialog opened, and the user goes on in the page behind it, or Tabs past the dialog without knowing it is there.",
                  fix: "Move focus into the dialog when it opens (its first control or its heading, element.focus()); a <dialog> opened with showModal() does it, and aria-modal=\"true\" keeps the reading inside; return focus to the opener when it closes.",
                  seed: "focus-restore-uikit, focus-restore-swiftui (focus follows the screen the user is on)")
        case .timingRateDependent:
            Entry(code: code, severity: .error, origin: .dynamic, title: "Announcement heard only at some speaking rates",
                  meaning: "The same flow run at several speaking rates gives an announcement different fates: it is spoken at some rates and dropped or cut at others, because the app posts it after a fixed delay that races the screen reader's own speech. Users who listen slower (or faster) than the rates where it is heard lose the message.",
                  fix: "Post the announcement when the screen reader has finished speaking, not after a fixed delay: wait for UIAccessibility.announcementDidFinishNotification (or the element's own speech to end) before UIAccessibility.post, or queue it (accessibilitySpeechQueueAnnouncement = true) so it waits its turn at any rate.",
                  seed: "announcements")
        }
    }

    /// All entries in code order.
    public static var entries: [Entry] { FindingCode.allCases.map(entry(for:)) }

    /// The entry for a code as it reads for `reader`: a reader words the findings that mean
    /// something else under it (`ScreenReader.findingWording`; under TalkBack, what TalkBack does
    /// and Android's fix: docs/findings.md, "Under TalkBack"); the others are the catalogue's own.
    /// On a web page (`onPage`) the web's wording holds whichever reader hears it, with the
    /// reader named (`WebFindingWording`: a page is fixed in HTML, ARIA and CSS).
    public static func entry(for code: FindingCode, reader: ScreenReaderName, onPage: Bool = false) -> Entry {
        var entry = entry(for: code)
        let wording = onPage ? WebFindingWording.wording(code, reader: reader.title) : ScreenReaders.named(reader)?.findingWording(code)
        guard let wording else { return entry }
        (entry.meaning, entry.fix, entry.seed) = (wording.meaning, wording.fix, wording.seed)
        return entry
    }

}

extension FindingCode {
    /// The codes only a sweep of speaking rates reports (a run at one rate cannot show them).
    public static var sweepCodes: Set<FindingCode> { [.timingRateDependent] }
}
