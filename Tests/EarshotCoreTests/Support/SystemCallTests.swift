import Foundation
import Testing
@testable import EarshotCore

/// The one seam to the system's raw calls: a signal arriving during a blocking call is not an
/// error, a short write is finished, and failures carry their error number.
@Suite("System calls through one seam", .serialized)
struct SystemCallTests {
    /// A handler that does nothing, installed without SA_RESTART: a blocked read then fails
    /// with EINTR, as under every stop signal Earshot catches.
    static func installInterruptingHandler(_ number: Int32) {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { _ in }
        #else
        action.__sigaction_handler.sa_handler = { _ in }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }

    @Test("a read blocked on a pipe and interrupted by a signal goes on and returns the bytes; the raw call fails with EINTR")
    func readAcrossASignal() throws {
        Self.installInterruptingHandler(SIGUSR2)
        defer { signal(SIGUSR2, SIG_DFL) }
        for throughSeam in [false, true] {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { close(ends[0]); close(ends[1]) }
            let readEnd = ends[0]
            let reader = Locked<pthread_t?>(nil)
            let outcome = Locked<String?>(nil)
            let thread = Thread {
                // The thread may inherit a mask that blocks it: the signal must arrive here.
                var unblock = sigset_t()
                sigemptyset(&unblock)
                sigaddset(&unblock, SIGUSR2)
                pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
                reader.withLock { $0 = pthread_self() }
                var buffer = [UInt8](repeating: 0, count: 16)
                if throughSeam {
                    let result: String
                    do throws(SystemCall.Failure) { result = "read \(try SystemCall.read(readEnd, into: &buffer))" } catch { result = "failed \(error.code)" }
                    outcome.withLock { $0 = result }
                } else {
                    let count = read(readEnd, &buffer, buffer.count)
                    let result = count < 0 ? "failed \(errno)" : "read \(count)"
                    outcome.withLock { $0 = result }
                }
            }
            thread.start()
            while reader.withLock({ $0 }) == nil { usleep(1_000) }
            usleep(100_000)  // blocked in read by now
            pthread_kill(reader.withLock { $0 }!, SIGUSR2)
            usleep(100_000)
            _ = "확인".utf8.withContiguousStorageIfAvailable { write(ends[1], $0.baseAddress!, $0.count) }
            let deadline = Date().addingTimeInterval(5)
            while outcome.withLock({ $0 }) == nil, Date() < deadline { usleep(1_000) }
            if throughSeam {
                #expect(outcome.withLock { $0 } == "read \("확인".utf8.count)", "through the seam the signal is not an error")
            } else {
                #expect(outcome.withLock { $0 } == "failed \(EINTR)", "the raw call is interrupted (else this test proves nothing)")
            }
        }
    }

    @Test("writeAll finishes on a pipe that takes less than it is given at a time, and readToEnd stops past its limit")
    func shortWritesAndLimits() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let readEnd = ends[0]
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }  // larger than a pipe holds (64 KiB)
        let received = Locked<[UInt8]>([])
        let thread = Thread {
            let all = try? SystemCall.readToEnd(readEnd, limit: 1 << 20, chunk: 4_096) { SystemCall.Failure(code: EFBIG) }
            received.withLock { $0 = all ?? [] }
        }
        thread.start()
        try SystemCall.writeAll(ends[1], bytes)
        try SystemCall.close(ends[1])
        let deadline = Date().addingTimeInterval(5)
        while received.withLock({ $0.isEmpty }), Date() < deadline { usleep(1_000) }
        #expect(received.withLock { $0 } == bytes)

        var small: [Int32] = [0, 0]
        #expect(pipe(&small) == 0)
        defer { close(small[0]) }
        try SystemCall.writeAll(small[1], [UInt8](repeating: 7, count: 5_000))
        try SystemCall.close(small[1])
        #expect(throws: SystemCall.Failure(code: EFBIG)) {
            try SystemCall.readToEnd(small[0], limit: 4_999, chunk: 1_000) { SystemCall.Failure(code: EFBIG) }
        }
    }

    @Test("a failure carries its error number and the system's words")
    func failures() {
        #expect(throws: SystemCall.Failure(code: ENOENT)) { try SystemCall.open("/nonexistent/earshot", O_RDONLY) }
        #expect(SystemCall.Failure(code: ENOENT).reason == String(cString: strerror(ENOENT)))
        #expect(throws: SystemCall.Failure(code: EBADF)) { try SystemCall.writeAll(-1, [1, 2, 3]) }
    }

    @Test("names in folders: a link's status is the link's, a FIFO is a FIFO, nothing there is nil; rename replaces; unlink says whether it removed")
    func namesInFolders() throws {
        let folder = NSTemporaryDirectory() + "earshot-seam-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/file", link = folder + "/link", fifo = folder + "/fifo", other = folder + "/other"
        try Data("one".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(SystemCall.linkStatus(file)?.kind == .regular)
        #expect(SystemCall.linkStatus(link)?.kind == .symbolicLink)
        #expect(SystemCall.linkStatus(fifo)?.kind == .fifo)
        #expect(SystemCall.linkStatus(folder)?.kind == .directory)
        #expect(SystemCall.linkStatus("/dev/null")?.kind == .characterDevice)
        #expect(SystemCall.linkStatus(folder + "/missing") == nil)
        #expect(SystemCall.linkStatus(file)?.owner == geteuid())

        try Data("two".utf8).write(to: URL(fileURLWithPath: other))
        let moved = SystemCall.linkStatus(other)
        try SystemCall.rename(other, to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "two")
        #expect(SystemCall.linkStatus(file)?.inode == moved?.inode)
        #expect(throws: SystemCall.Failure(code: ENOENT)) { try SystemCall.rename(other, to: file) }

        #expect(SystemCall.unlink(link))
        #expect(!SystemCall.unlink(link))
        #expect(SystemCall.linkStatus(file) != nil, "removing the link left its file")
        #expect(!SystemCall.unlink(folder), "a folder is never unlinked")
    }

    @Test("whether a signal is ignored is read without changing it")
    func ignoredSignals() {
        let number = SIGUSR2
        SystemCall.setDisposition(of: number, to: SIG_IGN)
        #expect(SystemCall.isIgnored(number))
        #expect(SystemCall.isIgnored(number), "reading it did not change it")
        SystemCall.setDisposition(of: number, to: SIG_DFL)
        #expect(!SystemCall.isIgnored(number))
    }

    /// The raw calls the seam wraps, found anywhere else in the sources (the name right before
    /// an opening parenthesis, not a method of the seam or of another type).
    @Test("no source outside the seam makes the raw unlink, rename, lstat or sigaction call, or reads a C library's sigaction fields")
    func noBypass() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources").path
        let pattern = try NSRegularExpression(pattern: #"(?<![\w.])(unlink|rename|lstat|sigaction)\(|__sigaction_handler|__sigaction_u"#)
        var bypasses: [String] = []
        for path in FileManager.default.subpaths(atPath: sources) ?? [] where path.hasSuffix(".swift") && !path.hasSuffix("/SystemCall.swift") {
            let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                let text = String(line)
                if pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { bypasses.append("Sources/\(path):\(number + 1): \(code)") }
            }
        }
        #expect(!(FileManager.default.subpaths(atPath: sources) ?? []).isEmpty, "the sources are at \(sources)")
        #expect(bypasses.isEmpty, "\(bypasses.joined(separator: "\n"))")
    }
}
