import Foundation
import Testing

/// Odd inputs and what Earshot says of them: captures with CRLF line ends or control
/// characters, dumps that are not text, a reader that reads nothing of a screen, a full disk
/// under a suite's report.
@Suite("Odd inputs: line ends, exit codes, words", .serialized)
struct OddInputWordsTests {
    static let screen = #"{"screen": "s", "elements": [{"id": "a", "kind": "button", "label": "확인", "frame": [0, 40, 200, 44]}, {"id": "b", "kind": "button", "label": "취소", "frame": [0, 100, 200, 44]}, {"id": "c", "kind": "button", "label": "다음", "frame": [0, 160, 200, 44]}]}"#

    @Test("compare reads a capture with CRLF line ends, plain or JSON Lines, as it reads one with LF")
    func crlfCaptures() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = folder.appendingPathComponent("s.json").path
        try Self.screen.write(toFile: screen, atomically: true, encoding: .utf8)
        let lines = ["확인, 버튼", "취소 버튼", "다른 말"]
        for (name, text) in [("lf.txt", lines.joined(separator: "\n") + "\n"), ("crlf.txt", lines.joined(separator: "\r\n") + "\r\n"),
                             ("crlf.jsonl", lines.map { #"{"utterance": "\#($0)"}"# }.joined(separator: "\r\n") + "\r\n")] {
            let capture = folder.appendingPathComponent(name).path
            try text.write(toFile: capture, atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["compare", capture, screen])
            #expect(result.status == 1, "\(name): \(result.stderr)")
            #expect(result.stdout.hasSuffix("2 of 3 utterances agree\n"), "\(name): \(result.stdout)")
        }
    }

    @Test("compare prints a capture's control characters as their codes, never raw")
    func controlCharactersInCapture() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = folder.appendingPathComponent("s.json").path
        try Self.screen.write(toFile: screen, atomically: true, encoding: .utf8)
        // U+009B (a terminal's one-byte CSI) in plain text and in JSON Lines; a lone CR ends a line.
        for (name, text) in [("c.txt", "확인\u{9B}2J\r취소\n"), ("c.jsonl", #"{"utterance": "확인\u009b2J"}"# + "\n")] {
            let capture = folder.appendingPathComponent(name).path
            try text.write(toFile: capture, atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["compare", capture, screen])
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x0D }, "\(result.stdout)")
            #expect(result.stdout.contains("\"확인<U+009B>2J\""), "\(name): \(result.stdout)")
        }
    }

    @Test("a dump that is not UTF-8 is bad data (65) at its line; UTF-8 with ESC is named for the control character")
    func notText() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("latin1.xml")
        try Data("<?xml version=\"1.0\"?>\n<hierarchy rotation=\"0\">\n<node text=\"caf".utf8 + [0xE9] + "\" class=\"android.widget.Button\" bounds=\"[0,0][10,10]\"/>\n</hierarchy>\n".utf8)
            .write(to: latin1)
        let read = try CLIRunner.run(["read", "--no-audio", latin1.path])
        #expect(read.status == 65, "\(read.stderr)")
        #expect(read.stderr.contains("\(latin1.path):3:1: error: not valid UTF-8 text"), "\(read.stderr)")
        let escape = folder.appendingPathComponent("escape.xml")
        try "<?xml version=\"1.0\"?>\n<hierarchy rotation=\"0\">\n<node text=\"a\u{1B}b\" class=\"android.widget.Button\" bounds=\"[0,0][10,10]\"/>\n</hierarchy>\n"
            .write(to: escape, atomically: true, encoding: .utf8)
        let escaped = try CLIRunner.run(["read", "--no-audio", escape.path])
        #expect(escaped.status == 65, "\(escaped.stderr)")
        #expect(escaped.stderr.contains("control character U+001B"), "\(escaped.stderr)")
        #expect(!escaped.stderr.contains("not UTF-8"), "\(escaped.stderr)")
    }

    @Test("an aloud capture with \"captures\": {} says it is empty")
    func emptyCaptures() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = folder.appendingPathComponent("s.json").path
        try Self.screen.write(toFile: screen, atomically: true, encoding: .utf8)
        let capture = folder.appendingPathComponent("aloud.json").path
        try #"{"captures": {}}"#.write(toFile: capture, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["compare", capture, screen])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("\"captures\" is empty"), "\(result.stderr)")
        #expect(!result.stderr.contains("found an object"), "\(result.stderr)")
    }

    @Test("--reader talkback on an iOS dump is refused by read, lint, compare and explore, as import refuses it",
          arguments: ["read", "lint", "compare", "explore"])
    func talkBackOnIOS(command: String) throws {
        let ios = CLIRunner.repositoryRoot.appendingPathComponent("samples/dumps/settings-keyboards.xml").path
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = folder.appendingPathComponent("c.txt").path
        try "키보드\n".write(toFile: capture, atomically: true, encoding: .utf8)
        let arguments: [String] = switch command {
        case "read": ["read", "--no-audio", "--reader", "talkback", ios]
        case "lint": ["lint", "--reader", "talkback", ios]
        case "compare": ["compare", "--reader", "talkback", capture, ios]
        default: ["explore", "--no-audio", "--reader", "talkback", ios]
        }
        let result = try CLIRunner.run(arguments, input: Data())
        #expect(result.status == 64, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("error: --reader talkback needs an Android dump or a web page: TalkBack takes no stop on the elements of"), "\(result.stderr)")
        #expect(!result.stdout.contains("no focus stops") && !result.stdout.contains("no findings"), "\(result.stdout)")
    }

    @Test("test --report on a full disk exits 74, says which file, and counts only the pages written",
          .enabled(if: getuid() == 0, "needs root to mount a small tmpfs"))
    func fullDiskReport() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.screen.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let suite = folder.appendingPathComponent("suite")
        try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
        try #"{"title": "walk", "screen": "../s.json", "steps": [{"gesture": "next", "at": 0}, {"gesture": "next", "after": 2}]}"#
            .write(to: suite.appendingPathComponent("walk.json"), atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["test", "-q", "--update", suite.path]).status == 0)
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        #expect(Self.mount(["-t", "tmpfs", "-o", "size=48k", "tmpfs", disk.path]) == 0)
        defer { _ = Self.mount(["-u", disk.path]) }
        let result = try CLIRunner.run(["test", "--report", disk.path, suite.path])
        #expect(result.status == 74, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("could not read or write one of its files"), "\(result.stdout)")
        #expect(result.stdout.contains("\(disk.path)/.walk.html.") && result.stdout.contains("error: cannot write file"), "\(result.stdout)")
        #expect(!result.stdout.contains("and 1 report page"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: disk.appendingPathComponent("walk.html").path))
        // Nothing left behind on the full disk but the index.
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { $0 != "index.html" }
        #expect(left.isEmpty, "\(left)")
    }

    static func mount(_ arguments: [String]) -> Int32 {
        let process = Process()
        let unmount = arguments.first == "-u"
        process.executableURL = URL(fileURLWithPath: unmount ? "/bin/umount" : "/bin/mount")
        process.arguments = unmount ? Array(arguments.dropFirst()) : arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
