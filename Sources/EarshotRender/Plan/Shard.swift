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

    /// The indices of this shard's jobs among `total`: sizes differ by at most one. The
    /// products are taken at double width, so no index or count (up to `Int.max`) overflows.
    public func range(of total: Int) -> Range<Int> {
        precondition(total >= 0, "a negative number of jobs")
        return Self.share(total, times: index - 1, over: count)..<Self.share(total, times: index, over: count)
    }

    /// `total * part / whole`, for `0 <= part <= whole`, computed without overflow.
    private static func share(_ total: Int, times part: Int, over whole: Int) -> Int {
        let product = total.multipliedFullWidth(by: part)
        return whole.dividingFullWidth((high: product.high, low: product.low)).quotient
    }

    /// The shard a `--shard` value names: `I/N`; `auto`, from GitLab's parallel jobs
    /// (`CI_NODE_INDEX`, 1-based, and `CI_NODE_TOTAL`); or `auto/N`, the index from a
    /// Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`, 0-based) or GitLab's `CI_NODE_INDEX`,
    /// with the total given, as Kubernetes does not put it in the environment. Returns the
    /// shard, or the reason it cannot be told (a sentence for a usage error).
    public static func resolve(_ text: String, environment: [String: String]) -> Result<Shard, ShardError> {
        if let shard = Shard(parsing: text) { return .success(shard) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "auto", parts.count <= 2 else {
            return .failure(ShardError("--shard expects I/N with 1 <= I <= N (such as 2/3), auto or auto/N; got \"\(text)\""))
        }
        func number(_ name: String) -> Int?? {
            guard let value = environment[name], !value.isEmpty else { return .none }
            return .some(Int(value))
        }
        var total: Int?
        if parts.count == 2 {
            guard let given = Int(parts[1]), given >= 1 else {
                return .failure(ShardError("--shard auto/N expects a total N of at least 1; got \"\(parts[1])\""))
            }
            total = given
        }
        let index: Int
        if let completion = number("JOB_COMPLETION_INDEX") {
            guard let zeroBased = completion, zeroBased >= 0 else {
                return .failure(ShardError("JOB_COMPLETION_INDEX is \"\(environment["JOB_COMPLETION_INDEX"]!)\", not a number from 0"))
            }
            guard let total else {
                return .failure(ShardError("a Kubernetes Indexed Job does not say how many shards there are: give --shard auto/N with N the Job's completions"))
            }
            // Compared before adding one, so the largest index cannot overflow.
            guard zeroBased < total else {
                return .failure(ShardError("JOB_COMPLETION_INDEX \(zeroBased) (0-based) is not a shard of \(total) (shards are 0 to \(total - 1))"))
            }
            index = zeroBased + 1
            return check(index, total, source: "JOB_COMPLETION_INDEX \(zeroBased) (0-based)")
        } else if let node = number("CI_NODE_INDEX") {
            guard let oneBased = node else {
                return .failure(ShardError("CI_NODE_INDEX is \"\(environment["CI_NODE_INDEX"]!)\", not a number"))
            }
            index = oneBased
            if total == nil, let nodes = number("CI_NODE_TOTAL") {
                guard let nodes else { return .failure(ShardError("CI_NODE_TOTAL is \"\(environment["CI_NODE_TOTAL"]!)\", not a number")) }
                total = nodes
            }
            guard let total else { return .failure(ShardError("CI_NODE_INDEX is set but not CI_NODE_TOTAL: give --shard auto/N")) }
            return check(index, total, source: "CI_NODE_INDEX \(oneBased)")
        }
        return .failure(ShardError("--shard \(text): neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor CI_NODE_INDEX (GitLab parallel) is set; give --shard I/N"))
    }

    private static func check(_ index: Int, _ total: Int, source: String) -> Result<Shard, ShardError> {
        guard total >= 1, (1...total).contains(index) else {
            return .failure(ShardError("\(source) is not a shard of \(total) (shards are 1 to \(total))"))
        }
        return .success(Shard(index: index, count: total))
    }
}

/// Why a `--shard` value names no shard.
public struct ShardError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
