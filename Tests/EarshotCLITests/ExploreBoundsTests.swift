import Foundation
import Testing

/// `explore` reading a pipe with no end, lines with no end, and signals in the middle of a long
/// synthesis: its memory stays flat, a line past 64 KiB is skipped with the limit named, a stop
/// signal ends it at once, and what is typed never reaches the terminal as control bytes.
@Suite("explore's bounds", .serialized)
struct ExploreBoundsTests {
    static let dump = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/android/uiautomator-dump-signin.xml").path

    /// A running `explore --no-audio` whose standard input the test writes.
    struct Session {
        let process: Process
        let input: FileHandle
        let output: URL

        init(folder: URL) throws {
            // A write to a session that has ended fails with EPIPE instead of ending the tests.
            signal(SIGPIPE, SIG_IGN)
            process = Process()
            process.executableURL = CLIRunner.binary
            process.arguments = ["explore", "--no-audio", ExploreBoundsTests.dump]
            var environment = ProcessInfo.processInfo.environment
            environment["EARSHOT_VOICES"] = CLIRunner.repositoryRoot.appendingPathComponent("voices").path
            process.environment = environment
            let pipe = Pipe()
            process.standardInput = pipe
            input = pipe.fileHandleForWriting
            output = folder.appendingPathComponent("explore.out")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// Kilobytes of memory the process holds now (VmRSS), or its peak (VmHWM).
        func memory(_ field: String = "VmRSS") -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }

        var printed: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    static let underSanitizer = ProcessInfo.processInfo.environment["EARSHOT_SANITIZER"] != nil

    @Test("an endless pipe of commands keeps explore's memory flat (its history is bounded)")
    func endlessPipe() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try Session(folder: folder)
        defer { session.stop() }
        // `wait 0` before each gesture: a script otherwise goes at a listener's pace (each gesture
        // waits for the speech before it), and the pipe is to keep the session busy.
        let block = Data(String(repeating: "wait 0\nnext\nwait 0\nprevious\n", count: 250).utf8)
        let writer = Thread {
            while session.process.isRunning { try? session.input.write(contentsOf: block) }
        }
        writer.start()
        sleep(3)
        let early = session.memory()
        sleep(7)
        let late = session.memory()
        let lines = session.printed.split(separator: "\n").count
        print("explore on an endless pipe: \(early) KB after 3 s, \(late) KB after 10 s, \(lines) lines printed")
        // Past the 1,000 utterances the history keeps, several times over.
        #expect(lines > 3_000, "the session was busy")
        // A sanitizer's shadow memory and quarantine make resident size meaningless there.
        if !Self.underSanitizer {
            #expect(late - early < 8_000, "memory grew from \(early) KB to \(late) KB in 7 s")
        }
    }

    @Test("a 1 MB command line is skipped with the limit named, at once; a 60 KB announcement is timed in flat memory")
    func longLines() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try Session(folder: folder)
        defer { session.stop() }
        let long = "announce " + String(repeating: "장바구니에 담겼습니다 ", count: 35_000)
        try session.input.write(contentsOf: Data((long + "\nnext\n").utf8))
        let deadline = Date().addingTimeInterval(20)
        while !session.printed.contains("swipe right"), Date() < deadline { usleep(50_000) }
        #expect(session.printed.contains("line 1: \(long.utf8.count + 1) bytes, longer than the 64 KiB explore reads as one command; skipped"), "\(session.printed.prefix(300))")
        #expect(session.printed.contains("swipe right: "), "the next line is read")
        let before = session.memory("VmHWM")
        // Just under the limit: spoken, and timed by streaming its synthesis.
        try session.input.write(contentsOf: Data(("announce " + String(repeating: "장바구니에 담겼습니다 ", count: 2000) + "\n").utf8))
        while !session.printed.contains("announcement"), Date() < deadline.addingTimeInterval(30) { usleep(50_000) }
        sleep(2)
        let after = session.memory("VmHWM")
        print("explore's peak memory: \(before) KB before a 60 KB announcement, \(after) KB after")
        #expect(session.printed.contains("speaking #"))
        if !Self.underSanitizer {
            #expect(after - before < 30_000, "peak memory grew from \(before) KB to \(after) KB")
        }
    }

    @Test("SIGTERM or SIGINT during a long synthesis ends explore within a second, with 128 + the signal",
          arguments: [SIGTERM, SIGINT])
    func signalDuringSynthesis(signal: Int32) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try Session(folder: folder)
        defer { session.stop() }
        // Announcements of 60 KB, one after another: each takes seconds to synthesize.
        let line = "announce " + String(repeating: "장바구니에 담겼습니다 ", count: 2000) + "\n"
        try session.input.write(contentsOf: Data(String(repeating: line, count: 5).utf8))
        let deadline = Date().addingTimeInterval(20)
        while !session.printed.contains("speaking #"), Date() < deadline { usleep(20_000) }
        usleep(300_000)
        let sent = Date()
        kill(session.process.processIdentifier, signal)
        while session.process.isRunning, Date() < sent.addingTimeInterval(30) { usleep(10_000) }
        let took = Date().timeIntervalSince(sent)
        print("explore ended \(String(format: "%.2f", took)) s after signal \(signal)")
        // Within a second; a sanitizer's instrumentation slows the way out several times over.
        #expect(took < (Self.underSanitizer ? 3 : 1), "ended \(took) s after the signal")
        session.process.waitUntilExit()
        #expect(session.process.terminationReason == .exit && session.process.terminationStatus == 128 + signal,
                "status \(session.process.terminationStatus)")
    }

    @Test("control characters typed into explore are printed as their codes, never sent to the terminal")
    func controlCharacters() throws {
        let input = ":announce \u{1B}[31mred\u{07} \u{9B}2J\nfoo\u{1B}[2J\n"
        let result = try CLIRunner.run(["explore", "--no-audio", Self.dump], input: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(result.stdout.contains("<U+001B>[31mred<U+0007> <U+009B>2J"), "\(result.stdout)")
        #expect(result.stdout.contains("unknown command \"foo<U+001B>[2J\""), "\(result.stdout)")
    }
}
