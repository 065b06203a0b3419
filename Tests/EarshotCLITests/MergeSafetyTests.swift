import EarshotRender
import Foundation
import Testing

/// Shard numbers and `earshot merge` on hostile input: no count or index overflows, a report
/// whose counts were edited is refused, and merge writes only inside its own output, never over
/// what it did not write (docs/test-suites.md, "Shards").
@Suite("Shards and merge refuse what would overflow, disagree or replace the user's files", .serialized)
struct MergeSafetyTests {
    static let root = CLIRunner.repositoryRoot

    @Test("a shard's range is taken without overflow for any index and count")
    func shardRangesWithoutOverflow() throws {
        let largest = Shard(index: Int.max, count: Int.max)
        #expect(largest.range(of: 40) == 39..<40)
        #expect(Shard(index: 1, count: Int.max).range(of: 40) == 0..<0)
        #expect(Shard(index: Int.max - 1, count: Int.max).range(of: Int.max) == (Int.max - 2)..<(Int.max - 1))
        // The ranges of every shard still tile the whole.
        let count = Int.max / 3
        let ranges = [1, 2, 3].map { Shard(index: min($0 * count / 3 + 1, count), count: count).range(of: 7) }
        #expect(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= 7 })
        #expect(try Shard.resolve("auto/9223372036854775807", environment: ["JOB_COMPLETION_INDEX": "9223372036854775806"]).get()
                == Shard(index: Int.max, count: Int.max))
        guard case .failure(let error) = Shard.resolve("auto/9223372036854775807", environment: ["JOB_COMPLETION_INDEX": "9223372036854775807"]) else {
            Issue.record("the index past the last shard resolved")
            return
        }
        #expect(error.description.contains("is not a shard of 9223372036854775807"), "\(error)")
    }

    @Test("test and render take the largest shard numbers without a crash")
    func largestShardsOnTheCommandLine() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let largest = "9223372036854775807/9223372036854775807"
        let test = try CLIRunner.run(["test", "-q", "--shard", largest, "samples/suite"], currentDirectory: Self.root)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.contains("shard \(largest): scenarios 4-4 of 4"), "\(test.stdout)")
        let kubernetes = try CLIRunner.run(["test", "-q", "--shard", "auto/9223372036854775807", "samples/suite"],
                                           environment: ["JOB_COMPLETION_INDEX": "9223372036854775807"], currentDirectory: Self.root)
        #expect(kubernetes.status == 64 && kubernetes.stderr.contains("is not a shard of"), "\(kubernetes.stderr)")
        let render = try CLIRunner.run(["render", "-q", "--shard", largest, "-o", folder.appendingPathComponent("r").path,
                                        "samples/screens/product-list.json"], currentDirectory: Self.root)
        #expect(render.status == 0, "\(render.stderr)")
    }

    /// A JUnit report as `earshot test` writes it, with the totals and cases given.
    static func junit(tests: String, failures: String, cases: [Bool]) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"earshot test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0.100\">\n"
        text += "  <testsuite name=\"a.json\" tests=\"\(cases.count)\" failures=\"\(cases.filter { !$0 }.count)\" errors=\"0\" skipped=\"0\" time=\"0.100\">\n"
        for (index, passed) in cases.enumerated() {
            if passed {
                text += "    <testcase classname=\"a.json\" name=\"case \(index)\" file=\"a.json\" time=\"0\"/>\n"
            } else {
                text += "    <testcase classname=\"a.json\" name=\"case \(index)\" file=\"a.json\" time=\"0\">\n"
                text += "      <failure type=\"golden\" message=\"differs\">differs</failure>\n    </testcase>\n"
            }
        }
        return text + "  </testsuite>\n</testsuites>\n"
    }

    @Test("merge refuses negative, overflowing and edited counts in JUnit reports, naming the file")
    func junitCounts() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let good = try write("good.xml", Self.junit(tests: "2", failures: "1", cases: [true, false]))
        let merged = try CLIRunner.run(["merge", "-o", folder.appendingPathComponent("m.xml").path, good, good])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("m.xml"), encoding: .utf8).contains("tests=\"4\" failures=\"2\""))
        for (name, text, words) in [
            ("negative.xml", Self.junit(tests: "2", failures: "-1", cases: [true, false]), "is not a whole number of 0 or more"),
            ("huge.xml", Self.junit(tests: "9223372036854775807", failures: "1", cases: [true, false]), "disagree with the report's own test cases"),
            ("edited.xml", Self.junit(tests: "2", failures: "0", cases: [true, false]), "disagree with the report's own test cases"),
            ("past.xml", Self.junit(tests: "99999999999999999999", failures: "1", cases: [true, false]), "is not a whole number"),
        ] {
            let bad = try write(name, text)
            let result = try CLIRunner.run(["merge", "-o", folder.appendingPathComponent("x.xml").path, good, bad])
            #expect(result.status == 65, "\(name): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("\(name):2:") && result.stderr.contains(words), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.xml").path))
        }
    }

    /// Two shards' report folders of `samples/suite`, written by `earshot test --report`.
    static func shardFolders(in folder: URL) throws -> [String] {
        try (1...2).map { index in
            let path = folder.appendingPathComponent("r\(index)").path
            let result = try CLIRunner.run(["test", "-q", "--shard", "\(index)/2", "--report", path, "--report-audio", "external",
                                            "samples/suite"], currentDirectory: Self.root)
            guard result.status == 0 else { throw ReportPageTests.CheckFailure("shard \(index): \(result.stderr)") }
            return path
        }
    }

    @Test("merge of report folders: an index whose counts were edited is refused; -1 failed and 1 failed never make passed")
    func indexCounts() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shards = try Self.shardFolders(in: folder)
        let index = URL(fileURLWithPath: shards[1]).appendingPathComponent("index.html")
        let html = try String(contentsOf: index, encoding: .utf8)
        let verdict = try #require(html.range(of: #"<p class="verdict passed">[0-9]+ passed, 0 failed.</p>"#, options: .regularExpression))
        let forged = html.replacingCharacters(in: verdict, with: #"<p class="verdict passed">4 passed, -1 failed.</p>"#)
        try forged.write(to: index, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["merge", "-o", folder.appendingPathComponent("m").path] + shards)
        #expect(result.status == 65 && result.stderr.contains("index.html:1:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m").path))
    }

    @Test("merge writes only inside its output: a user's file of a page's name is left byte for byte, an output inside a shard is refused, and the same merge runs twice")
    func foldersStayTheUsers() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shards = try Self.shardFolders(in: folder)
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: shards[0]).first { $0.hasSuffix(".html") && $0 != "index.html" })

        // The user's folder holds a folder named like a page, with a file in it, and a notes file.
        let output = folder.appendingPathComponent("out")
        let mine = output.appendingPathComponent(page)
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        let precious = Data("my own work\n".utf8)
        try precious.write(to: mine.appendingPathComponent("src.txt"))
        try precious.write(to: output.appendingPathComponent("notes.txt"))
        let refused = try CLIRunner.run(["merge", "-o", output.path] + shards)
        #expect(refused.status == 64 && refused.stderr.contains("merge never replaces what it did not write"), "\(refused.stderr)")
        #expect(try Data(contentsOf: mine.appendingPathComponent("src.txt")) == precious)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == ["notes.txt", page].sorted())

        // Without the clash, merge writes beside the user's notes, which stay as they were.
        try FileManager.default.removeItem(at: mine)
        for run in 1...2 {
            let merged = try CLIRunner.run(["merge", "-o", output.path] + shards)
            #expect(merged.status == 0, "run \(run): \(merged.stderr)")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path))
            #expect(try Data(contentsOf: output.appendingPathComponent("notes.txt")) == precious)
        }

        // An output inside a shard would copy the shard into itself.
        let inside = try CLIRunner.run(["merge", "-o", shards[0] + "/merged"] + shards)
        #expect(inside.status == 64 && inside.stderr.contains("is inside the shard folder"), "\(inside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shards[0] + "/merged"))
        let same = try CLIRunner.run(["merge", "-o", shards[1]] + shards)
        #expect(same.status == 64, "\(same.stderr)")

        // Shards that disagree on a file of one name are not of one run.
        let shared = try #require(try FileManager.default.contentsOfDirectory(atPath: shards[0]).first { name in
            name != "index.html" && FileManager.default.fileExists(atPath: shards[1] + "/" + name)
        } ?? Optional("extra.css"))
        try "a".write(toFile: shards[0] + "/" + shared, atomically: true, encoding: .utf8)
        try "b".write(toFile: shards[1] + "/" + shared, atomically: true, encoding: .utf8)
        let disagree = try CLIRunner.run(["merge", "-o", folder.appendingPathComponent("other").path] + shards)
        #expect(disagree.status == 65 && disagree.stderr.contains("differ"), "\(disagree.stderr)")
    }
}
