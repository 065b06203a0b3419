import Foundation
import Testing

/// Every writer under a stop signal: SIGTERM, SIGINT and SIGHUP sent to earshot's own process
/// while it writes leave no temporary file (the process's one registry of temporaries is
/// emptied by the handler), and what a SIGKILL leaves is swept by the next run writing there.
@Suite("Signals leave no temporary file behind", .serialized)
struct SignalTemporaryTests {
    /// A label that takes a few seconds to synthesize.
    static let longLabel = String(repeating: "장바구니에 담기 버튼을 눌러 주세요 ", count: 400)

    /// The command of each writer, with the folder its temporaries appear in (the work folder,
    /// or `out` below it).
    enum Writer: String, CaseIterable, CustomStringConvertible {
        case speak, readFolder, readReport, check, testReport
        var description: String { rawValue }

        func arguments(in folder: URL) throws -> [String] {
            let screen = folder.appendingPathComponent("long.json").path
            let elements = (0..<3).map { index in
                #"{"id": "e\#(index)", "kind": "button", "label": "\#(SignalTemporaryTests.longLabel)", "frame": [0, \#(40 + index * 60), 200, 44]}"#
            }
            try #"{"screen": "long", "elements": [\#(elements.joined(separator: ", "))]}"#
                .write(toFile: screen, atomically: true, encoding: .utf8)
            let suite = folder.appendingPathComponent("suite")
            try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
            let scenario = suite.appendingPathComponent("walk.json").path
            try #"{"title": "walk", "screen": "../long.json", "steps": [{"gesture": "next", "at": 0}, {"gesture": "next", "after": 60}, {"gesture": "next", "after": 60}]}"#
                .write(toFile: scenario, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out").path
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            switch self {
            case .speak: return ["speak", "-o", out + "/speech.wav", Self.repeatedText]
            case .readFolder: return ["read", "-o", out, screen]
            case .readReport: return ["read", "--report", out + "/page.html", screen]
            case .check: return ["check", "-q", "-o", out + "/walk.wav", scenario]
            case .testReport: return ["test", "-q", "--update", "--report", out, suite.path]
            }
        }

        static let repeatedText = String(repeating: "장바구니에 담기 버튼을 눌러 주세요 ", count: 1200)
    }

    /// The hidden temporary files in `folder` (Earshot's `.NAME.PID.RAND.tmp...`).
    static func temporaries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix(".") && $0.contains(".tmp") }.sorted()
    }

    @Test("a stop signal during a write leaves no temporary; a SIGKILL's are swept by the next run",
          arguments: Writer.allCases, [SIGTERM, SIGINT, SIGHUP, SIGKILL])
    func signalledWriter(writer: Writer, signal: Int32) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try writer.arguments(in: folder)
        let out = folder.appendingPathComponent("out").path
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        let process = try CLIRunner.start(arguments, currentDirectory: folder)
        // Until the writer has a temporary of some size (its audio is being written).
        let deadline = Date().addingTimeInterval(90)
        var seen: [String] = []
        while process.isRunning, Date() < deadline {
            seen = Self.temporaries(in: out)
            let sizes = seen.map { ((try? FileManager.default.attributesOfItem(atPath: out + "/" + $0))?[.size] as? Int) ?? 0 }
            if sizes.contains(where: { $0 > 100_000 }) { break }
            usleep(20_000)
        }
        #expect(!seen.isEmpty, "\(writer) was writing a temporary when the signal came")
        print("\(writer), signal \(signal): temporaries seen: \(seen.joined(separator: ", "))")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "\(writer) died of the signal (status \(process.terminationStatus))")
        let left = Self.temporaries(in: out)
        if signal == SIGKILL {
            #expect(!left.isEmpty, "no handler runs on SIGKILL")
            // The next run into the same folder sweeps them (a short one: the same command on a short input).
            let short = folder.appendingPathComponent("short.json").path
            try #"{"screen": "s", "elements": [{"id": "a", "kind": "button", "label": "확인", "frame": [0, 40, 200, 44]}]}"#
                .write(toFile: short, atomically: true, encoding: .utf8)
            let again = try CLIRunner.run(["speak", "-o", out + "/again.wav", "확인"], currentDirectory: folder)
            #expect(again.status == 0, "\(again.stderr)")
        } else {
            #expect(left.isEmpty, "\(writer) left \(left)")
        }
        #expect(Self.temporaries(in: out).isEmpty)
        // Nothing half-written under a final name either.
        let now = Set(try FileManager.default.contentsOfDirectory(atPath: out)).subtracting(before)
            .filter { !$0.hasPrefix(".") && $0 != "again.wav" }
        for name in now {
            let size = (try FileManager.default.attributesOfItem(atPath: out + "/" + name)[.size] as? Int) ?? 0
            #expect(size > 0, "\(name) is an empty file left by the stopped run")
        }
    }

    @Test("an inherited ignored SIGINT stays ignored while a file is written (a background job without job control)")
    func ignoredInterrupt() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("speech.wav").path
        // `sh -c` without job control starts `&` jobs with SIGINT ignored.
        let script = "\"$0\" speak -o \(wav) \"$1\" >/dev/null & pid=$!; sleep 0.3; kill -INT $pid; wait $pid; echo $?"
        let result = try CLIRunner.run(executable: "/bin/sh", arguments: ["-c", script, CLIRunner.binary.path, Writer.repeatedText],
                                       environment: ProcessInfo.processInfo.environment.merging(
                                           ["EARSHOT_VOICES": CLIRunner.repositoryRoot.appendingPathComponent("voices").path]) { $1 })
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(result.stdout) \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: wav))
    }

    @Test("a temporary's name tells its process; other names are never taken for one")
    func temporaryNames() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A process that is gone: a child that has exited.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let gone = child.processIdentifier
        let stale = [".speech.wav.\(gone).12345.tmp", ".page.html.\(gone).7.tmp.wav", "..page.html.\(gone).7.tmp.wav.\(gone).8.tmp"]
        let kept = [".speech.wav.\(getpid()).12345.tmp", "speech.wav.\(gone).1.tmp", ".notes.\(gone).tmp", ".a.b.tmp", "keep.txt"]
        for name in stale + kept { _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("x".utf8)) }
        let result = try CLIRunner.run(["speak", "-o", folder.appendingPathComponent("new.wav").path, "확인"], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        for name in stale { #expect(!left.contains(name), "\(name) swept") }
        for name in kept { #expect(left.contains(name), "\(name) kept") }
    }
}
