import EarshotAudio
import EarshotCore
import EarshotSpeech
import Foundation

/// Runs scenario files end to end with real speech: the transcript with fates and times, the
/// expectations' results, and optionally the WAV timeline and transcript files.
public enum ScenarioPlayback {
    /// What a run produced, with the renderer's figures.
    public struct Run: Sendable {
        public var result: ScenarioResult
        /// Length of the rendered timeline in seconds.
        public var audioDuration: Double
        /// The most samples the renderer held in memory at once.
        public var peakBufferedSamples: Int
    }

    /// The speaker for a scenario: `voice` if given, else the scenario's voice, else `ko`; at
    /// `rate` words a minute when given (`--rate`), else the profile's own rate.
    public static func speaker(for scenario: Scenario, voice: String? = nil,
                               library: VoiceLibrary = .locate(), espeakData: String? = nil,
                               punctuation: PunctuationLevel? = nil, rate: Int? = nil) throws -> Speaker {
        var profile = try library.profile(voice ?? scenario.voice ?? VoiceLibrary.defaultVoice)
        if let punctuation { profile.punctuationLevel = punctuation }
        if let rate { profile = profile.atRate(rate) }
        let speaker = try Speaker(profile: profile, engine: try SpeechEngine(dataPath: espeakData))
        try speaker.checkEngine()
        return speaker
    }

    /// The reading session a run of `scenario` hears it with, in `speaker`'s voice: the reader
    /// `asked` for (`--reader`), else the one its screens call for (TalkBack for Android dumps;
    /// `ReadingSession(voice:asking:for:)`, where that is decided). Made once per run and handed
    /// to `run` or `runLive`.
    public static func session(for scenario: Scenario, speaker: Speaker, asking asked: ScreenReaderName?) throws -> ReadingSession {
        try ReadingSession(voice: speaker.profile, asking: asked ?? scenario.reader?.name, for: scenario.screens.map(\.screen))
    }

    /// Runs `scenario` on a virtual clock, heard in `session`. Writes the WAV timeline to
    /// `wavPath` and each of `transcriptPaths` (`.txt`, `.jsonl` or `.vtt`) when given; files
    /// appear only complete (temporary name, then rename), and not at all if the run fails.
    /// `wavTemporaryPath` names the WAV's temporary file, for a caller that removes it if the
    /// process is stopped.
    public static func run(_ scenario: Scenario, speaker: Speaker, session: ReadingSession, wavPath: String? = nil,
                           wavTemporaryPath: String? = nil, transcriptPaths: [String] = []) throws -> Run {
        try run(scenario, speaker: speaker, session: session, wavPath: wavPath, wavTemporaryPath: wavTemporaryPath,
                transcripts: try transcriptPaths.map { ($0, try TranscriptFormat.forFile($0)) })
    }

    /// As above, with each transcript's format given (`-`: standard output). `auditsPage`: an
    /// audit is asked for (`--standard`), so a page scenario's page is also audited as loaded
    /// (`ScenarioRunner.auditPage`).
    public static func run(_ scenario: Scenario, speaker: Speaker, session: ReadingSession, wavPath: String? = nil,
                           wavTemporaryPath: String? = nil,
                           transcripts formats: [(path: String, format: TranscriptFormat)], auditsPage: Bool = false) throws -> Run {
        let writer = try wavPath.map {
            try WAVStreamWriter(path: $0, sampleRate: speaker.sampleRate, temporaryPath: wavTemporaryPath)
        }
        let renderer = try TimelineRenderer(speaker: speaker, output: writer)
        let result: ScenarioResult
        do {
            let runner = try ScenarioRunner(scenario: scenario, clock: VirtualClock(), device: renderer, session: session,
                                            auditsPage: auditsPage)
            result = try runner.run()
            if let failure = renderer.engineFailure { throw failure }
            try renderer.finish(at: TimelineInstant(seconds: result.endTime))
        } catch {
            renderer.discard()
            throw error
        }
        for (path, format) in formats {
            try AtomicFile.writeOutput(transcript(result.transcript, as: format, speaker: speaker), to: path)
        }
        return Run(result: result, audioDuration: Double(renderer.timelineSamples) / Double(renderer.sampleRate),
                   peakBufferedSamples: renderer.peakBufferedSamples)
    }

    /// Runs `scenario` in real time through the ALSA `device`: the same runner and scheduler as
    /// rendering, on a `LiveClock` with a `LiveSpeechDevice`, so every decision is the one the
    /// rendered timeline shows; a cut silences the sink at once. `observer` hears each start and
    /// fate as it happens (for printing along). Transcript files are written as after a render.
    ///
    /// `deviceFailed` is called on the sink's thread the moment the device fails (a sound server
    /// that died): the live clock would otherwise go on waiting for the remaining steps.
    public static func runLive(_ scenario: Scenario, speaker: Speaker, session: ReadingSession, device: String = "default",
                               transcripts formats: [(path: String, format: TranscriptFormat)] = [],
                               observer: (@Sendable (SpeechRecord) -> Void)? = nil,
                               deviceFailed: (@Sendable (AudioDeviceError) -> Void)? = nil, auditsPage: Bool = false) throws -> ScenarioResult {
        let sink = try AlsaSink(device: device, sampleRate: speaker.sampleRate) { event in
            if case .failed(let error) = event { deviceFailed?(error) }
        }
        defer { sink.close() }
        let earcons = try EarconLibrary(profile: speaker.profile, sampleRate: speaker.sampleRate)
        let live = LiveSpeechDevice(speaker: speaker, earcons: earcons, sink: sink)
        defer { live.close() }
        let runner = try ScenarioRunner(scenario: scenario, clock: LiveClock(), device: live, session: session, observer: observer,
                                        auditsPage: auditsPage)
        live.bind(to: runner.desk.scheduler)
        let result = try runner.run()
        try sink.drain()
        for (path, format) in formats {
            try AtomicFile.writeOutput(transcript(result.transcript, as: format, speaker: speaker), to: path)
        }
        return result
    }

    /// The transcript in `format`; JSON Lines carry the text handed to the engine.
    public static func transcript(_ transcript: SpeechTranscript, as format: TranscriptFormat,
                                  speaker: Speaker) -> String {
        format.render(transcript) { u in u.kind.isEarcon ? nil : speaker.engineText(for: u.spoken) }
    }
}
