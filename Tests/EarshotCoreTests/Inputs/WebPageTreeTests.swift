import Foundation
import Testing
@testable import EarshotCore

/// The saved tree's screenshot (`earshot-axtree` version 2, docs/web.md "The saved tree"): kept
/// through a write and a read, reaching the loaded screen; a version 1 file, with none, still reads.
@Suite("A saved web page tree keeps its screenshot")
struct WebPageTreeTests {
    /// A 1 by 1 PNG, white. Made on each use: a `static let` Data is never freed, and
    /// LeakSanitizer (`scripts/sanitize.sh address`) cannot see the pointer inside it.
    static var png: Data { Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC")! }

    static func tree(screenshot: ScreenPicture?) -> WebPageTree {
        WebPageTree(url: "file:///page.html", title: "Page", language: "en", viewport: (1280, 800), browser: nil, refused: [],
                    nodes: [.init(id: "1", role: "RootWebArea", children: ["2"], box: Frame(x: 0, y: 0, width: 1280, height: 900)),
                            .init(id: "2", role: "button", name: "Go", tag: "button", box: Frame(x: 8, y: 8, width: 40, height: 20))],
                    screenshot: screenshot)
    }

    @Test("written and read again, the screenshot is the same picture, on the last line, and reaches the loaded screen")
    func roundTrip() throws {
        let tree = Self.tree(screenshot: ScreenPicture(png: Self.png, width: 1280, height: 900))
        let text = tree.json
        #expect(text.contains("\"version\": 2,"))
        let lines = text.split(separator: "\n")
        #expect(lines[lines.count - 2].hasPrefix("  \"screenshot\": {\"width\": 1280.00, \"height\": 900.00, \"png\": \"iVBORw0KGgo"))
        let read = try WebPageTree.decode(try JSONDocument.parse(text, file: "page.axtree.json"))
        #expect(read == tree)
        let loaded = try ScreenLoader.webPage(read, defaultName: "page")
        #expect(loaded.picture == tree.screenshot)
        #expect(try WebPageTree.decode(try JSONDocument.parse(Self.tree(screenshot: nil).json, file: "page.axtree.json")).screenshot == nil)
    }

    @Test("a version 1 file reads, without a screenshot; a screenshot in a version 1 file, or one that is no PNG, is an error at its place")
    func versions() throws {
        let version1 = Self.tree(screenshot: nil).json.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 1,")
        let old = try WebPageTree.decode(try JSONDocument.parse(version1, file: "old.axtree.json"))
        #expect(old.screenshot == nil && old.nodes.count == 2)
        let withShot = Self.tree(screenshot: ScreenPicture(png: Self.png, width: 10, height: 10)).json
        let mislabelled = withShot.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 1,")
        #expect(throws: DataFileError.self) { try WebPageTree.decode(try JSONDocument.parse(mislabelled, file: "x.axtree.json")) }
        let notPNG = withShot.replacingOccurrences(of: "\"png\": \"iVBOR", with: "\"png\": \"AAAA")
        do {
            _ = try WebPageTree.decode(try JSONDocument.parse(notPNG, file: "x.axtree.json"))
            Issue.record("a screenshot that is no PNG was read")
        } catch let error as DataFileError {
            #expect(error.message.contains("PNG file in base64"))
            #expect(error.location.line == withShot.split(separator: "\n").count - 1)
        }
        let future = withShot.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 4,")
        do {
            _ = try WebPageTree.decode(try JSONDocument.parse(future, file: "x.axtree.json"))
            Issue.record("version 4 was read")
        } catch let error as DataFileError {
            #expect(error.message.contains("it reads 1, 2 and 3"))
        }
    }
}
