import EarshotCore

/// `earshot`'s exit codes, as the README's "Exit codes" table lists them (sysexits.h values).
enum ExitCode: Int32, Sendable {
    case success = 0
    /// A check ran and something failed: an expectation, an error-level finding, a bad item in a batch.
    case failure = 1
    case usage = 64
    case dataError = 65
    case unavailable = 69
    case ioError = 74

    /// The exit code for an error of this category: the one place the core's categories meet
    /// the process's status.
    init(_ category: ErrorCategory) {
        switch category {
        case .usage: self = .usage
        case .badData: self = .dataError
        case .unavailable: self = .unavailable
        case .io: self = .ioError
        }
    }
}

