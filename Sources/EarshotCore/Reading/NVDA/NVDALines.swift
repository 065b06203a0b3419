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
/// The boxes do not enter into it: a paragraph that wraps on screen is one line; NVDA splits a
/// line only past `maxLineLength` characters (`cut(_:)`).
enum NVDALines {
    /// NVDA's `virtualBuffers.maxLineLength` (config/configSpec.py at 79de59f9: 100); the cutting
    /// is the end of `getLineOffsets`, read in a stored copy of storage.cpp whose commit is not known.
    static let maxLineLength = 100

    /// Where `getLineOffsets` cuts a line of `length` characters past `maxLineLength`
    /// (storage.cpp, the end of the function): counting from the line's start, at each
    /// `maximum`th character it cuts at the last of `possible` (the start and end of each text
    /// node walked, and each word start: a character that is not a space after one) at or
    /// before it, when that lies after the previous cut; else right there, inside a word. The
    /// next count starts at the cut. The cuts, the line's start (0) and its end included.
    static func cuts(length: Int, possible: Set<Int>, maximum: Int = maxLineLength) -> [Int] {
        guard maximum > 0, length > maximum else { return [0, length] }
        let sorted = possible.sorted()
        var cuts = [0]
        var index = 0, counter = 0
        while index < length {
            if counter == maximum {
                if let best = sorted.last(where: { $0 <= index }), best > index - maximum { index = best }
                cuts.append(index)
                counter = 0
            }
            index += 1
            counter += 1
        }
        return cuts + [length]
    }

    /// The stops of one line (the same `line`, next to each other) cut as `cuts` says, each
    /// piece a line of its own, numbered from `nextLine`. A run of text a cut falls inside is
    /// cut into runs (the first keeping the stop's id, the others `ID#2`, `ID#3`, …); any other
    /// item goes whole with the piece it starts in (**Earshot's choice**: an item has no
    /// position inside it). A stop's text in the buffer is its marker and its label.
    static func cut(_ line: [FocusStop], nextLine: inout Int) -> [FocusStop] {
        let texts = line.map { stop in (stop.nvda?.marker.map { $0 + " " } ?? "") + (stop.label ?? "") }
        let length = texts.reduce(0) { $0 + $1.count }
        guard length > maxLineLength else { return line }
        var possible: Set<Int> = [], start = 0
        for text in texts {
            possible.insert(start)
            var lastWasSpace = false
            for (offset, character) in text.enumerated() {
                if character.isWhitespace { lastWasSpace = true } else {
                    if lastWasSpace { possible.insert(start + offset) }
                    lastWasSpace = false
                }
            }
            start += text.count
            possible.insert(start)
        }
        let cuts = cuts(length: length, possible: possible)
        func piece(at offset: Int) -> Int { cuts.lastIndex { $0 <= offset } ?? 0 }
        let first = nextLine
        var result: [FocusStop] = []
        start = 0
        for (stop, text) in zip(line, texts) {
            let end = start + text.count
            let inside = cuts.filter { $0 > start && $0 < end }
            if inside.isEmpty || stop.nvda?.web.isText != true {
                var whole = stop
                whole.readerFacts = facts(of: stop, line: first + piece(at: start))
                result.append(whole)
            } else {
                // The marker stays with the first run.
                let characters = Array(text)
                let bounds = [start] + inside + [end]
                for (number, (from, to)) in zip(bounds, bounds.dropFirst()).enumerated() {
                    var run = stop
                    if number > 0 {
                        run.id = "\(stop.id)#\(number + 1)"
                        run.label = String(characters[(from - start)..<(to - start)])
                    } else {
                        let markerLength = text.count - (stop.label ?? "").count
                        run.label = String(characters[(from - start + markerLength)..<(to - start)])
                    }
                    var facts = facts(of: stop, line: first + piece(at: from))
                    if number > 0 { facts?.marker = nil }
                    run.readerFacts = facts
                    result.append(run)
                }
            }
            start = end
        }
        nextLine = first + cuts.count
        return result
    }

    private static func facts(of stop: FocusStop, line: Int) -> NVDAStopFacts? {
        guard var facts = stop.nvda else { return nil }
        facts.line = line
        return facts
    }

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
