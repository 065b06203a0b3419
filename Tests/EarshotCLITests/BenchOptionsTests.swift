import Foundation
import Testing

/// `earshot-bench` reads its command line with `earshot`'s parser (EarshotCommandLine): typed
/// options, an unknown one refused with a suggestion before anything runs, help from the table.
@Suite("earshot-bench's typed options")
struct BenchOptionsTests {
    static let bench = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("earshot-bench").path

    static func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(executable: bench, arguments: arguments, environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test("a misspelt option gets the nearest one; a value out of range or not a number names the option; nothing runs")
    func refusals() throws {
        let misspelt = try Self.run(["live", "--trails", "3"])
        #expect(misspelt.status == 1 && misspelt.stderr.contains(#"unknown option --trails; did you mean "--trials"?"#), "\(misspelt.stderr)")
        let range = try Self.run(["live", "--trials", "500"])
        #expect(range.stderr.contains(#"--trials expects a whole number from 1 to 200, got "500""#), "\(range.stderr)")
        let list = try Self.run(["sizes", "--report-labels", "10,x"])
        #expect(list.stderr.contains("--report-labels expects positive whole numbers separated by commas"), "\(list.stderr)")
        let count = try Self.run(["screens", "many"])
        #expect(count.status == 1 && count.stderr.contains(#"ELEMENTS expects a positive number, got "many""#), "\(count.stderr)")
        let extra = try Self.run(["costs", "3"])
        #expect(extra.stderr.contains("takes no arguments besides its options"), "\(extra.stderr)")
        for result in [misspelt, range, list, count, extra] { #expect(result.stdout.isEmpty, "\(result.stdout)") }
    }

    @Test("each benchmark's --help is drawn from its options and arguments")
    func help() throws {
        let help = try Self.run(["web-check", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE:\n  earshot-bench web-check [options] [RUNS]\n"), "\(help.stdout)")
        #expect(help.stdout.contains("--baseline EARSHOT"), "\(help.stdout)")
        let normalize = try Self.run(["normalize", "--help"])
        for option in ["--count N", "--corpus FILE", "--repeat R", "--espeak-sample N", "--voice NAME", "--emoji"] {
            #expect(normalize.stdout.contains(option), "\(option): \(normalize.stdout)")
        }
    }
}
