import Foundation
import Testing

/// A file of the wrong kind is answered with what it is and which command takes it, not with a
/// syntax error about the kind it is not (`check screen.json` once said `unknown key
/// "elements"`, `check dump.xml` `unexpected character '<'`, `read photo.png` that the file is
/// not UTF-8).
@Suite("Files of the wrong kind are named for what they are")
struct WrongKindTests {
    static let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples")

    static let files: [String: String] = [
        "screen": "samples/screens/product-detail.json",
        "dump": "samples/dumps/settings-top.xml",
        "scenario": "samples/scenarios/cart-immediate.json",
        "findings": "samples/scenarios/cart-walkthrough.findings.json",
        "png": "docs/images/cart-walkthrough.png",
        "part": "samples/suite/board-app.json",
    ]

    static func path(_ kind: String) -> String { CLIRunner.repositoryRoot.appendingPathComponent(files[kind]!).path }

    @Test("each command says what the file is and what takes it", arguments: [
        (["check"], "screen", "is a screen file, not a scenario: hear it with earshot read, check it with earshot lint"),
        (["check"], "dump", "is an accessibility dump (WebDriverAgent page source), not a scenario: hear it with earshot read"),
        (["check"], "png", "is a PNG image, not a scenario"),
        (["check"], "part", "is a part of scenarios (screens, app or reader for include), not a scenario: a scenario takes it in with \"include\""),
        (["read", "--no-audio"], "scenario", "is a scenario, not a screen (a screen file or an accessibility dump): run it with earshot check"),
        (["read", "--no-audio"], "png", "is a PNG image, not a screen (a screen file or an accessibility dump)"),
        (["lint"], "findings", "is a findings file, not a screen (a screen file or an accessibility dump): earshot check, lint and test write it (test keeps one beside each scenario as its golden), and earshot merge joins shards' findings files"),
        (["import"], "scenario", "is a scenario, not a screen"),
        (["explore", "--no-audio"], "png", "is a PNG image, not a screen"),
    ])
    func named(command: [String], kind: String, words: String) throws {
        let path = Self.path(kind)
        let result = try CLIRunner.run(command + [path], input: Data())
        #expect(result.status == 64, "\(command) \(kind): \(result.stderr)")
        #expect(result.stderr.contains("error: \(path) \(words)"), "\(command) \(kind): \(result.stderr)")
        #expect(!result.stderr.contains("UTF-8") && !result.stderr.contains("unknown key"), "\(result.stderr)")
    }

    @Test("a label table, an Android dump and a binary file given to the wrong command")
    func tablesAndOthers() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = folder.appendingPathComponent("labels.csv").path
        try "id,label\ncart,장바구니\n".write(toFile: table, atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["check", table])
        #expect(check.status == 64 && check.stderr.contains("is a CSV table of labels, not a scenario: render it with earshot render"), "\(check.stderr)")
        let android = folder.appendingPathComponent("window.xml").path
        try #"<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node class="android.widget.Button" text="OK"/></hierarchy>"#
            .write(toFile: android, atomically: true, encoding: .utf8)
        // An Android dump is a screen: read hears it, check names it and says what takes it.
        let read = try CLIRunner.run(["read", "--no-audio", android])
        #expect(read.status == 0 && read.stdout.hasSuffix("\n1/1 button-OK: OK, 버튼\n"), "\(read.stdout)\(read.stderr)")
        let checked = try CLIRunner.run(["check", android])
        #expect(checked.status == 64 && checked.stderr.contains("is an Android uiautomator dump, not a scenario: hear it with earshot read, check it with earshot lint"), "\(checked.stderr)")
        let render = try CLIRunner.run(["render", "-q", Self.path("png"), "-o", folder.appendingPathComponent("out").path])
        #expect(render.status == 64 && render.stderr.contains("is a PNG image, not an input render takes"), "\(render.stderr)")
        // A run without findings writes `[]`: named for what it is, by its name.
        let none = folder.appendingPathComponent("quiet.findings.json").path
        try "[]\n".write(toFile: none, atomically: true, encoding: .utf8)
        let empty = try CLIRunner.run(["lint", none])
        #expect(empty.status == 64 && empty.stderr.contains("\(none) is a findings file, not a screen"), "\(empty.stderr)")
        // A scenario with a real error keeps its own message.
        let broken = folder.appendingPathComponent("broken.json").path
        try #"{"screen": "x.json", "steps": [], "stepz": 1}"#.write(toFile: broken, atomically: true, encoding: .utf8)
        let kept = try CLIRunner.run(["check", broken])
        #expect(kept.status == 65 && kept.stderr.contains("unknown key \"stepz\""), "\(kept.stderr)")
    }

    @Test("read --no-audio -o DIR writes the files (it only keeps the device closed)")
    func noAudioWithOutput() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stops").path
        let result = try CLIRunner.run(["read", "--no-audio", "-o", out, Self.path("screen")])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files.count == 5 && files.allSatisfy { $0.hasSuffix(".wav") }, "\(files)")
        #expect(result.stdout.contains("wrote 5 WAV files to \(out)"))
    }

    @Test("no such audio device: the message says how to work without one", arguments: [
        (["speak", "확인"], "`earshot speak -o FILE.wav` (writes the speech to a file) or `--no-audio` (prints it only)"),
        (["read", "samples/screens/product-detail.json"], "`earshot read -o DIR` (one WAV per stop)"),
    ])
    func noDevice(arguments: [String], advice: String) throws {
        let result = try CLIRunner.run([arguments[0], "--device", "earshot-no-such-device"] + arguments.dropFirst(),
                                       currentDirectory: CLIRunner.repositoryRoot)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("note: no sound card is needed for \(advice)"), "\(result.stderr)")
    }
}
