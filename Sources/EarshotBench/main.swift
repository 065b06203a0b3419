import EarshotCommandLine
import EarshotVoices
import Foundation

// earshot-bench: the figures the issues ask for, measured in release mode in one run each.
// Usage: swift run -c release earshot-bench <benchmark> [options]

let benchmarks: [Benchmark] = [
    normalizeBenchmark,
    ScreensBenchmark.benchmark,
    ImportBenchmark.benchmark,
    TalkBackBenchmark.benchmark,
    .synth,
    RenderBenchmark.benchmark,
    ScenarioBenchmark.benchmark,
    LiveBenchmark.benchmark,
    EstimateBenchmark.benchmark,
    SuiteBenchmark.benchmark,
    RatesBenchmark.benchmark,
    ReportBenchmark.benchmark,
    SizesBenchmark.benchmark,
    CostsBenchmark.benchmark,
    WebBenchmark.benchmark,
    WebSizesBenchmark.benchmark,
    WebScenarioBenchmark.benchmark,
    Benchmark(name: "speech-core",
              summary: "the speech core's figures in one run: the scenario benchmark, then the live benchmark",
              options: LiveBenchmark.Options.self,
              run: { parsed in
                  // Scenario first: its peak memory is the process's high-water mark so far.
                  try ScenarioBenchmark.benchmark.run([])
                  try LiveBenchmark.run(parsed)
              }),
]

// The benchmarks read the voices the CLI ships with, when no folder has them.
BuiltInVoices.register()
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name }) else {
    print("USAGE: earshot-bench <benchmark> [options]\n\nBENCHMARKS:")
    for benchmark in benchmarks { print("  \(benchmark.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(benchmark.summary)") }
    exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 64)
}
if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
    print(benchmark.help.text, terminator: "")
    exit(0)
}
do {
    try benchmark.run(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
