import Foundation
import Testing

/// `focus.covered` on real pages in Chromium (docs/web.md, "What covers a focused element"): a
/// sticky header over a link scrolled to the top of the window is found, naming both; the same
/// page with a header that scrolls away, or with `scroll-padding-top` as tall as the sticky
/// header (the fix), has no finding; a fixed banner at the bottom covers a link there, and a box
/// laid over the link on a page where nothing moves covers it wherever it is.
@Suite("Covered focus on real pages", .serialized)
struct WebCoveredFocusTests {
    /// A shop's page: a header 120 px tall holding its name at its foot, a link 1,500 px down,
    /// more page after it. `header` is the header's CSS (`position: sticky; top: 0` or none),
    /// `extra` more CSS, `after` more markup at the end of the body.
    static func page(header: String, extra: String = "", after: String = "") -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Offers</title><style>
        body { margin: 0; font: 16px sans-serif; }
        header { \(header) height: 120px; background: #fff; display: flex; align-items: flex-end; }
        .filler { height: 1500px; }
        \(extra)
        </style></head><body>
        <header id="masthead"><span>Acme Store</span></header>
        <main><div class="filler"></div><p><a id="offers" href="#offers">Today's offers</a></p><div class="filler"></div></main>
        \(after)
        </body></html>
        """
    }

    /// `earshot lint --voice en` of `html` written as a page: its focus.covered findings as
    /// the findings file gives them, and what lint printed.
    static func lint(_ html: String) throws -> (covered: [[String: Any]], stdout: String, status: Int32) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("offers.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("findings.json")
        let result = try CLIRunner.run(["lint", "--voice", "en", page.path, "--findings", json.path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]], "\(result.stderr)")
        return (list.filter { $0["code"] as? String == "focus.covered" }, result.stdout, result.status)
    }

    @Test("a sticky header over a link at the top of the window: focus.covered, an error naming the link and the header")
    func stickyHeader() throws {
        let run = try Self.lint(Self.page(header: "position: sticky; top: 0;"))
        #expect(run.covered.count == 1, "\(run.stdout)")
        let finding = try #require(run.covered.first)
        #expect(finding["elements"] as? [String] == ["offers", "masthead"])
        #expect(finding["severity"] as? String == "error")
        // Keyboard focus wholly hidden by the page's own content: WCAG 2.2 2.4.11.
        #expect((finding["criteria"] as? [[String: Any]])?.map { "\($0["standard"] ?? "") \($0["id"] ?? "")" } == ["wcag22 2.4.11"])
        #expect(finding["case"] as? String == "focus-hidden")
        #expect(run.stdout.contains("error focus.covered [offers, masthead]: \"main landmark link Today's offers\" is reached and read, but header#masthead (\"Acme Store\") is drawn over all of it when it is scrolled to the top of the window, so keyboard focus there is hidden."),
                "\(run.stdout)")
        #expect(run.status == 1)
    }

    @Test("the same page with a header that scrolls away, or with scroll-padding-top as tall as the sticky header: no finding")
    func clear() throws {
        let plain = try Self.lint(Self.page(header: ""))
        #expect(plain.covered.isEmpty, "\(plain.stdout)")
        #expect(plain.stdout.contains("no findings"), "\(plain.stdout)")
        let padded = try Self.lint(Self.page(header: "position: sticky; top: 0;", extra: "html { scroll-padding-top: 120px; }"))
        #expect(padded.covered.isEmpty, "\(padded.stdout)")
    }

    @Test("a fixed cookie banner at the foot of the window covers the link scrolled to the bottom; its button is the cover's node")
    func cookieBanner() throws {
        let banner = """
            <div id="cookies" style="position: fixed; left: 0; right: 0; bottom: 0; height: 80px; background: #eee;">
            <button id="accept" style="width: 100%; height: 80px;">Accept cookies</button></div>
            """
        let run = try Self.lint(Self.page(header: "", after: banner))
        let finding = try #require(run.covered.first, "\(run.stdout)")
        #expect(finding["elements"] as? [String] == ["offers", "accept"])
        #expect(run.stdout.contains("but button#accept (\"Accept cookies\") is drawn over all of it when it is scrolled to the bottom of the window"),
                "\(run.stdout)")
    }

    @Test("on a page where nothing moves as it scrolls, a box laid over the link covers it wherever it is; hidden from the tree, it is named by its selector")
    func overlay() throws {
        let sale = #"<div class="sale" aria-hidden="true" style="position: absolute; left: 0; top: 1630px; width: 300px; height: 40px; background: #fff;"></div>"#
        let run = try Self.lint(Self.page(header: "", after: sale))
        let finding = try #require(run.covered.first, "\(run.stdout)")
        #expect(finding["elements"] as? [String] == ["offers"])
        #expect(run.stdout.contains("but div.sale is drawn over all of it, so keyboard focus there is hidden."), "\(run.stdout)")
    }
}
