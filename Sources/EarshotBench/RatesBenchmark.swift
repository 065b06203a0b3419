import EarshotCheck
import EarshotCommandLine
import EarshotCore
import EarshotPlayback
import Foundation

/// `earshot-bench rates [RUNS]`: the cost of a sweep of speaking rates. Three parts:
/// 1. The wall time of `earshot test samples` (one rate, the profile's) against `earshot test
///    --rates default samples` (175, 300 and 450 words a minute), the release binary beside this
///    one, from the repository root; median and best of RUNS runs each (default 5), alternating.
///    Goal: the sweep at most 3.2 times one rate.
/// 2. The synthesis a sweep does in this process (a `SuiteScenarioRunner`, one speaker per voice
///    and rate): texts synthesized against the lengths that were asked for, so what the cache of
///    lengths by text, voice and rate saved.
/// 3. Which samples' verdicts change with the rate: a scenario whose runs do not all pass or
///    all fail, or whose sweep reports a `timing.rate-dependent` it does not expect; and which
///    only change fates (an utterance's fate differs, the verdict holds).
enum RatesBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "rates", summary: "a sweep of 3 speaking rates over the samples against one rate: time, synthesis, verdicts that change",
                  arguments: [("RUNS", "Runs of each command (default 5).")], options: NoOptions.self, run: run)
    }

    static let goal = 3.2

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let runs = try parsed.positiveCounts([("RUNS", 5)])[0]
        let earshot = try BenchmarkFiles.earshotBinary()
        let root = BenchmarkFiles.repositoryRoot
        var one: [Double] = [], sweep: [Double] = []
        var summaries: (String, String) = ("", "")
        for _ in 0..<runs {
            let (single, singleOut) = try SuiteBenchmark.time(earshot, ["test", "samples"], in: root, allowFailure: true)
            let (swept, sweptOut) = try SuiteBenchmark.time(earshot, ["test", "--rates", "default", "samples"], in: root, allowFailure: true)
            one.append(single)
            sweep.append(swept)
            summaries = (String(singleOut.split(separator: "\n").last ?? ""), String(sweptOut.split(separator: "\n").last ?? ""))
        }
        let medianOne = SuiteBenchmark.median(one), medianSweep = SuiteBenchmark.median(sweep)
        print("earshot test samples: \(summaries.0)")
        print("earshot test --rates default samples (175, 300, 450): \(summaries.1)")
        print("one rate: \(fixedDecimal(medianOne, places: 3)) s   3 rates: \(fixedDecimal(medianSweep, places: 3)) s   (median of \(runs))")
        print("one rate: \(fixedDecimal(one.min()!, places: 3)) s   3 rates: \(fixedDecimal(sweep.min()!, places: 3)) s   (best of \(runs))")
        let ratio = medianSweep / medianOne
        print("sweep / one rate: \(fixedDecimal(ratio, places: 2))x median, \(fixedDecimal(sweep.min()! / one.min()!, places: 2))x best (goal <= \(fixedDecimal(goal, places: 1))x)")

        // 2 and 3, in this process.
        let files = try ScenarioSuite.discover([root.appendingPathComponent("samples").path])
        let rates = try VoiceLibrary.locate().profile("ko").sweepRates()
        let runner = SuiteScenarioRunner(voice: nil, espeakData: nil, reader: nil)
        let started = Date()
        var changedVerdicts: [String] = [], changedFates: [String] = []
        for file in files {
            let outcomes = try runner.runSweep(file, rates: rates)
            guard outcomes.count == rates.count + 1 else { continue }
            let verdicts = outcomes.map { ScenarioVerdict(outcome: $0, golden: nil) }
            let perRate = verdicts.dropLast().map { $0.failedExpectations.isEmpty && $0.unexpectedErrors.isEmpty }
            let sweepVerdict = verdicts.last!
            let shown = (file as NSString).lastPathComponent
            if Set(perRate).count > 1 || !sweepVerdict.unexpectedErrors.isEmpty {
                let at = zip(rates, perRate).map { "\($0) \($1 ? "pass" : "fail")" }.joined(separator: ", ")
                changedVerdicts.append("\(shown) (\(at)\(sweepVerdict.unexpectedErrors.isEmpty ? "" : "; timing.rate-dependent"))")
            } else if !sweepVerdict.outcome.transcript.isEmpty {
                changedFates.append(shown)
            }
        }
        let inProcess = Date().timeIntervalSince(started)
        let counts = runner.lengthStatistics
        let asked = counts.synthesized + counts.reused
        print("in one process: \(files.count) scenarios at \(rates.count) rates in \(fixedDecimal(inProcess, places: 3)) s; "
              + "\(asked) utterance lengths asked for, \(counts.synthesized) synthesized, \(counts.reused) (\(fixedDecimal(100 * Double(counts.reused) / Double(max(asked, 1)), places: 1))%) reused by text, voice and rate")
        print("verdicts that change with the rate: \(changedVerdicts.count) of \(files.count)")
        for line in changedVerdicts { print("  \(line)") }
        print("fates that change, verdict the same at every rate: \(changedFates.count) of \(files.count): \(changedFates.joined(separator: ", "))")
        if ratio > goal {
            print("rates: the sweep took \(fixedDecimal(ratio, places: 2))x one rate, over the goal of \(fixedDecimal(goal, places: 1))x")
        } else {
            print("rates: PASS")
        }
    }
}
