import Foundation
import Testing

/// Live regions on a real page in Chromium, heard through the one announcement core with
/// NVDA's rules (docs/web.md, section e): the page's own scripts change it on the browser's
/// virtual time, which runs with the desk check's clock, so the times below are exact.
@Suite("Web live regions heard as NVDA hears them", .serialized)
struct WebLiveRegionTests {
    static let fixtures = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/web")

    static func check(_ name: String) throws -> CLIRunner.Result {
        let result = try CLIRunner.run(["check", Self.fixtures.appendingPathComponent(name).path])
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test("a polite change during speech is heard after it; an assertive one goes ahead of the polite one; neither cuts")
    func priorities() throws {
        let lines = try Self.check("live-priorities.json").stdout.split(separator: "\n").map(String.init)
        // The paragraph is spoken to its end: nothing cuts it (NVDA's live regions never cancel speech).
        let story = try #require(lines.first { $0.contains("This paragraph is long enough") })
        #expect(story.contains("spoken to 00:04.723"), "\(story)")
        // The polite change came first (0.5 s), the assertive 200 ms later; the assertive one is
        // heard first (NEXT priority: after the utterance under way, ahead of the queue).
        let assertive = try #require(lines.firstIndex { $0.contains("\"Assertive news\"") })
        let polite = try #require(lines.firstIndex { $0.contains("\"Polite news\"") })
        #expect(assertive < polite)
        #expect(lines[assertive].hasPrefix("00:04.823  \"Assertive news\"  spoken to"), "\(lines[assertive])")
        #expect(lines[assertive].contains("live region assertive"))
        #expect(lines[polite].contains("spoken to") && lines[polite].contains("live region polite"), "\(lines[polite])")
    }

    @Test("a region inserted already filled is not heard; a change to it afterwards is")
    func insertedFilled() throws {
        let output = try Self.check("live-inserted.json").stdout
        // Never spoken (only the note and the finding name it).
        #expect(!output.contains("  \"Inserted already filled\"  "), "\(output)")
        #expect(output.contains("00:01.000  \"Changed after insertion\"  spoken to"), "\(output)")
    }

    @Test("aria-busy: a change made while busy is not heard, then or after, and is noted; the next change is heard")
    func busy() throws {
        let output = try Self.check("live-busy.json").stdout
        #expect(!output.contains("  \"Loaded while busy\"  "), "\(output)")
        #expect(output.contains("note: live region \"busy\" changed while aria-busy: \"Loaded while busy\" is not said"), "\(output)")
        #expect(output.contains("00:02.000  \"Loaded after busy\"  spoken to"), "\(output)")
    }

    @Test("aria-busy with the scenario's busyRegions hold (ARIA's intent): the changes wait, and the region's text when busy clears is heard then, once")
    func busyHeld() throws {
        let output = try Self.check("live-busy-hold.json").stdout
        // Nothing while busy: neither the half-way text nor the final one is said before 1 s.
        #expect(!output.contains("\"Half loaded\""), "\(output)")
        #expect(output.contains("00:01.000  \"Loaded while busy\"  spoken to"), "\(output)")
        #expect(output.components(separatedBy: "\"Loaded while busy\"").count == 2, "said once: \(output)")
        #expect(!output.contains("note: live region"), "\(output)")
        #expect(output.contains("00:03.000  \"Loaded after busy\"  spoken to"), "\(output)")
    }

    @Test("an alert that appears cuts the speech under way and is said with NVDA's role word")
    func alert() throws {
        let output = try Self.check("live-alert.json").stdout
        #expect(output.contains("cut at 00:01.000"), "\(output)")
        #expect(output.contains("00:01.000  \"alert Session expires soon\"  spoken to"), "\(output)")
    }

    @Test("the same scenario twice gives the same transcript: the page's time is the clock's, not the machine's")
    func deterministic() throws {
        let first = try Self.check("live-priorities.json").stdout
        let second = try Self.check("live-priorities.json").stdout
        #expect(first == second)
    }
}
