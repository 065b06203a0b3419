import Foundation

/// `page.untitled`: a web page whose title does not name it (WCAG 2.2 2.4.2; docs/findings.md):
/// no `<title>`, an empty one, or one that is only a placeholder: the page's own file name
/// (`order.html`, with its extension: "Order" may name the page) or a word an editor fills in for a page not
/// yet named (`PageTitleCheck.placeholders`, Earshot's choice). The title is the document's
/// name in the browser's tree (Chromium's `RootWebArea`), which is what NVDA says for the page
/// and the browser shows on its tab. Whether a real title describes the page is left to a person.
/// An app's screen is not judged: its name is the dump's, not the app's.
///
/// No title at all, or an empty one, is a warning: axe-core's `document-title` reports it as an
/// error where axe runs, and an error here would fail every page a test or a scenario writes
/// without one (Earshot's choice, as `page.language-mismatch` leaves a page with no `lang` to
/// axe). A placeholder title, which axe does not judge, is an error.
enum PageTitleCheck {
    static func uncheckedReason(_ screen: Screen) -> String? {
        screen.isWebPage ? nil : "only a web page has a title of its own (its <title>); an app's screen names are not in the files Earshot reads"
    }

    /// Titles an editor or a template gives a page not yet named, compared with case and
    /// spacing folded (Earshot's choice: English and Korean editors' defaults).
    static let placeholders: Set<String> = ["untitled", "untitled document", "untitled page", "new page", "new document",
                                            "제목 없음", "제목없음", "무제", "무제 문서", "새 문서"]

    @Sendable static func untitled(_ linted: LintedScreen) -> [Finding] {
        guard uncheckedReason(linted.screen) == nil, let document = linted.screen.roots.first, let web = document.web,
              web.role.isDocument else { return [] }
        let title = (web.name ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if title.isEmpty {
            return [Finding(.pageUntitled, elements: [],
                            message: "The page has no title (its <title> is missing or empty): NVDA and the browser's tab name it by its address, not by what it is.",
                            severity: .warning)]
        }
        let folded = title.lowercased()
        var fileName: String?
        if let address = web.text("url"), let last = address.split(separator: "?").first?.split(separator: "#").first?.split(separator: "/").last {
            let name = String(last).removingPercentEncoding ?? String(last)
            if name.contains(".") { fileName = name.lowercased() }
        }
        // The name without its extension ("About" for about.html) may well name the page.
        guard placeholders.contains(folded) || folded == fileName else { return [] }
        let what = placeholders.contains(folded) ? "a placeholder" : "only the page's file name"
        return [Finding(.pageUntitled, elements: [],
                        message: "The page's title is \(FindingText.quoted(title)), \(what): NVDA and the browser's tab say it, and it does not tell the page from others.")]
    }
}
