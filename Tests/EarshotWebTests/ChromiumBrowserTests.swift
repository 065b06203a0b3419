import EarshotCore
import Foundation
import Testing
@testable import EarshotWeb

/// The browser itself, in this process: inputs become addresses, the browser is found, and one
/// browser opens several pages, each with its own tree and storage.
@Suite("Chromium over its pipe", .serialized)
struct ChromiumBrowserTests {
    @Test("an input names a page: addresses as given, a file as its file:// URL, a missing file as an I/O error")
    func addresses() throws {
        #expect(try PageCapture.address(of: "https://example.com/a") == "https://example.com/a")
        #expect(try PageCapture.address(of: "FILE:///tmp/a.html") == "FILE:///tmp/a.html")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).html")
        try Data("<p>x</p>".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try PageCapture.address(of: file.path) == file.standardizedFileURL.absoluteString)
        let missing = try #require(throws: FileIOError.self) { try PageCapture.address(of: "/nonexistent/page.html") }
        #expect(missing.category == .io && missing.description.contains("/nonexistent/page.html"))
    }

    @Test("$EARSHOT_CHROMIUM picks the browser; one that is not a program is named; none on the path says what was looked for")
    func findsBrowser() throws {
        #expect(try PageCapture.findBrowser(environment: ["EARSHOT_CHROMIUM": "/bin/sh"]) == "/bin/sh")
        let wrong = try #require(throws: BrowserError.self) { try PageCapture.findBrowser(environment: ["EARSHOT_CHROMIUM": "/etc/passwd"]) }
        #expect(wrong.category == .unavailable && wrong.description.contains("/etc/passwd"))
        let none = try #require(throws: BrowserError.self) { try PageCapture.findBrowser(environment: ["PATH": "/nonexistent"]) }
        #expect(none == .notInstalled(searched: PageCapture.browserNames))
    }

    @Test("one browser opens two pages: each its own tree, and what one stores the other does not see")
    func twoPagesOneBrowser() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.html"), second = folder.appendingPathComponent("second.html")
        try Data(#"<!doctype html><html lang="en"><body><h1>Cart</h1><button>Pay</button><script>localStorage.setItem("k", "v")</script></body></html>"#.utf8)
            .write(to: first)
        try Data(#"<!doctype html><html lang="en"><body><h2 id="h"></h2><script>document.getElementById("h").textContent = "stored " + (localStorage.getItem("k") ?? "nothing")</script></body></html>"#.utf8)
            .write(to: second)
        let browser = ChromiumBrowser()
        defer { browser.close() }
        let one = try browser.open(first.absoluteString, picture: false)
        let names = one.tree.nodes.compactMap { node in node.name.map { "\(node.role) \($0)" } }
        #expect(names.contains("heading Cart") && names.contains("button Pay"), "\(names)")
        one.close()
        let two = try browser.open(second.absoluteString, picture: false)
        defer { two.close() }
        let heading = two.tree.nodes.first { $0.role == "heading" }
        #expect(heading?.name == "stored nothing", "\(String(describing: heading?.name))")
    }
}
