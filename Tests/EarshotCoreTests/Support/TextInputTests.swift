import Foundation
import Testing
@testable import EarshotCore

/// Text in, text out: what a file holds is what is spoken and what the manifest records.
@Suite("Text inputs are decoded strictly")
struct TextInputTests {
    @Test("a NUL in a label is an error at its line and column, never half a label spoken")
    func nulInLabel() throws {
        let error = try #require(throws: DataFileError.self) {
            try TextFileDecoding.decode(Data("확인\na\u{0}bcdefgh\n".utf8), file: "labels.txt")
        }
        #expect((error.location.line, error.location.column) == (2, 2))
        #expect(error.message.contains("U+0000"))
    }

    @Test("UTF-16 without a byte order mark is not guessed: it is refused with a hint to convert it")
    func utf16WithoutMark() throws {
        let data = "확인\n".data(using: .utf16LittleEndian)!
        let error = try #require(throws: DataFileError.self) { try TextFileDecoding.decode(data, file: "x.txt") }
        #expect(error.message.contains("convert it to UTF-8") || error.message.contains("not valid UTF-8"), "\(error)")
    }

    @Test("a UTF-16 screen file with a byte order mark is read like its UTF-8 twin")
    func utf16Screen() throws {
        let source = ScreenTestSupport.samplesDirectory.appendingPathComponent("product-list.json")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-utf16-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("product-list.json")
        let text = try String(contentsOf: source, encoding: .utf8)
        try (Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!).write(to: copy)
        #expect(try ScreenFile.load(path: copy.path).roots == (try ScreenFile.load(path: source.path)).roots)
        #expect(try ScreenLoader.load(path: copy.path).screen.roots == (try ScreenFile.load(path: source.path)).roots)
    }

    @Test("an infinite number (1e999) is refused where it is written")
    func infiniteNumber() throws {
        let error = try #require(throws: DataFileError.self) {
            try ScreenFile.parse(#"{"elements": [{"id": "a", "kind": "label", "text": "x", "frame": [0, 1e999, 1, 1]}]}"#, file: "s.json")
        }
        #expect(error.location.column == 70, "\(error)")
        #expect(error.message.contains("too large"))
    }

    @Test("a control character written as an escape in JSON (\\u0000, \\b) is refused at its line")
    func controlEscapes() throws {
        for escape in [#"\u0000"#, #"\u001b"#, #"\b"#, #"\u007f"#] {
            let text = "{\"elements\": [\n{\"id\": \"a\", \"kind\": \"label\", \"text\": \"a\(escape)b\"}]}"
            let error = try #require(throws: DataFileError.self) { try ScreenFile.parse(text, file: "s.json") }
            #expect(error.location.line == 2 && error.message.contains("control character"), "\(escape): \(error)")
        }
        // Tab, line feed and carriage return stay text.
        let kept = try ScreenFile.parse(#"{"elements": [{"id": "a", "kind": "label", "text": "a\tb\nc"}]}"#, file: "s.json")
        #expect(kept.node("a")?.text == "a\tb\nc")
    }
}
