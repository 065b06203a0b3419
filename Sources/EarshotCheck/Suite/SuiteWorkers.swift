import EarshotCore
import EarshotPlayback
import EarshotWorkers
import Foundation

/// `earshot test --jobs N`: the scenarios of a suite shared out among N worker processes
/// (`earshot test --worker`), in the pool `render` uses too (process groups, stop signals,
/// stalled workers). A worker reads `PATH<TAB>PAGE` lines and answers each with one JSON line,
/// a `ScenarioOutcome`.
public enum SuiteWorkers {
    /// The line a worker reads for a scenario: its path, and the report page it writes ("" for none).
    public static func requestLine(file: String, page: String) -> String { file + "\t" + page }

    /// Runs the scenarios (the biggest files first, as a longer flow takes longer, so no worker
    /// is left with a long one at the end) and hands each outcome to `handle` in the order of
    /// `scenarios`. Returns the stop signal that ended the run early, if any: the outcomes
    /// handed on so far stand, the others were not run or not finished.
    ///
    /// A scenario whose worker died or stalled fails with that reason, and the run goes on; an
    /// engine that cannot start (an outcome of category `unavailable`) ends it with that error,
    /// as it would fail every scenario.
    public static func run(_ scenarios: [(file: String, page: String)], settings: WorkerPoolSettings,
                           inOrder handle: (ScenarioOutcome) throws -> Void) throws -> Int32? {
        let sizes = scenarios.map { (try? FileManager.default.attributesOfItem(atPath: $0.file)[.size] as? Int) ?? 0 }
        let order = scenarios.indices.sorted { sizes[$0] > sizes[$1] || (sizes[$0] == sizes[$1] && $0 < $1) }
        var outcomes = [ScenarioOutcome?](repeating: nil, count: scenarios.count)
        var handled = 0
        let started = Date()
        func settle(_ index: Int, _ outcome: ScenarioOutcome) throws {
            if outcome.errorCategory == .unavailable {
                throw ReportedError(description: outcome.error ?? "the speech engine is unavailable", category: .unavailable)
            }
            outcomes[index] = outcome
            while handled < outcomes.count, let next = outcomes[handled] {
                try handle(next)
                handled += 1
            }
        }
        let pool = WorkerPool<Int>(settings)
        return try pool.run(
            order, request: { requestLine(file: scenarios[$0].file, page: scenarios[$0].page) },
            answer: { line, pending in
                guard let index = pending.first,
                      let outcome = try? JSONDecoder().decode(ScenarioOutcome.self, from: Data(line.utf8)) else { return nil }
                try settle(index, outcome)
                return 0
            },
            lost: { index, loss in
                let reason = switch loss {
                case .ended(let ending): "the test worker stopped while running it (\(ending))"
                case .stalled(let seconds): String(format: "the test worker made no progress for %.0f s and was stopped", seconds)
                case .noWorker(let ending): "no test worker could start (it \(ending.map(\.description) ?? "could not be started"))"
                }
                try settle(index, ScenarioOutcome(file: scenarios[index].file, failure: "error: \(reason)", category: nil,
                                                  time: Date().timeIntervalSince(started)))
            })
    }
}

/// An error met elsewhere (in a worker process), carried back as its message and category.
public struct ReportedError: UserFacingError {
    public var description: String
    public var category: ErrorCategory

    public init(description: String, category: ErrorCategory) {
        self.description = description
        self.category = category
    }
}
