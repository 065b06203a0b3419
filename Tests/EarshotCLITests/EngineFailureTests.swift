import Foundation
import Testing

/// A speech engine that cannot speak ends every command with exit 69 and the engine's own
/// message, before any work: never as a run whose utterances are all "dropped: deviceFailed",
/// nor as a render whose items each fail with exit 1.
@Suite("Engine failures are said", .serialized)
struct EngineFailureTests {
    /// A copy of the Korean profile whose engine voice eSpeak NG does not have.
    static func profileWithUnknownVoice(in folder: URL) throws -> String {
        let voices = CLIRunner.repositoryRoot.appendingPathComponent("voices")
        let copy = folder.appendingPathComponent("voices")
        try FileManager.default.copyItem(at: voices, to: copy)
        let path = copy.appendingPathComponent("ko.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""voice": "ko""#, with: #""voice": "zz-nonexistent""#)
        #expect(broken != text, "the profile names its engine voice as \"voice\": \"ko\"")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("check, render, speak and read with an engine voice eSpeak NG lacks: exit 69, the cause printed, nothing written")
    func unknownVoice() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try Self.profileWithUnknownVoice(in: folder)
        let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples")
        let labels = folder.appendingPathComponent("labels.txt")
        try "확인\n취소\n".write(to: labels, atomically: true, encoding: .utf8)
        let runs: [[String]] = [
            ["check", "--voice", profile, "-o", folder.appendingPathComponent("t.wav").path,
             samples.appendingPathComponent("scenarios/cart-immediate.json").path],
            ["render", "--quiet", "--voice", profile, "-o", folder.appendingPathComponent("out").path, labels.path],
            ["speak", "--voice", profile, "-o", folder.appendingPathComponent("s.wav").path, "확인"],
            ["read", "--voice", profile, "-o", folder.appendingPathComponent("stops").path,
             samples.appendingPathComponent("screens/product-list.json").path],
        ]
        for arguments in runs {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 69, "\(arguments[0]): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains(#"eSpeak NG has no voice "zz-nonexistent""#), "\(arguments[0]): \(result.stderr)")
            #expect(!result.stdout.contains("deviceFailed"), "\(arguments[0])")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["labels.txt", "voices"], "no WAV, folder or manifest was left: \(written)")
    }

    @Test("two users synthesize one after the other: the engine's working files are private to each run",
          .enabled(if: getuid() == 0, "needs root to run the second user with setpriv"))
    func twoUsers() throws {
        let folder = try CLIRunner.sharedTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(chmod(folder.path, 0o777) == 0)
        // The engine's working folders go to a TMPDIR of this test's own (short and lower case,
        // as the engine needs), so what is found there afterwards is these two runs' alone.
        let working = try Self.workingFolder()
        defer { try? FileManager.default.removeItem(atPath: working) }
        #expect(chmod(working, 0o1777) == 0)
        let asRoot = folder.appendingPathComponent("root.wav").path
        let root = try CLIRunner.run(["speak", "-o", asRoot, "안녕하세요"], environment: ["TMPDIR": working, "XDG_RUNTIME_DIR": working])
        #expect(root.status == 0, "\(root.stderr)")
        let asNobody = folder.appendingPathComponent("nobody.wav").path
        // The checkout may sit in a folder only root can enter (mktemp -d makes them 0700): the
        // second user runs a copy of the binary and of the voices from the shared folder.
        let binary = folder.appendingPathComponent("earshot").path
        try FileManager.default.copyItem(atPath: CLIRunner.binary.path, toPath: binary)
        let voices = folder.appendingPathComponent("voices").path
        try FileManager.default.copyItem(atPath: CLIRunner.repositoryRoot.appendingPathComponent("voices").path, toPath: voices)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "env", "-i", "PATH=/usr/bin:/bin",
                             "HOME=\(folder.path)", "TMPDIR=\(working)", "EARSHOT_VOICES=\(voices)", binary, "speak", "-o", asNobody, "안녕하세요"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "the second user could synthesize: \(message)")
        let first = try Data(contentsOf: URL(fileURLWithPath: asRoot)), second = try Data(contentsOf: URL(fileURLWithPath: asNobody))
        #expect(first.count > 44 && first == second, "same text, same samples, whoever speaks it")
        // (The sound library may keep its own runtime folder there: only the engine's are looked at.)
        let left = try FileManager.default.contentsOfDirectory(atPath: working).filter { $0.hasPrefix("earshot-voice-") }
        #expect(left.isEmpty, "no working folder is left behind: \(left)")
    }

    /// A short, lower-case folder under /tmp for the engine's working folders (short enough for
    /// eSpeak NG's path limit, `ESpeakLibrary.longestVoicePath`, or the engine passes it over).
    static func workingFolder() throws -> String {
        let path = "/tmp/e" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test("a working folder whose process is gone (a SIGKILL while the voice copy existed) is swept by the next run; others are kept")
    func staleWorkingFolders() throws {
        let working = try Self.workingFolder()
        defer { try? FileManager.default.removeItem(atPath: working) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let gone = child.processIdentifier
        let stale = "earshot-voice-\(gone)-1a2b3c4d"
        let kept = ["earshot-voice-\(getpid())-1a2b3c4d", "earshot-voice-0123456789abcdef", "earshot-voice-\(gone)-x-y"]
        for name in [stale] + kept {
            try FileManager.default.createDirectory(atPath: working + "/" + name, withIntermediateDirectories: false)
            _ = FileManager.default.createFile(atPath: working + "/" + name + "/ko.steady", contents: Data("name ko".utf8))
        }
        // A link under a stale name is not followed or removed.
        let target = try Self.workingFolder()
        defer { try? FileManager.default.removeItem(atPath: target) }
        _ = FileManager.default.createFile(atPath: target + "/keep.txt", contents: Data("x".utf8))
        let linked = "earshot-voice-\(gone)-feedface"
        try FileManager.default.createSymbolicLink(atPath: working + "/" + linked, withDestinationPath: target)
        let result = try CLIRunner.run(["speak", "-o", working + "/out.wav", "확인"], environment: ["TMPDIR": working, "XDG_RUNTIME_DIR": working])
        #expect(result.status == 0, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: working))
        #expect(!left.contains(stale), "the dead process's folder is swept: \(left)")
        for name in kept + [linked] { #expect(left.contains(name), "\(name) is kept") }
        #expect(FileManager.default.fileExists(atPath: target + "/keep.txt"))
        #expect(left.filter { $0.hasPrefix("earshot-voice-") }.count == kept.count + 1, "the run's own folder is gone: \(left)")
    }
}
