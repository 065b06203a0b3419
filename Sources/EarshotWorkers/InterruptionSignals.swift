import EarshotCore
import Foundation

/// The pipe that wakes the pool's loop when a stop signal arrives. A signal handler can reach
/// nothing but globals; this one is created once and never changes.
private let signalWakePipe: (read: Int32, write: Int32) = {
    var descriptors: [Int32] = [-1, -1]
    _ = pipe(&descriptors)
    for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    return (descriptors[0], descriptors[1])
}()

/// Catches SIGINT, SIGTERM and SIGHUP while a pool runs, so the parent can stop its workers
/// cleanly: each signal writes its number to a pipe the pool's loop polls.
final class InterruptionSignals {
    static let caught: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The first stop signal received, if any.
    private(set) var signal: Int32?
    /// How many stop signals arrived; a second one means "stop now".
    private(set) var count = 0

    init() {
        _ = signalWakePipe
        SystemCall.setDisposition(of: SIGPIPE, to: SIG_IGN)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for caught in Self.caught {
            SystemCall.setDisposition(of: caught) { number in
                SystemCall.writeFromSignalHandler(signalWakePipe.write, byte: UInt8(truncatingIfNeeded: number))
            }
            sigaddset(&unblock, caught)
        }
        // A parent (a test runner, some CI shells) may have blocked them; they must arrive here.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    var wakeDescriptor: Int32 { signalWakePipe.read }

    /// Reads pending signal numbers; true if any arrived.
    func consumeWake() -> Bool {
        var byte: [UInt8] = [0]
        var any = false
        while (try? SystemCall.read(signalWakePipe.read, into: &byte)) == 1 {
            any = true
            count += 1
            if signal == nil { signal = Int32(byte[0]) }
        }
        return any
    }

    /// Puts back the process's usual handlers (`TemporaryFiles`: the registry of temporaries
    /// is emptied by a stop signal).
    func restore() {
        TemporaryFiles.installHandlers()
    }
}
