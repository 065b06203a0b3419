extension NVDA {
    /// The findings whose meaning and fix read otherwise on a web page heard by NVDA: the names,
    /// labels and targets of HTML and ARIA, and what covers keyboard focus (docs/findings.md,
    /// "Under NVDA"); the web's own findings are written for the web already.
    public static func findingWording(_ code: FindingCode) -> FindingWording? {
        switch code {
        case .labelMissing:
            FindingWording(meaning: "The control has no accessible name: NVDA says only its role (\"button\", \"link\", \"graphic\"), so the user cannot tell what it is or does. Typical causes: an icon button with no text, an image link with no alt, a field with no label.",
                           fix: "Give it a name: text inside the element, alt on an image (<img alt=\"Search\">), a <label for> on a field, or aria-label / aria-labelledby on an icon-only control; hide decoration with alt=\"\" or aria-hidden=\"true\".",
                           seed: "swiftui-accessibility-traits (a name for icon-only controls); HTML-AAM and accname (how a browser computes the name)")
        case .labelRepeatsTrait:
            FindingWording(meaning: "The name ends with the word NVDA already says for the element's role, so it is heard twice (\"Cart button button\", \"Home link link\").",
                           fix: "Drop the role word from the text or aria-label (\"Cart\", not \"Cart button\"); the element's role (<button>, <a href>, role=\"button\") already makes NVDA say it.",
                           seed: "swiftui-accessibility-traits (roles come from traits, not labels)")
        case .labelFileName:
            FindingWording(meaning: "The name NVDA reads looks like an image file or asset name (icon_cart.png, img_0234): an image with no alt is named by its file, and the user hears an identifier, not a meaning.",
                           fix: "Give the image an alt that says what it means or what its link or button does (alt=\"Cart\"); give decorative images alt=\"\".",
                           seed: "swiftui-accessibility-traits (a name for icon-only views); WCAG failure F30")
        case .fieldLabelSeparate:
            FindingWording(meaning: "A text before a field names it, but the field has no label of its own: NVDA reads the text, then \"edit\" with no name, and says only \"edit\" when the user Tabs to the field.",
                           fix: "Tie the text to the field: <label for=\"id\"> around or before it, or aria-labelledby pointing at the text.",
                           seed: "swiftui-accessibility-traits (a name on the field itself); HTML label element")
        case .targetTooSmall:
            FindingWording(meaning: "A control the user clicks or taps is smaller than 24 by 24 CSS pixels and too close to other targets: people with tremor, large fingers or low vision hit its neighbour or miss it.",
                           fix: "Make the control at least 24 by 24 CSS pixels (min-width / min-height, padding), or keep 24 pixels between it and other targets; an inline link in a sentence is exempt.",
                           seed: "WCAG 2.2 2.5.8 (minimum target size and its spacing exception)")
        case .focusCovered:
            FindingWording(meaning: "Tab reaches the element and NVDA speaks it, but where keyboard focus can rest on it (scrolled to the top or the bottom of the window) another element of the page is drawn over it, such as a sticky header, a fixed cookie banner or a chat button: a person who sees the screen, with or without NVDA, loses sight of the focus. NVDA's Enter still activates the element itself (its default action), but a click or a tap there reaches the cover.",
                           fix: "Keep focused elements clear of fixed and sticky content: give the page scroll-padding-top (or scroll-padding-bottom) as tall as the header or banner (html { scroll-padding-top: 5rem; }), so the browser scrolls focus clear of it, or let the banner be closed and not cover the page while it is open.",
                           seed: "WCAG 2.2 2.4.11 (keyboard focus not wholly hidden by the page's own content) and technique C43 (CSS scroll-padding); NVDA's browse mode activates an object by its default action (Gecko_ia2._activateNVDAObject)")
        default:
            nil
        }
    }
}
