import Foundation
import Testing

/// The README as a test: every `earshot` command in its examples runs, twice, in a clean copy of
/// the files it names (samples/ and Tests/Fixtures/), as a newcomer would type it from a clone;
/// each exits as a command that did its work does (0, or 1 for a run that found what it shows)
/// and the same both times; the output lines the README shows under a command (not `...`) come
/// out in that order. A command that plays runs with ALSA's `default` device made a `file` PCM
/// (the bytes it played are checked, not only its exit); a pipe runs whole under `pipefail`
/// (jq and aplay are in the test packages); `flows/`, the reader's own folder, is a copy of
/// samples/scenarios. Only scripts another test covers (the demo, the install, this suite) and
/// the benchmarks (minutes each in a release build; their names are held to `earshot-bench`'s
/// list below) are not run, each with its reason.
@Suite("The README's commands run as written")
struct ReadmeCommandTests {
    struct Example: CustomStringConvertible {
        var line: Int
        var command: String
        /// The lines shown right under it in the same block (`...` and `…` left out).
        var shown: [String]
        var description: String { "README.md:\(line): \(command)" }
    }

    /// Why an example is not run here, or nil when it is.
    static func skipReason(_ command: String) -> String? {
        if command.hasPrefix("swift run") { return "a benchmark: minutes each in a release build, run by hand (README, Benchmarks)" }
        if command.hasPrefix("bash scripts/demo.sh") { return "the demo: RerunTests runs its commands twice" }
        if command.hasPrefix("bash scripts/install.sh") { return "the install: InstallTests installs and uninstalls into a prefix" }
        if command.hasPrefix("bash scripts/test.sh") { return "this suite itself" }
        return nil
    }

    /// Whether the example plays through the sound card (ALSA's `default` device).
    static func plays(_ command: String) -> Bool {
        if command.contains("| aplay") { return true }
        let words = command.split(separator: " ").map(String.init)
        let earshot = words.firstIndex { $0 == "earshot" || $0.hasSuffix("/earshot") }
        guard let at = earshot, at + 1 < words.count, ["speak", "read", "explore"].contains(words[at + 1]) else { return false }
        let ownCommand = words[at...].prefix { $0 != "|" }
        return !ownCommand.contains("--no-audio") && !ownCommand.contains("-o") && !ownCommand.contains("--json")
    }

    /// The examples: indented lines that start with `earshot` or `.build/debug/earshot`, with a
    /// trailing `# comment` taken off, and the indented lines under each up to a blank line.
    static func examples() throws -> [Example] {
        let text = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var found: [Example] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("    "), !line.hasPrefix("     ") else { index += 1; continue }
            let code = String(line.dropFirst(4))
            guard code.hasPrefix("earshot ") || code.hasPrefix(".build/debug/earshot ") || code.hasPrefix("bash scripts/")
                    || code.hasPrefix("swift run") || (code.hasPrefix("cat ") && code.contains("| earshot ")) else { index += 1; continue }
            var command = code
            if let hash = command.range(of: "  #") ?? command.range(of: " # ") { command = String(command[..<hash.lowerBound]) }
            command = command.trimmingCharacters(in: .whitespaces)
            var shown: [String] = []
            var next = index + 1
            while next < lines.count, lines[next].hasPrefix("    ") {
                let output = String(lines[next].dropFirst(4))
                if output.hasPrefix("earshot ") || output.hasPrefix(".build/debug/earshot ") || output.hasPrefix("swift run") { break }
                if output != "..." && output != "…" { shown.append(output) }
                next += 1
            }
            found.append(Example(line: index + 1, command: command, shown: shown))
            index = next
        }
        return found
    }

    @Test("every example runs but the scripts other tests cover and the benchmarks, each with its reason")
    func everyExampleAccounted() throws {
        let examples = try Self.examples()
        let skipped = examples.filter { Self.skipReason($0.command) != nil }
        #expect(examples.count >= 35, "\(examples.count) examples")
        for example in skipped {
            let script = example.command.hasPrefix("bash scripts/") || example.command.hasPrefix("swift run -c release earshot-bench")
            #expect(script, "\(example) is skipped, but only scripts and benchmarks may be")
        }
        #expect(examples.filter { Self.plays($0.command) }.count >= 4, "the examples that play: \(examples.filter { Self.plays($0.command) })")
        #expect(examples.contains { $0.command.hasPrefix("cat ") }, "the standard-input example")
    }

    /// ALSA's configuration with `default` a `file` PCM writing raw samples to `played`.
    static func fileDefault(in folder: URL, played: URL) throws -> URL {
        let configuration = folder.appendingPathComponent("asound-file-default.conf")
        try """
        pcm.!default {
            type file
            slave.pcm "null"
            file "\(played.path)"
            format "raw"
        }

        """.write(to: configuration, atomically: true, encoding: .utf8)
        return configuration
    }

    @Test("each example runs twice from a clean copy, exits alike, prints what the README shows, and plays to the device")
    func examplesRunAsWritten() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = CLIRunner.repositoryRoot
        let work = folder.appendingPathComponent("clone")
        for part in ["samples", "Tests/Fixtures"] {
            let target = work.appendingPathComponent(part)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(part), to: target)
        }
        // The reader's own folder of flows, which the README's `test --update flows/` names.
        try FileManager.default.copyItem(at: root.appendingPathComponent("samples/scenarios"), to: work.appendingPathComponent("flows"))
        let played = folder.appendingPathComponent("played.raw")
        let configuration = try Self.fileDefault(in: folder, played: played)
        var environment = CLIRunner.binaryEnvironment([:])
        environment["ALSA_CONFIG_PATH"] = "/usr/share/alsa/alsa.conf:" + configuration.path
        var ran = 0
        for example in try Self.examples() where Self.skipReason(example.command) == nil {
            let command = example.command.replacingOccurrences(of: ".build/debug/earshot ", with: "earshot ")
                .replacingOccurrences(of: "| earshot ", with: "| " + CLIRunner.binary.path + " ")
            let line = "set -o pipefail; " + (command.hasPrefix("earshot ") ? CLIRunner.binary.path + command.dropFirst("earshot".count) : command)
            var runs: [CLIRunner.Result] = []
            for _ in 0..<2 {
                try? FileManager.default.removeItem(at: played)
                runs.append(try CLIRunner.run(executable: "/bin/bash", arguments: ["-c", line], environment: environment, currentDirectory: work))
                if Self.plays(example.command) {
                    let bytes = (try? FileManager.default.attributesOfItem(atPath: played.path)[.size] as? Int) ?? 0
                    #expect(bytes > 22_050, "\(example): the device got \(bytes) bytes, not a second of speech")
                }
            }
            let (first, second) = (runs[0], runs[1])
            ran += 1
            #expect(first.status == 0 || first.status == 1, "\(example): exit \(first.status)\n\(first.stderr)")
            #expect(second.status == first.status, "\(example): exit \(first.status), then \(second.status) the second time\n\(second.stderr)")
            #expect(second.stdout == first.stdout, "\(example): the second run printed otherwise")
            // What the README shows, in order (a line may be one of many in the output).
            var output = first.stdout.components(separatedBy: "\n")[...]
            for shown in example.shown {
                guard let at = output.firstIndex(of: shown) else {
                    Issue.record("\(example): the README shows \"\(shown)\", which the run did not print (after the lines before it)\n\(first.stdout)")
                    break
                }
                output = output[(at + 1)...]
            }
        }
        #expect(ran >= 18)
    }

    @Test("the README's benchmarks are the ones earshot-bench lists, each once")
    func benchmarksListed() throws {
        let examples = try Self.examples().filter { $0.command.hasPrefix("swift run -c release earshot-bench") }
        let named = examples.compactMap { $0.command.split(separator: " ").dropFirst(5).first.map(String.init) }
        let bench = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("earshot-bench")
        let listing = try CLIRunner.run(executable: bench.path, arguments: [], environment: CLIRunner.binaryEnvironment([:]))
        #expect(listing.status == 0, "\(listing.stderr)")
        let listed = listing.stdout.components(separatedBy: "BENCHMARKS:").last?.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") ? $0.split(separator: " ").first.map(String.init) : nil } ?? []
        #expect(!listed.isEmpty, "\(listing.stdout)")
        #expect(named.sorted() == listed.sorted(), "README: \(named.sorted()); earshot-bench: \(listed.sorted())")
        #expect(examples.count == named.count + 1, "one bare line that lists them, then one line each")
    }
}

/// The README's prose about a run names what the run gives: the flows whose verdict changes
/// with the speaking rate are the ones `earshot test --rates default samples/scenarios` fails.
@Suite("The README's rate-sweep paragraph, from the run")
struct ReadmeRateSweepTests {
    @Test("the flows the README names are exactly those the sweep of the bundled scenarios fails")
    func flowsFromTheRun() throws {
        let readme = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let paragraph = try #require(readme.components(separatedBy: "`earshot test --rates default\nsamples/scenarios` finds ").dropFirst().first?
            .components(separatedBy: "\n\n").first, "the README's rate-sweep paragraph moved")
        let named = Set(paragraph.matches(of: /`([a-z0-9-]+)`/).map { String($0.output.1) })
        let count = ["two": 2, "three": 3, "four": 4, "five": 5].first { paragraph.hasPrefix($0.key + " ") }?.value
        let run = try CLIRunner.run(["test", "-q", "--rates", "default", "samples/scenarios"], currentDirectory: CLIRunner.repositoryRoot)
        #expect(run.status == 1, "\(run.stderr)")
        let failing = Set(run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("FAIL  samples/scenarios/") else { return nil }
            return line.dropFirst("FAIL  samples/scenarios/".count).split(separator: ".").first.map(String.init)
        })
        #expect(named == failing, "README names \(named.sorted()); the run fails \(failing.sorted())")
        #expect(count == failing.count, "the README counts \(String(describing: count)), the run fails \(failing.count)")
    }
}
