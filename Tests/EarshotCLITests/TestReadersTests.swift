import Foundation
import Testing

/// `earshot test --readers nvda,voiceover,talkback` as a user runs it: the built binary over the
/// mobile samples of `samples/web` in real Chromium with real speech, each scenario under every
/// reader and the steps set side by side (docs/test-suites.md, "Under several screen readers").
@Suite("test --readers: one web suite under several screen readers", .serialized)
struct TestReadersTests {
    static let root = CLIRunner.repositoryRoot

    /// The lines of a step of the comparison: its header, then one per reader when they differ.
    static func step(_ header: String, in output: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: header) else { return [] }
        return Array(lines[(start + 1)...].prefix { $0.hasPrefix("  ") })
    }

    @Test("signin under NVDA, VoiceOver and TalkBack: a line per reader, then each step with what each said, marked where they differ; JUnit and the findings name the reader")
    func signIn() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("readers.xml")
        let findings = folder.appendingPathComponent("readers.json")
        let result = try CLIRunner.run(["test", "--readers", "nvda,voiceover,talkback", "samples/web/signin-talkback.json",
                                        "--junit", junit.path, "--findings", findings.path], currentDirectory: Self.root)
        let out = result.stdout
        // Each reader's run: the golden (TalkBack's) is compared under TalkBack only.
        #expect(out.contains("PASS  samples/web/signin-talkback.json @ nvda  ("), "\(out)")
        #expect(out.contains("PASS  samples/web/signin-talkback.json @ voiceover  ("), "\(out)")
        #expect(out.contains("PASS  samples/web/signin-talkback.json @ talkback  ("), "\(out)")
        #expect(out.contains("PASS  samples/web/signin-talkback.json @ readers nvda, voiceover, talkback  ("), "\(out)")
        // The first swipe: each reader's words for the banner's heading.
        let first = Self.step("line 10 (next): differs", in: out)
        #expect(first == [
            "  nvda: \"TODO\"",
            "  voiceover: \"Earshot shop, heading level 1, banner, landmark\"",
            "  talkback: \"Earshot shop, heading 1\"",
        ], "\(out)")
        // The field: TalkBack says its hint after its words, VoiceOver too, NVDA none.
        let field = Self.step("line 19 (next): differs", in: out)
        #expect(field.contains("  voiceover: \"Email, text field, required\" then \"double tap to edit\""), "\(field)")
        #expect(field.contains("  talkback: \"Required, Email, Edit box\" then \"Double-tap to edit text\""), "\(field)")
        #expect(result.status == 0, "\(out)\(result.stderr)")

        let xml = try String(contentsOf: junit, encoding: .utf8)
        for (suite, property) in [("samples/web/signin-talkback.json @ nvda", "<property name=\"reader\" value=\"nvda\"/>"),
                                  ("samples/web/signin-talkback.json @ voiceover", "<property name=\"reader\" value=\"voiceover\"/>"),
                                  ("samples/web/signin-talkback.json @ talkback", "<property name=\"reader\" value=\"talkback\"/>"),
                                  ("samples/web/signin-talkback.json @ readers nvda, voiceover, talkback",
                                   "<property name=\"readers\" value=\"nvda,voiceover,talkback\"/>")] {
            #expect(xml.contains("<testsuite name=\"\(suite)\""), "\(suite)\n\(xml)")
            #expect(xml.contains(property), "\(property)")
        }
        // The golden case only under the scenario's own reader.
        #expect(xml.components(separatedBy: "name=\"golden transcript\"").count - 1 == 1, "\(xml)")
        #expect(xml.contains("name=\"words compared across readers\""))
        #expect(xml.contains("  voiceover: &quot;Earshot shop, heading level 1, banner, landmark&quot;"), "\(xml)")
        let json = try String(contentsOf: findings, encoding: .utf8)
        if json != "[]\n" {
            #expect(json.contains("\"reader\": "), "\(json)")
        }
    }

    @Test("deliveries under VoiceOver and TalkBack: the table's cells aligned step by step, in each reader's words")
    func deliveries() throws {
        let result = try CLIRunner.run(["test", "--readers", "voiceover,talkback", "samples/web/deliveries-voiceover.json"],
                                       currentDirectory: Self.root)
        let out = result.stdout
        #expect(out.contains("PASS  samples/web/deliveries-voiceover.json @ voiceover  (0 expectations)"), "\(out)")
        #expect(out.contains("PASS  samples/web/deliveries-voiceover.json @ talkback  (0 expectations written for voiceover: all hold)"), "\(out)")
        let cell = Self.step("line 19 (next): differs", in: out)
        #expect(cell.first == "  voiceover: \"Day, column header, row 1, column 1, table start, 4 rows, 4 columns\"", "\(out)")
        #expect(cell.count == 2 && cell[1].hasPrefix("  talkback: "), "\(cell)")
        #expect(result.status == 0, "\(out)\(result.stderr)")
    }

    @Test("a scenario written for NVDA: under VoiceOver its expectations are reported with VoiceOver's words, not judged, and its golden is not compared")
    func expectationsUnderAnotherReader() throws {
        let result = try CLIRunner.run(["test", "--readers", "nvda,voiceover", "samples/web/signin-form.json"], currentDirectory: Self.root)
        let out = result.stdout
        #expect(out.contains("PASS  samples/web/signin-form.json @ nvda  (4 expectations"), "\(out)")
        #expect(out.contains("samples/web/signin-form.json @ voiceover"), "\(out)")
        #expect(out.contains("not judged: samples/web/signin-form.json:"), "\(out)")
        #expect(!out.contains("signin-form.json @ voiceover: the transcript differs"), "\(out)")
    }

    @Test("an unknown reader is a usage error with the nearest name; one reader, --reader beside it, or an app's screens are refused")
    func usage() throws {
        let typo = try CLIRunner.run(["test", "--readers", "nvda,voicover", "samples/web/signin-talkback.json"], currentDirectory: Self.root)
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("--readers: unknown screen reader \"voicover\"; did you mean \"voiceover\"? (valid: voiceover, talkback, nvda"),
                "\(typo.stderr)")
        let one = try CLIRunner.run(["test", "--readers", "nvda", "samples/web/signin-talkback.json"], currentDirectory: Self.root)
        #expect(one.status == 64 && one.stderr.contains("--readers needs two readers or more to compare; for one, give --reader nvda"), "\(one.stderr)")
        let twice = try CLIRunner.run(["test", "--readers", "nvda,nvda", "samples/web/signin-talkback.json"], currentDirectory: Self.root)
        #expect(twice.status == 64 && twice.stderr.contains("--readers names nvda twice"), "\(twice.stderr)")
        let both = try CLIRunner.run(["test", "--readers", "nvda,talkback", "--reader", "nvda", "samples/web/signin-talkback.json"],
                                     currentDirectory: Self.root)
        #expect(both.status == 64 && both.stderr.contains("give one of them"), "\(both.stderr)")
        let app = try CLIRunner.run(["test", "--readers", "voiceover,talkback", "samples/web/signin-talkback.json", "samples/scenarios/cart-delayed.json"],
                                    currentDirectory: Self.root)
        #expect(app.status == 64, "\(app.stdout)\(app.stderr)")
        #expect(app.stderr.contains("--readers compares screen readers on web pages, and samples/scenarios/cart-delayed.json plays an app's screens"),
                "\(app.stderr)")
        #expect(!app.stdout.contains("PASS"), "nothing runs: \(app.stdout)")
    }
}
