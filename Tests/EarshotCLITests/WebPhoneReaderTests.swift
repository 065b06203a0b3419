import Foundation
import Testing

/// The phone readers on real pages in real Chromium (docs/mobile-web.md, "Cells that span under
/// the phone readers", "Typing under the phone readers"): a table whose cells span read live and
/// from its saved tree alike, and text typed into a field and a password field, under VoiceOver
/// and TalkBack, in English and Korean.
@Suite("VoiceOver and TalkBack on real pages: cells that span, typing")
struct WebPhoneReaderTests {
    static let fixtures = WebNavigationTests.fixtures

    static func read(_ page: String, reader: String, voice: String) throws -> String {
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", voice, "--reader", reader, page])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("real Chromium: cells that span under VoiceOver (spans said before the first row and column) and TalkBack (a spanning header heads nothing, a cell spanning the row says no column), English and Korean; the saved tree reads the same")
    func spanningCells() throws {
        let page = Self.fixtures.appendingPathComponent("spans-wide.html").path
        let voiceOver = try Self.read(page, reader: "voiceover", voice: "en")
        #expect(voiceOver.contains("shift: Shift, column header, spans 2 columns, row 1, column 2"), "\(voiceOver)")
        #expect(voiceOver.contains("closed: Day, Closed Tuesday, spans 3 columns, row 3, column 1"), "\(voiceOver)")
        #expect(voiceOver.contains("ben: Shift, Ben, row 2, column 3"), "\(voiceOver)")
        let talkBack = try Self.read(page, reader: "talkback", voice: "en")
        #expect(talkBack.contains("shift: Shift, column header, Column 2"), "\(talkBack)")
        #expect(talkBack.contains("ben: Ben, Column 3"), "\(talkBack)")
        #expect(talkBack.contains("closed: Closed Tuesday, Row 3\n"), "\(talkBack)")
        let voiceOverKorean = try Self.read(page, reader: "voiceover", voice: "ko")
        #expect(voiceOverKorean.contains("closed: Day, Closed Tuesday, 열 3개에 걸침, 3행, 1열"), "\(voiceOverKorean)")
        let talkBackKorean = try Self.read(page, reader: "talkback", voice: "ko")
        #expect(talkBackKorean.contains("closed: Closed Tuesday, 3행\n") && talkBackKorean.contains("ben: Ben, 3열"), "\(talkBackKorean)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-phone-spans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("spans-wide.axtree.json").path
        let imported = try CLIRunner.run(["import", page, "-o", saved])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Self.read(saved, reader: "voiceover", voice: "en") == voiceOver)
        #expect(try Self.read(saved, reader: "talkback", voice: "ko") == talkBackKorean)
    }

    /// The spoken lines of a check's output: the words and how each ended.
    static func typed(_ scenario: String, voice: String) throws -> [String] {
        let output = try WebNavigationTests.check(Self.fixtures.appendingPathComponent(scenario).path, voice: voice)
        return output.split(separator: "\n").filter { $0.contains("(typed (") }.map { line in
            let words = line.split(separator: "\"", omittingEmptySubsequences: false)
            return words.count > 1 ? String(words[1]) : String(line)
        }
    }

    @Test("real Chromium: TalkBack echoes each typed character and the word a space or mark ends, and a password field's character; English and Korean")
    func talkBackTyping() throws {
        #expect(try Self.typed("typing-talkback.json", voice: "en") == ["h", "i", "hi", "c", "a", "t", "cat Period", "7"])
        #expect(try Self.typed("typing-talkback.json", voice: "ko") == ["h", "i", "hi", "c", "a", "t", "cat 마침표", "7"])
    }

    @Test("real Chromium: VoiceOver says each typed character, a space by its word and a mark by its name, and nothing in a secure field; English and Korean")
    func voiceOverTyping() throws {
        #expect(try Self.typed("typing-voiceover.json", voice: "en") == ["h", "i", "space", "c", "a", "t", "period"])
        #expect(try Self.typed("typing-voiceover.json", voice: "ko") == ["h", "i", "공백", "c", "a", "t", "마침표"])
    }
}
