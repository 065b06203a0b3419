import EarshotCommandLine
import EarshotCore
import EarshotPlayback
import EarshotRender
import EarshotSpeech
import Foundation

/// `earshot-bench estimate [--fit]`: how far the duration estimate (`SpeechDurationEstimate`,
/// the profiles' `durationEstimate`) lands from eSpeak NG's real lengths, per voice, and with
/// `--fit` the least-squares coefficients to write into the profiles.
///
/// The corpus, per voice: the spoken description and hint of every focus stop of the bundled
/// screens and dumps (Korean labels read by the English voice too, as the samples' `.en`
/// read-outs have them), every string of the FluentUI table (Tests/Fixtures/corpora)
/// in the voice's language (format strings filled with the default placeholders), and for `ko`
/// every utterance of the sample scenarios. Each sample scenario is also run twice, with the
/// engine and with the estimate, to compare its end time and the utterances' fates.
enum EstimateBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "estimate",
                  summary: "duration estimate vs eSpeak NG per voice (MAE, worst error); --fit prints new coefficients",
                  options: Options.self, run: run)
    }

    struct Options: CommandOptions {
        @Flag("fit", "Also print the least-squares coefficients to write into the profiles.")
        var fit: Bool
    }

    static let voices = [(name: "ko", strings: "fluentui-apple-ko.strings"), (name: "en", strings: "fluentui-apple-en.strings")]

    static func run(_ parsed: Parsed<Options>) throws {
        _ = try parsed.positiveCounts([])
        let fit = parsed.fit
        let library = VoiceLibrary.locate()
        let root = URL(fileURLWithPath: library.directory).deletingLastPathComponent()
        let engine = try SpeechEngine()
        for voice in voices {
            let speaker = try Speaker(profile: try library.profile(voice.name), engine: engine)
            let texts = try corpus(voice: voice.name, strings: voice.strings, root: root, profile: speaker.profile)
            var samples: [Sample] = []
            for text in texts {
                let engineText = speaker.engineText(for: text)
                samples.append(Sample(text: text, counts: SpeechTextCounts(engineText),
                                      seconds: try speaker.synthesize(text).audio.duration))
            }
            let current = try SpeechDurationEstimate(profile: speaker.profile)
            let total = samples.reduce(0) { $0 + $1.seconds }
            print(String(format: "estimate: %@: %d texts, %.1f s of speech at %d wpm (eSpeak voice %@)",
                         voice.name, samples.count, total, speaker.profile.engine.rate, speaker.profile.engine.voice))
            print("estimate: \(voice.name): profile: \(Errors(samples, current.coefficients).report)")
            if fit {
                for (name, weight) in [("absolute", { (_: Sample) in 1.0 }), ("1/s", { 1 / $0.seconds }), ("relative", { 1 / ($0.seconds * $0.seconds) })] {
                    print("estimate: \(voice.name): fit \(name): \(Errors(samples, leastSquares(samples, weight: weight)).report)")
                }
                let fitted = leastSquares(samples, weight: { 1 / $0.seconds })
                let names = SpeechDurationEstimate.keys.dropLast()
                let fields = zip(names, fitted).map { "\"\($0)\": \(String(format: "%.4f", $1))" }
                print("estimate: \(voice.name): \"durationEstimate\": { \(fields.joined(separator: ", ")), "
                      + "\"calibratedRate\": \(speaker.profile.engine.rate) }")
            }
            if voice.name == "ko" { try compareScenarios(root: root, speaker: speaker) }
        }
    }

    /// One text of the corpus: its counts and its real length.
    struct Sample {
        var text: String
        var counts: SpeechTextCounts
        var seconds: Double
    }

    /// Mean absolute error, mean and worst relative error of a set of coefficients.
    struct Errors {
        var meanAbsolute = 0.0
        var meanRelative = 0.0
        var worst = (relative: 0.0, sample: Sample(text: "", counts: SpeechTextCounts(""), seconds: 0), estimate: 0.0)
        var totalRelative = 0.0

        init(_ samples: [Sample], _ coefficients: [Double]) {
            var estimatedTotal = 0.0, total = 0.0
            for sample in samples {
                let estimate = zip(coefficients, sample.counts.values).reduce(0) { $0 + $1.0 * $1.1 }
                let error = abs(estimate - sample.seconds)
                let relative = error / sample.seconds
                meanAbsolute += error
                meanRelative += relative
                if relative > worst.relative { worst = (relative, sample, estimate) }
                estimatedTotal += estimate
                total += sample.seconds
            }
            meanAbsolute /= Double(samples.count)
            meanRelative /= Double(samples.count)
            totalRelative = (estimatedTotal - total) / total
        }

        var report: String {
            String(format: "mean absolute error %.3f s, mean relative error %.1f %%, total %+.1f %%, worst %.0f %% (%.3f s for %.3f s: \"%@\")",
                   meanAbsolute, meanRelative * 100, totalRelative * 100, worst.relative * 100, worst.estimate,
                   worst.sample.seconds, String(worst.sample.text.prefix(60)))
        }
    }

    /// The texts to measure for one voice, each once.
    static func corpus(voice: String, strings: String, root: URL, profile: VoiceProfile) throws -> [String] {
        var texts: [String] = []
        let generator = try DescriptionGenerator(profile: profile, readerNamed: ScreenReaders.standard.name)
        for folder in ["samples/screens", "samples/dumps"] {
            let path = root.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: path.path)
                .filter { $0.hasSuffix(".json") || $0.hasSuffix(".xml") }.sorted()
            for file in files {
                let screen = try ScreenLoader.load(path: path.appendingPathComponent(file).path).screen
                for stop in FocusOrder(screen: screen).stops {
                    let spoken = generator.describe(stop)
                    texts.append(spoken.text)
                    if let hint = spoken.hint { texts.append(hint) }
                }
            }
        }
        let table = root.appendingPathComponent("Tests/Fixtures/corpora/\(strings)")
        let placeholders = FormatPlaceholders.defaults(language: voice)
        for item in try StringsTableParser.read(path: table.path).items {
            switch item.content {
            case .text(let text): texts.append(text)
            case .formatString(let format): if let text = try? placeholders.fill(format) { texts.append(text) }
            default: break
            }
        }
        if voice == "ko" {
            for scenario in try sampleScenarios(root: root) {
                let result = try ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                                device: try EstimatedSpeechDevice(profile: profile)).run()
                texts += result.transcript.entries.map(\.utterance).filter { $0.earcon == nil }.map(\.text)
            }
        }
        var seen = Set<String>()
        return texts.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && seen.insert($0).inserted }
    }

    static func sampleScenarios(root: URL) throws -> [Scenario] {
        let folder = root.appendingPathComponent("samples/scenarios")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && !$0.hasSuffix(".findings.json") }.sorted()
            .map { try ScenarioFile.load(path: folder.appendingPathComponent($0).path) }
    }

    /// Runs every sample scenario with the engine and with the estimate; prints end times and
    /// how many utterances ended differently (spoken, cut or dropped).
    static func compareScenarios(root: URL, speaker: Speaker) throws {
        var sameFates = 0
        var worstEnd = (relative: 0.0, name: "")
        let scenarios = try sampleScenarios(root: root)
        for scenario in scenarios {
            let real = try ScenarioRunner(scenario: scenario, profile: speaker.profile, clock: VirtualClock(),
                                          device: try TimelineRenderer(speaker: speaker)).run()
            let estimated = try ScenarioRunner(scenario: scenario, profile: speaker.profile, clock: VirtualClock(),
                                               device: try EstimatedSpeechDevice(profile: speaker.profile)).run()
            let realFates = real.transcript.entries.map { "\($0.utterance.text) \($0.fate.kindName)" }
            let estimatedFates = estimated.transcript.entries.map { "\($0.utterance.text) \($0.fate.kindName)" }
            if realFates == estimatedFates { sameFates += 1 }
            let relative = abs(estimated.endTime - real.endTime) / max(real.endTime, 0.001)
            if relative > worstEnd.relative { worstEnd = (relative, URL(fileURLWithPath: scenario.path).lastPathComponent) }
        }
        print(String(format: "estimate: ko: sample scenarios: %d of %d end every utterance the same way (spoken, cut, dropped); "
                     + "worst end-time error %.1f %% (%@)", sameFates, scenarios.count, worstEnd.relative * 100, worstEnd.name))
    }

    /// The coefficients minimizing the squared error, by the normal equations with a tiny ridge
    /// (a count that is always 0 in a corpus, like Hangul for English, gets 0).
    static func leastSquares(_ samples: [Sample], weight: (Sample) -> Double) -> [Double] {
        let size = SpeechTextCounts("").values.count
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: size + 1), count: size)
        for sample in samples {
            let x = sample.counts.values
            let w = weight(sample)
            for i in 0..<size {
                for j in 0..<size { matrix[i][j] += w * x[i] * x[j] }
                matrix[i][size] += w * x[i] * sample.seconds
            }
        }
        for i in 0..<size { matrix[i][i] += 1e-6 }
        // Gauss-Jordan elimination with partial pivoting.
        for column in 0..<size {
            let pivot = (column..<size).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) }!
            matrix.swapAt(column, pivot)
            let lead = matrix[column][column]
            for j in column...size { matrix[column][j] /= lead }
            for i in 0..<size where i != column {
                let factor = matrix[i][column]
                for j in column...size { matrix[i][j] -= factor * matrix[column][j] }
            }
        }
        return matrix.map { $0[size] }
    }
}

private extension UtteranceFate {
    var kindName: String {
        switch self {
        case .spoken: "spoken"
        case .cut: "cut"
        case .dropped: "dropped"
        }
    }
}
