import EarshotCore
import Foundation

/// The JACK server on the dummy backend (22050 Hz, 256-frame periods), started if not running.
/// Shared by the device tests and the live benchmark (scripts/jack-dummy.sh starts and stops it).
public enum JackDummyServer {
    /// True when a JACK server answers (without starting one).
    public static var isRunning: Bool {
        (try? runToEnd("/usr/bin/env", ["JACK_NO_START_SERVER=1", "/usr/bin/jack_lsp"]).status) == 0
    }

    public static func ensureRunning() throws {
        try runScript("start")
    }

    /// Stops the server scripts/jack-dummy.sh started.
    public static func stop() throws {
        try runScript("stop")
    }

    private static func runScript(_ command: String) throws {
        let script = JackScripts.path("jack-dummy.sh")
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
        do {
            try SystemCall.lockExclusively(descriptor)
        } catch {
            try? SystemCall.close(descriptor)
            throw FileIOError(path: path, reason: "cannot lock the JACK test lock (\(error.reason))")
        }
        try ensureRunning()
        return JackReservation(descriptor: descriptor)
    }

    /// All ports with their connections, as `jack_lsp -c` lists them.
    public static func portsAndConnections() -> String {
        (try? runToEnd("/usr/bin/jack_lsp", ["-c"]).output) ?? ""
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
