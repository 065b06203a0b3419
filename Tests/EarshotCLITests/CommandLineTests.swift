import Foundation
import Testing

@Suite("The earshot command line")
struct CommandLineTests {
    @Test("--help prints OVERVIEW, USAGE and the commands and exits 0")
    func helpExitsZero() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("USAGE:"))
        #expect(result.stdout.contains("  voices "))
    }

    @Test("an unknown command exits 64 and suggests the nearest one")
    func unknownCommandIsUsageError() throws {
        let result = try CLIRunner.run(["voice"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("did you mean \"voices\"?"))
    }

    @Test("a misspelled option before the command is an unknown option with the nearest one (--verison)")
    func unknownTopLevelOption() throws {
        let result = try CLIRunner.run(["--verison"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: unknown option --verison; did you mean \"--version\"?"), "\(result.stderr)")
        #expect(!result.stderr.contains("unknown command"), "\(result.stderr)")
    }

    @Test("an option other tools have says how Earshot does the same (check --no-audio)")
    func optionHints() throws {
        let result = try CLIRunner.run(["check", "--no-audio", "x.json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option --no-audio (audio is written only when asked: -o FILE.wav"), "\(result.stderr)")
    }

    @Test("a suite path that is not there suggests the nearest name in its folder (test sample)")
    func missingSuitePathSuggestion() throws {
        let result = try CLIRunner.run(["test", "sample"], currentDirectory: CLIRunner.repositoryRoot)
        #expect(result.status == 74 || result.status == 65 || result.status == 64, "\(result.status)")
        #expect(result.stderr.contains("sample: error: no such file or folder; did you mean \"samples\"?"), "\(result.stderr)")
        let nested = try CLIRunner.run(["test", "samples/scenario"], currentDirectory: CLIRunner.repositoryRoot)
        #expect(nested.stderr.contains("did you mean \"samples/scenarios\"?"), "\(nested.stderr)")
    }

    @Test("no command at all is a usage error")
    func noCommandIsUsageError() throws {
        let result = try CLIRunner.run([])
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE:"))
    }

    @Test("voices lists the bundled Korean and English profiles")
    func voicesListsProfiles() throws {
        let result = try CLIRunner.run(["voices"])
        #expect(result.status == 0)
        let voices = CLIRunner.repositoryRoot.appendingPathComponent("voices").path
        #expect(result.stdout.contains("ko  Korean (default)"))
        #expect(result.stdout.contains("(EARSHOT_VOICES: \(voices)/ko.json)"))
        #expect(result.stdout.contains("en  English"))
    }
}
