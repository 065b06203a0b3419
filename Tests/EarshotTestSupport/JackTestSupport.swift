import EarshotAudio
import EarshotCore
import Foundation

/// The ALSA configuration the device tests play through, installed once per test process.
///
/// ALSA reads its configuration files once per process (and again only when the file list
/// changes), so every device test shares one list: ALSA's own `alsa.conf` followed by
/// scripts/alsa-jack.conf, whose `earshot_jack` PCM is a JACK client with a name chosen by the
/// test (so its port name is known) behind a `plug` that converts mono 16-bit samples to JACK's
/// float format. Capture-to-file tests need no entry: alsa.conf's `file:'PATH',raw` PCM writes
/// raw bytes.
public enum AlsaTestConfiguration {
    public static let installed: Bool = {
        setenv("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf:" + packageRoot + "/scripts/alsa-jack.conf", 1)
        return true
    }()

    /// The device name of a JACK client called `client`; its output port is `client:out_000`.
    public static func jackDevice(client: String) -> String {
        precondition(installed)
        return "earshot_jack:CLIENT=\(client)"
    }

    /// A device that writes every sample it is sent, as raw bytes, to `path` (not paced in real time).
    public static func fileDevice(path: String) -> String {
        precondition(installed)
        return "file:'\(path)',raw"
    }
}

/// The JACK server on the dummy backend (22050 Hz, 256-frame periods), started if not running.
/// Shared by the device tests and the live benchmark.
public enum JackDummyServer {
    /// True when a JACK server answers (without starting one).
    public static var isRunning: Bool {
        (try? runProgram("/usr/bin/env", ["JACK_NO_START_SERVER=1", "/usr/bin/jack_lsp"]).status) == 0
    }

    public static func ensureRunning() throws {
        try runScript("start")
    }

    /// Stops the server scripts/jack-dummy.sh started.
    public static func stop() throws {
        try runScript("stop")
    }

    private static func runScript(_ command: String) throws {
        let script = packageRoot + "/scripts/jack-dummy.sh"
        // No pipe here: jackd stays running after the script exits and would keep an inherited
        // pipe open, so reading the script's output to its end would never finish.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FileIOError(path: script, reason: "could not \(command) the JACK dummy backend (exit \(process.terminationStatus))")
        }
    }

    /// Use of the server by one test at a time, across suites, test targets and test processes:
    /// tests that measure time on the paced backend disturb each other (under load the dummy
    /// backend even runs late cycles back to back, faster than real time). Release it when done:
    /// `let jack = try JackDummyServer.reserve(); defer { jack.release() }`.
    public static func reserve() throws -> JackReservation {
        let folder = (ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/tmp") + "/earshot-jack"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/tests.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileIOError(path: path, reason: "cannot open the JACK test lock") }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw FileIOError(path: path, reason: "cannot lock the JACK test lock")
            }
        }
        try ensureRunning()
        return JackReservation(descriptor: descriptor)
    }

    /// All ports with their connections, as `jack_lsp -c` lists them.
    public static func portsAndConnections() -> String {
        (try? runProgram("/usr/bin/jack_lsp", ["-c"]).output) ?? ""
    }

    /// The ports `port` is connected to (`jack_lsp -c` lists them indented under it).
    public static func connections(of port: String) -> [String] {
        let lines = portsAndConnections().split(separator: "\n")
        guard let index = lines.firstIndex(where: { $0 == port }) else { return [] }
        return lines[(index + 1)...].prefix { $0.hasPrefix(" ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Waits until `port` exists, for at most `timeout` seconds.
    public static func waitForPort(_ port: String, timeout: Double = 5) -> Bool {
        let end = Date(timeIntervalSinceNow: timeout)
        while Date() < end {
            if portsAndConnections().split(separator: "\n").contains(where: { $0 == port }) { return true }
            usleep(20_000)
        }
        return false
    }
}

/// A test's hold on the JACK dummy server (see `JackDummyServer.reserve()`).
public final class JackReservation: @unchecked Sendable {
    private var descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { release() }

    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}

/// `jack_rec` recording one JACK output port to a WAV file, sample-accurately.
public struct JackRecording {
    public let process: Process
    public let path: String

    /// Starts recording `port` for `seconds` (jack_rec takes whole seconds) and waits until jack_rec is connected to it.
    public static func start(port: String, seconds: Int, path: String) throws -> JackRecording {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/jack_rec")
        process.arguments = ["-f", path, "-d", String(seconds), port]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Generous: on a loaded machine jack_lsp itself takes a while.
        let end = Date(timeIntervalSinceNow: 15)
        while Date() < end {
            if JackDummyServer.connections(of: port).contains(where: { $0.hasPrefix("jackrec:") }) {
                return JackRecording(process: process, path: path)
            }
            usleep(10_000)
        }
        process.terminate()
        throw FileIOError(path: path, reason: "jack_rec did not connect to \(port)")
    }

    /// Waits for the recording to end and reads it.
    public func finish() throws -> PCMBuffer {
        process.waitUntilExit()
        return try WAVFile.read(path: path)
    }
}

/// Index of the first sample louder than `threshold`.
public func firstLoud(_ samples: some RandomAccessCollection<Int16>, threshold: Int16 = 200) -> Int? {
    samples.firstIndex { abs(Int($0)) > Int(threshold) }.map { samples.distance(from: samples.startIndex, to: $0) }
}

/// Recording index of sample 0 of `sound`, found by its first loud samples after `from`: the
/// 400 samples from its onset, each equal within 2 (the float round trip through JACK).
public func locate(_ sound: [Int16], in recorded: [Int16], from: Int = 0) -> Int? {
    guard let onset = firstLoud(sound) else { return nil }
    let probe = 400
    var index = from + onset
    while index + probe < recorded.count, onset + probe < sound.count {
        if abs(Int(recorded[index])) > 200,
           (0..<probe).allSatisfy({ abs(Int(recorded[index + $0]) - Int(sound[onset + $0])) <= 2 }) {
            return index - onset
        }
        index += 1
    }
    return nil
}

/// Index in `sound` just past the last loud stretch of it that the recording holds at
/// `offset`: 32 samples in a row equal within 2 (the float round trip through JACK), so a
/// lone sample of other sound that happens to agree does not count.
public func heardEnd(of sound: [Int16], in recorded: [Int16], at offset: Int) -> Int {
    let window = 32
    var end = 0
    var run = 0
    var loudInRun = false
    for index in 0..<sound.count where offset + index >= 0 && offset + index < recorded.count {
        let sample = recorded[offset + index]
        if abs(Int(sample) - Int(sound[index])) <= 2 {
            run += 1
            if abs(Int(sample)) > 200 { loudInRun = true }
            if run >= window && loudInRun && abs(Int(sample)) > 200 { end = index + 1 }
        } else {
            run = 0
            loudInRun = false
        }
    }
    return end
}

/// Runs of non-zero samples, merging runs separated by fewer than `gap` zeros.
public func soundingRuns(_ samples: [Int16], gap: Int = 200) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    for (index, sample) in samples.enumerated() where sample != 0 {
        if let last = runs.last, index - last.upperBound < gap {
            runs[runs.count - 1] = last.lowerBound..<index + 1
        } else {
            runs.append(index..<index + 1)
        }
    }
    return runs
}

/// A sine tone, for tests that need sound whose every sample is non-zero on average.
public func tone(frequency: Double, seconds: Double, sampleRate: Int, amplitude: Double = 12_000) -> [Int16] {
    let count = Int(seconds * Double(sampleRate))
    return (0..<count).map { Int16(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(sampleRate))) }
}
