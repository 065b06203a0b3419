import Foundation
import Testing

/// A sound server that dies mid-utterance ends playback with exit 69 and the device's message
/// within two seconds; before, `speak` and `check --live` waited for ever. Each test runs its own
/// JACK server (dummy backend, its own name) so that killing it leaves the shared one alone.
@Suite("A dying audio server ends playback cleanly", .serialized)
struct DeviceStopTests {
    final class PrivateJack {
        // One name for every run: JACK reclaims a dead server's registry entry only for the same
        // name, and its registry holds eight servers, so unique names would fill it up.
        let name = "earshot-stop-test"
        let process = Process()

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/jackd")
            process.arguments = ["-n", name, "--no-realtime", "-d", "dummy", "-r", "22050", "-p", "256"]
            process.environment = ProcessInfo.processInfo.environment.merging(["JACK_NO_AUDIO_RESERVATION": "1"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // A loaded machine (a sanitizer build, the suite in parallel) starts jackd slowly.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if ports() != nil { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
            throw CocoaError(.featureUnsupported)
        }

        /// The server's ports as `jack_lsp` lists them; nil while the server does not answer.
        func ports() -> String? {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/jack_lsp")
            probe.environment = ["JACK_DEFAULT_SERVER": name, "JACK_NO_START_SERVER": "1"]
            let output = Pipe()
            probe.standardOutput = output
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return nil }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            probe.waitUntilExit()
            return probe.terminationStatus == 0 ? text : nil
        }

        /// Waits until `client` has its output port on this server: it is playing.
        func waitForClient(_ client: String, timeout: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if ports()?.contains("\(client):") == true { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }

        func kill() {
            if process.isRunning {
                Foundation.kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            Self.removeFiles(of: name)
        }

        /// A server killed with SIGKILL leaves its socket and its clients' semaphores in
        /// /dev/shm (`jack_NAME_UID_0`, `jack_sem.UID_NAME_*`): removed, as the server would on a
        /// clean exit, so the tests leave nothing of it behind.
        static func removeFiles(of name: String) {
            let uid = getuid()
            let files = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
            for file in files where file.hasPrefix("jack_\(name)_\(uid)_") || file.hasPrefix("jack_sem.\(uid)_\(name)_") {
                try? FileManager.default.removeItem(atPath: "/dev/shm/" + file)
            }
            // Its shared memory (`jack-UID-N`, `jack_db-UID`, the registry) is this user's
            // servers' together: removed only when no server of this user is left running, as
            // scripts/jack-dummy.sh stop does.
            let left = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
            guard !left.contains(where: { $0.hasPrefix("jack_") && $0.hasSuffix("_\(uid)_0") }) else { return }
            for file in left where file.hasPrefix("jack-\(uid)-") || file == "jack_db-\(uid)" || file == "jack-shm-registry" {
                try? FileManager.default.removeItem(atPath: "/dev/shm/" + file)
            }
        }
    }

    /// Starts `arguments` playing into a private server; after 1.5 s either kills the server or
    /// sends the player SIGINT; returns the exit status, the seconds from that moment to the
    /// exit, and standard error.
    func playAndKillServer(_ arguments: [String], interruptInstead: Bool = false) throws
        -> (status: Int32, seconds: Double, stderr: String) {
        let jack = try PrivateJack()
        defer { jack.kill() }
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["JACK_DEFAULT_SERVER"] = jack.name
        environment["ALSA_CONFIG_PATH"] = "/usr/share/alsa/alsa.conf:" + CLIRunner.repositoryRoot.appendingPathComponent("scripts/alsa-jack.conf").path
        environment["EARSHOT_VOICES"] = CLIRunner.repositoryRoot.appendingPathComponent("voices").path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Mid-utterance: once the player's JACK client exists (a loaded machine takes a while
        // to get there), and a little after.
        let client = arguments.first { $0.hasPrefix("earshot_jack:CLIENT=") }.map { String($0.dropFirst(20)) } ?? ""
        #expect(jack.waitForClient(client), "the player connected to the server")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning, "still playing")
        if interruptInstead {
            kill(process.processIdentifier, SIGINT)
        } else {
            jack.kill()
        }
        let killed = Date()
        let deadline = killed.addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
        let seconds = Date().timeIntervalSince(killed)
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, seconds, stderr)
    }

    @Test("speak: exit 69 within 2 s of the server's death, naming the device")
    func speak() throws {
        let text = String(repeating: "안녕하세요 반갑습니다. ", count: 10)
        let result = try playAndKillServer(["speak", "--device", "earshot_jack:CLIENT=stopspeak", text])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.seconds < 2, "ended \(result.seconds) s after the server died")
        #expect(result.stderr.contains(#"audio device "earshot_jack:CLIENT=stopspeak""#), "\(result.stderr)")
        // The killed server's files are gone from /dev/shm.
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter {
            $0.contains("earshot-stop-test") || !jackServerRuns() && $0.hasPrefix("jack")
        }
        #expect(left.isEmpty, "left in /dev/shm: \(left)")
    }

    @Test("check --live: exit 69 within 2 s, not after the scenario's remaining steps")
    func checkLive() throws {
        let scenario = CLIRunner.repositoryRoot.appendingPathComponent("samples/scenarios/cart-walkthrough.json").path
        let result = try playAndKillServer(["check", "--live", "--quiet", "--device", "earshot_jack:CLIENT=stopcheck", scenario])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.seconds < 2, "ended \(result.seconds) s after the server died")
    }

    @Test("Ctrl-C (SIGINT) stops speak within 100 ms while it plays")
    func interrupt() throws {
        let text = String(repeating: "안녕하세요 반갑습니다. ", count: 10)
        let result = try playAndKillServer(["speak", "--device", "earshot_jack:CLIENT=stopint", text], interruptInstead: true)
        #expect(result.status == SIGINT, "ended by the signal: \(result.stderr)")
        #expect(result.seconds < 0.1, "ended \(result.seconds) s after SIGINT")
    }
}
