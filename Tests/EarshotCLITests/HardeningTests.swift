import Foundation
import Testing

/// The reproducers of the second hardening audit, each as a new user could type it: links
/// planted in render's folder, output folders that are not folders for files, link loops,
/// unbounded standard input, voices found late, untimed steps, signalled reports.
@Suite("Hardening: planted links, bounds, early errors", .serialized)
struct HardeningTests {
    /// A folder with a two-label list rendered into `out`.
    static func rendered() throws -> (folder: URL, labels: String, out: String) {
        let folder = try CLIRunner.temporaryFolder()
        let labels = folder.appendingPathComponent("labels.txt").path
        try "확인\n취소\n".write(toFile: labels, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out").path
        let first = try CLIRunner.run(["render", "-q", "--jobs", "1", labels, "-o", out])
        #expect(first.status == 0, "\(first.stderr)")
        return (folder, labels, out)
    }

    @Test("render refuses a WAV, a folder or a manifest replaced by a link, and leaves the link's target as it was",
          arguments: ["ko/labels/line-0001.wav", "ko/labels", "ko", "manifest.jsonl"])
    func plantedLinks(planted: String) throws {
        let (folder, labels, out) = try Self.rendered()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The victim: a read-only file that is not a WAV, outside the folder.
        let victim = folder.appendingPathComponent("notes.txt").path
        try "keep me\n".write(toFile: victim, atomically: true, encoding: .utf8)
        chmod(victim, 0o444)
        let elsewhere = folder.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let path = (out as NSString).appendingPathComponent(planted)
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if isFolder.boolValue {
            // The folder's contents moved elsewhere, and a link to them in its place.
            let moved = (elsewhere as NSString).appendingPathComponent((planted as NSString).lastPathComponent)
            try FileManager.default.moveItem(atPath: path, toPath: moved)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: moved)
        } else {
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        }
        let before = try FileManager.default.subpathsOfDirectory(atPath: elsewhere).sorted()
        let again = try CLIRunner.run(["render", "--force", "--jobs", "1", labels, "-o", out])
        #expect(again.status == 64, "\(again.stderr)")
        #expect(again.stderr.contains("\(path) is a symbolic link"), "\(again.stderr)")
        #expect(again.stderr.contains("never through a link") || again.stderr.contains("only as a file of its own"), "\(again.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: victim)
        #expect((attributes[.posixPermissions] as? Int) == 0o444)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: elsewhere).sorted() == before)
    }

    @Test("render -o /dev, /proc or a folder holding a FIFO is refused before any work", arguments: ["/dev", "/proc/self", "fifo"])
    func notAFolderForFiles(output: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = folder.appendingPathComponent("labels.txt").path
        try "확인\n".write(toFile: labels, atomically: true, encoding: .utf8)
        var target = output
        if output == "fifo" {
            target = folder.appendingPathComponent("with-fifo").path
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            #expect(mkfifo(target + "/pipe", 0o644) == 0)
        }
        let result = try CLIRunner.run(["render", "-q", labels, "-o", target])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("render \(target) "), "\(result.stderr)")
        #expect(result.stderr.contains(output == "fifo" ? "holds FIFOs or sockets (pipe)" : "is a kernel file system"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target + "/ko"))
    }

    @Test("an output that is a link loop is called a link loop, not a FIFO")
    func linkLoop() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.wav").path, b = folder.appendingPathComponent("b.wav").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        let result = try CLIRunner.run(["speak", "-o", a, "확인"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("is a symbolic link that never reaches a file (a loop"), "\(result.stderr)")
        #expect(!result.stderr.contains("FIFO"))
    }

    @Test("a voice eSpeak NG lacks is exit 69 before the first stop, with or without audio",
          arguments: [["read", "--no-audio"], ["read"], ["read", "-o", "stops"], ["read", "--json"], ["speak", "--no-audio"], ["speak"]])
    func unknownVoiceFirst(command: [String]) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let voices = folder.appendingPathComponent("voices")
        try FileManager.default.copyItem(at: CLIRunner.repositoryRoot.appendingPathComponent("voices"), to: voices)
        let profile = voices.appendingPathComponent("ko.json").path
        let text = try String(contentsOfFile: profile, encoding: .utf8)
        try text.replacingOccurrences(of: #""voice": "ko""#, with: #""voice": "xx-nope""#)
            .write(toFile: profile, atomically: true, encoding: .utf8)
        #expect(try String(contentsOfFile: profile, encoding: .utf8).contains("xx-nope"))
        let input = command[0] == "read"
            ? [CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/product-detail.json").path] : ["확인"]
        let result = try CLIRunner.run(command + ["--voice", profile] + input, currentDirectory: folder)
        #expect(result.status == 69, "\(command): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("eSpeak NG has no voice \"xx-nope\""), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing printed before the error: \(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("stops").path))
    }

    @Test("read - fed from /dev/zero stops at the input limit with a message naming it")
    func unboundedStandardInput() throws {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["read", "--no-audio", "-"]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["EARSHOT_VOICES"] = CLIRunner.repositoryRoot.appendingPathComponent("voices").path
        process.environment = environment
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 65, "\(message)")
        #expect(message.contains("<stdin>:1:1: error: standard input is larger than 256 MiB, Earshot's limit for one input"), "\(message)")
        // A file that is a device is bounded the same way.
        let device = try CLIRunner.run(["read", "--no-audio", "/dev/zero"])
        #expect(device.status == 65 && device.stderr.contains("/dev/zero:1:1: error: the file is larger than 256 MiB"), "\(device.stderr)")
    }

    /// A screen whose one label takes a while to speak, so a report of it is still being made
    /// when a signal comes.
    static func slowScreen(in folder: URL) throws -> String {
        let label = String(repeating: "장바구니에 담기 버튼을 눌러 주세요 ", count: 400)
        let path = folder.appendingPathComponent("long.json").path
        try #"{"screen": "long", "elements": [{"id": "a", "kind": "button", "label": "\#(label)", "frame": [0, 40, 200, 44]}, {"id": "b", "kind": "button", "label": "\#(label)", "frame": [0, 100, 200, 44]}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The temporary WAVs beside a page.
    static func temporaries(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".page.html.") && $0.hasSuffix(".tmp.wav") }
    }

    @Test("a report stopped by SIGTERM or SIGINT removes its temporary WAV; one left by SIGKILL is swept by the next report",
          arguments: [SIGTERM, SIGINT, SIGKILL])
    func signalledReport(signal: Int32) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try Self.slowScreen(in: folder)
        let page = folder.appendingPathComponent("page.html").path
        let process = try CLIRunner.start(["read", "--report", page, screen], currentDirectory: folder)
        let deadline = Date().addingTimeInterval(60)
        while try Self.temporaries(in: folder).isEmpty, process.isRunning, Date() < deadline { usleep(20_000) }
        #expect(try !Self.temporaries(in: folder).isEmpty, "the report was being made")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(!FileManager.default.fileExists(atPath: page))
        if signal == SIGKILL {
            #expect(try Self.temporaries(in: folder).count == 1, "no handler runs on SIGKILL")
            let short = folder.appendingPathComponent("short.json").path
            try #"{"screen": "s", "elements": [{"id": "a", "kind": "button", "label": "확인", "frame": [0, 40, 200, 44]}]}"#
                .write(toFile: short, atomically: true, encoding: .utf8)
            let again = try CLIRunner.run(["read", "--report", page, short], currentDirectory: folder)
            #expect(again.status == 0, "\(again.stderr)")
        }
        #expect(try Self.temporaries(in: folder).isEmpty)
    }

    @Test("a report page carries each stop's audio once: its size is the markup plus 4/3 of the audio")
    func pageSizeFollowsTheAudio() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try Self.slowScreen(in: folder)
        let page = folder.appendingPathComponent("page.html").path
        // Embedded on request: by default audio past 20 MB goes beside the page (ReportAudioTests).
        let result = try CLIRunner.run(["read", "--report", page, "--report-audio", "embed", screen], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // The same stops as WAV files, to weigh the audio.
        let stops = folder.appendingPathComponent("stops").path
        #expect(try CLIRunner.run(["read", "-o", stops, screen]).status == 0)
        let audio = try FileManager.default.contentsOfDirectory(atPath: stops).reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: stops + "/" + name)[.size] as? Int) ?? 0)
        }
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let uris = html.components(separatedBy: "data:audio/wav;base64,").count - 1
        #expect(uris == 2, "one data URI per stop")
        let size = html.utf8.count
        let label = try String(contentsOfFile: screen, encoding: .utf8).utf8.count
        #expect(Double(size) < Double(audio) * 4 / 3 + Double(label) * 8 + 200_000, "page \(size) bytes for \(audio) bytes of audio")
        #expect(Double(size) > Double(audio) * 4 / 3)
    }
}
