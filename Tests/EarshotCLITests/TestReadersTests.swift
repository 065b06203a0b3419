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

    @Test("signin under NVDA, VoiceOver and TalkBack: a line per reader, then each step with what each said, marked where they differ; JUnit and SARIF name the reader")
    func signIn() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("readers.xml")
        let sarif = folder.appendingPathComponent("readers.sarif")
        let result = try CLIRunner.run(["test", "--readers", "nvda,voiceover,talkback", "samples/web/signin-talkback.json",
                                        "--junit", junit.path, "--sarif", sarif.path], currentDirectory: Self.root)
        let out = result.stdout
        // Each reader's run: the golden (TalkBack's) is compared under TalkBack only.
        #expect(out.contains("PASS  samples/web/signin-talkback.json @ nvda  ("), "\(out)")
        #expect(out.contains("PASS  samples/web/signin-talkback.json @ voiceover  ("), "\(out)")
        #expect(out.contains("PASS  samples/web/signin-talkback.json @ talkback  ("), "\(out)")
        #expect(out.contains("PASS  samples/web/signin-talkback.json @ readers nvda, voiceover, talkback  ("), "\(out)")
        // The page loaded: NVDA says nothing, VoiceOver the title, TalkBack the document Chrome focuses.
        #expect(Self.step("page loaded: differs", in: out) == [
            "  nvda: nothing",
            "  voiceover: \"Earshot shop: sign in\"",
            "  talkback: \"Earshot shop: sign in, Webview\"",
        ], "\(out)")
        // The first swipe: each reader's words for the banner's heading.
        let first = Self.step("line 10 (next): differs", in: out)
        #expect(first == [
            "  nvda: \"banner landmark heading level 1 Earshot shop\"",
            "  voiceover: \"Earshot shop, heading level 1, banner, landmark\"",
            "  talkback: \"Earshot shop, heading 1\"",
        ], "\(out)")
        // The field: TalkBack says its hint after its words, VoiceOver too, NVDA none.
        let field = Self.step("line 19 (next): differs", in: out)
        #expect(field.contains("  voiceover: \"Email, text field, required\" then \"double tap to edit\""), "\(field)")
        #expect(field.contains("  talkback: \"Required, Email, Edit box\" then \"Double-tap to edit text\""), "\(field)")
        // Where every reader says the same, one line.
        #expect(out.contains("\nline 16 (next): the same under every reader: \"Email\"\n"), "\(out)")
        #expect(out.contains("(7 of 9 steps said differently)"), "\(out)")
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
        let log = try String(contentsOf: sarif, encoding: .utf8)
        // TalkBack's finding of the label read apart from its field names the reader it was heard by.
        #expect(log.contains("\"elements\": [\"labeltext-1\", \"email\"]"), "\(log)")
        #expect(log.contains("\"source\": \"samples/web/signin-talkback.json\", \"reader\": \"talkback\"}"), "\(log)")
    }

    @Test("deliveries under VoiceOver and TalkBack: the table's cells aligned step by step, in each reader's words")
    func deliveries() throws {
        let result = try CLIRunner.run(["test", "--readers", "voiceover,talkback", "samples/web/deliveries-voiceover.json"],
                                       currentDirectory: Self.root)
        let out = result.stdout
        #expect(out.contains("PASS  samples/web/deliveries-voiceover.json @ voiceover  (0 expectations)"), "\(out)")
        #expect(out.contains("PASS  samples/web/deliveries-voiceover.json @ talkback  (0 expectations written for voiceover: all hold)"), "\(out)")
        #expect(Self.step("line 19 (next): differs", in: out) == [
            "  voiceover: \"Day, column header, row 1, column 1, table start, 4 rows, 4 columns\"",
            "  talkback: \"Day, column header, Row 1\"",
        ], "\(out)")
        #expect(Self.step("line 16 (next): differs", in: out) == [
            "  voiceover: \"Arrival by city\"", "  talkback: \"Arrival by city, In table Arrival by city, 4 rows, 4 columns\"",
        ], "\(out)")
        #expect(out.contains("\nline 13 (next): the same under every reader: \"Parcels leave our Incheon warehouse every weekday.\"\n"), "\(out)")
        #expect(result.status == 0, "\(out)\(result.stderr)")
    }

    @Test("a scenario written for NVDA: under VoiceOver its expectations are reported with VoiceOver's words, not judged, and its golden is not compared")
    func expectationsUnderAnotherReader() throws {
        let result = try CLIRunner.run(["test", "--readers", "nvda,voiceover", "samples/web/signin-form.json"], currentDirectory: Self.root)
        let out = result.stdout
        #expect(out.contains("PASS  samples/web/signin-form.json @ nvda  (4 expectations"), "\(out)")
        #expect(out.contains("samples/web/signin-form.json @ voiceover"), "\(out)")
        #expect(out.contains("PASS  samples/web/signin-form.json @ voiceover  (4 expectations written for nvda: 4 not judged)"), "\(out)")
        #expect(out.contains("not judged: samples/web/signin-form.json:12:5: expected \"Sign in button\" spoken, but nothing with that text was said or asked for after"),
                "\(out)")
        // The step aligned: NVDA's words and VoiceOver's for the same Tab.
        #expect(Self.step("line 11 (tab): differs", in: out) == ["  nvda: \"Sign in button\"", "  voiceover: \"Sign in, button\""], "\(out)")
        // A live region's word lost under both: the fate is said with the words.
        #expect(Self.step("line 10 (tab): differs", in: out).first == "  nvda: \"invalid entry\" (dropped: replacedByUserGesture) then \"Password edit protected required blank\"",
                "\(out)")
        #expect(result.status == 0, "\(out)\(result.stderr)")
        #expect(!out.contains("signin-form.json @ voiceover: the transcript differs"), "\(out)")
    }

    @Test("a live region's words go with the step that set it off, a page's own change after the step before it; VoiceOver loses the assertive error and fails")
    func liveRegions() throws {
        let result = try CLIRunner.run(["test", "--readers", "nvda,voiceover,talkback", "samples/web/shop-cart.json"], currentDirectory: Self.root)
        let out = result.stdout
        #expect(Self.step("line 14 (page: click pay): differs", in: out) == [
            "  nvda: \"Pay button\" then \"Enter a card number to pay.\"",
            "  voiceover: \"Pay, button\" then \"Enter a card number to pay.\" (dropped: postedDuringGestureSpeech)",
            "  talkback: \"Pay, button\" then \"Double-tap to activate\" (dropped: cancelledByNewEvent) then \"Enter a card number to pay.\"",
        ], "\(out)")
        // The cart's polite region, changed by the page's timer after the double tap, heard after
        // the swipe that came 0.1 s later, before the next.
        #expect(out.contains("\n  talkback: \"Cart: empty, status\"\nlive region cart: the same under every reader: \"Cart: 1 item\"\nline 13 (next): "), "\(out)")
        #expect(out.contains("FAIL  samples/web/shop-cart.json @ voiceover: 1 unexpected error finding"), "\(out)")
        #expect(result.status == 1)
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
