import Foundation
import Testing
@testable import EarshotCore

@Suite("Atomic writes never replace special files and write through links")
struct AtomicFileTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a FIFO is refused and left as it was; the temporary file is removed")
    func fifoRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("out.txt").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = try #require(throws: FileIOError.self) { try AtomicFile.write("text", to: fifo) }
        #expect(error.reason.contains("not a regular file"))
        #expect(try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType != .typeRegular)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
    }

    @Test("a link (even a chain of two) is followed: the target is replaced, the links stay")
    func linksFollowed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("real.txt").path
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        let first = dir.appendingPathComponent("first.txt").path, second = dir.appendingPathComponent("second.txt").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: "real.txt")
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
        try AtomicFile.write("new", to: second)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: second) == first)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: first) == "real.txt")
    }

    @Test("without following links (render's own folder) a link is refused at the rename: its target and the link stay")
    func linksRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("notes.txt").path
        try "keep".write(toFile: target, atomically: true, encoding: .utf8)
        let link = dir.appendingPathComponent("take.wav").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let error = try #require(throws: FileIOError.self) { try AtomicFile.write("RIFF", to: link, followingLinks: false) }
        #expect(error.reason.hasPrefix("is a symbolic link (to \(target))"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["notes.txt", "take.wav"])
    }
}
