import EarshotRender
import Foundation
import Testing

/// `earshot test --shard I/N` (also from a CI engine's environment) and `earshot merge`: a suite
/// split over machines and joined again is one run (docs/test-suites.md, "Shards").
@Suite("Test shards and earshot merge", .serialized)
struct ShardTests {
    static let root = CLIRunner.repositoryRoot

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// JUnit without its times, which differ from run to run.
    static func timeless(_ junit: String) -> String {
        junit.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="""#, options: .regularExpression)
    }

    @Test("3 shards of test samples run every scenario once; merged, their JUnit, SARIF and report index are one run's")
    func threeShardsMergeToOneRun() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        // With the audit flows' baseline, as the samples pass (docs/test-suites.md).
        let baseline = ["--baseline", "samples/audit/baseline.json"]
        let whole = try CLIRunner.run(["test", "-q", "--junit", path("all.xml"), "--sarif", path("all.sarif"), "--report", path("all"), "samples"] + baseline,
                                      currentDirectory: Self.root)
        #expect(whole.status == 0, "\(whole.stderr)")
        var scenarios: [String] = []
        for index in 1...3 {
            let shard = try CLIRunner.run(["test", "-q", "--shard", "\(index)/3", "--junit", path("s\(index).xml"), "--sarif", path("s\(index).sarif"),
                                           "--report", path("r\(index)"), "samples"] + baseline, currentDirectory: Self.root)
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stdout.contains("; shard \(index)/3: scenarios "), "\(shard.stdout)")
            let junit = try Self.text(folder.appendingPathComponent("s\(index).xml"))
            scenarios += junit.split(separator: "\n").filter { $0.hasPrefix("  <testsuite ") }.map { line in
                String(line.split(separator: "\"")[1])
            }
        }
        // Every scenario exactly once, in the order of one run.
        let all = try Self.text(folder.appendingPathComponent("all.xml"))
        let expected = all.split(separator: "\n").filter { $0.hasPrefix("  <testsuite ") }.map { String($0.split(separator: "\"")[1]) }
        #expect(expected.count > 30)
        #expect(scenarios == expected)
        #expect(Set(scenarios).count == scenarios.count)

        let junit = try CLIRunner.run(["merge", "-o", path("m.xml"), path("s1.xml"), path("s2.xml"), path("s3.xml")])
        #expect(junit.status == 0, "\(junit.stderr)")
        #expect(Self.timeless(try Self.text(folder.appendingPathComponent("m.xml"))) == Self.timeless(all))
        let sarif = try CLIRunner.run(["merge", "-o", path("m.sarif"), path("s1.sarif"), path("s2.sarif"), path("s3.sarif")])
        #expect(sarif.status == 0, "\(sarif.stderr)")
        #expect(try Self.text(folder.appendingPathComponent("m.sarif")) == (try Self.text(folder.appendingPathComponent("all.sarif"))))
        let pages = try CLIRunner.run(["merge", "-o", path("merged"), path("r1"), path("r2"), path("r3")])
        #expect(pages.status == 0, "\(pages.stderr)")
        #expect(try Self.text(folder.appendingPathComponent("merged/index.html")) == (try Self.text(folder.appendingPathComponent("all/index.html"))))
        let onePages = try FileManager.default.contentsOfDirectory(atPath: path("all")).sorted()
        // One run's files, and the list of what merge wrote (so it can replace them next time).
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("merged")).sorted() == (onePages + [".earshot-merged"]).sorted())
        let ledger = try Self.text(folder.appendingPathComponent("merged/.earshot-merged"))
        #expect(ledger.split(separator: "\n").map(String.init) == onePages)
        for page in onePages where page.hasSuffix(".html") {
            #expect(try Self.text(folder.appendingPathComponent("merged/" + page)) == (try Self.text(folder.appendingPathComponent("all/" + page))), "\(page)")
        }
        // Findings JSON: every file's findings, in order, in one array.
        let findings = try CLIRunner.run(["merge", "-o", path("f.json"), "samples/lint/shop-before.findings.json",
                                          "samples/scenarios/cart-walkthrough.findings.json"], currentDirectory: Self.root)
        #expect(findings.status == 0, "\(findings.stderr)")
        func codes(_ file: URL) throws -> [String] {
            try (JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        }
        #expect(try codes(folder.appendingPathComponent("f.json"))
                == (try codes(Self.root.appendingPathComponent("samples/lint/shop-before.findings.json")))
                + (try codes(Self.root.appendingPathComponent("samples/scenarios/cart-walkthrough.findings.json"))))
        #expect(try codes(folder.appendingPathComponent("f.json")).count == 13)
        // Mixed or foreign reports are refused, naming the file.
        let mixed = try CLIRunner.run(["merge", "-o", path("x"), path("s1.xml"), path("s2.sarif")])
        #expect(mixed.status == 64 && mixed.stderr.contains("different kinds"), "\(mixed.stderr)")
        try "<?xml version=\"1.0\"?>\n<testsuites>\n</testsuites>\n".write(to: folder.appendingPathComponent("other.xml"), atomically: true, encoding: .utf8)
        let foreign = try CLIRunner.run(["merge", "-o", path("y.xml"), path("s1.xml"), path("other.xml")])
        #expect(foreign.status == 65 && foreign.stderr.contains("other.xml:"), "\(foreign.stderr)")
    }

    @Test("the shard from the environment: GitLab's CI_NODE_INDEX and CI_NODE_TOTAL, Kubernetes' JOB_COMPLETION_INDEX with the total given")
    func shardFromEnvironment() throws {
        #expect(try Shard.resolve("2/5", environment: [:]).get() == Shard(index: 2, count: 5))
        #expect(try Shard.resolve("auto", environment: ["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "4"]).get() == Shard(index: 3, count: 4))
        #expect(try Shard.resolve("auto/6", environment: ["CI_NODE_INDEX": "3"]).get() == Shard(index: 3, count: 6))
        #expect(try Shard.resolve("auto/3", environment: ["JOB_COMPLETION_INDEX": "0"]).get() == Shard(index: 1, count: 3))
        #expect(try Shard.resolve("auto/3", environment: ["JOB_COMPLETION_INDEX": "2"]).get() == Shard(index: 3, count: 3))
        for (text, environment, words) in [
            ("auto", ["JOB_COMPLETION_INDEX": "1"], "give --shard auto/N"),
            ("auto/3", ["JOB_COMPLETION_INDEX": "3"], "is not a shard of 3"),
            ("auto", ["CI_NODE_INDEX": "2"], "not CI_NODE_TOTAL"),
            ("auto", [:], "neither JOB_COMPLETION_INDEX"),
            ("auto/3", ["JOB_COMPLETION_INDEX": "x"], "not a number"),
            ("4/3", [:], "expects I/N"),
        ] as [(String, [String: String], String)] {
            guard case .failure(let error) = Shard.resolve(text, environment: environment) else {
                Issue.record("\(text) \(environment) resolved")
                continue
            }
            #expect(error.description.contains(words), "\(error)")
        }
        // On the command line: the same scenarios as the shard named outright.
        let gitlab = try CLIRunner.run(["test", "-q", "--shard", "auto", "samples/suite"],
                                       environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"], currentDirectory: Self.root)
        let named = try CLIRunner.run(["test", "-q", "--shard", "2/2", "samples/suite"], currentDirectory: Self.root)
        #expect(gitlab.status == 0 && gitlab.stdout == named.stdout, "\(gitlab.stdout)\(gitlab.stderr)")
        let kubernetes = try CLIRunner.run(["test", "-q", "--shard", "auto/2", "samples/suite"],
                                           environment: ["JOB_COMPLETION_INDEX": "1"], currentDirectory: Self.root)
        #expect(kubernetes.stdout == named.stdout, "\(kubernetes.stdout)\(kubernetes.stderr)")
        let missing = try CLIRunner.run(["test", "--shard", "auto", "samples/suite"], currentDirectory: Self.root)
        #expect(missing.status == 64, "\(missing.stderr)")
    }
}
