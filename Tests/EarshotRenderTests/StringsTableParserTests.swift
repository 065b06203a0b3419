import EarshotCore
@testable import EarshotRender
import Foundation
import Testing

@Suite("Strings table reader")
struct StringsTableReaderTests {
    @Test("skips block and line comments and reads keys and values in order")
    func comments() {
        let text = """
        // header comment
        /* a block
           over two lines */
        "first" = "하나"; // trailing
        "second" /* inside */ = "둘";
        """
        let contents = StringsTableParser.parse(text, file: "t.strings")
        #expect(contents.problems.isEmpty)
        #expect(contents.items.map(\.key) == ["first", "second"])
        #expect(contents.items.map(\.line) == [4, 5])
        #expect(contents.items.map(\.content) == [.formatString("하나"), .formatString("둘")])
    }

    @Test("decodes escaped quotes, backslashes, line breaks and \\U escapes")
    func escapes() {
        let text = #""q" = "say \"hi\" \\ now\nnext \U00E9\UD83D\UDE00";"#
        let contents = StringsTableParser.parse(text, file: "t.strings")
        #expect(contents.problems.isEmpty)
        #expect(contents.items.first?.content == .formatString("say \"hi\" \\ now\nnext é😀"))
    }

    @Test("reads UTF-16 little- and big-endian files with a byte order mark")
    func utf16WithByteOrderMark() throws {
        let text = "/* 주석 */\n\"확인\" = \"완료 %d개\";\n"
        var little: [UInt8] = [0xFF, 0xFE]
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for bytes in [little, big] {
            let decoded = try TextFileDecoding.decode(Data(bytes), file: "t.strings")
            let contents = StringsTableParser.parse(decoded, file: "t.strings")
            #expect(contents.items.map(\.key) == ["확인"])
            #expect(contents.items.first?.content == .formatString("완료 %d개"))
            #expect(contents.items.first?.line == 2)
        }
    }

    @Test("reports a malformed line with its line number and still reads the lines after it")
    func malformedLine() {
        let text = """
        "ok" = "좋아요";
        "broken" = "값" 
        "missing" "equals";
        "after" = "다음";
        """
        let contents = StringsTableParser.parse(text, file: "bad.strings")
        #expect(contents.items.map(\.key) == ["ok", "after"])
        #expect(contents.problems.count == 2)
        #expect(contents.problems.map(\.location.line) == [2, 3])
        #expect(contents.problems.first?.description.hasPrefix("bad.strings:2:") == true)
        #expect(contents.problems.first?.message.contains("expected ;") == true)
    }

    @Test("reports a string that is never closed at the line it opens")
    func unclosedString() {
        let contents = StringsTableParser.parse("\"a\" = \"b\";\n\"c\" = \"never closed;\n", file: "u.strings")
        #expect(contents.items.map(\.key) == ["a"])
        #expect(contents.problems.map(\.location.line) == [2])
    }

    @Test("reads every entry of the real FluentUI Korean and English tables")
    func realTables() throws {
        for (name, count) in [("fluentui-apple-ko.strings", 71), ("fluentui-apple-en.strings", 75)] {
            let path = sharedCorpusPath(name)
            let contents = try StringsTableParser.read(path: path)
            #expect(contents.problems.isEmpty, "\(contents.problems)")
            #expect(contents.items.count == count)
            #expect(Set(contents.items.map(\.key)).count == count)
        }
    }
}

/// `Tests/Fixtures/corpora/NAME` in the repository (real corpora copied in with their
/// licences), found from this source file's path.
func sharedCorpusPath(_ name: String, filePath: String = #filePath) -> String {
    var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            return folder.appendingPathComponent("Tests/Fixtures/corpora/\(name)").path
        }
        folder.deleteLastPathComponent()
    }
    return "Tests/Fixtures/corpora/\(name)"
}
