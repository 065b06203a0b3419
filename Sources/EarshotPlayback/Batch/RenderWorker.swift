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
/// file in a forked copy of itself: every file starts from the same engine state, at the cost
/// of one `fork` (well under a millisecond) per file.
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
            let child = fork()
            if child == 0 {
                let response = render(request, settings: profile.engine, engine: engine)
                _exit(writeLine(response.jsonLine) ? 0 : ExitCode.ioError.rawValue)
            }
            guard child > 0 else {
                let reason = String(cString: strerror(errno))
                guard writeLine(RenderResponse(job: request.job, outcome: .failed("cannot fork a renderer (\(reason))")).jsonLine) else { return .ioError }
                continue
            }
            inFlight.state.withLock { $0 = (child, request.temporary) }
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
            inFlight.state.withLock { $0 = nil }
            let signal = status & 0x7F
            if signal != 0 || (status >> 8) & 0xFF != 0 {
                unlink(request.temporary)
                let how = signal != 0 ? "killed by signal \(signal)" : "exited with status \((status >> 8) & 0xFF)"
                guard writeLine(RenderResponse(job: request.job, outcome: .failed("the renderer stopped while speaking it (\(how))")).jsonLine) else { return .ioError }
            }
        }
        return .success
    }

    /// Renders one request in the forked copy: speak, write under the temporary name, rename.
    private static func render(_ request: RenderRequest, settings: VoiceProfile.Engine, engine: SpeechEngine) -> RenderResponse {
        do {
            var samples: [Int16] = []
            var sampleRate = engine.sampleRate
            for (index, segment) in request.segments.enumerated() {
                let synthesis = try engine.synthesize(segment, settings: settings)
                sampleRate = synthesis.audio.sampleRate
                if index > 0 {
                    samples += repeatElement(0, count: Int((request.pause * Double(sampleRate)).rounded()))
                }
                samples += synthesis.audio.samples
            }
            var bytes = [UInt8](WAVFile.header(sampleRate: sampleRate, sampleCount: samples.count))
            bytes.reserveCapacity(bytes.count + samples.count * 2)
            for sample in samples {
                let bits = UInt16(bitPattern: sample)
                bytes.append(UInt8(truncatingIfNeeded: bits))
                bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
            }
            let digest = SHA256.hex(bytes)
            try writeFile(bytes, to: request.temporary)
            try AtomicFile.commit(request.temporary, to: request.output)
            return RenderResponse(job: request.job, outcome: .rendered(samples: samples.count, sampleRate: sampleRate, sha256: digest))
        } catch {
            unlink(request.temporary)
            return RenderResponse(job: request.job, outcome: .failed("\(error)"))
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
