import EarshotAudio
import EarshotCore
import Foundation
import Testing

/// Dumps of real apps through the built binary: read, import, lint, render, and their errors.
@Suite("Real app dumps on the command line", .serialized)
struct DumpCommandTests {
    static let dumps = CLIRunner.repositoryRoot.appendingPathComponent("samples/dumps")
    static let keyboards = dumps.appendingPathComponent("settings-keyboards.xml").path

    @Test("read --no-audio prints the dump's golden read-out and says what the dump cannot tell in one note")
    func readPrintsGoldenAndNotes() throws {
        let result = try CLIRunner.run(["read", "--no-audio", Self.keyboards])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try String(contentsOfFile: Self.keyboards.replacingOccurrences(of: ".xml", with: ".read.txt"), encoding: .utf8)))
        let notes = result.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(notes.count == 1, "\(result.stderr)")
        let note = try #require(notes.first)
        // Short, each gap by its name, the reasons left to the docs.
        #expect(note == "\(Self.keyboards): note: what this page source cannot tell: the app's own hints, custom actions, traits, "
                + "which elements are accessible, its language (read as en, told from its letters); why: docs/import.md, \"What a dump cannot say\"",
                "\(note)")
        #expect(note.count < 300)
        // The default hint the note speaks of is indeed heard.
        #expect(result.stdout.contains("(hint: 설정을 끄거나 켜려면 이중 탭 하십시오.)"))
        #expect(!note.contains("hints are not heard"))
    }

    @Test("the dump's note is said once a run, silent with -q: read, lint, import, render")
    func noteOnceAndQuiet() throws {
        let top = Self.keyboards.replacingOccurrences(of: "settings-keyboards", with: "settings-top")
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two dumps with the same gaps: one note for the run.
        let render = try CLIRunner.run(["render", "-o", folder.appendingPathComponent("a").path, Self.keyboards, top])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.components(separatedBy: "cannot tell").count - 1 == 1, "\(render.stderr)")
        for arguments in [["render", "-q", "-o", folder.appendingPathComponent("b").path, Self.keyboards],
                          ["read", "-q", "--no-audio", Self.keyboards], ["lint", "-q", Self.keyboards],
                          ["import", "-q", Self.keyboards, "-o", folder.appendingPathComponent("k.json").path]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("note:"), "\(arguments): \(result.stderr)")
        }
    }

    @Test("import writes a screen file that reads as the dump does, keeping identifiers and frames")
    func importThenRead() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["settings-top", "settings-keyboards", "calendar-day-ja", "sleeplockscreen-ios26-traits", "ios26-settings-root"] {
            let dump = Self.dumps.appendingPathComponent("\(name).xml").path
            let output = folder.appendingPathComponent("\(name).json").path
            let imported = try CLIRunner.run(["import", dump, "-o", output])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.hasPrefix("wrote \(output): "))
            let fromDump = try CLIRunner.run(["read", "--no-audio", dump])
            let fromFile = try CLIRunner.run(["read", "--no-audio", output])
            #expect(fromFile.stdout == fromDump.stdout, "\(name)")
            #expect(fromFile.stderr.isEmpty, "an Earshot screen file has no notes")
        }
        let text = try String(contentsOfFile: folder.appendingPathComponent("sleeplockscreen-ios26-traits.json").path, encoding: .utf8)
        #expect(text.contains(#"{ "id": "UIA.Snooze.Button", "kind": "button", "label": "稍后提醒", "identifier": "UIA.Snooze.Button", "traits": ["notEnabled"], "frame": [16, 400, 370, 52] }"#))
        #expect(text.contains("Imported by earshot import from sleeplockscreen-ios26-traits.xml (WebDriverAgent page source (XML))."))
    }

    @Test("import refuses to write over the dump it reads, and --format names the valid formats")
    func importGuards() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("dump.xml").path
        try FileManager.default.copyItem(atPath: Self.keyboards, toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let overwrite = try CLIRunner.run(["import", copy, "-o", copy])
        #expect(overwrite.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        let bogus = try CLIRunner.run(["read", "--no-audio", "--format", "wda-yaml", copy])
        #expect(bogus.status == 64)
        #expect(bogus.stderr.contains("wda-xml, wda-json, idb-json"))
        let forced = try CLIRunner.run(["read", "--no-audio", "--format", "wda-json", copy])
        #expect(forced.status == 65, "XML read as JSON is bad data")
        #expect(forced.stderr.contains("\(copy):1:1: error:"), "\(forced.stderr)")
    }

    @Test("a malformed dump exits 65 naming file, line and column")
    func malformedDump() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cut.xml").path
        let text = try String(contentsOfFile: Self.keyboards, encoding: .utf8)
        // Cut the file inside the second cell's start tag: the XML ends too early.
        let lines = text.components(separatedBy: "\n")
        try (lines.prefix(29).joined(separator: "\n") + "\n" + lines[29].prefix(40)).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["lint", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):30:"), "\(result.stderr)")
        #expect(result.stderr.contains("malformed XML"))
    }

    @Test("render speaks every stop of a dump with real synthesis, keyed by the element's identifier and line")
    func renderDump() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = Self.dumps.appendingPathComponent("sleeplockscreen-ios26-traits.xml").path
        let result = try CLIRunner.run(["render", "--quiet", "-o", folder.path, dump])
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        let lines = manifest.split(separator: "\n")
        #expect(lines.count == 3, "two stops and the read-all line: the invisible alarm button on screen is not reached")
        #expect(lines[0].contains(#""line":22,"key":"UIA.Snooze.Button","voice":"ko","text":"稍后提醒, 흐리게 표시됨, 버튼""#), "\(lines[1])")
        let snooze = try WAVFile.read(path: folder.appendingPathComponent("ko/sleeplockscreen-ios26-traits/UIA.Snooze.Button.wav").path)
        #expect(snooze.duration > 1, "real speech, not silence")
        #expect(snooze.samples.contains { abs(Int($0)) > 1000 })
    }

    @Test("lint on the bundled dumps of real apps finds no label or focus problem, only touch targets under iOS's 44 points; on the sign-up form it finds the four problems")
    func lintDumps() throws {
        let real = try CLIRunner.run(["lint"] + ["settings-top", "settings-keyboards", "calendar-day-ja", "sleeplockscreen-ios26-traits"]
            .map { Self.dumps.appendingPathComponent("\($0).xml").path })
        #expect(real.status == 0, "\(real.stdout)")
        #expect(real.stdout.components(separatedBy: ": no findings").count == 3)
        // Apple's own small controls: the footer link of Keyboards (33 high) and Calendar's
        // toolbar and week strip (34 to 40 high) are under the platform's size.
        let found = real.stdout.split(separator: "\n").filter { $0.contains(": warning ") || $0.contains(": error ") || $0.contains(": note ") }
        #expect(found.count == 11)
        #expect(found.allSatisfy { $0.contains(": warning target.below-platform [") }, "\(found)")
        #expect(real.stdout.contains(#"[link-About-Dictation-and-Privacy]: "link-About-Dictation-and-Privacy" ("About Dictation and Privacy…") is 350 by 33 points, smaller than iOS's 44 by 44 points."#))
        let form = CLIRunner.repositoryRoot.appendingPathComponent("samples/lint/signup-before.xml").path
        let before = try CLIRunner.run(["lint", form])
        #expect(before.status == 1)
        #expect(before.stdout.hasPrefix("\(form): 4 findings (2 errors, 2 warnings)"), "\(before.stdout)")
    }

    @Test("explore walks a dump: a switch row, then activating it turns it on")
    func exploreDump() throws {
        let script = "next\nidle\nnext\nidle\nlast\nidle\nactivate\nidle\n"
        let result = try CLIRunner.run(["explore", "--no-audio", Self.keyboards], input: Data(script.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("speaking #3 element: Keyboards, 머리말"), "\(result.stdout)")
        #expect(result.stdout.contains("element: Smart Fullwidth Space, 스위치 버튼, 켬"), "\(result.stdout)")
        // Activating flips it, and only the new state is said (docs/desk-checks.md, "What a double tap says").
        #expect(result.stdout.contains("double tap: activated"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("element: 끔\n"), "activating flips it: \(result.stdout)")
    }
}
