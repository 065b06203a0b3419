/// A share of a render run: `--shard i/n` takes the i-th of n contiguous, nearly equal runs of
/// the job list (jobs are items times voices, in manifest order).
///
/// Contiguous runs, rather than every n-th job, make the shard manifests concatenate, in shard
/// order, into exactly the manifest of the whole run. Every shard reads all inputs, so file names
/// (and their collision suffixes) are the same however the corpus is split.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public static let whole = Shard(index: 1, count: 1)

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard out of range")
        self.index = index
        self.count = count
    }

    /// Parses `i/n`; nil if malformed or out of range.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The indices of this shard's jobs among `total`: sizes differ by at most one.
    public func range(of total: Int) -> Range<Int> {
        let lower = total * (index - 1) / count
        let upper = total * index / count
        return lower..<upper
    }
}
