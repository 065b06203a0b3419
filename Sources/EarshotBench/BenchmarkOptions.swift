import EarshotCommandLine

/// One benchmark: a name, a line of help, its command line (typed options through the same
/// parser as `earshot`'s, `EarshotCommandLine`, so an unknown option is refused with a
/// suggestion and every value is checked before anything runs) and its run.
struct Benchmark {
    var name: String
    var summary: String
    /// Its help page (`earshot-bench NAME --help`).
    var help: HelpPage
    var run: ([String]) throws -> Void

    /// A benchmark whose command line is `Options` and the positional `arguments` the usage
    /// line names (`[SIZE]`); `run` gets them decoded.
    init<Options: CommandOptions>(name: String, summary: String, arguments: [(String, String)] = [], options: Options.Type,
                                  run: @escaping (Parsed<Options>) throws -> Void) {
        self.name = name
        self.summary = summary
        let placeholders = arguments.map { "[\($0.0)]" }.joined(separator: " ")
        help = HelpPage(overview: summary, usage: ["earshot-bench \(name) [options]" + (placeholders.isEmpty ? "" : " " + placeholders)],
                        arguments: arguments, options: Options.table)
        self.run = { try run(try Options.parse($0)) }
    }
}

/// The options of a benchmark that takes none (only its counts, if any).
struct NoOptions: CommandOptions {}

extension Parsed {
    /// The positional arguments as positive numbers, one per placeholder of `defaults` in order
    /// (the default when absent); more, or one that is not a positive number, is a usage error.
    func positiveNumbers(_ defaults: [(placeholder: String, value: Double)]) throws -> [Double] {
        guard positionals.count <= defaults.count else {
            if defaults.isEmpty { throw UsageError("takes no arguments besides its options, got \(positionals.joined(separator: " "))") }
            throw UsageError("takes at most \(defaults.count) numbers (\(defaults.map(\.placeholder).joined(separator: " "))), got \(positionals.joined(separator: " "))")
        }
        return try defaults.enumerated().map { index, entry in
            guard index < positionals.count else { return entry.value }
            guard let number = Double(positionals[index]), number > 0, number.isFinite else {
                throw UsageError("\(entry.placeholder) expects a positive number, got \"\(positionals[index])\"")
            }
            return number
        }
    }

    /// As `positiveNumbers`, for whole numbers.
    func positiveCounts(_ defaults: [(placeholder: String, value: Int)]) throws -> [Int] {
        let numbers = try positiveNumbers(defaults.map { ($0.placeholder, Double($0.value)) })
        return try zip(numbers, defaults).map { number, entry in
            guard number == number.rounded(), number <= Double(Int.max) else {
                throw UsageError("\(entry.placeholder) expects a whole number, got \(number)")
            }
            return Int(number)
        }
    }
}

extension OptionDeclaration where Value == Int {
    /// A whole number from `range`.
    static func count(_ name: String, _ valueName: String, in range: ClosedRange<Int>, _ help: String) -> Self {
        OptionDeclaration(spec: .value(name, valueName, help)) { text in
            guard let number = Int(text), range.contains(number) else {
                throw UsageError("--\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(text)\"")
            }
            return number
        }
    }
}

extension OptionDeclaration where Value == [Int] {
    /// Positive whole numbers separated by commas (`1000,5000`).
    static func counts(_ name: String, _ help: String) -> Self {
        OptionDeclaration(spec: .value(name, "N,N...", help)) { text in
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard !numbers.isEmpty, numbers.allSatisfy({ ($0 ?? 0) > 0 }) else {
                throw UsageError("--\(name) expects positive whole numbers separated by commas, got \"\(text)\"")
            }
            return numbers.compactMap { $0 }
        }
    }
}
