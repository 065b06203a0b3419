import Foundation
import Testing

/// Links planted where a command writes: in a folder the command owns (`read -o DIR`, `test
/// --report DIR`) a link is refused before anything is written; an output a user names is
/// written through a link, with a note saying where, but a read-only file is never replaced.
@Suite("Planted links in output folders", .serialized)
struct PlantedLinkTests {
    /// A read-only file outside the output folder, which a planted link points to.
    static func victim(in folder: URL, contents: Data = Data("keep me\n".utf8)) throws -> String {
        let path = folder.appendingPathComponent("victim").path
        #expect(FileManager.default.createFile(atPath: path, contents: contents))
        chmod(path, 0o444)
        return path
    }

    static func expectUntouched(_ victim: String, contents: Data = Data("keep me\n".utf8)) throws {
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == contents, "the link's target is unchanged")
        let mode = try FileManager.default.attributesOfItem(atPath: victim)[.posixPermissions] as? Int
        #expect(mode == 0o444, "its mode stays 444")
    }

    static func screen(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("screen.json").path
        try #"{"screen": "s", "elements": [{"id": "a", "kind": "button", "label": "확인", "frame": [0, 40, 200, 44]}, {"id": "b", "kind": "button", "label": "취소", "frame": [0, 100, 200, 44]}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("read -o DIR refuses a link planted in its folder and writes nothing")
    func readFolder() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try Self.screen(in: folder)
        let victim = try Self.victim(in: folder)
        let out = folder.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/002-b.wav", withDestinationPath: victim)
        let result = try CLIRunner.run(["read", "-o", out, screen])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("\(out)/002-b.wav is a symbolic link"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/001-a.wav"), "nothing was written")
        try Self.expectUntouched(victim)
    }

    @Test("test --report DIR refuses a link planted as its index or a scenario's page", arguments: ["index.html", "page"])
    func testReport(planted: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.screen(in: folder)
        let suite = folder.appendingPathComponent("suite")
        try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
        try #"{"title": "walk", "screen": "../screen.json", "steps": [{"gesture": "next", "at": 0}]}"#
            .write(to: suite.appendingPathComponent("walk.json"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("report").path
        let first = try CLIRunner.run(["test", "-q", "--update", "--report", out, suite.path])
        #expect(first.status == 0, "\(first.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".html") && $0 != "index.html" }
        #expect(pages.count == 1)
        let name = planted == "page" ? pages[0] : planted
        let victim = try Self.victim(in: folder)
        try FileManager.default.removeItem(atPath: out + "/" + name)
        try FileManager.default.createSymbolicLink(atPath: out + "/" + name, withDestinationPath: victim)
        let again = try CLIRunner.run(["test", "-q", "--report", out, suite.path])
        #expect(again.status == 64, "\(again.stderr)")
        #expect(again.stderr.contains("\(out)/\(name) is a symbolic link"), "\(again.stderr)")
        try Self.expectUntouched(victim)
    }

    @Test("an output a user names is written through a link with a note, but a read-only target is never replaced",
          arguments: ["import", "lint", "speak", "check-external"])
    func namedOutputs(command: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try Self.screen(in: folder)
        // A WAV victim for the WAV writers (speak refuses to replace anything but a WAV).
        var contents = Data("keep me\n".utf8)
        if command == "speak" || command == "check-external" {
            let made = folder.appendingPathComponent("made.wav").path
            #expect(try CLIRunner.run(["speak", "-o", made, "네"]).status == 0)
            contents = try Data(contentsOf: URL(fileURLWithPath: made))
        }
        let victim = try Self.victim(in: folder, contents: contents)
        let link = folder.appendingPathComponent(command == "check-external" ? "page.wav" : "out.link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let arguments: [String]
        switch command {
        case "import": arguments = ["import", CLIRunner.repositoryRoot.appendingPathComponent("samples/dumps/settings-top.xml").path, "-o", link]
        case "lint": arguments = ["lint", "--findings", link, screen]
        case "speak": arguments = ["speak", "-o", link, "확인"]
        default:
            let scenario = folder.appendingPathComponent("walk.json").path
            try #"{"title": "walk", "screen": "screen.json", "steps": [{"gesture": "next", "at": 0}]}"#
                .write(toFile: scenario, atomically: true, encoding: .utf8)
            arguments = ["check", "-q", "--report", folder.appendingPathComponent("page.html").path, "--report-audio", "external", scenario]
        }
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("is a symbolic link: Earshot writes the file it leads to, \(victim)"), "\(result.stderr)")
        #expect(result.stderr.contains("is a read-only file (a symbolic link to \(victim)): not replaced"), "\(result.stderr)")
        try Self.expectUntouched(victim, contents: contents)
        // A writable target is written through, the link kept.
        chmod(victim, 0o644)
        let written = try CLIRunner.run(arguments)
        #expect(written.status == 0 || written.status == 1, "\(written.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == victim)
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) != contents)
    }
}
