import EarshotCore
import EarshotRender
import EarshotTestSupport
import Foundation
import Testing

/// `earshot render` run as a user would: the built binary, real eSpeak NG, real files.
@Suite("earshot render", .serialized)
struct RenderCommandTests {
    @Test("a label list renders one file per non-blank line, named by line number, with manifest lines in order")
    func plainText() throws {
        let folder = try CLIRunner.temporaryFolder()
        try "찜하기\n\n장바구니에 담기\n뒤로 가기\n".write(to: folder.appendingPathComponent("labels.txt"), atomically: true, encoding: .utf8)
        let result = try render(["labels.txt", "-o", "out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(manifest.entries.map(\.output) == ["ko/labels/line-0001.wav", "ko/labels/line-0003.wav", "ko/labels/line-0004.wav"])
        #expect(manifest.entries.map(\.text) == ["찜하기", "장바구니에 담기", "뒤로 가기"])
        #expect(manifest.entries.map(\.line) == [1, 3, 4])
        try manifest.expectEveryFileComplete()
        #expect(try manifest.wavFiles() == manifest.entries.map(\.output).sorted())
    }

    @Test("a CSV table is described with the profile's trait words and the hint after a pause; a bad row is reported by line")
    func csvTable() throws {
        let folder = try CLIRunner.temporaryFolder()
        let table = "id,label,value,traits,hint\nbuy,장바구니에 담기,,button,\nwifi,Wi-Fi,,switch selected,\nbad,이상함,,buton,\n,이름 없는 행,,,\n"
        try table.write(to: folder.appendingPathComponent("elements.csv"), atomically: true, encoding: .utf8)
        let result = try render(["elements.csv", "-o", "out", "-q"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("elements.csv:4:1: error: unknown trait \"buton\"; did you mean \"button\"?"))
        let manifest = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(manifest.entries.map(\.output) == ["ko/elements/buy.wav", "ko/elements/wifi.wav", "ko/elements/line-0005.wav"])
        #expect(manifest.entries[0].text == "장바구니에 담기, 버튼")
        #expect(manifest.entries[1].text.hasPrefix("Wi-Fi, 스위치 버튼"))
        #expect(manifest.entries[1].text.contains("\n"), "the hint is its own segment")
        try manifest.expectEveryFileComplete()
    }

    @Test("a .strings table renders one file per key with placeholders filled, and --placeholder changes the sample")
    func stringsTable() throws {
        let folder = try CLIRunner.temporaryFolder()
        let table = "/* count */\n\"Events.Count\" = \"이벤트 %d개\";\n// name\n\"Avatar.Label\" = \"%1$@, %2$@\";\n\"Done\" = \"완료\";\n"
        try table.write(to: folder.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        let result = try render(["Localizable.strings", "-o", "out", "-q", "--placeholder", "@=김철수"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(manifest.entries.map(\.output) == ["ko/Localizable/Events.Count.wav", "ko/Localizable/Avatar.Label.wav", "ko/Localizable/Done.wav"])
        #expect(manifest.entries.map(\.key) == ["Events.Count", "Avatar.Label", "Done"])
        #expect(manifest.entries[1].text == "김철수, 김철수")
        #expect(!manifest.entries[0].text.contains("%"))
        try manifest.expectEveryFileComplete()
    }

    @Test("a screen renders one file per focus stop plus one for read-all")
    func screen() throws {
        let folder = try CLIRunner.temporaryFolder()
        let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/settings.json").path
        let result = try render([screen, "-o", "out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try RenderedRun(folder: folder.appendingPathComponent("out"))
        let expected = ["settings-title", "wifi-row", "bluetooth", "brightness", "nickname", "save", "read-all"]
        #expect(manifest.entries.map(\.output) == expected.map { "ko/settings/\($0).wav" })
        let readAll = try #require(manifest.entries.last)
        #expect(readAll.text.components(separatedBy: "\n").count == 6)
        // Six stops with pauses between them last longer than any single stop.
        #expect(readAll.duration > manifest.entries.dropLast().map(\.duration).max()!)
        try manifest.expectEveryFileComplete()
    }

    @Test("--voice given twice renders every item in each voice, voices next to each other in the manifest")
    func twoVoices() throws {
        let folder = try CLIRunner.temporaryFolder()
        try "확인\n취소\n".write(to: folder.appendingPathComponent("labels.txt"), atomically: true, encoding: .utf8)
        let result = try render(["labels.txt", "-o", "out", "-q", "--voice", "ko", "--voice", "en"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(manifest.entries.map(\.output) == ["ko/labels/line-0001.wav", "en/labels/line-0001.wav", "ko/labels/line-0002.wav", "en/labels/line-0002.wav"])
        #expect(manifest.entries.map(\.voice) == ["ko", "en", "ko", "en"])
        try manifest.expectEveryFileComplete()
    }

    @Test("the real FluentUI Korean table renders every one of its 71 entries with no placeholder left")
    func realKoreanTable() throws {
        let folder = try CLIRunner.temporaryFolder()
        let table = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/corpora/fluentui-apple-ko.strings").path
        let result = try render([table, "-o", "out", "-q", "--jobs", "2"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(manifest.entries.count == 71)
        #expect(Set(manifest.entries.map(\.output)).count == 71)
        for entry in manifest.entries {
            #expect(!entry.text.contains("%"), "\(entry.key): \(entry.text)")
            #expect(entry.duration > 0.1, "\(entry.key)")
        }
        try manifest.expectEveryFileComplete()
    }

    @Test("--jobs 2 gives byte-identical files and manifest to --jobs 1")
    func jobsAreDeterministic() throws {
        let folder = try corpusFolder(lines: 16)
        #expect(try render(["corpus.txt", "-o", "one", "-q", "--jobs", "1"], in: folder).status == 0)
        #expect(try render(["corpus.txt", "-o", "two", "-q", "--jobs", "2"], in: folder).status == 0)
        let one = try RenderedRun(folder: folder.appendingPathComponent("one"))
        let two = try RenderedRun(folder: folder.appendingPathComponent("two"))
        #expect(one.manifestBytes == two.manifestBytes)
        #expect(one.entries.count == 16)
        for entry in one.entries {
            #expect(try one.bytes(of: entry.output) == two.bytes(of: entry.output), "\(entry.output)")
        }
    }

    @Test("shards 1/3, 2/3 and 3/3 together give the whole run: concatenated manifests and the same files")
    func shardsMakeTheWhole() throws {
        let folder = try corpusFolder(lines: 10)
        #expect(try render(["corpus.txt", "-o", "whole", "-q"], in: folder).status == 0)
        var concatenated = Data()
        for index in 1...3 {
            #expect(try render(["corpus.txt", "-o", "shards", "-q", "--shard", "\(index)/3"], in: folder).status == 0)
            concatenated += try Data(contentsOf: folder.appendingPathComponent("shards/manifest-\(index)-of-3.jsonl"))
        }
        let whole = try RenderedRun(folder: folder.appendingPathComponent("whole"))
        #expect(concatenated == whole.manifestBytes)
        let shards = try RenderedRun(folder: folder.appendingPathComponent("shards"), manifest: nil)
        #expect(try shards.wavFiles() == whole.wavFiles())
        for entry in whole.entries {
            #expect(try shards.bytes(of: entry.output) == whole.bytes(of: entry.output))
        }
    }

    @Test("a second run skips every file and writes the same manifest; changing one label re-renders only that file")
    func incremental() throws {
        let folder = try corpusFolder(lines: 6)
        #expect(try render(["corpus.txt", "-o", "out", "-q"], in: folder).status == 0)
        let first = try RenderedRun(folder: folder.appendingPathComponent("out"))
        let stamps = try first.modificationDates()

        let again = try render(["corpus.txt", "-o", "out"], in: folder)
        #expect(again.status == 0)
        #expect(again.stderr.contains("rendered 0, skipped 6 (current)"), "\(again.stderr)")
        // Off a terminal, progress is a plain line a screen reader can read.
        #expect(again.stderr.contains("render: 6/6 files\n"), "\(again.stderr)")
        let second = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(second.manifestBytes == first.manifestBytes)
        #expect(try second.modificationDates() == stamps)

        var lines = try String(contentsOf: folder.appendingPathComponent("corpus.txt"), encoding: .utf8).components(separatedBy: "\n")
        lines[2] = "바뀐 라벨입니다"
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("corpus.txt"), atomically: true, encoding: .utf8)
        let changed = try render(["corpus.txt", "-o", "out"], in: folder)
        #expect(changed.stderr.contains("rendered 1, skipped 5 (current)"), "\(changed.stderr)")
        let third = try RenderedRun(folder: folder.appendingPathComponent("out"))
        let newStamps = try third.modificationDates()
        for (path, date) in stamps {
            if path == "ko/corpus/line-0003.wav" {
                #expect(newStamps[path] != date)
            } else {
                #expect(newStamps[path] == date, "\(path) was rewritten")
            }
        }
        #expect(third.entries[2].text == "바뀐 라벨입니다")
        #expect(third.entries[2].sha256 != first.entries[2].sha256)
        try third.expectEveryFileComplete()
    }

    @Test("a bad item is reported with its file and line, the rest still render, and the exit status is 1")
    func badItems() throws {
        let folder = try CLIRunner.temporaryFolder()
        try "\"ok\" = \"좋아요\";\n\"broken\" = \"값\"\n\"next\" = \"다음\";\n".write(to: folder.appendingPathComponent("bad.strings"), atomically: true, encoding: .utf8)
        try "하나\n둘\n".write(to: folder.appendingPathComponent("good.txt"), atomically: true, encoding: .utf8)
        let result = try render(["bad.strings", "good.txt", "-o", "out"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.strings:2:"), "\(result.stderr)")
        let manifest = try RenderedRun(folder: folder.appendingPathComponent("out"))
        #expect(manifest.entries.map(\.key) == ["ok", "next", "1", "2"])
        try manifest.expectEveryFileComplete()
    }

    @Test("a run stopped by SIGINT half-way leaves no partial file and a manifest of what finished; run again, it completes")
    func interruptedBySIGINT() throws {
        try interruptAndResume(signal: SIGINT)
    }

    @Test("a run killed by SIGKILL half-way leaves no truncated WAV; run again, it completes and reuses finished files")
    func killedBySIGKILL() throws {
        try interruptAndResume(signal: SIGKILL)
    }

    @Test("usage mistakes exit 64 with the reason; a missing input is reported and the rest still render")
    func usageErrors() throws {
        let folder = try CLIRunner.temporaryFolder()
        try "확인\n".write(to: folder.appendingPathComponent("labels.txt"), atomically: true, encoding: .utf8)
        let noOutput = try render(["labels.txt"], in: folder)
        #expect(noOutput.status == 64)
        #expect(noOutput.stderr.contains("--output DIR is required"))
        let badShard = try render(["labels.txt", "-o", "out", "--shard", "4/3"], in: folder)
        #expect(badShard.status == 64)
        #expect(badShard.stderr.contains("--shard expects I/N"))
        let badVoice = try render(["labels.txt", "-o", "out", "--voice", "kr"], in: folder)
        #expect(badVoice.status == 64)
        #expect(badVoice.stderr.contains("unknown voice \"kr\""))
        let missing = try render(["labels.txt", "absent.txt", "-o", "out", "-q"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("absent.txt: error: file not found"))
        #expect(try RenderedRun(folder: folder.appendingPathComponent("out")).entries.count == 1)
    }

    // MARK: Support

    private func interruptAndResume(signal: Int32) throws {
        let folder = try corpusFolder(lines: 60)
        let out = folder.appendingPathComponent("out")
        let process = try CLIRunner.start(["render", "corpus.txt", "-o", "out", "-q", "--jobs", "2"], currentDirectory: folder)
        // Wait until some files are finished, then stop the run in the middle.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let done = (try? FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".wav") }.count) ?? 0
            if done >= 8 { break }
            usleep(20_000)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        // Workers notice a lost parent within 50 ms and remove what they were writing.
        usleep(500_000)

        let stopped = try RenderedRun(folder: out, manifest: signal == SIGINT ? "manifest.jsonl" : nil)
        try stopped.expectNoTruncatedWAV()
        if signal == SIGINT {
            #expect(try stopped.temporaryFiles().isEmpty)
            #expect(!stopped.entries.isEmpty && stopped.entries.count < 60, "\(stopped.entries.count) finished")
            try stopped.expectEveryFileComplete()
        }
        let finishedBefore = try stopped.wavFiles().count
        #expect(finishedBefore < 60)

        let resumed = try render(["corpus.txt", "-o", "out", "--jobs", "2"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let complete = try RenderedRun(folder: out)
        #expect(complete.entries.count == 60)
        try complete.expectEveryFileComplete()
        try complete.expectNoTruncatedWAV()
        #expect(try complete.temporaryFiles().isEmpty)
        // Files a worker finished after the parent's last read are on disk but not in the
        // journal: at most the two requests each of the two workers holds.
        let skipped = Int(resumed.stderr.firstMatch(of: /skipped (\d+)/)?.1 ?? "") ?? 0
        #expect(skipped >= finishedBefore - 4, "resumed run skipped \(skipped) of \(finishedBefore) finished files")
    }

    private func render(_ arguments: [String], in folder: URL) throws -> CLIRunner.Result {
        try CLIRunner.run(["render"] + arguments, currentDirectory: folder)
    }

    /// A folder with `corpus.txt`: the first `lines` lines of the benchmark corpus.
    private func corpusFolder(lines: Int) throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        let script = CLIRunner.repositoryRoot.appendingPathComponent("scripts/mkcorpus.py").path
        let corpus = try runProgram("/usr/bin/env", ["python3", script, String(lines)]).output
        try corpus.write(to: folder.appendingPathComponent("corpus.txt"), atomically: true, encoding: .utf8)
        return folder
    }
}

/// An output folder of `earshot render`, read back: its manifest and files.
struct RenderedRun {
    let folder: URL
    let manifestBytes: Data
    let entries: [ManifestEntry]

    init(folder: URL, manifest: String? = "manifest.jsonl") throws {
        self.folder = folder
        if let manifest {
            manifestBytes = try Data(contentsOf: folder.appendingPathComponent(manifest))
            entries = ManifestEntry.readAll(path: folder.appendingPathComponent(manifest).path)
            #expect(String(decoding: manifestBytes, as: UTF8.self).split(separator: "\n").count == entries.count)
        } else {
            manifestBytes = Data()
            entries = []
        }
    }

    func bytes(of relative: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(relative))
    }

    /// Every `.wav` under the folder, relative and sorted.
    func wavFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }.sorted()
    }

    func temporaryFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    func modificationDates() throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for file in try wavFiles() {
            dates[file] = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.modificationDate] as? Date
        }
        return dates
    }

    /// Each manifest entry's file exists, has the manifest's SHA-256 and a consistent WAV header.
    func expectEveryFileComplete() throws {
        for entry in entries {
            let data = try bytes(of: entry.output)
            #expect(SHA256.hex([UInt8](data)) == entry.sha256, "\(entry.output)")
            #expect(isCompleteWAV(data), "\(entry.output)")
            let samples = (data.count - 44) / 2
            #expect(abs(Double(samples) / 22050 - entry.duration) < 0.001, "\(entry.output)")
        }
    }

    /// Every WAV in the folder, listed in the manifest or not, has a RIFF header matching its size.
    func expectNoTruncatedWAV() throws {
        for file in try wavFiles() {
            #expect(isCompleteWAV(try bytes(of: file)), "\(file) is truncated")
        }
    }

    private func isCompleteWAV(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.count >= 44, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46][...] else { return false }
        let riff = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        let dataSize = Int(bytes[40]) | Int(bytes[41]) << 8 | Int(bytes[42]) << 16 | Int(bytes[43]) << 24
        return riff + 8 == bytes.count && dataSize + 44 == bytes.count
    }
}
