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
}
