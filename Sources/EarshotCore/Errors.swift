/// Process exit codes, as documented in the README (sysexits.h values).
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// A check ran and something failed: an expectation, an error-level finding, a bad item in a batch.
    case failure = 1
    case usage = 64
    case dataError = 65
    case unavailable = 69
    case ioError = 74
}

/// An error a user can cause and fix; the CLI prints `description` and exits with `exitCode`.
public protocol UserFacingError: Error, CustomStringConvertible {
    var exitCode: ExitCode { get }
}

/// A place in a text file, 1-based, counted in characters (not bytes).
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// Bad data in an input file: names the file, the line and column, and what would be valid.
public struct DataFileError: UserFacingError, Equatable {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var exitCode: ExitCode { .dataError }
    public var description: String { "\(location): error: \(message)" }
}

/// A file that could not be read or written.
public struct FileIOError: UserFacingError, Equatable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var exitCode: ExitCode { .ioError }
    public var description: String { "\(path): error: \(reason)" }
}

/// A wrong command line: unknown option, missing argument.
public struct UsageError: UserFacingError, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var exitCode: ExitCode { .usage }
    public var description: String { "error: \(message)" }
}
