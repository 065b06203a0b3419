/// A benchmark's arguments that are not what it takes. The bench has its own: `earshot`'s
/// usage error and exit codes belong to that program, and the bench reports every error the
/// same way (its message, exit 1).
struct UsageError: Error, CustomStringConvertible {
    var message: String

    init(_ message: String) { self.message = message }

    var description: String { "error: \(message)" }
}

/// A benchmark result outside its limits; exits 1 through the bench's error handler.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var reasons: [String]
    var description: String { "FAIL: " + reasons.joined(separator: "; ") }
}
