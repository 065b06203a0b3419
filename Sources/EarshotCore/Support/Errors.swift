/// What kind of fault an error a user can cause is. The core says what went wrong; a program
/// decides what that means for it (the `earshot` CLI turns each category into an exit code).
public enum ErrorCategory: String, Sendable, Codable, CaseIterable {
    /// The request was wrong as asked: an unknown name, an option value, an output that would
    /// overwrite an input.
    case usage
    /// An input file holds something invalid; the message names the file, line and column.
    case badData
    /// Something the request needs is not there: the speech engine, its data, a voice, an
    /// audio device.
    case unavailable
    /// A file could not be read or written.
    case io
}

/// An error a user can cause and fix; a program prints `description` and acts on `category`.
public protocol UserFacingError: Error, CustomStringConvertible {
    var category: ErrorCategory { get }
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

    public var category: ErrorCategory { .badData }
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

    public var category: ErrorCategory { .io }
    public var description: String { "\(path): error: \(reason)" }
}
