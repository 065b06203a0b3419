import EarshotCommandLine
import EarshotCore
import EarshotPlayback
import Foundation

/// `earshot-bench scenario [MINUTES]`: renders a generated scenario of at least MINUTES minutes
/// (default 10) of desk-check audio to a WAV file and reports the rendering speed in seconds of
/// audio per wall-clock second (target at least 200) and the process's peak memory (target under
/// 64 MB).
///
/// The scenario repeats a walk over the sample product list with every kind of event: swipes,
/// a swipe cutting an announcement, a double tap with a dropped and a queued announcement, a
/// boundary, a screenChanged and a read-all, so the figure covers synthesis, scheduling and the
/// streaming WAV writer together.
enum ScenarioBenchmark {
    static var benchmark: Benchmark {
        Benchmark(name: "scenario",
                  summary: "render a 10-minute scenario to WAV: audio s per wall s (>= 200), peak RSS (< 64 MB)",
                  arguments: [("MINUTES", "The scenario length in minutes (default 10).")], options: NoOptions.self, run: run)
    }

    static let minimumSpeed = 200.0
    static let memoryBudgetMB = 64.0

    static func run(_ parsed: Parsed<NoOptions>) throws {
        let minutes = try parsed.positiveNumbers([("MINUTES", 10)])[0]
        let screen = try locate("samples/screens/product-list.json")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-scenario-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let speaker = try Speaker(voice: "ko")
        // One round lasts about 55 s of audio; a short probe run sizes the real one.
        let probe = try ScenarioFile.parse(SoakScenario.text(screen: screen, rounds: 1),
                                           path: folder.appendingPathComponent("probe.json").path)
        let roundSeconds = try ScenarioPlayback.run(probe, speaker: speaker,
                                                    session: try ScenarioPlayback.session(for: probe, speaker: speaker, asking: nil)).audioDuration
        let rounds = Int((minutes * 60 / roundSeconds).rounded(.up))
        let scenario = try ScenarioFile.parse(SoakScenario.text(screen: screen, rounds: rounds),
                                              path: folder.appendingPathComponent("long.json").path)

        // The fastest of a few rounds is the one least disturbed by other work on the machine;
        // CPU time is reported too, as it does not depend on that load.
        let wav = folder.appendingPathComponent("long.wav").path
        var wall = Double.infinity, cpu = Double.infinity
        var run: ScenarioPlayback.Run?
        for _ in 0..<timedRounds {
            let startedCPU = cpuSeconds()
            let started = DispatchTime.now().uptimeNanoseconds
            run = try ScenarioPlayback.run(scenario, speaker: speaker,
                                           session: try ScenarioPlayback.session(for: scenario, speaker: speaker, asking: nil), wavPath: wav,
                                           transcriptPaths: [folder.appendingPathComponent("long.vtt").path])
            wall = min(wall, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            cpu = min(cpu, cpuSeconds() - startedCPU)
        }
        guard let run else { return }
        let speed = run.audioDuration / wall
        let peakMB = peakResidentMegabytes()
        let entries = run.result.transcript.entries
        print(String(format: "scenario: %d steps, %d utterances (%d spoken, %d cut, %d dropped)",
                     scenario.steps.count, entries.count,
                     entries.filter { if case .spoken = $0.fate { true } else { false } }.count,
                     entries.filter { if case .cut = $0.fate { true } else { false } }.count,
                     entries.filter { if case .dropped = $0.fate { true } else { false } }.count))
        print(String(format: "scenario: rendered %.1f s of audio (%.1f min) in %.2f s (fastest of %d): %.0f s of audio per second (target >= %.0f)",
                     run.audioDuration, run.audioDuration / 60, wall, timedRounds, speed, minimumSpeed))
        print(String(format: "scenario: %.2f s of CPU time: %.0f s of audio per CPU second", cpu, run.audioDuration / cpu))
        print(String(format: "scenario: peak RSS %.1f MB (target < %.0f MB); renderer held at most %d samples (%.2f s)",
                     peakMB, memoryBudgetMB, run.peakBufferedSamples,
                     Double(run.peakBufferedSamples) / Double(speaker.sampleRate)))
        var failures: [String] = []
        if run.audioDuration < minutes * 60 { failures.append("the scenario lasted only \(run.audioDuration) s") }
        if speed < minimumSpeed { failures.append(String(format: "%.0f s of audio per second is under %.0f", speed, minimumSpeed)) }
        if peakMB >= memoryBudgetMB { failures.append(String(format: "peak RSS %.1f MB is over %.0f MB", peakMB, memoryBudgetMB)) }
        if failures.isEmpty {
            print("scenario: PASS")
        } else {
            throw BenchmarkFailure(reasons: failures)
        }
    }

    /// Timed renders of the long scenario.
    static let timedRounds = 3

    /// User plus system CPU time of this process so far, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }


    /// A repository file, looked for from the working folder and the executable's folders.
    static func locate(_ relative: String) throws -> String {
        let folders = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)] + BenchmarkFiles.executableFolders
        for candidate in folders.map({ $0.appendingPathComponent(relative).path })
        where FileManager.default.fileExists(atPath: candidate) {
            return candidate
        }
        throw FileIOError(path: relative, reason: "not found; run earshot-bench from the repository")
    }

    /// The process's peak resident set size (VmHWM), in megabytes; getrusage where /proc is absent.
    static func peakResidentMegabytes() -> Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
            return kilobytes / 1024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
