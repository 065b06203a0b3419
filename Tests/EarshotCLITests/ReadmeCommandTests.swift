import Foundation
import Testing

/// The README as a test: every `earshot` command in its examples runs, twice, in a clean copy of
/// the files it names (samples/ and Tests/Fixtures/), as a newcomer would type it from a clone;
/// each exits as a command that did its work does (0, or 1 for a run that found what it shows)
/// and the same both times; the output lines the README shows under a command (not `...`) come
/// out in that order. A command that needs what a test machine has not (a sound card, another
/// program on the pipe, a folder of the reader's own, minutes of benchmarking) is named with the
/// reason, and another test covers its script (the demo, the install, this suite).
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
        if command.hasPrefix("swift run") { return "a benchmark: minutes each, run by hand (README, Benchmarks)" }
        if command.hasPrefix("bash scripts/demo.sh") { return "the demo: RerunTests runs its commands twice" }
        if command.hasPrefix("bash scripts/install.sh") { return "the install: InstallTests installs and uninstalls into a prefix" }
        if command.hasPrefix("bash scripts/test.sh") { return "this suite itself" }
        if command.contains("| ") { return "a pipe into another program (jq, aplay) that a test machine may not have" }
        if command.contains(" flows/") { return "a folder of the reader's own app (flows/), not in the repository" }
        let words = command.split(separator: " ").map(String.init)
        if words.count > 1, ["speak", "read", "explore"].contains(words[1]),
           !words.contains("--no-audio"), !words.contains("-o") {
            return "plays through the sound card"
        }
        return nil
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
                    || code.hasPrefix("swift run") else { index += 1; continue }
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

    @Test("every example either runs or says why not; the runnable ones are most of them")
    func everyExampleAccounted() throws {
        let examples = try Self.examples()
        let runnable = examples.filter { Self.skipReason($0.command) == nil }
        #expect(examples.count >= 30, "\(examples.count) examples")
        #expect(runnable.count >= 10, "\(runnable.map(\.description))")
    }

    @Test("each runnable example runs twice from a clean copy, exits alike, and prints what the README shows")
    func examplesRunAsWritten() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = CLIRunner.repositoryRoot
        for part in ["samples", "Tests/Fixtures"] {
            let target = folder.appendingPathComponent(part)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(part), to: target)
        }
        var ran = 0
        for example in try Self.examples() where Self.skipReason(example.command) == nil {
            let command = example.command.replacingOccurrences(of: ".build/debug/earshot ", with: "earshot ")
            let line = CLIRunner.binary.path + command.dropFirst("earshot".count)
            let environment = CLIRunner.binaryEnvironment([:])
            let first = try CLIRunner.run(executable: "/bin/bash", arguments: ["-c", line], environment: environment, currentDirectory: folder)
            let second = try CLIRunner.run(executable: "/bin/bash", arguments: ["-c", line], environment: environment, currentDirectory: folder)
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
        #expect(ran >= 10)
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
