import EarshotAudio
import EarshotCore
import Foundation
import Testing

/// Outputs never destroy inputs or special files: each command refuses, with exit 64 and both
/// paths named, before it writes anything.
@Suite("Outputs never destroy inputs", .serialized)
struct OutputSafetyTests {
    static let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples")

    /// A copy of a sample in a fresh folder, and its bytes, to show it unchanged afterwards.
    func copy(_ sample: String, in folder: URL, as name: String? = nil) throws -> (path: String, bytes: Data) {
        let source = Self.samples.appendingPathComponent(sample)
        let target = folder.appendingPathComponent(name ?? source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: target)
        return (target.path, try Data(contentsOf: target))
    }

    func expectRefused(_ arguments: [String], keeps file: (path: String, bytes: Data), mentioning words: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == file.bytes, "\(file.path) is unchanged")
    }

    @Test("lint, check, render and import refuse an output that is one of their inputs")
    func outputIsInput() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try copy("lint/shop-before.json", in: folder)
        try expectRefused(["lint", "--findings", screen.path, screen.path], keeps: screen, mentioning: "is the input")

        let scenarios = folder.appendingPathComponent("scenarios")
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("scenarios"), to: scenarios)
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("screens"), to: folder.appendingPathComponent("screens"))
        let scenarioPath = scenarios.appendingPathComponent("cart-immediate.json").path
        let scenario = (scenarioPath, try Data(contentsOf: URL(fileURLWithPath: scenarioPath)))
        try expectRefused(["check", "--findings", scenarioPath, scenarioPath], keeps: scenario, mentioning: "is the input")
        // A screen file the scenario reads is an input too.
        let screenPath = folder.appendingPathComponent("screens/product-detail.json").path
        let detail = (screenPath, try Data(contentsOf: URL(fileURLWithPath: screenPath)))
        try expectRefused(["check", "--findings", screenPath, scenarioPath], keeps: detail, mentioning: "is the input")

        let labels = folder.appendingPathComponent("labels.txt")
        try "확인\n취소\n".write(to: labels, atomically: true, encoding: .utf8)
        let list = (labels.path, try Data(contentsOf: labels))
        try expectRefused(["render", "--quiet", "-o", folder.appendingPathComponent("out").path, "--manifest", labels.path, labels.path],
                          keeps: list, mentioning: "is the input")

        let dump = try copy("dumps/settings-top.xml", in: folder)
        try expectRefused(["import", dump.path, "-o", dump.path], keeps: dump, mentioning: "is the input")
        // Through a symbolic link to the input: still the same file.
        let link = folder.appendingPathComponent("alias.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dump.path)
        try expectRefused(["import", dump.path, "-o", link], keeps: dump, mentioning: "is the input")
    }

    @Test("render checks its manifest and index page against every file a scenario reads, and an input named index.html")
    func renderOutputsAgainstScenarioInputs() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("scenarios"), to: folder.appendingPathComponent("scenarios"))
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("dumps"), to: folder.appendingPathComponent("dumps"))
        let scenario = folder.appendingPathComponent("scenarios/android-signin.json").path
        // The dump the scenario reads as its screen, named as the manifest.
        let dumpPath = folder.appendingPathComponent("dumps/android/signin-handmade.xml").path
        let dump = (dumpPath, try Data(contentsOf: URL(fileURLWithPath: dumpPath)))
        try expectRefused(["render", "-q", "-o", folder.appendingPathComponent("out").path, "--manifest", dumpPath, scenario],
                          keeps: dump, mentioning: "is the input")
        // `render -o . --report` writes ./index.html: an input of that name is refused.
        let indexPath = folder.appendingPathComponent("index.html").path
        try "확인\n취소\n".write(toFile: indexPath, atomically: true, encoding: .utf8)
        let index = (indexPath, try Data(contentsOf: URL(fileURLWithPath: indexPath)))
        let result = try CLIRunner.run(["render", "-q", "-o", ".", "--report", "--format", "text", "index.html"], currentDirectory: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("is the input index.html"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: index.0)) == index.1)
    }

    @Test("speak -o does not replace a file that is not a WAV, a device node or a FIFO")
    func specialAndForeignFiles() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.json")
        try #"{"keep": true}"#.write(to: victim, atomically: true, encoding: .utf8)
        try expectRefused(["speak", "-o", victim.path, "확인"], keeps: (victim.path, try Data(contentsOf: victim)),
                          mentioning: "is not a WAV file")

        let fifo = folder.appendingPathComponent("pipe.wav").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = try CLIRunner.run(["speak", "-o", fifo, "확인"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType != .typeRegular)

        let null = try CLIRunner.run(["speak", "-o", "/dev/null", "확인"])
        #expect(null.status == 64)
        #expect(null.stderr.contains("/dev/null is a character device"), "\(null.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test("a symbolic link as output is written through: the link stays, its target gets the WAV")
    func symlinkWrittenThrough() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("takes/ok.wav").path
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("ok.wav").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "takes/ok.wav")
        let result = try CLIRunner.run(["speak", "-o", link, "확인"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "takes/ok.wav")
        #expect(try WAVFile.read(path: target).duration > 0.2)
        // A second take replaces the WAV the link points to, still through the link.
        #expect(try CLIRunner.run(["speak", "-o", link, "취소"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "takes/ok.wav")
    }

    @Test("test refuses a report over a scenario, a golden, an included part, a screen or an input named index.html")
    func testOutputsAreNotInputs() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = folder.appendingPathComponent("samples")
        try FileManager.default.createDirectory(at: samples, withIntermediateDirectories: true)
        for name in ["suite", "screens"] {
            try FileManager.default.copyItem(at: Self.samples.appendingPathComponent(name), to: samples.appendingPathComponent(name))
        }
        let suite = samples.appendingPathComponent("suite").path
        func file(_ relative: String) throws -> (path: String, bytes: Data) {
            let path = samples.appendingPathComponent(relative).path
            return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let scenario = try file("suite/delete-post.json")
        try expectRefused(["test", "--junit", scenario.path, suite], keeps: scenario, mentioning: "is the input \(scenario.path)")
        let golden = try file("suite/delete-post.transcript.txt")
        try expectRefused(["test", "--sarif", golden.path, suite], keeps: golden, mentioning: "is the input")
        let part = try file("suite/board-app.json")
        try expectRefused(["test", "--sarif", part.path, suite], keeps: part, mentioning: "is the input")
        let screen = try file("screens/board-list.json")
        try expectRefused(["test", "--junit", screen.path, suite], keeps: screen, mentioning: "is the input")
        // A part named index.html, in the folder --report writes its index into.
        let reader = samples.appendingPathComponent("suite/reader.json")
        try FileManager.default.moveItem(at: reader, to: samples.appendingPathComponent("suite/index.html"))
        for scenario in try FileManager.default.contentsOfDirectory(atPath: suite) where scenario.hasSuffix(".json") {
            let path = (suite as NSString).appendingPathComponent(scenario)
            let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "reader.json", with: "index.html")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let index = try file("suite/index.html")
        try expectRefused(["test", "--report", suite, suite], keeps: index, mentioning: "--report \(suite)/index.html is the input")
        // Nothing was written beside the inputs.
        #expect(!FileManager.default.fileExists(atPath: suite + "/delete-post.html"))
    }
}
