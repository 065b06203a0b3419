/// Where NVDA's browse-mode lines break on a web page (docs/web.md, section b).
///
/// NVDA's buffer of a page is its text, each element a field around its part of it. A line is
/// found from the caret both ways (`VBufStorage_buffer_t::getLineOffsets`,
/// nvdaHelper/vbufBase/storage.cpp at 036524ca): it ends at a line feed in the text (Chromium's
/// `LineBreak`, a `br`) or where a field that is a block starts or ends; with screen layout on
/// (`virtualBuffers.useScreenLayout`, on by default) the inline fields between are on the same
/// line. A field is a block (`GeckoVBufBackend_t::fillVBuf`, nvdaHelper/vbufBackends/gecko_ia2/
/// gecko_ia2.cpp at 025a5a43) when it is multi-line; else, when the browser gives its CSS
/// `display`, unless that is inline, inline-block or inline-flex; else by its role (a table, a
/// cell, a section, a document, a frame, a separator). A run of text is no field of its own in
/// IAccessible2 (it is its parent's text), so it is never a block.
///
/// The boxes do not enter into it: a paragraph that wraps on screen is one line (NVDA splits a
/// line only past `maxLineLength` characters, which Earshot does not play; docs/web.md).
enum NVDALines {
    /// The `display` values that make no block (`fillVBuf`).
    static let inlineDisplays: Set<String> = ["inline", "inline-block", "inline-flex"]

    /// The tags whose default `display` (the browser's own style sheet, HTML's "Rendering"
    /// section) is not inline, for a saved tree that has no `domDisplay` (one saved before
    /// Earshot kept it): **Earshot's choice**, the display the tag has when the page does not
    /// restyle it.
    static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "html", "iframe", "legend", "li", "listing", "main", "menu", "nav", "ol", "optgroup", "p", "plaintext",
        "pre", "search", "section", "summary", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "tr", "ul", "xmp",
    ]

    /// Whether NVDA's buffer makes the element a block (`fillVBuf`): multi-line; else by its
    /// `display` (the page's, `domDisplay`; else its tag's default); else by its role.
    static func isBlock(_ web: WebElement) -> Bool {
        if web.role.isText || web.role == .lineBreak { return false }
        if web.flag("multiline") { return true }
        if case .text(let display)? = web.properties["domDisplay"] { return !inlineDisplays.contains(display) }
        if let tag = web.tag { return blockTags.contains(tag) }
        switch web.role {
        case .rootWebArea, .document, .iframe, .table, .grid, .treeGrid, .cell, .gridCell, .columnHeader, .rowHeader,
             .generic, .separator:
            return true
        default:
            return false
        }
    }
}
