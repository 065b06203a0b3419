/// A benchmark result outside its limits; exits 1 through the bench's error handler.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var reasons: [String]
    var description: String { "FAIL: " + reasons.joined(separator: "; ") }
}
