import EarshotCore
import EarshotRender
import Foundation
import Testing

/// `earshot render --punctuation`: the level over the voice profile's, in labels and scenarios,
/// and in what decides that a rendered file is current.
@Suite("earshot render --punctuation", .serialized)
struct RenderPunctuationTests {
    /// `할인 (50%)!` as the engine is given it at each level (docs/normalization.md).
    static let spokenAtAll = "할인  여는 괄호 오십 퍼센트 닫는 괄호  느낌표 "
    static let spokenAtNone = "할인 (오십 퍼센트)!"

    @Test("the same label at all and at none gives other WAVs, each with its level's words in the manifest")
    func levelsGiveOtherFiles() throws {
        let folder = try labelFolder()
        for level in ["all", "none"] {
            let result = try render(["labels.txt", "-o", level, "-q", "--punctuation", level], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let all = try RenderedRun(folder: folder.appendingPathComponent("all"))
        let none = try RenderedRun(folder: folder.appendingPathComponent("none"))
        #expect(all.entries.map(\.text) == [Self.spokenAtAll, "확인"])
        #expect(none.entries.map(\.text) == [Self.spokenAtNone, "확인"])
        #expect(all.entries[0].sha256 != none.entries[0].sha256)
        #expect(try all.bytes(of: "ko/labels/line-0001.wav") != none.bytes(of: "ko/labels/line-0001.wav"))
        #expect(all.entries[0].duration > none.entries[0].duration, "the marks' names take time")
        #expect(try all.bytes(of: "ko/labels/line-0002.wav") == none.bytes(of: "ko/labels/line-0002.wav"))
        try all.expectEveryFileComplete()
        try none.expectEveryFileComplete()
    }

    @Test("a run at another level renders the label again; a run at the same level skips it")
    func levelDecidesTheCache() throws {
        let folder = try labelFolder()
        let first = try render(["labels.txt", "-o", "out", "--punctuation", "all"], in: folder)
        #expect(first.stderr.contains("rendered 2, skipped 0"), "\(first.stderr)")
        let atAll = try RenderedRun(folder: folder.appendingPathComponent("out"))

        let same = try render(["labels.txt", "-o", "out", "--punctuation", "all"], in: folder)
        #expect(same.stderr.contains("rendered 0, skipped 2"), "\(same.stderr)")
        #expect(try RenderedRun(folder: folder.appendingPathComponent("out")).manifestBytes == atAll.manifestBytes)

        // The label without punctuation is the same text, hence the same file, at every level.
        let other = try render(["labels.txt", "-o", "out", "--punctuation", "none"], in: folder)
        #expect(other.stderr.contains("rendered 1, skipped 1"), "\(other.stderr)")
        let atNone = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(atNone.entries[0].text == Self.spokenAtNone)
        #expect(atNone.entries[0].cache != atAll.entries[0].cache)
        #expect(atNone.entries[0].sha256 != atAll.entries[0].sha256)
        #expect(atNone.entries[1] == atAll.entries[1])
        try atNone.expectEveryFileComplete()
    }

    @Test("a scenario speaks at the level, as check --punctuation does, and a run at another level renders it again")
    func scenarioTakesTheLevel() throws {
        let folder = try CLIRunner.temporaryFolder()
        let screen = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/settings.json"), encoding: .utf8)
        try screen.replacingOccurrences(of: "\"text\": \"설정\"", with: "\"text\": \"할인 (50%)!\"")
            .write(to: folder.appendingPathComponent("screen.json"), atomically: true, encoding: .utf8)
        try "{ \"screen\": \"screen.json\", \"steps\": [ { \"gesture\": \"next\" } ] }\n"
            .write(to: folder.appendingPathComponent("walk.json"), atomically: true, encoding: .utf8)
        let options = ["--transcript-format", "jsonl"]

        let all = try render(["walk.json", "-o", "out", "--punctuation", "all"] + options, in: folder)
        #expect(all.stderr.contains("rendered 1, skipped 0"), "\(all.stderr)")
        let transcriptAtAll = try engineTexts(folder.appendingPathComponent("out/ko/walk/timeline.jsonl"))
        #expect(transcriptAtAll.first?.hasPrefix(Self.spokenAtAll) == true, "\(transcriptAtAll)")
        let keyAtAll = try RenderedRun(folder: folder.appendingPathComponent("out")).entries[0].cache

        let none = try render(["walk.json", "-o", "out", "--punctuation", "none"] + options, in: folder)
        #expect(none.stderr.contains("rendered 1, skipped 0"), "\(none.stderr)")
        let transcriptAtNone = try engineTexts(folder.appendingPathComponent("out/ko/walk/timeline.jsonl"))
        #expect(transcriptAtNone.first?.hasPrefix(Self.spokenAtNone) == true, "\(transcriptAtNone)")
        let run = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(run.entries[0].cache != keyAtAll)
        try run.expectEveryFileComplete()

        let same = try render(["walk.json", "-o", "out", "--punctuation", "none"] + options, in: folder)
        #expect(same.stderr.contains("rendered 0, skipped 1"), "\(same.stderr)")

        let check = try CLIRunner.run(["check", "walk.json", "-q", "--punctuation", "none", "-o", "check.wav"],
                                      currentDirectory: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try run.bytes(of: "ko/walk/timeline.wav") == Data(contentsOf: folder.appendingPathComponent("check.wav")))
    }

    @Test("a level that is not all, some or none is a usage error naming the option; help and manual list it")
    func usage() throws {
        let folder = try labelFolder()
        let bad = try render(["labels.txt", "-o", "out", "--punctuation", "most"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--punctuation expects all, some or none, got \"most\""), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        #expect(try CLIRunner.run(["render", "--help"]).stdout.contains("--punctuation all|some|none"))
        let manual = try CLIRunner.run(["manual"]).stdout
        let renderSection = try #require(manual.components(separatedBy: ".SH \"earshot render\"").dropFirst().first)
            .components(separatedBy: ".SH ")[0]
        #expect(renderSection.contains("\\fB\\-\\-punctuation\\fR \\fIall|some|none\\fR"), "the manual's render section lacks --punctuation")
    }

    // MARK: Support

    /// A folder with `labels.txt`: a label whose words differ by level, and one with no punctuation.
    private func labelFolder() throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        try "할인 (50%)!\n확인\n".write(to: folder.appendingPathComponent("labels.txt"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The `engineText` of each utterance in a JSON Lines transcript.
    private func engineTexts(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["engineText"] as? String
        }
    }

    private func render(_ arguments: [String], in folder: URL) throws -> CLIRunner.Result {
        try CLIRunner.run(["render"] + arguments, currentDirectory: folder)
    }
}
