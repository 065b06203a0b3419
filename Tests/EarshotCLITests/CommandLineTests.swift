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
