import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot-bench normalize`: what Korean text normalization costs per label, next to what eSpeak
/// NG takes to synthesize the same labels, so the share normalization adds can be read off.
///
/// The whole pipeline is measured (NFC, the rules, symbols by name, punctuation); `--emoji` adds
/// an emoji or symbol to every third label.
/// Options: `--count N` labels from `mkcorpus.py` (2000), `--corpus FILE` to read labels from a
/// file instead, `--repeat R` timed passes (50), `--espeak-sample N` lines synthesized with the
/// `espeak-ng` command line (100; 0 skips it), `--voice NAME` (ko).
var normalizeBenchmark: Benchmark {
    Benchmark(
        name: "normalize",
        summary: "Korean text normalization per label, against eSpeak NG synthesis of the same labels",
        options: NormalizeBenchmarkOptions.self,
        run: runNormalizeBenchmark
    )
}

private func runNormalizeBenchmark(_ parsed: Parsed<NormalizeBenchmarkOptions>) throws {
    _ = try parsed.positiveCounts([])
    let options = parsed.options
    var labels = try options.loadLabels()
    if options.emoji {
        // Every third label gets an emoji or symbol of the kinds real app text carries.
        let extras = ["👍", "❤️", "🛒", "🇰🇷", "👍🏽", "👨‍👩‍👧", "★", "1️⃣", "🔥", "✔️", "→", "📦"]
        labels = labels.enumerated().map { index, label in index % 3 == 0 ? "\(label) \(extras[index / 3 % extras.count])" : label }
    }
    let profile = try VoiceLibrary.locate().profile(options.voice)
    // The whole pipeline the engine's text goes through: NFC, the rules, symbols, punctuation.
    let normalizer = try profile.speechPipeline()

    // One untimed pass warms caches and checks that normalization changes something.
    let normalized = labels.map(normalizer.normalize)
    let changed = zip(labels, normalized).filter { $0 != $1 }.count
    let clock = ContinuousClock()
    var sink = 0
    let elapsed = clock.measure {
        for _ in 0..<options.repeats {
            for label in labels { sink &+= normalizer.normalize(label).utf8.count }
        }
    }
    let perPass = elapsed / options.repeats
    let microsPerLabel = perPass.seconds * 1e6 / Double(labels.count)
    print("corpus: \(labels.count) labels (\(options.corpusDescription)), \(changed) changed by normalization")
    print(String(format: "normalize: %.2f µs per label, %.3f ms per pass of %d labels (%d passes, checksum %d)",
                 microsPerLabel, perPass.seconds * 1e3, labels.count, options.repeats, sink))

    guard options.espeakSample > 0 else { return }
    let step = max(1, labels.count / options.espeakSample)
    let sampleIndices = Array(stride(from: 0, to: labels.count, by: step).prefix(options.espeakSample))
    let rawSample = sampleIndices.map { labels[$0] }
    let normalizedSample = sampleIndices.map { normalized[$0] }
    // The fastest of a few empty runs is the process start-up and voice loading, paid once.
    let startup = try (0..<5).map { _ in try EspeakCommandLine.secondsToSynthesize([""], voice: profile.engine.voice) }.min()!
    let rawBatch = try EspeakCommandLine.secondsToSynthesize(rawSample, voice: profile.engine.voice)
    let normalizedBatch = try EspeakCommandLine.secondsToSynthesize(normalizedSample, voice: profile.engine.voice)
    let perLineProcesses = try EspeakCommandLine.secondsPerLineProcess(normalizedSample, voice: profile.engine.voice)
    let synthesisPerLine = max(normalizedBatch - startup, 1e-9) / Double(sampleIndices.count)
    print(String(format: "espeak-ng -v %@ -w /dev/null, %d sampled lines:", profile.engine.voice, sampleIndices.count))
    print(String(format: "  one process per line (normalized text): %.2f ms per line", perLineProcesses * 1e3))
    print(String(format: "  one process for all lines: original %.2f ms, normalized %.2f ms per line (startup %.1f ms subtracted once)",
                 max(rawBatch - startup, 0) / Double(sampleIndices.count) * 1e3, synthesisPerLine * 1e3, startup * 1e3))
    print(String(format: "normalization adds %.3f%% to synthesis (one process for all lines), %.3f%% to one process per line",
                 microsPerLabel / 1e6 / synthesisPerLine * 100, microsPerLabel / 1e6 / perLineProcesses * 100))
}

struct NormalizeBenchmarkOptions: CommandOptions {
    @Option(.count("count", "N", in: 1...1_000_000, "Labels from mkcorpus.py N (default 2000)."))
    var countGiven: Int?
    @Option("corpus", "FILE", "Read the labels from FILE instead.")
    var corpusPath: String?
    @Option(.count("repeat", "R", in: 1...100_000, "Timed passes (default 50)."))
    var repeatsGiven: Int?
    @Option(.count("espeak-sample", "N", in: 0...100_000, "Lines synthesized with the espeak-ng command line (default 100; 0 skips it)."))
    var espeakSampleGiven: Int?
    @Option("voice", "NAME", "Voice profile (default ko).")
    var voiceGiven: String?
    @Flag("emoji", "Add an emoji or symbol to every third label.")
    var emoji: Bool

    var count: Int { countGiven ?? 2000 }
    var repeats: Int { repeatsGiven ?? 50 }
    var espeakSample: Int { espeakSampleGiven ?? 100 }
    var voice: String { voiceGiven ?? "ko" }

    var corpusDescription: String {
        corpusPath.map { "from \($0)" } ?? "mkcorpus.py \(count)"
    }

    /// The labels from `--corpus`, or from the corpus generator (scripts/mkcorpus.py).
    func loadLabels() throws -> [String] {
        let labels = try corpusPath.map(BenchmarkCorpus.read(path:)) ?? BenchmarkCorpus.generated(count: count)
        guard !labels.isEmpty else { throw UsageError("the corpus has no labels") }
        return labels
    }
}

/// Times the `espeak-ng` command line writing speech to /dev/null (without `-q`, which would
/// skip writing the WAV file).
private enum EspeakCommandLine {
    /// Seconds for one `espeak-ng` process to synthesize all `lines` (one per line of its input).
    static func secondsToSynthesize(_ lines: [String], voice: String) throws -> Double {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("earshot-bench-\(UUID().uuidString).txt")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try time(["-v", voice, "-w", "/dev/null", "-f", file.path])
    }

    /// Mean seconds for one `espeak-ng` process per line, as a caller running the CLI would pay.
    static func secondsPerLineProcess(_ lines: [String], voice: String) throws -> Double {
        var total = 0.0
        for line in lines { total += try time(["-v", voice, "-w", "/dev/null", "--", line]) }
        return total / Double(max(1, lines.count))
    }

    private static func time(_ arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng"] + arguments
        process.standardOutput = FileHandle.nullDevice
        let start = ContinuousClock.now
        do {
            try process.run()
        } catch {
            throw FileIOError(path: "espeak-ng", reason: "cannot run espeak-ng (\(error.localizedDescription))")
        }
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        guard process.terminationStatus == 0 else {
            throw FileIOError(path: "espeak-ng", reason: "exited with status \(process.terminationStatus)")
        }
        return elapsed.seconds
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
