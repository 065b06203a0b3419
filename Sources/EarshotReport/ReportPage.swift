import EarshotCore
import Foundation

/// The one template every report page fills: a skip link, a header naming the page with links
/// to its sections, one `main` landmark with the sections in order, a footer saying what made
/// it, the stylesheet and the script (`ReportAssets`). Pages are plain HTML that reads in order
/// with a screen reader; pictures are SVG with their text beside them.
public struct ReportPage {
    /// One section: an id for the header's links, a heading, and its HTML.
    public struct Section {
        public var id: String
        public var title: String
        public var html: String

        public init(id: String, title: String, html: String) {
            self.id = id
            self.title = title
            self.html = html
        }
    }

    /// What the page is (`Desk check`, `Screen`, `Render index`), shown above the title.
    public var kind: String
    public var title: String
    /// HTML right under the title: the verdict, the files, the figures.
    public var summary: String
    public var sections: [Section]
    /// The language of the spoken text (`ko`), for the captions and `lang` attributes.
    public var speechLanguage: String
    /// Extra HTML before the script (the embedded WebVTT text).
    public var trailer: String = ""

    public init(kind: String, title: String, summary: String, sections: [Section], speechLanguage: String) {
        self.kind = kind
        self.title = title
        self.summary = summary
        self.sections = sections
        self.speechLanguage = speechLanguage
    }

    /// The whole page. `provenance` names the version and the engine in the footer.
    public func html(provenance: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\" data-speech-lang=\"\(HTML.attribute(speechLanguage))\">\n<head>\n"
        out += "<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(HTML.text(kind)): \(HTML.text(title)) (Earshot)</title>\n"
        out += "<style>\n\(ReportAssets.stylesheet)\n</style>\n</head>\n<body>\n"
        out += "<a class=\"skip\" href=\"#main\">Skip to the report</a>\n"
        out += "<header class=\"site\">\n<p>Earshot \(HTML.text(kind.lowercased()))</p>\n"
        out += "<nav aria-label=\"Sections\"><ul>"
        for section in sections { out += "<li><a href=\"#\(section.id)\">\(HTML.text(section.title))</a></li>" }
        out += "</ul></nav>\n</header>\n<main id=\"main\">\n"
        out += "<h1>\(HTML.text(title))</h1>\n\(summary)\n"
        out += "<p id=\"report-status\" class=\"visually-hidden\" role=\"status\" aria-live=\"polite\"></p>\n"
        for section in sections {
            out += "<section id=\"\(section.id)\" aria-labelledby=\"\(section.id)-heading\">\n"
            out += "<h2 id=\"\(section.id)-heading\">\(HTML.text(section.title))</h2>\n\(Self.boxingTables(section.html, name: section.title))\n</section>\n"
        }
        out += "</main>\n<footer><p>\(HTML.text(provenance))</p></footer>\n\(trailer)"
        out += "<script>\n\(ReportAssets.script)\n</script>\n</body>\n</html>\n"
        return out
    }
}

extension ReportPage {
    /// Every table of a section inside a box of its own that scrolls sideways when the table is
    /// wider than the screen, so the page itself never does (WCAG 1.4.10, reflow at 320 CSS
    /// px): on a phone a wide table scrolls in its box, everything else wraps. The script makes
    /// a box that does scroll a named region in the tab order, so a keyboard can scroll it.
    /// Tables are never nested in these pages, and escaped text never holds `<table`.
    static func boxingTables(_ html: String, name: String) -> String {
        guard html.contains("<table") else { return html }
        var out = ""
        var rest = html[...]
        var number = 0
        while let open = rest.range(of: "<table"), let close = rest.range(of: "</table>", range: open.upperBound..<rest.endIndex) {
            number += 1
            out += rest[..<open.lowerBound]
            out += "<div class=\"table-scroll\" data-label=\"\(HTML.attribute(number == 1 ? name : "\(name) \(number)")) (scrolls sideways)\">"
            out += rest[open.lowerBound..<close.upperBound] + "</div>"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}

/// How a page names a file: relative to the folder the run was started in, never by an absolute
/// path of the machine that wrote it, so that a page can be shared (`/home/me/app/flows/a.json`
/// run from `/home/me/app` is `flows/a.json`; a file outside that folder climbs to it,
/// `../common/b.json`). A relative path, `<stdin>` and other labels are kept as they are.
public enum PagePath {
    public static func shown(_ path: String, from folder: String = FileManager.default.currentDirectoryPath) -> String {
        guard path.hasPrefix("/") else { return path }
        let target = (path as NSString).standardizingPath.split(separator: "/").map(String.init)
        let base = (folder as NSString).standardizingPath.split(separator: "/").map(String.init)
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let climbs = Array(repeating: "..", count: base.count - common)
        let relative = (climbs + target[common...]).joined(separator: "/")
        return relative.isEmpty ? "." : relative
    }

    /// `FILE:LINE:COLUMN` with the file shown as above.
    public static func shown(_ location: SourceLocation) -> String {
        "\(shown(location.file)):\(location.line):\(location.column)"
    }
}

/// Escaping for HTML text and attribute values.
public enum HTML {
    public static func text(_ value: String) -> String { MarkupText.escape(value) }

    public static func attribute(_ value: String) -> String { MarkupText.escape(value) }

    /// A number for SVG coordinates: at most two decimals, no exponent.
    public static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
    }

    /// The URL of a file beside the page (or below it), from its relative path: every byte
    /// outside RFC 3986's unreserved characters percent-encoded, path component by component,
    /// behind `./`, so no name can be read as a scheme (`javascript:alert(1).html` becomes
    /// `./javascript%3Aalert%281%29.html`) or as a query, fragment or other host. Every link and
    /// source a page builds from a file name goes through here.
    public static func relativeURL(_ path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map { component in
            var encoded = ""
            for byte in component.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                     UInt8(ascii: "~"):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return encoded
        }
        return "./" + components.joined(separator: "/")
    }

    /// A `data:` URI of bytes.
    public static func dataURI(_ data: Data, type: String) -> String {
        "data:\(type);base64," + data.base64EncodedString()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
