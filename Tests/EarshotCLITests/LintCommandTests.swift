import Foundation
import Testing

@Suite("earshot lint")
struct LintCommandTests {
    static let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples/lint")
    static let before = samples.appendingPathComponent("shop-before.json").path
    static let after = samples.appendingPathComponent("shop-after.json").path

    @Test("a screen with an error-level finding prints the golden findings and exits 1")
    func beforeExitsOne() throws {
        // From the repository root, so the positions are the golden's relative ones.
        let result = try CLIRunner.run(["lint", "samples/lint/shop-before.json"], currentDirectory: CLIRunner.repositoryRoot)
        #expect(result.status == 1, "\(result.stderr)")
        let golden = try String(contentsOf: Self.samples.appendingPathComponent("shop-before.findings.txt"), encoding: .utf8)
        #expect(result.stdout == "samples/lint/shop-before.json: 12 findings (1 error, 9 warnings, 2 notes)\n" + golden)
    }

    @Test("a clean screen prints a no findings line and exits 0")
    func afterExitsZero() throws {
        let result = try CLIRunner.run(["lint", Self.after])
        #expect(result.status == 0)
        #expect(result.stdout == "\(Self.after): no findings\n")
    }

    @Test("only warnings exit 0, and --severity error hides them")
    func warningsOnly() throws {
        let folder = try CLIRunner.temporaryFolder()
        let path = folder.appendingPathComponent("warn.json").path
        try #"{"elements": [{"id": "cart", "kind": "button", "label": "장바구니 버튼"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let all = try CLIRunner.run(["lint", path])
        #expect(all.status == 0)
        #expect(all.stdout.contains("warning label.repeats-trait [cart]"))
        let errorsOnly = try CLIRunner.run(["lint", "--severity", "error", path])
        #expect(errorsOnly.status == 0)
        #expect(errorsOnly.stdout == "\(path): no findings\n")
    }

    @Test("--voice en checks labels against the English trait words")
    func englishVoice() throws {
        let folder = try CLIRunner.temporaryFolder()
        let path = folder.appendingPathComponent("en.json").path
        try #"{"elements": [{"id": "cart", "kind": "button", "label": "Cart button"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["lint", path]).stdout == "\(path): no findings\n")
        let english = try CLIRunner.run(["lint", "--voice", "en", path])
        #expect(english.stdout.contains(#"spoken as "Cart button, Button""#))
    }

    @Test("--findings writes every file's findings as a JSON array that names the files")
    func findingsFile() throws {
        let output = try CLIRunner.temporaryFolder().appendingPathComponent("findings.json")
        let result = try CLIRunner.run(["lint", "--findings", output.path, Self.before, Self.after])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\n\n\(Self.after): no findings\n"))
        let array = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [[String: Any]]
        #expect(array?.count == 12)
        #expect(array?.map { $0["code"] as? String } == [
            "label.missing", "target.below-platform", "label.file-name", "target.below-platform", "focus.fragmented", "stops.duplicate-adjacent", "label.repeats-trait",
            "label.unnamed-symbol", "label.only-symbols", "label.ambiguous-abbreviation", "label.language-mismatch",
            "speech.ipa-unmapped",
        ])
        #expect(array?.allSatisfy { $0["source"] as? String == Self.before } == true)
        #expect(array?.first?["time"] is NSNull)
    }

    @Test("a malformed screen file exits 65 naming file, line and column, after checking the others")
    func malformedIsDataError() throws {
        let folder = try CLIRunner.temporaryFolder()
        let path = folder.appendingPathComponent("bad.json").path
        try "{\n  \"elements\": [\n    {\"id\": \"a\", \"kind\": \"buton\"}\n  ]\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["lint", path, Self.after])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):3:"))
        #expect(result.stderr.contains("did you mean \"button\"?"))
        #expect(result.stdout.contains("\(Self.after): no findings"))
    }

    @Test("a missing screen file or an unwritable findings file exits 74")
    func ioErrors() throws {
        #expect(try CLIRunner.run(["lint", "/nonexistent/screen.json"]).status == 74)
        let unwritable = try CLIRunner.run(["lint", "--findings", "/nonexistent-folder/findings.json", Self.after])
        #expect(unwritable.status == 74)
        #expect(unwritable.stderr.contains("/nonexistent-folder/findings.json"))
    }

    @Test("no screen file or an unknown severity is a usage error")
    func usageErrors() throws {
        #expect(try CLIRunner.run(["lint"]).status == 64)
        let badSeverity = try CLIRunner.run(["lint", "--severity", "fatal", Self.after])
        #expect(badSeverity.status == 64)
        #expect(badSeverity.stderr.contains("error, warning, note"))
    }

    @Test("--help describes the command and the top-level help lists it")
    func help() throws {
        let help = try CLIRunner.run(["lint", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: "))
        #expect(help.stdout.contains("--severity LEVEL"))
        #expect(try CLIRunner.run(["--help"]).stdout.contains("  lint "))
    }

    @Test("-q prints only the files with findings, as check, test and render take -q")
    func quietSkipsCleanFiles() throws {
        let root = CLIRunner.repositoryRoot
        let full = try CLIRunner.run(["lint", Self.after, "samples/lint/shop-before.json"], currentDirectory: root)
        let quiet = try CLIRunner.run(["lint", "-q", Self.after, "samples/lint/shop-before.json"], currentDirectory: root)
        #expect(quiet.status == full.status && quiet.status == 1)
        #expect(full.stdout.hasPrefix("\(Self.after): no findings\n\n"), "\(full.stdout)")
        #expect(quiet.stdout == String(full.stdout.dropFirst("\(Self.after): no findings\n\n".count)), "\(quiet.stdout)")
        #expect(quiet.stdout.hasPrefix("samples/lint/shop-before.json: 12 findings"))
        let clean = try CLIRunner.run(["lint", "--quiet", Self.after])
        #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean.stdout)")
    }
}
