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
                guard writeLine(RenderResponse(job: request.job, outcome: .failed("\(error)")).jsonLine) else { return .ioError }
                continue
            }
            let response = render(request, settings: profile.engine, engine: engine, inFlight: inFlight)
            guard writeLine(response.jsonLine) else { return .ioError }
        }
        return .success
    }

    static let warmUpText = "a"
    // Earshot's default voice at eSpeak's default settings, so that Korean files (the common case)
    // need no voice change in the copy.
    static let warmUpSettings = VoiceProfile.Engine(voice: "ko")

    /// Renders one request: a forked copy speaks the segments and streams the samples back over
    /// a pipe; this process writes the WAV under the temporary name, hashes it and renames it.
    /// Only the synthesis runs in the copy, so the copy touches little memory and exits fast.
    private static func render(_ request: RenderRequest, settings: VoiceProfile.Engine, engine: SpeechEngine,
                               inFlight: InFlightRender) -> RenderResponse {
        func failure(_ message: String) -> RenderResponse { RenderResponse(job: request.job, outcome: .failed(message)) }
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return failure("cannot create a pipe (\(String(cString: strerror(errno))))") }
        let child = fork()
        if child == 0 {
            close(descriptors[0])
            speak(request, settings: settings, engine: engine, to: descriptors[1])
        }
        close(descriptors[1])
        guard child > 0 else {
            close(descriptors[0])
            return failure("cannot fork a renderer (\(String(cString: strerror(errno))))")
        }
        inFlight.state.withLock { $0 = (child, request.temporary) }
        defer { inFlight.state.withLock { $0 = nil } }
        let received = readToEnd(descriptors[0])
        close(descriptors[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7F
        if signal != 0 || (status >> 8) & 0xFF != 0 {
            let how = signal != 0 ? "killed by signal \(signal)" : "exited with status \((status >> 8) & 0xFF)"
            return failure("the renderer stopped while speaking it (\(how))")
        }
        guard received.count >= 16 else { return failure("the renderer sent no audio") }
        let count = received.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: Int64.self) }
        let sampleRate = received.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: 8, as: Int64.self)) }
        guard count >= 0 else { return failure(String(decoding: received[16...], as: UTF8.self)) }
        guard received.count == 16 + Int(count) * 2 else { return failure("the renderer's audio was cut short") }
        do {
            // WAV data is little-endian 16-bit, as the samples already are in memory.
            var bytes = [UInt8](WAVFile.header(sampleRate: sampleRate, sampleCount: Int(count)))
            bytes += received[16...]
            let digest = SHA256.hex(bytes)
            try writeFile(bytes, to: request.temporary)
            try AtomicFile.commit(request.temporary, to: request.output)
            return RenderResponse(job: request.job, outcome: .rendered(samples: Int(count), sampleRate: sampleRate, sha256: digest))
        } catch {
            unlink(request.temporary)
            return failure("\(error)")
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
                        if let (child, temporary) = current {
                            kill(child, SIGKILL)
                            var status: Int32 = 0
                            waitpid(child, &status, 0)
                            unlink(temporary)
                        }
                    }
                    _exit(ExitCode.failure.rawValue)
                }
            }
        }
        thread.start()
    }
}

/// The forked renderer running now and the temporary file it writes, shared with the thread
/// that watches the parent.
private final class InFlightRender: Sendable {
    let state = Mutex<(child: pid_t, temporary: String)?>(nil)
}
