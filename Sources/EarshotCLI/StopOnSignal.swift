import Foundation

/// Makes Ctrl-C (SIGINT), SIGTERM and SIGHUP end playback at once, whatever disposition and
/// signal mask the process inherited: a shell starts background jobs with SIGINT ignored, and
/// test harnesses start children with it blocked; a player that takes no signal can only be
/// stopped by SIGKILL. The process dies of the signal (its exit status says so), which silences
/// the device within a period.
enum StopOnSignal {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `body` with the signals unblocked and ending the process, then restores the default.
    static func watching<T>(_ body: () throws -> T) rethrows -> T {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals {
            sigaddset(&set, number)
            signal(number, dieOfSignal)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        defer { for number in signals { signal(number, SIG_DFL) } }
        return try body()
    }

    /// Ends the process by `signal` (after a run stopped by it), so a calling shell or CI
    /// runner sees the interruption.
    static func dieOf(_ signal: Int32) -> Never {
        // What was printed is kept: standard output may be a file, written in blocks.
        fflush(nil)
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
        exit(128 + signal)
    }
}

/// The handler: async-signal-safe, it only restores the default action and raises again.
private func dieOfSignal(_ number: Int32) {
    signal(number, SIG_DFL)
    raise(number)
}
