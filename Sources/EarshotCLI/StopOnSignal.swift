import EarshotCore
import Foundation

/// Makes Ctrl-C (SIGINT), SIGTERM and SIGHUP end playback at once, whatever disposition and
/// signal mask the process inherited: a shell starts background jobs with SIGINT ignored, and
/// test harnesses start children with it blocked; a player that takes no signal can only be
/// stopped by SIGKILL. The process dies of the signal (its exit status says so), which silences
/// the device within a period; the registry's handler (`TemporaryFiles`) removes the temporary
/// files first.
enum StopOnSignal {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `body` with the signals unblocked and ending the process, then puts back the
    /// process's usual handlers (an inherited ignored SIGINT is ignored again).
    static func watching<T>(_ body: () throws -> T) rethrows -> T {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals {
            sigaddset(&set, number)
            signal(number, TemporaryFiles.handler)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        defer { TemporaryFiles.installHandlers() }
        return try body()
    }

    /// Ends the process by `signal` (after a run stopped by it), so a calling shell or CI
    /// runner sees the interruption.
    static func dieOf(_ number: Int32) -> Never {
        // What was printed is kept: standard output may be a file, written in blocks.
        fflush(nil)
        TemporaryFiles.removeAllRegistered()
        signal(number, SIG_DFL)
        raise(number)
        exit(128 + number)
    }
}

