/// The findings worded for a web page, whichever reader hears it (docs/findings.md, "On a web
/// page"): a page is fixed in HTML, ARIA and CSS whether NVDA, VoiceOver in Safari or TalkBack in
/// Chrome reads it, so the fix is the web's; the meaning names the reader. A code not here reads
/// as the catalogue has it (the web's own codes are written for the web already).
public enum WebFindingWording {
    /// The codes worded here, in the catalogue's order.
    public static let codes: [FindingCode] = [
        .labelMissing, .labelRepeatsTrait, .labelFileName, .stopsDuplicateAdjacent, .focusFragmented,
        .fieldLabelSeparate, .labelUnnamedSymbol, .labelLanguageMismatch, .focusCovered, .targetTooSmall,
        .announcementDropped, .announcementCut, .timingRateDependent,
    ]

    /// `code` on a page heard by the reader titled `reader` ("NVDA", "TalkBack", "VoiceOver").
    public static func wording(_ code: FindingCode, reader: String) -> FindingWording? {
        switch code {
        case .labelMissing:
            FindingWording(meaning: "The control has no accessible name: \(reader) says only its role (\"button\", \"link\", \"graphic\" or \"image\"), so the user cannot tell what it is or does. Typical causes: an icon button with no text, an image link with no alt, a field with no label.",
                           fix: "Give it a name: text inside the element, alt on an image (<img alt=\"Search\">), a <label for> on a field, or aria-label / aria-labelledby on an icon-only control; hide decoration with alt=\"\" or aria-hidden=\"true\".",
                           seed: "swiftui-accessibility-traits (a name for icon-only controls); HTML-AAM and accname (how a browser computes the name)")
        case .labelRepeatsTrait:
            FindingWording(meaning: "The name ends with the word \(reader) already says for the element's role, so it is heard twice (\"Cart button button\", \"Home link link\").",
                           fix: "Drop the role word from the text or aria-label (\"Cart\", not \"Cart button\"); the element's role (<button>, <a href>, role=\"button\") already makes the screen reader say it.",
                           seed: "swiftui-accessibility-traits (roles come from traits, not labels)")
        case .labelFileName:
            FindingWording(meaning: "The name \(reader) reads looks like an image file or asset name (icon_cart.png, img_0234): an image with no alt is named by its file, and the user hears an identifier, not a meaning.",
                           fix: "Give the image an alt that says what it means or what its link or button does (alt=\"Cart\"); give decorative images alt=\"\".",
                           seed: "swiftui-accessibility-traits (a name for icon-only views); WCAG failure F30")
        case .stopsDuplicateAdjacent:
            FindingWording(meaning: "Neighbouring elements say the same words (an image whose alt repeats the caption under it, an icon and a text link to the same place): \(reader) reads the same thing twice and the user moves on to hear it again.",
                           fix: "Keep one of them: give the repeating image alt=\"\" (or aria-hidden=\"true\" on a decorative icon), or put the image and its text in one link or button.",
                           seed: "merged-focus-uikit (one stop per meaning); WCAG technique H2 (an image and text link combined)")
        case .focusFragmented:
            FindingWording(meaning: "One visual card (name, rating, price, like button) is read as four or more separate items, so the user moves several times to hear one item and may lose which item a part belongs to.",
                           fix: "Make the card one item: one link or button around its text (the card's title as the link, the rest inside it), or a list item (<li>) per card with a heading for its name so it reads as a unit; keep secondary buttons such as 찜하기 separate and named with the item (aria-label=\"찜하기, 상품명\").",
                           seed: "merged-focus-uikit (one stop per card); HTML lists and headings as structure")
        case .fieldLabelSeparate:
            FindingWording(meaning: "A text before a field names it, but the field has no label of its own: \(reader) reads the text, then the field with no name, and says only its role when the user reaches the field by itself.",
                           fix: "Tie the text to the field: <label for=\"id\"> around or before it, or aria-labelledby pointing at the text.",
                           seed: "swiftui-accessibility-traits (a name on the field itself); HTML label element")
        case .labelUnnamedSymbol:
            FindingWording(meaning: "The text holds a character Earshot has no spoken name for in this voice (a private-use icon-font glyph, an emoji newer than the voice's CLDR names): Earshot leaves it out, and \(reader) says nothing for it or reads it in a way nobody chose.",
                           fix: "Hide the glyph from the screen reader (aria-hidden=\"true\" on the icon's element) and name the control in words (aria-label=\"검색\" or visually hidden text), or add the symbol's name to the voice profile's punctuation overrides if the reader does name it.",
                           seed: "swiftui-accessibility-traits (a name for icon-only views); Unicode CLDR annotations (tts names)")
        case .labelLanguageMismatch:
            FindingWording(meaning: "The element (or its page) is marked as one language but its text is written in another script (an English name on a page marked ko): \(reader) reads it with the marked language's voice and rules, so the words come out mangled.",
                           fix: "Mark the text with its language: lang=\"en\" on the element (or a <span lang=\"en\"> around the words), and the page's own language on <html lang>; or translate the text.",
                           seed: "HTML lang attribute; WCAG 3.1.2 (language of parts)")
        case .targetTooSmall:
            FindingWording(meaning: "A control the user clicks or taps is smaller than 24 by 24 CSS pixels and too close to other targets: people with tremor, large fingers or low vision hit its neighbour or miss it.",
                           fix: "Make the control at least 24 by 24 CSS pixels (min-width / min-height, padding), or keep 24 pixels between it and other targets; an inline link in a sentence is exempt.",
                           seed: "WCAG 2.2 2.5.8 (minimum target size and its spacing exception)")
        case .focusCovered:
            FindingWording(meaning: "Tab reaches the element and \(reader) speaks it, but where keyboard focus can rest on it (scrolled to the top or the bottom of the window) another element of the page is drawn over it, such as a sticky header, a fixed cookie banner or a chat button: a person who sees the screen, with or without a screen reader, loses sight of the focus. A screen reader's own activation may still reach the element, but a click or a tap there reaches the cover.",
                           fix: "Keep focused elements clear of fixed and sticky content: give the page scroll-padding-top (or scroll-padding-bottom) as tall as the header or banner (html { scroll-padding-top: 5rem; }), so the browser scrolls focus clear of it, or let the banner be closed and not cover the page while it is open.",
                           seed: "WCAG 2.2 2.4.11 (keyboard focus not wholly hidden by the page's own content) and technique C43 (CSS scroll-padding); NVDA's browse mode activates an object by its default action (Gecko_ia2._activateNVDAObject)")
        case .announcementDropped:
            FindingWording(meaning: "A live region's new text (or an alert) was never spoken: \(reader) was reading something else when it came, and a later change (new text in the region, a focus move, a new page) replaced it before its turn.",
                           fix: "Let each message stay in its live region until it is heard (do not replace or clear it at once), move focus before the message rather than after it, and keep one polite region (role=\"status\" or aria-live=\"polite\") for status messages, present in the page before its text changes.",
                           seed: "announcements; WAI-ARIA live regions (aria-live, role=status, role=alert)")
        case .announcementCut:
            FindingWording(meaning: "A live region's new text (or an alert) started but was cut before its end: an assertive region or an alert interrupts what \(reader) is saying, and the next change or the user's own move cuts it in turn.",
                           fix: "Make the region polite (aria-live=\"polite\" or role=\"status\") so the message waits for the current speech; keep role=\"alert\" and aria-live=\"assertive\" for what must interrupt, and keep such messages short.",
                           seed: "announcements; WAI-ARIA live regions (aria-live politeness)")
        case .timingRateDependent:
            FindingWording(meaning: "The same flow run at several speaking rates gives a live region's message different fates: it is heard at some rates and dropped or cut at others, because the page changes the region after a fixed delay that races \(reader)'s own speech. Users who listen slower (or faster) than the rates where it is heard lose the message.",
                           fix: "Do not time the message with a fixed delay: put it in a polite live region (role=\"status\" or aria-live=\"polite\") that is in the page before its text changes, so it waits its turn at any rate, and leave it there until the next message.",
                           seed: "announcements; WAI-ARIA live regions (aria-live politeness)")
        default:
            nil
        }
    }
}
