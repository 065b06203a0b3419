import Foundation
import Testing

/// `.ci/run`: each phase's time against its share in `.ci/shares`, printed as it ends; a phase
/// that fails, one past its share by more than a quarter, or phases past the shares' sum together
/// fail the run once every phase has run (strict: any phase past its share; off: time only named).
@Suite("CI's phases and their shares")
struct CIScriptTests {
    /// A checkout holding `.ci/run`, the given shares and stand-in scripts: each phase sleeps
    /// `seconds[phase]` and exits with `status[phase]` (0 unless given).
    static func run(shares: String, seconds: [String: Double], status: [String: Int] = [:], strictness: String? = "0") throws -> CLIRunner.Result {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent(".ci"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try manager.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent(".ci/run"), to: folder.appendingPathComponent(".ci/run"))
        try shares.write(to: folder.appendingPathComponent(".ci/shares"), atomically: true, encoding: .utf8)
        // test.sh is the tests phase, fuzz.sh fuzz; sanitize.sh's argument names its phase.
        let scripts = [("test.sh", "tests"), ("fuzz.sh", "fuzz"), ("sanitize.sh", "$1")]
        for (script, phase) in scripts {
            var body = "phase=\(phase)\ncase $phase in\n"
            for name in ["tests", "fuzz", "address", "thread"] {
                body += "  \(name)) sleep \(seconds[name] ?? 0); exit \(status[name] ?? 0) ;;\n"
            }
            body += "esac\n"
            try body.write(to: folder.appendingPathComponent("scripts/\(script)"), atomically: true, encoding: .utf8)
        }
        return try CLIRunner.run(executable: "/bin/bash", arguments: [folder.appendingPathComponent(".ci/run").path],
                                 environment: ["PATH": "/usr/bin:/bin"].merging(strictness.map { ["EARSHOT_CI_STRICT_SHARES": $0] } ?? [:]) { $1 },
                                 currentDirectory: folder)
    }

    @Test("every phase within its share: a line per phase with its share, the times at the end, exit 0")
    func withinShares() throws {
        let result = try Self.run(shares: "# a comment\ntests 30\nfuzz 30\naddress 30\nthread 30\n", seconds: [:])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // A phase of a few milliseconds takes 0 s, or 1 s when a second turns inside it.
        for name in ["tests", "fuzz", "address", "thread"] {
            #expect(result.stdout.contains(try Regex("ci: phase \(name) took [01] s \\(its share: 30 s\\)\n")), "\(result.stdout)")
        }
        #expect(result.stdout.contains(try Regex("ci: phase times: tests: [01] s of 30 s; fuzz: [01] s of 30 s; address: [01] s of 30 s; thread: [01] s of 30 s; ")))
    }

    @Test("a phase past its share is named with .ci/shares; strict, it fails the run; the later phases still run")
    func pastShare() throws {
        let lenient = try Self.run(shares: "tests 30\nfuzz 0\naddress 30\nthread 30\n", seconds: ["fuzz": 1.2])
        #expect(lenient.status == 0, "\(lenient.stdout)\(lenient.stderr)")
        #expect(lenient.stderr.contains("past its share of 0 s"), "\(lenient.stderr)")
        let result = try Self.run(shares: "tests 30\nfuzz 0\naddress 30\nthread 30\n", seconds: ["fuzz": 1.2], strictness: "1")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(try Regex("ci: phase fuzz took [12] s, past its share of 0 s \\(.ci/shares\\)")), "\(result.stderr)")
        #expect(result.stdout.contains("ci: phase thread took "), "\(result.stdout)")
    }

    @Test("by default: a phase a little past its share is only named; past it by more than a quarter, or all past the budget, fails")
    func defaultGuard() throws {
        // 9.05 s against a share of 8 (9 or 10 whole seconds): named, not failed (at most a quarter over).
        let little = try Self.run(shares: "tests 30\nfuzz 8\naddress 30\nthread 30\n", seconds: ["fuzz": 9.05], strictness: nil)
        #expect(little.status == 0, "\(little.stdout)\(little.stderr)")
        #expect(little.stderr.contains("past its share of 8 s") && !little.stderr.contains("more than a quarter"), "\(little.stderr)")
        #expect(little.stdout.contains(try Regex("ci: (9|10|11) s in all, of a budget of 98 s")), "\(little.stdout)")
        // 2.2 s against 1: more than a quarter over.
        let grown = try Self.run(shares: "tests 30\nfuzz 1\naddress 30\nthread 30\n", seconds: ["fuzz": 2.2], strictness: nil)
        #expect(grown.status == 1, "\(grown.stdout)\(grown.stderr)")
        #expect(grown.stderr.contains("ci: phase fuzz is past its share by more than a quarter: that fails the run"), "\(grown.stderr)")
        // Each phase within a quarter of its share of 8 s, together past the budget of 32 s.
        let over = try Self.run(shares: "tests 8\nfuzz 8\naddress 8\nthread 8\n",
                                seconds: ["tests": 9.05, "fuzz": 9.05, "address": 9.05, "thread": 9.05], strictness: nil)
        #expect(over.status == 1, "\(over.stdout)\(over.stderr)")
        #expect(!over.stderr.contains("more than a quarter"), "\(over.stderr)")
        #expect(over.stderr.contains(try Regex("ci: the phases took (3[6-9]|4[0-4]) s, past the budget of 32 s: that fails the run")), "\(over.stderr)")
    }

    @Test("a phase that fails fails the run; a phase with no share is a usage error before it runs")
    func failureAndMissingShare() throws {
        let failed = try Self.run(shares: "tests 30\nfuzz 30\naddress 30\nthread 30\n", seconds: [:], status: ["address": 3])
        #expect(failed.status == 1 && failed.stderr.contains("ci: phase address failed"), "\(failed.stderr)")
        let missing = try Self.run(shares: "tests 30\nfuzz 30\naddress 30\n", seconds: [:])
        #expect(missing.status == 64 && missing.stderr.contains("ci: phase thread has no share in .ci/shares"), "\(missing.stderr)")
    }

    @Test("the shares in the repository add up to at most 45 minutes, half of CI's 90")
    func sharesAddUp() throws {
        let text = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent(".ci/shares"), encoding: .utf8)
        let seconds = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(seconds.count == 4)
        #expect(seconds.reduce(0, +) <= 2700, "\(seconds)")
    }
}
