import EarshotAudio
import EarshotCore
import EarshotPlayback
import EarshotSpeech
import Foundation
import Synchronization

/// The worker side of `earshot render`: owns one speech engine and turns each request read from
/// standard input into a WAV file, answering on standard output (`RenderRequest`,
/// `RenderResponse`).
///
/// eSpeak NG keeps its state in C globals, so one process can run only one synthesis at a time;
/// parallel rendering therefore runs several of these processes. Every file is a function of its
/// text and voice alone, whatever the number of workers, the shard or which files were skipped:
/// the speech engine clears what eSpeak carries from one synthesis to the next before each one
/// (see `ESpeakLibrary`), so the worker speaks in-process.
///
/// A worker ends when its input closes, and on its own as soon as its parent is gone (it watches
/// its parent process id), after stopping the file being rendered and removing its temporary file.
public enum RenderWorker {
    /// How serving ended; the program running the worker turns it into its exit status. The
    /// parent only tells a worker that ended well from one that did not and reports the
    /// worker's own message, so the status is for people reading a log.
    public enum Ending: Sendable, Equatable {
        /// Standard input ended and every answer was written.
        case finished
        /// The speech engine could not start, for a reason of this category.
        case engineFailed(ErrorCategory)
        /// A request line was not a request (a parent of another version).
        case unreadableRequest
        /// An answer could not be written to standard output.
        case answerLost
    }

    /// Serves requests until standard input ends.
    public static func serve() -> Ending {
        signal(SIGPIPE, SIG_IGN)
        let inFlight = InFlightRender()
        watchParent(inFlight: inFlight)
        let engine: SpeechEngine
        do {
            engine = try SpeechEngine()
        } catch {
            FileHandle.standardError.write(Data("earshot render worker: \(error)\n".utf8))
            return .engineFailed((error as? UserFacingError)?.category ?? .unavailable)
        }
        var profiles: [String: VoiceProfile] = [:]
        var speakers: [String: Speaker] = [:]
        let responses = ResponseWriter()
        while let line = readLine(strippingNewline: true) {
            guard !responses.failed else { return .answerLost }
            guard !line.isEmpty else { continue }
            let request: RenderRequest
            do {
                request = try RenderRequest(jsonLine: line)
            } catch {
                FileHandle.standardError.write(Data("earshot render worker: unreadable request: \(error)\n".utf8))
                return .unreadableRequest
            }
            switch handle(request, engine: engine, profiles: &profiles, speakers: &speakers, inFlight: inFlight,
                          signOfLife: responses.sendLine) {
            case .answered(let response):
                responses.send { response }
            case .spoken(let audio):
                responses.send { store(request, audio, inFlight: inFlight) }
            }
        }
        responses.finish()
        return responses.failed ? .answerLost : .finished
    }

    /// Renders one request in this process, exactly as a worker answers it (the same function
    /// `serve` calls for each line): the WAV, and a scenario's transcripts, written under their
    /// temporary names and renamed into place. The in-process path for a program or a test that
    /// renders a job without worker processes, for instance with a screen reader it registered
    /// itself (`ScreenReaders.register`), which a worker process of the `earshot` binary does not know.
    public static func render(_ request: RenderRequest, engine: SpeechEngine) -> RenderResponse {
        var profiles: [String: VoiceProfile] = [:]
        var speakers: [String: Speaker] = [:]
        let inFlight = InFlightRender()
        switch handle(request, engine: engine, profiles: &profiles, speakers: &speakers, inFlight: inFlight,
                      signOfLife: { _ in }) {
        case .answered(let response): return response
        case .spoken(let audio): return store(request, audio, inFlight: inFlight)
        }
    }

    /// What a request comes to: an answer, or speech still to be stored (off the speaking thread
    /// in a worker, so the next file is spoken while this one is written).
    private enum Handled {
        case answered(RenderResponse)
        case spoken(Result<SpokenAudio, RenderFailureMessage>)
    }

    /// One request: its profile (loaded once per path), then a scenario run, a long text streamed
    /// to its file, or a text spoken whole.
    private static func handle(_ request: RenderRequest, engine: SpeechEngine, profiles: inout [String: VoiceProfile],
                               speakers: inout [String: Speaker], inFlight: InFlightRender,
                               signOfLife: (String) -> Void) -> Handled {
        var profile: VoiceProfile
        do {
            if let loaded = profiles[request.profile] {
                profile = loaded
            } else {
                profile = try VoiceProfile.load(path: request.profile)
                profiles[request.profile] = profile
            }
        } catch {
            return .answered(RenderResponse(job: request.job, outcome: .failed("\(error)")))
        }
        // A scenario's speech is composed here, at the level the run asked for.
        if let punctuation = request.punctuation { profile.punctuationLevel = punctuation }
        if let rate = request.rate { profile = profile.atRate(rate) }
        if let scenario = request.scenario {
            return .answered(renderScenario(scenario, request, profile: profile, engine: engine, inFlight: inFlight))
        }
        // Segments with speech attributes are spoken span by span by a speaker, which finds
        // the voices of other languages; one per profile and level, made on first use.
        var speaker: Speaker?
        if !request.spans.isEmpty {
            let key = request.profile + "\n" + (request.punctuation?.rawValue ?? "") + "\n" + (request.rate.map(String.init) ?? "")
            do {
                speaker = try speakers[key] ?? Speaker(profile: profile, engine: engine)
                speakers[key] = speaker
            } catch {
                return .answered(RenderResponse(job: request.job, outcome: .failed("\(error)")))
            }
        }
        if request.segments.reduce(0, { $0 + $1.utf8.count }) > streamingThreshold {
            return .answered(streamToFile(request, settings: profile.engine, engine: engine, speaker: speaker,
                                          inFlight: inFlight, signOfLife: signOfLife))
        }
        return .spoken(speak(request, settings: profile.engine, engine: engine, speaker: speaker))
    }

    /// Writes and answers for finished files on a thread of their own, so that the next file is
    /// already being spoken while the file system takes this one; answers go out in the order sent.
    private final class ResponseWriter: Sendable {
        private let queue = DispatchQueue(label: "earshot.render-worker.responses")
        /// At most two files wait to be written: their audio is all this holds in memory.
        private let room = DispatchSemaphore(value: 2)
        private let writeFailed = Atomic<Bool>(false)

        var failed: Bool { writeFailed.load(ordering: .acquiring) }

        func send(_ response: @escaping @Sendable () -> RenderResponse) {
            room.wait()
            queue.async { [self] in
                if !writeLine(response().jsonLine) { writeFailed.store(true, ordering: .releasing) }
                room.signal()
            }
        }

        /// A line that is not an answer (a sign of life), in order with the answers.
        func sendLine(_ line: String) {
            queue.async { [self] in
                if !writeLine(line) { writeFailed.store(true, ordering: .releasing) }
            }
        }

        func finish() {
            queue.sync {}
        }
    }

    /// The speech of one file, with its WAV header and the SHA-256 of header and samples.
    ///
    /// The digest is taken on the speaking thread as soon as the speech is complete, while the
    /// samples are still in that core's cache: hashing them later on the writing thread read
    /// them from memory again and cost half as much more, and with as many workers as cores
    /// every thread's work is on the critical path.
    struct SpokenAudio {
        var sampleRate: Int
        var samples: [Int16]
        var header: [UInt8]
        var sha256: String

        init(sampleRate: Int, samples: [Int16]) {
            self.sampleRate = sampleRate
            self.samples = samples
            // WAV data is little-endian 16-bit, as the samples already are in memory: the header
            // and the samples are hashed and written as they are, without joining them.
            header = [UInt8](WAVFile.header(sampleRate: sampleRate, sampleCount: samples.count))
            var hasher = SHA256()
            hasher.update(header)
            samples.withUnsafeBytes { hasher.update($0) }
            sha256 = hasher.hexDigest
        }
    }

    struct RenderFailureMessage: Error {
        var text: String
    }

    /// Writes the WAV under the temporary name and renames it into place.
    private static func store(_ request: RenderRequest, _ audio: Result<SpokenAudio, RenderFailureMessage>,
                              inFlight: InFlightRender) -> RenderResponse {
        let spoken: SpokenAudio
        switch audio {
        case .failure(let failure):
            return RenderResponse(job: request.job, outcome: .failed(failure.text))
        case .success(let audio):
            spoken = audio
        }
        inFlight.temporaries.withLock { $0 = [request.temporary] }
        defer { inFlight.temporaries.withLock { $0 = [] } }
        do {
            try spoken.header.withUnsafeBytes { header in
                try spoken.samples.withUnsafeBytes { samples in
                    try writeFile([header, samples], to: request.temporary)
                }
            }
            try AtomicFile.commit(request.temporary, to: request.output, followingLinks: false)
            return RenderResponse(job: request.job, outcome: .rendered(samples: spoken.samples.count, sampleRate: spoken.sampleRate,
                                                                       sha256: spoken.sha256))
        } catch {
            SystemCall.unlink(request.temporary)
            return RenderResponse.failure(job: request.job, error)
        }
    }

    /// Runs a scenario on a virtual clock into its timeline WAV and transcripts, as `earshot
    /// check -o` would; every file is written under the request's temporary name for it and
    /// renamed into place when complete (the WAV when the timeline ends, then the transcripts).
    private static func renderScenario(_ path: String, _ request: RenderRequest, profile: VoiceProfile,
                                       engine: SpeechEngine, inFlight: InFlightRender) -> RenderResponse {
        inFlight.temporaries.withLock { $0 = request.temporaries }
        defer { inFlight.temporaries.withLock { $0 = [] } }
        do {
            let scenario = try ScenarioFile.load(path: path)
            let speaker = try Speaker(profile: profile, engine: engine)
            let transcripts = try request.transcripts.map { (file: $0, format: try TranscriptFormat.forFile($0.output)) }
            let run = try ScenarioPlayback.run(scenario, speaker: speaker,
                                               session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: request.reader),
                                               wavPath: request.output, wavTemporaryPath: request.temporary)
            let digest = try hashFile(request.output)
            for (file, format) in transcripts {
                let text = ScenarioPlayback.transcript(run.result.transcript, as: format, speaker: speaker)
                try Array(text.utf8).withUnsafeBytes { try writeFile([$0], to: file.temporary) }
            }
            for (file, _) in transcripts {
                try AtomicFile.commit(file.temporary, to: file.output, followingLinks: false)
            }
            let samples = PCMBuffer.sampleCount(seconds: run.audioDuration, sampleRate: speaker.sampleRate)
            return RenderResponse(job: request.job, outcome: .rendered(
                samples: samples, sampleRate: speaker.sampleRate, sha256: digest,
                text: run.result.transcript.heardTexts.joined(separator: "\n")))
        } catch {
            for temporary in request.temporaries { SystemCall.unlink(temporary) }
            return RenderResponse.failure(job: request.job, error)
        }
    }

    /// SHA-256 of a file's bytes, read in pieces.
    private static func hashFile(_ path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileIOError(path: path, reason: "cannot read the file just written")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(chunk)
        }
        return hasher.hexDigest
    }

    /// Texts longer than this many UTF-8 bytes (about 680 Hangul syllables, forty seconds of
    /// speech; labels are far shorter) are spoken straight into their file: memory stays flat
    /// whatever the length (a 1 MB label is hours of audio), at the price of reading the file
    /// back for its digest.
    static let streamingThreshold = 2_048

    /// Speaks a long text into the request's temporary file as the engine produces it, then
    /// renames it into place and hashes it.
    private static func streamToFile(_ request: RenderRequest, settings: VoiceProfile.Engine, engine: SpeechEngine,
                                     speaker: Speaker?, inFlight: InFlightRender,
                                     signOfLife: (String) -> Void) -> RenderResponse {
        inFlight.temporaries.withLock { $0 = [request.temporary] }
        defer { inFlight.temporaries.withLock { $0 = [] } }
        do {
            let writer = try WAVStreamWriter(path: request.output, sampleRate: engine.sampleRate,
                                             temporaryPath: request.temporary)
            var samples = 0
            // A long text takes minutes: say every second that speech is still coming, so
            // the parent does not take this worker for a stalled one (it ignores the line).
            var lastSign = ContinuousClock.now
            func heartbeat() {
                guard ContinuousClock.now - lastSign > .seconds(1) else { return }
                lastSign = .now
                signOfLife("{\"job\":\(request.job),\"speaking\":\(samples)}")
            }
            do {
                for (index, segment) in request.segments.enumerated() {
                    if index > 0 {
                        let pause = PCMBuffer.sampleCount(seconds: request.pause, sampleRate: engine.sampleRate)
                        try writer.append(repeatElement(Int16(0), count: pause))
                        samples += pause
                    }
                    let onChunk: (UnsafeBufferPointer<Int16>) throws -> Void = { chunk in
                        try writer.append(chunk)
                        samples += chunk.count
                        heartbeat()
                    }
                    if let speaker, let spans = request.spans(ofSegment: index) {
                        try speaker.stream(SpokenText(spans: spans), onChunk: onChunk)
                    } else {
                        try engine.stream(segment, settings: settings, onChunk: onChunk)
                    }
                }
                try writer.finish()
            } catch {
                writer.discard()
                throw error
            }
            return RenderResponse(job: request.job, outcome: .rendered(
                samples: samples, sampleRate: engine.sampleRate, sha256: try hashFile(request.output)))
        } catch {
            SystemCall.unlink(request.temporary)
            return RenderResponse.failure(job: request.job, error)
        }
    }

    /// Speaks the segments with the request's pause between them.
    private static func speak(_ request: RenderRequest, settings: VoiceProfile.Engine,
                              engine: SpeechEngine, speaker: Speaker?) -> Result<SpokenAudio, RenderFailureMessage> {
        var samples: [Int16] = []
        var sampleRate = engine.sampleRate
        do {
            for (index, segment) in request.segments.enumerated() {
                let synthesis = if let speaker, let spans = request.spans(ofSegment: index) {
                    try speaker.synthesize(SpokenText(spans: spans))
                } else {
                    try engine.synthesize(segment, settings: settings)
                }
                sampleRate = synthesis.audio.sampleRate
                if index > 0 {
                    samples += repeatElement(0, count: PCMBuffer.sampleCount(seconds: request.pause, sampleRate: sampleRate))
                }
                samples += synthesis.audio.samples
            }
        } catch {
            return .failure(RenderFailureMessage(text: "\(error)"))
        }
        return .success(SpokenAudio(sampleRate: sampleRate, samples: samples))
    }

    private static func writeFile(_ parts: [UnsafeRawBufferPointer], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw FileIOError(path: path, reason: "cannot create file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        for part in parts { try AtomicFile.writeAll(part, to: descriptor, path: path) }
    }

    private static func writeLine(_ line: String) -> Bool {
        (try? Array((line + "\n").utf8).withUnsafeBytes { try AtomicFile.writeAll($0, to: STDOUT_FILENO, path: "standard output") }) != nil
    }

    /// Ends the process once the parent is gone, after removing the temporary file being written: a worker of a killed `earshot render` must not keep rendering.
    private static func watchParent(inFlight: InFlightRender) {
        let parent = getppid()
        let thread = Thread {
            while true {
                usleep(50_000)
                if getppid() != parent {
                    inFlight.temporaries.withLock { temporaries in
                        for temporary in temporaries { SystemCall.unlink(temporary) }
                    }
                    // Status 1, as for any failed run: nobody is left to read it.
                    _exit(1)
                }
            }
        }
        thread.start()
    }
}

/// The temporary files being written, shared with the thread that watches the parent.
private final class InFlightRender: Sendable {
    let temporaries = Locked<[String]>([])
}
