import Foundation
import Testing

/// What reaches the engine, heard through the command line: NFC, symbols by name, punctuation
/// levels, the Japanese voice (docs/normalization.md).
@Suite("Speech fidelity on the command line")
struct SpeechFidelityTests {
    @Test("NFD Hangul gives the same normalized text and the same samples as NFC")
    func nfdSamples() throws {
        let folder = try CLIRunner.temporaryFolder()
        let composed = "댓글 12개를 확인하세요"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > composed.unicodeScalars.count)
        var files: [Data] = []
        var normalized: [String] = []
        for (index, text) in [composed, decomposed].enumerated() {
            let wav = folder.appendingPathComponent("\(index).wav")
            let result = try CLIRunner.run(["speak", "--show-normalized", "-o", wav.path, text])
            #expect(result.status == 0, "\(result.stderr)")
            normalized.append(result.stdout.split(separator: "\n").first { $0.hasPrefix("normalized: ") }.map(String.init) ?? "")
            files.append(try Data(contentsOf: wav))
        }
        #expect(normalized[0] == "normalized: 댓글 열두 개를 확인하세요")
        #expect(Array(normalized[0].unicodeScalars) == Array(normalized[1].unicodeScalars))
        #expect(files[0].count > 20_000)
        #expect(files[0] == files[1])
    }

    @Test("speak --show-normalized names emoji and reports a symbol it cannot name")
    func showNormalized() throws {
        let result = try CLIRunner.run(["speak", "--no-audio", "--show-normalized", "좋아요 👍 \u{E0C8}"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("normalized: 좋아요  올린 엄지   \n") || result.stdout.contains("normalized: 좋아요  올린 엄지  "))
        #expect(result.stdout.contains("unnamed: \"\u{E0C8}\" (U+E0C8): no name in the ko voice's symbols; left out"))
        let english = try CLIRunner.run(["speak", "--voice", "en", "--no-audio", "--show-normalized", "--punctuation", "all", "Hi, 🇰🇷!"])
        #expect(english.stdout.contains("normalized: Hi comma   flag: South Korea  exclamation mark"))
    }

    @Test("--punctuation changes what read says to the engine, and a bad level is a usage error")
    func punctuationOption() throws {
        let some = try CLIRunner.run(["speak", "--no-audio", "--show-normalized", "a@b.kr"])
        #expect(some.stdout.contains("normalized: a 앳 기호 b.kr"))
        let none = try CLIRunner.run(["speak", "--no-audio", "--show-normalized", "--punctuation", "none", "a@b.kr"])
        #expect(none.stdout.contains("normalized: a@b.kr"))
        let bad = try CLIRunner.run(["speak", "--no-audio", "--punctuation", "most", "a"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--punctuation expects all, some or none"))
    }

    @Test("lint notes a label with a symbol the voice cannot name, and warns of a label that is only an emoji")
    func lintNote() throws {
        let folder = try CLIRunner.temporaryFolder()
        let screen = folder.appendingPathComponent("icons.json")
        try #"{"elements": [{"id": "share", "kind": "button", "label": "\uE0C8 공유"}, {"id": "like", "kind": "button", "label": "👍"}]}"#
            .write(to: screen, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["lint", screen.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("2 findings (1 warning, 1 note)"))
        #expect(result.stdout.contains("note label.unnamed-symbol [share]"))
        // The named emoji is no unnamed symbol; as a whole label it is label.only-symbols.
        #expect(!result.stdout.contains("label.unnamed-symbol [like]"))
        #expect(result.stdout.contains("warning label.only-symbols [like]"))
    }

    @Test("the Japanese Calendar dump reads with Japanese trait words in the ja voice")
    func japaneseDump() throws {
        let result = try CLIRunner.run(["read", "--no-audio", "--voice", "ja", "samples/dumps/calendar-day-ja.xml"],
                                       currentDirectory: CLIRunner.repositoryRoot)
        #expect(result.status == 0)
        let golden = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("samples/dumps/calendar-day-ja.ja.read.txt"), encoding: .utf8)
        #expect(result.stdout == golden)
        #expect(result.stdout.contains("12月、戻るボタン"))
    }
}
