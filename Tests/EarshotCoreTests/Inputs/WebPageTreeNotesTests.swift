import Foundation
import Testing
@testable import EarshotCore

/// The saved tree's notes (`earshot-axtree` version 3, docs/web.md "The saved tree"): what the
/// page did that Earshot answered or refused for it, kept through a write and a read and said
/// with the screen; a tree without notes is still written as version 2.
@Suite("A saved web page tree keeps its notes")
struct WebPageTreeNotesTests {
    static func tree(notes: [String]) -> WebPageTree {
        WebPageTree(url: "file:///site/page.html", title: "Page", language: "en", viewport: (1280, 800), browser: nil,
                    refused: ["http://example.com/x.js"], notes: notes,
                    nodes: [.init(id: "1", role: "RootWebArea", children: ["2"]), .init(id: "2", role: "button", name: "Go", tag: "button")])
    }

    @Test("notes are written as version 3 after refused, read again, and said with the screen after the refused addresses")
    func roundTrip() throws {
        let notes = ["the page opened a JavaScript alert \"Hi\"; Earshot dismissed it", "the page went to file:///site/other.html"]
        let text = Self.tree(notes: notes).json
        #expect(text.contains("\"version\": 3,"))
        #expect(text.contains("  \"refused\": [\"http://example.com/x.js\"],\n  \"notes\": [\"the page opened a JavaScript alert \\\"Hi\\\"; Earshot dismissed it\", "))
        let read = try WebPageTree.decode(try JSONDocument.parse(text, file: "page.axtree.json"))
        #expect(read.notes == notes)
        #expect(read == Self.tree(notes: notes))
        let loaded = try ScreenLoader.webPage(read, defaultName: "page")
        #expect(loaded.notes.count == 3)
        #expect(loaded.notes.first?.contains("http://example.com/x.js") == true)
        #expect(Array(loaded.notes.dropFirst()) == notes)
    }

    @Test("a tree without notes is version 2, as before; notes in a version 2 file are an error at their line")
    func versions() throws {
        let plain = Self.tree(notes: []).json
        #expect(plain.contains("\"version\": 2,") && !plain.contains("\"notes\""))
        let mislabelled = Self.tree(notes: ["x"]).json.replacingOccurrences(of: "\"version\": 3,", with: "\"version\": 2,")
        do {
            _ = try WebPageTree.decode(try JSONDocument.parse(mislabelled, file: "x.axtree.json"))
            Issue.record("notes in a version 2 file were read")
        } catch let error as DataFileError {
            #expect(error.message.contains("\"notes\" is a key of version 3"))
            #expect(error.location.line == 10)
        }
    }
}
