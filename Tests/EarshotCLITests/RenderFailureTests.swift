import EarshotAudio
import EarshotCore
import Foundation
import Testing

/// Render failures are reported one by one and never cost the manifest: a full disk, a worker
/// that stops answering, a forced run that fails.
@Suite("Render failures are reported one by one", .serialized)
struct RenderFailureTests {
    static func labels(_ count: Int, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("labels.txt")
        try (1...count).map { "\($0)번째 항목을 장바구니에 담았습니다" }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("a full disk: every file that could not be written is named, progress does not count it as done",
          .enabled(if: getuid() == 0, "needs root to mount a small tmpfs"))
    func fullDisk() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = try Self.labels(20, in: folder)
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        #expect(try run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", disk.path]) == 0)
        defer { _ = try? run("/bin/umount", [disk.path]) }
        let result = try CLIRunner.run(["render", "--jobs", "1", "-o", disk.path, labels.path])
        // A file that cannot be written is an I/O failure, as on a read-only disk (below).
        #expect(result.status == 74, "\(result.stderr)")
        let failures = result.stderr.split(separator: "\n").filter { $0.hasPrefix("\(labels.path):") && $0.contains(": error: ") }
        let wavs = try FileManager.default.subpathsOfDirectory(atPath: disk.path).filter { $0.hasSuffix(".wav") }
        #expect(failures.count > 0 && failures.count + wavs.count == 20, "\(failures.count) named failures, \(wavs.count) WAVs: \(result.stderr)")
        #expect(!result.stderr.contains("20/20 files"), "failed files are not counted as done: \(result.stderr)")
        #expect(result.stderr.contains("\(failures.count) failed"), "\(result.stderr)")
        let temporaries = try FileManager.default.subpathsOfDirectory(atPath: disk.path).filter { $0.hasSuffix(".tmp") }
        #expect(temporaries.isEmpty, "\(temporaries)")

        // The same exit on a read-only disk.
        let readOnly = folder.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        #expect(try run("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", readOnly.path]) == 0)
        defer { _ = try? run("/bin/umount", [readOnly.path]) }
        let refused = try CLIRunner.run(["render", "--jobs", "1", "-o", readOnly.path, labels.path])
        #expect(refused.status == 74, "\(refused.stderr)")
        #expect(refused.stderr.contains(readOnly.path), "\(refused.stderr)")
    }

    @Test("a stopped worker is noticed, killed and reported; its other files are rendered by another; a forced run that fails keeps the previous manifest lines")
    func stoppedWorker() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = try Self.labels(600, in: folder)
        let output = folder.appendingPathComponent("out")
        let first = try CLIRunner.run(["render", "--quiet", "--jobs", "1", "-o", output.path, labels.path])
        #expect(first.status == 0, "\(first.stderr)")
        let manifest = output.appendingPathComponent("manifest.jsonl")
        let before = try String(contentsOf: manifest, encoding: .utf8)
        #expect(before.split(separator: "\n").count == 600)

        // Again with --force: stop the worker part-way; the parent must notice within the stall limit.
        let process = try CLIRunner.start(["render", "--quiet", "--force", "--jobs", "1", "-o", output.path, labels.path],
                                          currentDirectory: folder, environment: ["EARSHOT_WORKER_STALL": "1"])
        #expect(try signalWorker(of: process, "-STOP", after: 0.1), "a worker was running")
        let started = Date()
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(process.terminationStatus == 1)
        let after = try String(contentsOf: manifest, encoding: .utf8)
        #expect(after.split(separator: "\n").count == 600, "the failed file keeps its previous line")
        #expect(after == before, "the same WAVs and lines: the forced run rendered the same audio")

    }

    @Test("a killed worker: its file fails with the reason, a new worker renders the rest, nothing half-written is left")
    func killedWorker() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = try Self.labels(300, in: folder)
        let output = folder.appendingPathComponent("out")
        let errors = folder.appendingPathComponent("stderr.txt")
        let process = try CLIRunner.start(["render", "--quiet", "--jobs", "1", "-o", output.path, labels.path],
                                          currentDirectory: folder, errors: errors)
        #expect(try signalWorker(of: process, "-KILL", after: 0.3), "a worker was running")
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        let failures = stderr.split(separator: "\n").filter { $0.hasPrefix("\(labels.path):") }
        #expect(failures.count == 1, "\(stderr)")
        #expect(failures.first?.hasSuffix("the render worker stopped while speaking it (killed by signal 9)") == true, "\(stderr)")
        let manifest = try String(contentsOf: output.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        #expect(manifest.split(separator: "\n").count == 299)
        let files = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        // The kill can land after the worker renamed its WAV into place and before it told the
        // parent: that file is whole (it came through a temporary name) but not in the manifest,
        // so a rerun renders it again. Every WAV there must read whole.
        let wavs = files.filter { $0.hasSuffix(".wav") }
        #expect(wavs.count == 299 || wavs.count == 300, "\(wavs.count) WAVs")
        for wav in wavs {
            let path = output.appendingPathComponent(wav).path
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            let audio = try WAVFile.read(path: path)
            #expect(size == 44 + audio.samples.count * 2 && !audio.samples.isEmpty, "\(wav) is whole")
        }
        #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files.filter { $0.hasSuffix(".tmp") })")
    }

    /// Waits for the render's worker to start, lets it work `seconds`, then sends it `signal`
    /// (`pkill`'s spelling); false if no worker was there.
    func signalWorker(of process: Process, _ signal: String, after seconds: Double) throws -> Bool {
        let parent = String(process.processIdentifier)
        // A worker under a sanitizer on a loaded machine can take seconds to start.
        let deadline = Date().addingTimeInterval(30)
        while try run("/usr/bin/pgrep", ["-P", parent, "-f", "render --worker"]) != 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: seconds)
        return try run("/usr/bin/pkill", [signal, "-P", parent, "-f", "render --worker"]) == 0
    }

    @discardableResult
    func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
