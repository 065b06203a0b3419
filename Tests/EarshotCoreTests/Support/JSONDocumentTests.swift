import Foundation
import Testing
@testable import EarshotCore

@Suite("JSON documents keep positions for errors")
struct JSONDocumentTests {
    @Test("values parse with their line and column")
    func valuesParseWithPositions() throws {
        let text = "{\n  \"label\": \"찜하기\",\n  \"frame\": [1, 2.5, -3e2]\n}"
        let root = try JSONDocument.parse(text, file: "screen.json").object(allowing: ["label", "frame"])
        let label = try root.required("label")
        #expect(try label.stringValue() == "찜하기")
        #expect(label.location == SourceLocation(file: "screen.json", line: 2, column: 12))
        let frame = try root.array("frame")!.map { try $0.doubleValue() }
        #expect(frame == [1, 2.5, -300])
    }

    @Test("columns count Korean syllables as one character each")
    func columnsCountCharacters() throws {
        let text = "{\"가나다\": tru}"
        let error = #expect(throws: DataFileError.self) { try JSONDocument.parse(text, file: "f.json") }
        #expect(error?.location.column == 9)
        #expect(error?.message.contains("true") == true)
    }

    @Test("an unknown key names the nearest valid key")
    func unknownKeySuggestsNearest() throws {
        let node = try JSONDocument.parse("{\n \"lable\": \"x\"}", file: "s.json")
        let error = #expect(throws: DataFileError.self) { try node.object(allowing: ["label", "value"]) }
        #expect(error?.description == "s.json:2:2: error: unknown key \"lable\"; did you mean \"label\"?")
    }

    @Test("a wrong type says what was expected and what was found")
    func wrongTypeIsReported() throws {
        let root = try JSONDocument.parse("{\"alpha\": \"half\"}", file: "s.json").object(allowing: ["alpha"])
        let error = #expect(throws: DataFileError.self) { try root.double("alpha") }
        #expect(error?.message == "expected a number, found a string")
        #expect(error?.location.column == 11)
    }

    @Test("malformed JSON reports the place of the fault", arguments: [
        ("{\"a\": 1,}", 1, 9),
        ("[1 2]", 1, 4),
        ("{\"a\": \"open", 1, 7),
        ("{\"a\": 1}\n{", 2, 1),
        ("{\"a\": 1, \"a\": 2}", 1, 10),
    ])
    func malformedJSONReportsPlace(text: String, line: Int, column: Int) throws {
        let error = #expect(throws: DataFileError.self) { try JSONDocument.parse(text, file: "bad.json") }
        #expect(error?.location.line == line)
        #expect(error?.location.column == column)
    }

    @Test("escapes and surrogate pairs decode")
    func escapesDecode() throws {
        let node = try JSONDocument.parse(#""a\"b\\c\n\u00e9\ud83d\ude00""#, file: "f")
        #expect(try node.stringValue() == "a\"b\\c\né😀")
    }

    @Test("a string without escapes is its bytes; invalid UTF-8 in one is an error at the string")
    func plainStrings() throws {
        #expect(try JSONDocument.parse("\"찜하기, 버튼\"", file: "f").stringValue() == "찜하기, 버튼")
        let broken: [UInt8] = Array("{\"k\": \"a".utf8) + [0xFF] + Array("b\"}".utf8)
        let text = String(decoding: broken, as: UTF8.self)
        // Decoding replaced the byte; a file read as bytes keeps it, so build the document from bytes.
        #expect(text.contains("\u{FFFD}"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-json-\(UUID().uuidString).json")
        try Data(broken).write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: DataFileError.self) { try JSONDocument.load(path: folder.path) }
    }

    @Test("jsonString escapes what JSON requires and round-trips through the parser", arguments: [
        "plain", "찜하기, 버튼", "quote \" and \\ backslash", "line\nbreak\ttab", "a\u{2028}b\u{2029}c", "“curly” • dots…", "",
    ])
    func jsonStringRoundTrip(text: String) throws {
        let literal = jsonString(text)
        #expect(!literal.dropFirst().dropLast().contains("\n"))
        #expect(!literal.contains("\u{2028}"))
        #expect(try JSONDocument.parse(literal, file: "f").stringValue() == text)
    }

    /// Text Earshot reads is spoken, and a NUL would end what the engine is given.
    @Test("control characters are written as escapes, never raw, and the reader refuses them")
    func controlCharactersEscapedThenRefused() {
        let literal = jsonString("\u{01}\u{7F}")
        #expect(literal == #""\u0001\u007f""#)
        #expect(throws: DataFileError.self) { try JSONDocument.parse(literal, file: "f") }
    }
}
