import EarshotCore

/// A file that is not a WAV file Earshot can read: names the file and what is wrong with it.
public struct WAVFormatError: UserFacingError, Equatable {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var category: ErrorCategory { .badData }
    public var description: String { "\(path): error: \(problem)" }
}
