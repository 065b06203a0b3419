import Foundation
import Synchronization
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
            let reader = Mutex<pthread_t?>(nil)
            let outcome = Mutex<String?>(nil)
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
        let received = Mutex<[UInt8]>([])
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
}
