import EarshotAudio
import EarshotCommandLine
import EarshotCore
import EarshotJack
import EarshotPlayback
import EarshotSpeech
import Foundation

/// `earshot-bench live [--trials N] [--voice NAME]`: live mode on the JACK dummy backend (started
/// with scripts/jack-dummy.sh if no JACK server runs), in one run:
///
/// Gestures go through the one reader as `earshot explore` sends them: a `DeskCheck` on the live
/// clock, over a screen of one long label and five short buttons.
///
/// - event → first sample: a focus move (the gesture performed by the reader), to its first sample handed to
///   ALSA (`AlsaSink.Event.chunkStarted`) and to the first frame heard (`status().framesPlayed`
///   passing it); from silence, and while other speech plays (the event cuts it). Target ≤ 20 ms.
/// - interruption → silence: the focus move that cuts speech, to the last frame of the cut
///   speech in a `jack_rec` recording of the sink's port. Target ≤ 30 ms.
/// - `speak` request → first sample handed to the sink: synthesis streamed into the sink, as
///   `earshot speak` does, median of 20.
enum LiveBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "live",
                  summary: "live mode on JACK: event to first sample (≤ 20 ms), interruption to silence (≤ 30 ms), speak to first sample",
                  options: Options.self, run: run)
    }

    struct Options: CommandOptions {
        @Option(.count("trials", "N", in: 1...200, "Trials of each measurement (default 20)."))
        var trials: Int?
        @Option("voice", "NAME", "Voice profile (default ko).")
        var voice: String?
    }

    static let longText = "안녕하세요. 오늘은 날씨가 정말 좋네요. 산책하러 나갈까요? 공원에 가면 꽃이 많이 피었을 거예요."
    static let shortTexts = ["다음, 버튼", "찜하기, 버튼", "장바구니, 탭", "더 보기, 버튼", "설정, 머리말"]
    /// The JACK dummy backend's period (scripts/jack-dummy.sh): frames JACK has taken are
    /// output within one.
    static let jackPeriodFrames = 256

    static func run(_ parsed: Parsed<Options>) throws {
        _ = try parsed.positiveCounts([])
        let trials = parsed.trials ?? 20
        let voice = parsed.voice ?? "ko"
        let startedJack = !JackDummyServer.isRunning
        try JackDummyServer.ensureRunning()
        defer { if startedJack { try? JackDummyServer.stop() } }

        let profile = try VoiceLibrary.locate().profile(voice)
        let speaker = try Speaker(profile: profile, engine: try SpeechEngine())
        let earcons = try EarconLibrary(profile: profile, sampleRate: speaker.sampleRate)
        let log = Log()
        let client = "earshot-bench-\(getpid())"
        let sink = try AlsaSink(device: AlsaJackConfiguration.jackDevice(client: client), sampleRate: speaker.sampleRate,
                                periodMilliseconds: 10) { event in
            if case .chunkStarted(let id, let frame, let time) = event { log.chunkStarts.withLock { $0[id] = (frame, time) } }
        }
        defer { sink.close() }
        let port = client + ":out_000"
        guard JackDummyServer.waitForPort(port) else {
            throw BenchmarkFailure(reasons: ["the sink's JACK port \(port) did not appear"])
        }
        let live = LiveSpeechDevice(speaker: speaker, earcons: earcons, sink: sink) { event in
            log.record(event)
        }
        defer { live.close() }
        let probe = StopProbe(live)
        let clock = LiveClock(label: "earshot.bench-live")
        let desk = try DeskCheck(screen: try benchmarkScreen(),
                                 session: try ReadingSession(voice: profile, reader: try ScreenReaders.standard.init(profile: profile)),
                                 clock: clock, device: probe)
        let scheduler = desk.scheduler
        live.bind(to: scheduler)

        // Warm the engine and the device before anything is timed.
        _ = try speaker.synthesize(longText)
        let folder = NSTemporaryDirectory() + "earshot-bench-live-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recordingPath = folder + "/live.wav"
        let recorder = try JackRecording.start(port: port, seconds: trials * 2 + 2, path: recordingPath)

        var fromSilence: [(toALSA: Double, toHeard: Double)] = []
        var interrupting: [(toALSA: Double, toHeard: Double)] = []
        var cuts: [Cut] = []
        for trial in 0..<trials {
            let first = try measureFirstSample(scheduler: scheduler, sink: sink, log: log) {
                _ = try? desk.perform(.first)
            }
            fromSilence.append(first.latency)
            // Cut at a different point of the speech each time.
            Thread.sleep(forTimeInterval: 0.4 + Double(trial % 7) * 0.037)
            let row = Double(trial % shortTexts.count)
            var eventTime = ContinuousClock.now
            let second = try measureFirstSample(scheduler: scheduler, sink: sink, log: log) {
                eventTime = .now
                _ = try? desk.perform(.touch(x: 100, y: 120 + row * 50 + 20))
            }
            interrupting.append(second.latency)
            let stop = try probe.stops.withLock { stops in
                guard let stop = stops[first.utteranceID] else { throw BenchmarkFailure(reasons: ["utterance \(first.utteranceID) was not cut"]) }
                return stop
            }
            cuts.append(Cut(utteranceID: first.utteranceID, startFrame: first.startFrame, eventTime: eventTime,
                            stopTime: stop.time, playedAtStop: stop.framesPlayed))
            let end = Date(timeIntervalSinceNow: 5)
            while !scheduler.isIdle && Date() < end { Thread.sleep(forTimeInterval: 0.01) }
            Thread.sleep(forTimeInterval: 0.3)
        }
        let recorded = try recorder.finish().samples

        // Find each cut speech in the recording and how far past the cut it was heard.
        let rate = Double(sink.sampleRate)
        var silences: [Double] = []
        var leftovers: [Int] = []
        var searchFrom = 0
        for cut in cuts {
            let sound = log.samples(of: cut.utteranceID)
            guard let offset = locate(sound, in: recorded, from: searchFrom) else {
                throw BenchmarkFailure(reasons: ["utterance \(cut.utteranceID) is not in the recording"])
            }
            let heardAtStop = Int(cut.playedAtStop - cut.startFrame)
            let heardUntil = heardEnd(of: sound, in: recorded, at: offset)
            let leftover = max(0, heardUntil - heardAtStop)
            leftovers.append(leftover)
            let untilStop = (cut.stopTime - cut.eventTime).seconds
            silences.append((untilStop + Double(leftover + jackPeriodFrames) / rate) * 1000)
            searchFrom = offset + heardUntil
        }

        // `earshot speak`: synthesis streamed into the sink.
        var speakLatencies: [Double] = []
        for index in 0..<20 {
            let requested = ContinuousClock.now
            var firstChunk: Int?
            _ = try speaker.synthesize(shortTexts[index % shortTexts.count] + " " + longText) { chunk in
                let id = sink.enqueue(chunk.samples)
                if firstChunk == nil { firstChunk = id }
            }
            let chunk = try firstChunk.map { id in try waitForChunk(id, log: log) }
            guard let chunk else { throw BenchmarkFailure(reasons: ["speak produced no audio"]) }
            speakLatencies.append((chunk.time - requested).seconds * 1000)
            sink.interrupt()
            Thread.sleep(forTimeInterval: 0.05)
        }

        print(String(format: "live: JACK dummy backend at %d Hz, JACK period %d frames (%.1f ms); sink period %d frames, buffer %d frames; %d trials",
                     sink.sampleRate, jackPeriodFrames, Double(jackPeriodFrames) * 1000 / rate, sink.periodFrames,
                     sink.bufferFrames, trials))
        print("live: event to first sample handed to ALSA, from silence:      \(summary(fromSilence.map(\.toALSA)))  (target ≤ 20 ms)")
        print("live: event to first sample handed to ALSA, cutting speech:    \(summary(interrupting.map(\.toALSA)))  (target ≤ 20 ms)")
        print("live: event to first frame heard (framesPlayed), from silence: \(summary(fromSilence.map(\.toHeard)))")
        print("live: event to first frame heard (framesPlayed), cutting:      \(summary(interrupting.map(\.toHeard)))")
        print("live: interruption to silence (jack_rec):                      \(summary(silences))  (target ≤ 30 ms; includes one JACK period, \(leftovers.max() ?? 0) frames at most recorded past the frames JACK had taken)")
        print("live: speak request to first sample handed to the sink:        \(summary(speakLatencies))  (20 requests)")
    }

    // MARK: - Measuring

    struct Cut {
        var utteranceID: Int
        var startFrame: Int64
        var eventTime: ContinuousClock.Instant
        var stopTime: ContinuousClock.Instant
        var playedAtStop: Int64
    }

    struct FirstSample {
        var utteranceID: Int
        var startFrame: Int64
        var latency: (toALSA: Double, toHeard: Double)
    }

    /// Runs `post` (which handles one event) and times its utterance's first sample.
    /// The long label, then a button for each short text, 50 points apart from y 120.
    static func benchmarkScreen() throws -> Screen {
        var elements = [#"{"id": "long", "kind": "label", "text": "\#(longText)", "frame": [0, 40, 375, 60]}"#]
        for (index, text) in shortTexts.enumerated() {
            let label = text.replacingOccurrences(of: ", 버튼", with: "")
            elements.append(#"{"id": "short-\#(index)", "kind": "label", "text": "\#(label)", "frame": [0, \#(120 + index * 50), 375, 40]}"#)
        }
        return try ScreenFile.parse(#"{"screen": "live", "elements": [\#(elements.joined(separator: ", "))]}"#,
                                    file: "live benchmark screen")
    }

    static func measureFirstSample(scheduler: SpeechScheduler, sink: AlsaSink, log: Log,
                                   post: () -> Void) throws -> FirstSample {
        let posted = ContinuousClock.now
        post()
        guard let utterance = scheduler.currentUtterance else { throw BenchmarkFailure(reasons: ["the event started no utterance"]) }
        let end = ContinuousClock.now + .seconds(2)
        var chunkID: Int?
        while chunkID == nil && ContinuousClock.now < end {
            chunkID = log.firstChunk(of: utterance.id)
            if chunkID == nil { usleep(100) }
        }
        guard let chunkID else { throw BenchmarkFailure(reasons: ["utterance \(utterance.id) reached no sink"]) }
        let start = try waitForChunk(chunkID, log: log)
        var heard: ContinuousClock.Instant?
        while heard == nil && ContinuousClock.now < end {
            if sink.status().framesPlayed > start.frame { heard = .now } else { usleep(200) }
        }
        guard let heard else { throw BenchmarkFailure(reasons: ["utterance \(utterance.id) was never heard"]) }
        return FirstSample(utteranceID: utterance.id, startFrame: start.frame,
                           latency: ((start.time - posted).seconds * 1000, (heard - posted).seconds * 1000))
    }

    static func waitForChunk(_ id: Int, log: Log) throws -> (frame: Int64, time: ContinuousClock.Instant) {
        let end = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < end {
            if let start = log.chunkStarts.withLock({ $0[id] }) { return start }
            usleep(100)
        }
        throw BenchmarkFailure(reasons: ["chunk \(id) never reached ALSA"])
    }

    static func summary(_ milliseconds: [Double]) -> String {
        let sorted = milliseconds.sorted()
        guard !sorted.isEmpty else { return "no data" }
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
        return String(format: "median %.2f ms, p95 %.2f ms, max %.2f ms", percentile(0.5), percentile(0.95), sorted.last!)
    }

    // MARK: - What the device and the sink reported

    final class Log: Sendable {
        let chunkStarts = Locked<[Int: (frame: Int64, time: ContinuousClock.Instant)]>([:])
        private let firstChunks = Locked<[Int: Int]>([:])
        private let chunks = Locked<[Int: [Int16]]>([:])

        func record(_ event: LiveSpeechDevice.Event) {
            switch event {
            case .firstChunkEnqueued(let utterance, let chunk, _): firstChunks.withLock { $0[utterance] = chunk }
            case .chunkEnqueued(let utterance, _, let samples): chunks.withLock { $0[utterance, default: []] += samples }
            case .finished, .stopped, .failed: break
            }
        }

        func firstChunk(of utteranceID: Int) -> Int? { firstChunks.withLock { $0[utteranceID] } }
        func samples(of utteranceID: Int) -> [Int16] { chunks.withLock { $0[utteranceID] ?? [] } }
    }

    /// Notes how much the sink had played when the scheduler cut an utterance, just before the
    /// live device stops it.
    final class StopProbe: SpeechDevice, @unchecked Sendable {
        let inner: LiveSpeechDevice
        let stops = Locked<[Int: (framesPlayed: Int64, time: ContinuousClock.Instant)]>([:])

        init(_ inner: LiveSpeechDevice) { self.inner = inner }

        func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? { try inner.start(utterance, at: time) }

        func stop(_ utterance: Utterance, at time: TimelineInstant) {
            let played = inner.sink.status().framesPlayed
            stops.withLock { $0[utterance.id] = (played, .now) }
            inner.stop(utterance, at: time)
        }
    }
}
