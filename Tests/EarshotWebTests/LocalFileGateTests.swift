import Foundation
import Testing
@testable import EarshotWeb

/// What a page on the disk may load (docs/web.md, "What a page can reach"): its own folder and
/// below, nothing hidden, no listing, no pipe, nothing through a link leading out.
@Suite("The local file gate")
struct LocalFileGateTests {
    /// A page's folder: `site/index.html`, `site/img/a.png`, `site/.git/config`, a secret beside
    /// the site, a link inside leading to it, a pipe.
    static func site() throws -> (root: URL, page: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        let site = root.appendingPathComponent("site")
        for folder in ["img", ".git", "sub"] {
            try FileManager.default.createDirectory(at: site.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("<h1>x</h1>".utf8).write(to: site.appendingPathComponent("index.html"))
        try Data([0x89, 0x50]).write(to: site.appendingPathComponent("img/a.png"))
        try Data("[core]".utf8).write(to: site.appendingPathComponent(".git/config"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("sub/out.txt").path,
                                                   withDestinationPath: root.appendingPathComponent("secret.txt").path)
        #expect(mkfifo(site.appendingPathComponent("pipe.html").path, 0o600) == 0)
        return (root, site.appendingPathComponent("index.html").absoluteString)
    }

    @Test("a file in the page's folder or below is served with its type; one missing fails as missing")
    func servesInside() throws {
        let (root, page) = try Self.site()
        defer { try? FileManager.default.removeItem(at: root) }
        let gate = LocalFileGate(pageAddress: page)
        let base = URL(string: page)!.deletingLastPathComponent()
        #expect(gate.answer(base.appendingPathComponent("img/a.png").absoluteString) == .serve(Data([0x89, 0x50]), mimeType: "image/png"))
        #expect(gate.answer(page) == .serve(Data("<h1>x</h1>".utf8), mimeType: "text/html"))
        #expect(gate.answer(base.appendingPathComponent("img/none.png").absoluteString) == .missing)
    }

    @Test("outside the folder, through a link leading out, hidden, a listing or a pipe: refused, with the reason")
    func refusesTheRest() throws {
        let (root, page) = try Self.site()
        defer { try? FileManager.default.removeItem(at: root) }
        let gate = LocalFileGate(pageAddress: page)
        let base = URL(string: page)!.deletingLastPathComponent()
        #expect(gate.answer(root.appendingPathComponent("secret.txt").absoluteString) == .refuse("outside its folder"))
        #expect(gate.answer(base.absoluteString + "../secret.txt") == .refuse("outside its folder"))
        #expect(gate.answer(base.appendingPathComponent("sub/out.txt").absoluteString) == .refuse("outside its folder"))
        #expect(gate.answer(base.appendingPathComponent(".git/config").absoluteString) == .refuse("a hidden file"))
        #expect(gate.answer(base.appendingPathComponent("img").absoluteString) == .refuse("a folder's listing"))
        #expect(gate.answer(base.appendingPathComponent("pipe.html").absoluteString) == .refuse("not a file"))
        #expect(gate.answer("http://example.com/a.png") == .refuse("not a file"))
    }

    @Test("a page on the network reads no file at all")
    func networkPageReadsNothing() {
        let gate = LocalFileGate(pageAddress: "https://example.com/index.html")
        #expect(gate.folder == nil)
        #expect(gate.answer("file:///etc/passwd") == .refuse("a page on the network reads no file"))
    }
}
