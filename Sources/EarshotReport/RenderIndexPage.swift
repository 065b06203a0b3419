import EarshotCore
import Foundation

/// `earshot render --report`'s `index.html`, beside the manifest: every rendered file in a
/// table (the words heard, key, voice, duration, input and line) with a play control on each
/// row, a search box that filters the rows as you type, and sortable columns; then each screen
/// input drawn with its stops. Made for auditioning hundreds of labels by ear.
public struct RenderIndexPage {
    /// One rendered file (a manifest line).
    public struct Row {
        public var input: String
        public var line: Int
        public var key: String
        public var voice: String
        public var text: String
        /// The WAV file, relative to the page.
        public var output: String
        public var duration: Double

        public init(input: String, line: Int, key: String, voice: String, text: String, output: String, duration: Double) {
            self.input = input
            self.line = line
            self.key = key
            self.voice = voice
            self.text = text
            self.output = output
            self.duration = duration
        }
    }

    public var rows: [Row]
    /// The screen inputs, drawn below the table.
    /// Each screen input drawn, with the title of the screen reader its stops are read by.
    public var screens: [(file: String, drawing: ScreenDrawing, reader: String)]
    public var title: String
    /// Each row's audio when it is embedded (`data:` URIs or `PageAudio` markers, in row
    /// order); nil: the files beside the page.
    public var sources: [String]?

    public init(rows: [Row], screens: [(file: String, drawing: ScreenDrawing, reader: String)], title: String) {
        self.rows = rows
        self.screens = screens
        self.title = title
    }

    public func html(provenance: String, speechLanguage: String) -> String {
        let total = rows.reduce(0) { $0 + $1.duration }
        let voices = Set(rows.map(\.voice)).sorted()
        let summary = "<p>\(rows.count) files, \(HTML.text(clockTime(total))) of audio, voices \(HTML.text(voices.joined(separator: ", "))).</p>"
        var table = """
            <div class="search"><label for="render-search">Search the words, keys and inputs </label>
            <input id="render-search" type="search" autocomplete="off" aria-describedby="render-count"></div>
            <p id="render-count" aria-live="polite">\(rows.count) of \(rows.count) files</p>
            <table id="render-table"><caption class="visually-hidden">Rendered files; the column headers sort</caption>
            <thead><tr>
            """
        // Listen comes first, so that its button is in view on a phone while the rest of a
        // row scrolls in the table's box.
        table += "<th scope=\"col\">Listen</th>"
        let columns: [(String, String, Bool)] = [("Heard", "text", false), ("Key", "text", false), ("Voice", "text", false),
                                                 ("Seconds", "number", true), ("Input", "text", false), ("Line", "number", true)]
        for (name, kind, numeric) in columns {
            table += "<th scope=\"col\"\(numeric ? " class=\"num\"" : "")><button type=\"button\" data-sort=\"\(kind)\">\(name)</button></th>"
        }
        table += "</tr></thead>\n<tbody>\n"
        table.reserveCapacity(rows.count * 400)
        for (index, row) in rows.enumerated() {
            let input = PagePath.shown(row.input)
            let search = HTML.attribute("\(input) \(row.key) \(row.voice) \(row.text)".lowercased())
            table += "<tr class=\"render-row\" data-search=\"\(search)\">"
            table += "<td><button type=\"button\" class=\"play\" data-src=\"\(HTML.attribute(sources?[index] ?? HTML.relativeURL(row.output)))\" aria-label=\"\(HTML.attribute("Play \(index + 1): \(Self.short(row.text))"))\">Play</button></td>"
            table += "<td lang=\"\(HTML.attribute(row.voice))\">\(HTML.text(row.text))</td>"
            table += "<td>\(HTML.text(row.key))</td><td>\(HTML.text(row.voice))</td>"
            table += "<td class=\"num\" data-value=\"\(fixedDecimal(row.duration, places: 3))\">\(fixedDecimal(row.duration, places: 2))</td>"
            table += "<td title=\"\(HTML.attribute(input))\">\(HTML.text((row.input as NSString).lastPathComponent))</td>"
            table += "<td class=\"num\" data-value=\"\(row.line)\">\(row.line)</td></tr>\n"
        }
        table += "</tbody></table>"
        var sections: [ReportPage.Section] = [.init(id: "files", title: "Rendered files", html: table)]
        if !screens.isEmpty {
            let readers = Set(screens.map(\.reader))
            let who = readers.count == 1 ? readers.first! : "the screen reader named above the screen"
            var html = "<p id=\"stop-said\" class=\"said\" aria-live=\"polite\">Focus or point at a numbered stop to see what \(HTML.text(who)) says there.</p>\n"
            for (index, screen) in screens.enumerated() {
                html += "<h3><code>\(HTML.text(PagePath.shown(screen.file)))</code>: \(HTML.text(screen.drawing.screen.name)), read by \(HTML.text(screen.reader))</h3>\n"
                html += screen.drawing.html(key: "s\(index + 1)", title: "screen \(screen.drawing.screen.name)")
            }
            sections.append(.init(id: "screens", title: "Screens", html: html))
        }
        return ReportPage(kind: "Render index", title: title, summary: summary, sections: sections,
                          speechLanguage: speechLanguage).html(provenance: provenance)
    }

    static func short(_ text: String) -> String { text.count <= 30 ? text : String(text.prefix(29)) + "…" }
}
