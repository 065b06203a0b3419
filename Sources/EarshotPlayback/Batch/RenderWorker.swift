import EarshotAudio
import EarshotCore
import EarshotSpeech
import Foundation
import Synchronization

/// The worker side of `earshot render`: owns one speech engine and turns each request read from
/// standard input into a WAV file, answering on standard output (`RenderRequest`,
/// `RenderResponse`).
///
/// eSpeak NG keeps its state in C globals, so one process can run only one synthesis at a time;
/// parallel rendering therefore runs several of these processes. eSpeak also carries state from
/// one synthesis to the next (timing and wave phase that even re-initialising does not reset),
/// so the same text would give slightly different audio depending on what was spoken before.
/// To make every file a function of its text and voice alone, whatever the number of workers,
/// the shard or which files were skipped, the worker initialises eSpeak once and renders each
/// file's speech in a forked copy of itself: every file starts from the same engine state, at
/// the cost of one `fork` per file.
///
/// A worker ends when its input closes, and on its own as soon as its parent is gone (it watches
/// its parent process id), after stopping the file being rendered and removing its temporary file.
public enum RenderWorker {
    /// Serves requests until standard input ends; returns the process exit code.
    public static func serve() -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        let inFlight = InFlightRender()
        watchParent(inFlight: inFlight)
        let engine: SpeechEngine
        do {
            engine = try SpeechEngine()
        } catch {
            FileHandle.standardError.write(Data("earshot render worker: \(error)\n".utf8))
            return (error as? UserFacingError)?.exitCode ?? .unavailable
        }
        // One fixed synthesis before any fork fills the Swift runtime's type caches and eSpeak's
        // lazily loaded data in this process, so each forked copy does not redo that work. It is
        // the same in every worker of every run, so every copy still starts from the same state.
        _ = try? engine.synthesize(warmUpText, settings: warmUpSettings)
        var profiles: [String: VoiceProfile] = [:]
        // The file whose speech is finished but not yet written: it is written and hashed while
        // the next file's copy speaks, so the two overlap on a machine with a spare core.
        var spoken: (request: RenderRequest, audio: Result<SpokenAudio, RenderFailureMessage>)?
        func flush() -> Bool {
            guard let finished = spoken else { return true }
            spoken = nil
            return writeLine(store(finished.request, finished.audio, inFlight: inFlight).jsonLine)
        }
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            let request: RenderRequest
            do {
                request = try RenderRequest(jsonLine: line)
            } catch {
                FileHandle.standardError.write(Data("earshot render worker: unreadable request: \(error)\n".utf8))
                return .failure
            }
            let profile: VoiceProfile
            do {
                if let loaded = profiles[request.profile] {
                    profile = loaded
                } else {
                    profile = try VoiceProfile.load(path: request.profile)
                    profiles[request.profile] = profile
                }
            } catch {
                guard flush(), writeLine(RenderResponse(job: request.job, outcome: .failed("\(error)")).jsonLine) else { return .ioError }
                continue
            }
            let copy = startSpeaking(request, settings: profile.engine, engine: engine, inFlight: inFlight)
            guard flush() else { return .ioError }
            spoken = (request, copy.flatMap { collect($0, inFlight: inFlight) })
        }
        return flush() ? .success : .ioError
    }

    static let warmUpText = "a"
    // Earshot's default voice at eSpeak's default settings, so that Korean files (the common case)
    // need no voice change in the copy.
    static let warmUpSettings = VoiceProfile.Engine(voice: "ko")

    /// A forked copy speaking one request, and the pipe its samples arrive on.
    struct SpeakingCopy {
        var child: pid_t
        var samples: Int32
    }

    /// The samples a copy produced.
    struct SpokenAudio {
        var sampleRate: Int
        var sampleCount: Int
        /// The samples as little-endian bytes (the 16 header bytes from the copy dropped).
        var bytes: ArraySlice<UInt8>
    }

    struct RenderFailureMessage: Error {
        var text: String
    }

    /// Forks a copy that speaks `request` and streams its samples back over a pipe. Only the
    /// synthesis runs in the copy, so it touches little memory and exits fast.
    private static func startSpeaking(_ request: RenderRequest, settings: VoiceProfile.Engine, engine: SpeechEngine,
                                      inFlight: InFlightRender) -> Result<SpeakingCopy, RenderFailureMessage> {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            return .failure(RenderFailureMessage(text: "cannot create a pipe (\(String(cString: strerror(errno))))"))
        }
        // Room for about 20 s of speech, so the copy rarely waits for this process to read.
        // (F_SETPIPE_SZ, Linux's fcntl 1031, is not exported to Swift; elsewhere it fails harmlessly.)
        _ = fcntl(descriptors[1], 1031, Int32(1 << 20))
        let child = fork()
        if child == 0 {
            close(descriptors[0])
            speak(request, settings: settings, engine: engine, to: descriptors[1])
        }
        close(descriptors[1])
        guard child > 0 else {
            close(descriptors[0])
            return .failure(RenderFailureMessage(text: "cannot fork a renderer (\(String(cString: strerror(errno))))"))
        }
        inFlight.state.withLock { $0.child = child }
        return .success(SpeakingCopy(child: child, samples: descriptors[0]))
    }

    /// Reads a copy's samples to the end and waits for it to exit.
    private static func collect(_ copy: SpeakingCopy, inFlight: InFlightRender) -> Result<SpokenAudio, RenderFailureMessage> {
        let received = readToEnd(copy.samples)
        close(copy.samples)
        var status: Int32 = 0
        while waitpid(copy.child, &status, 0) < 0, errno == EINTR {}
        inFlight.state.withLock { $0.child = nil }
        let signal = status & 0x7F
        if signal != 0 || (status >> 8) & 0xFF != 0 {
            let how = signal != 0 ? "killed by signal \(signal)" : "exited with status \((status >> 8) & 0xFF)"
            return .failure(RenderFailureMessage(text: "the renderer stopped while speaking it (\(how))"))
        }
        guard received.count >= 16 else { return .failure(RenderFailureMessage(text: "the renderer sent no audio")) }
        let count = received.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: 0, as: Int64.self)) }
        let sampleRate = received.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: 8, as: Int64.self)) }
        guard count >= 0 else { return .failure(RenderFailureMessage(text: String(decoding: received[16...], as: UTF8.self))) }
        guard received.count == 16 + count * 2 else { return .failure(RenderFailureMessage(text: "the renderer's audio was cut short")) }
        return .success(SpokenAudio(sampleRate: sampleRate, sampleCount: count, bytes: received[16...]))
    }

    /// Writes the WAV under the temporary name, hashes it and renames it into place.
    private static func store(_ request: RenderRequest, _ audio: Result<SpokenAudio, RenderFailureMessage>,
                              inFlight: InFlightRender) -> RenderResponse {
        let spoken: SpokenAudio
        switch audio {
        case .failure(let failure):
            return RenderResponse(job: request.job, outcome: .failed(failure.text))
        case .success(let audio):
            spoken = audio
        }
        inFlight.state.withLock { $0.temporary = request.temporary }
        defer { inFlight.state.withLock { $0.temporary = nil } }
        do {
            // WAV data is little-endian 16-bit, as the samples already are in memory.
            var bytes = [UInt8](WAVFile.header(sampleRate: spoken.sampleRate, sampleCount: spoken.sampleCount))
            bytes += spoken.bytes
            let digest = SHA256.hex(bytes)
            try writeFile(bytes, to: request.temporary)
            try AtomicFile.commit(request.temporary, to: request.output)
            return RenderResponse(job: request.job, outcome: .rendered(samples: spoken.sampleCount, sampleRate: spoken.sampleRate, sha256: digest))
        } catch {
            unlink(request.temporary)
            return RenderResponse(job: request.job, outcome: .failed("\(error)"))
        }
    }

    /// Runs in the forked copy: speaks the segments with the pause between them and writes
    /// `[sample count or -1][sample rate]` (two Int64) then the samples, or an error message.
    private static func speak(_ request: RenderRequest, settings: VoiceProfile.Engine, engine: SpeechEngine, to descriptor: Int32) -> Never {
        var samples: [Int16] = []
        var sampleRate = engine.sampleRate
        do {
            for (index, segment) in request.segments.enumerated() {
                let synthesis = try engine.synthesize(segment, settings: settings)
                sampleRate = synthesis.audio.sampleRate
                if index > 0 {
                    samples += repeatElement(0, count: Int((request.pause * Double(sampleRate)).rounded()))
                }
                samples += synthesis.audio.samples
            }
        } catch {
            let header: [Int64] = [-1, Int64(sampleRate)]
            let message = Array("\(error)".utf8)
            let ok = header.withUnsafeBytes { writeAll(descriptor, $0) } && message.withUnsafeBytes { writeAll(descriptor, $0) }
            _exit(ok ? 0 : ExitCode.ioError.rawValue)
        }
        let header: [Int64] = [Int64(samples.count), Int64(sampleRate)]
        let ok = header.withUnsafeBytes { writeAll(descriptor, $0) } && samples.withUnsafeBytes { writeAll(descriptor, $0) }
        _exit(ok ? 0 : ExitCode.ioError.rawValue)
    }

    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }

    private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return received }
            received += chunk[0..<count]
        }
    }

    private static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileIOError(path: path, reason: "cannot create file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileIOError(path: path, reason: "cannot write file (\(String(cString: strerror(errno))))")
            }
            written += count
        }
    }

    private static func writeLine(_ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }

    /// Ends the process once the parent is gone, after stopping the file being rendered and
    /// removing its temporary file: a worker of a killed `earshot render` must not keep rendering.
    private static func watchParent(inFlight: InFlightRender) {
        let parent = getppid()
        let thread = Thread {
            while true {
                usleep(50_000)
                if getppid() != parent {
                    inFlight.state.withLock { current in
                        if let child = current.child {
                            kill(child, SIGKILL)
                            var status: Int32 = 0
                            waitpid(child, &status, 0)
                        }
                        if let temporary = current.temporary { unlink(temporary) }
                    }
                    _exit(ExitCode.failure.rawValue)
                }
            }
        }
        thread.start()
    }
}

/// The forked copy speaking now and the temporary file being written, shared with the thread
/// that watches the parent.
private final class InFlightRender: Sendable {
    let state = Mutex<(child: pid_t?, temporary: String?)>((nil, nil))
}
