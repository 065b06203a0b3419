import EarshotCommandLine
import EarshotCore
import EarshotSpeech
import Foundation

/// `earshot-bench synth`: speech produced per wall-clock second by the in-process engine
/// against one `espeak-ng` process per line, and the delay to the first audio chunk.
///
/// Usage: earshot-bench synth [--count N] [--corpus FILE]
/// Without --corpus, N lines come from `mkcorpus.py N` (scripts/mkcorpus.py, the deterministic corpus).
extension Benchmark {
    static var synth: Benchmark {
        Benchmark(name: "synth", summary: "in-process eSpeak NG vs an espeak-ng process per line; first-chunk delay",
                  options: SynthBenchmark.Options.self) {
            try SynthBenchmark($0).run()
        }
    }
}

struct SynthBenchmark {
    static let latencyRequests = 20

    var count = 1000
    var corpusPath: String?

    struct Options: CommandOptions {
        @Option(.count("count", "N", in: 1...1_000_000, "Lines from mkcorpus.py N (default 1000)."))
        var count: Int?
        @Option("corpus", "FILE", "Read the lines from FILE instead.")
        var corpus: String?
    }

    init(_ parsed: Parsed<Options>) throws {
        _ = try parsed.positiveCounts([])
        count = parsed.count ?? count
        corpusPath = parsed.corpus
    }

    func run() throws {
        let lines = try corpus()
        let profile = try VoiceLibrary.locate().profile("ko")
        let settings = profile.engine
        print("corpus: \(lines.count) lines, voice profile \(profile.path) (eSpeak voice \(settings.voice))")

        let clock = ContinuousClock()
        var engine: SpeechEngine?
        let startup = try clock.measure { engine = try SpeechEngine() }
        guard let engine else { return }
        print("engine start: \(milliseconds(startup)) ms")

        // In process: every line through the one engine.
        var inProcessSamples = 0
        let inProcess = try clock.measure {
            for line in lines {
                inProcessSamples += try engine.synthesize(line, settings: settings).audio.samples.count
            }
        }
        let inProcessAudio = Double(inProcessSamples) / Double(engine.sampleRate)
        report("in-process", audio: inProcessAudio, wall: inProcess)

        // One espeak-ng process per line, one after another, each writing a WAV file.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-synth-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("line.wav").path
        var processAudio = 0.0
        let processes = try clock.measure {
            for line in lines {
                try runESpeak(line, settings: settings, output: wav)
                processAudio += try wavSeconds(wav)
            }
        }
        report("espeak-ng per line", audio: processAudio, wall: processes)
        let ratio = (inProcessAudio / seconds(inProcess)) / (processAudio / seconds(processes))
        print(String(format: "ratio in-process / espeak-ng: %.1fx (target >= 2x)", ratio))

        // Delay from a request to its first chunk of audio.
        var delays: [Duration] = []
        for line in lines.prefix(Self.latencyRequests) {
            let requested = clock.now
            var first: Duration?
            _ = try engine.synthesize(line, settings: settings) { chunk in
                if first == nil, !chunk.samples.isEmpty { first = clock.now - requested }
            }
            if let first { delays.append(first) }
        }
        delays.sort()
        if !delays.isEmpty {
            print("first chunk: median \(milliseconds(delays[delays.count / 2])) ms, min \(milliseconds(delays[0])) ms, "
                + "max \(milliseconds(delays[delays.count - 1])) ms over \(delays.count) requests")
        }
    }

    private func corpus() throws -> [String] {
        let lines = try corpusPath.map(BenchmarkCorpus.read(path:)) ?? BenchmarkCorpus.generated(count: count)
        return Array(lines.prefix(count))
    }

    /// Runs `espeak-ng` with the profile's settings, as a shell loop over the corpus would.
    private func runESpeak(_ line: String, settings: VoiceProfile.Engine, output: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "-v", settings.voice, "-s", String(settings.rate), "-p", String(settings.pitch),
                             "-a", String(settings.volume), "-g", String(settings.wordGap), "-w", output, line]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FileIOError(path: output, reason: "espeak-ng exited with \(process.terminationStatus)")
        }
    }

    /// Length of a 16-bit mono WAV file from eSpeak (44-byte header).
    private func wavSeconds(_ path: String) throws -> Double {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let bytes = (attributes[.size] as? Int) ?? 0
        return Double(max(bytes - 44, 0) / 2) / 22050
    }

    private func report(_ name: String, audio: Double, wall: Duration) {
        print(String(format: "%@: %.1f s of audio in %.2f s wall = %.1f s audio per wall second",
                     name.padding(toLength: 20, withPad: " ", startingAt: 0), audio, seconds(wall), audio / seconds(wall)))
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func milliseconds(_ duration: Duration) -> String {
        String(format: "%.2f", seconds(duration) * 1000)
    }
}
