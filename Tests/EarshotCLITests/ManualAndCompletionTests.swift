import Foundation
import Testing

/// The programs these tests run, found on the PATH scripts/setup.sh prepares.
func program(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return "\(folder)/\(name)"
    }
    return nil
}

/// The command names `earshot --help` lists under COMMANDS.
func helpCommandNames() throws -> [String] {
    let help = try CLIRunner.run(["--help"]).stdout
    let section = help.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
    return section.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
}

@Suite("The manual page (earshot manual)")
struct ManualPageTests {
    @Test("renders with man -l without warnings and names every command and option that --help does")
    func manualMatchesHelp() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("earshot.1")
        let roff = try CLIRunner.run(["manual"])
        #expect(roff.status == 0)
        try roff.data.write(to: page)
        let man = try #require(program("man"), "man is not installed (scripts/setup.sh installs man-db)")
        let rendered = try CLIRunner.run(executable: man, arguments: ["--warnings", "-l", page.path], environment: [
            "PATH": "/usr/bin:/bin", "MANWIDTH": "80", "MAN_KEEP_FORMATTING": "0", "LANG": "C.UTF-8", "MANPAGER": "cat", "PAGER": "cat",
        ])
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty, "man warnings: \(rendered.stderr)")
        // Bold and underline come as overstrikes when not on a terminal; read the plain words.
        let text = rendered.stdout.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        let names = try helpCommandNames()
        #expect(names.count >= 9)
        for name in names {
            #expect(text.contains("earshot \(name)"), "the manual has no section for \(name)")
            let help = try CLIRunner.run([name, "--help"]).stdout
            let options = Set(help.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })
            #expect(!options.isEmpty)
            for option in options {
                #expect(text.contains(option), "the manual lacks \(option) of \(name)")
            }
        }
        #expect(text.contains("EXIT STATUS") && text.contains("XDG_CONFIG_HOME"))
    }
}

@Suite("Shell completions (earshot completions)")
struct CompletionTests {
    static func script(_ shell: String, in folder: URL) throws -> String {
        let result = try CLIRunner.run(["completions", shell])
        #expect(result.status == 0)
        let path = folder.appendingPathComponent("earshot.\(shell)").path
        try result.data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("bash: the script parses and completes the command names and a command's options")
    func bashCompletes() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.script("bash", in: folder)
        #expect(try CLIRunner.run(executable: "/bin/bash", arguments: ["-n", path], environment: [:]).status == 0)
        let probe = """
            source '\(path)'
            COMP_WORDS=(earshot ""); COMP_CWORD=1; _earshot; echo "${COMPREPLY[*]}"
            COMP_WORDS=(earshot speak --no); COMP_CWORD=2; _earshot; echo "${COMPREPLY[*]}"
            """
        let result = try CLIRunner.run(executable: "/bin/bash", arguments: ["-c", probe], environment: ["PATH": "/usr/bin:/bin"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let offered = Set(lines[0].split(separator: " ").map(String.init))
        #expect(offered.isSuperset(of: try helpCommandNames()), "\(result.stdout) \(result.stderr)")
        #expect(lines[1] == "--no-audio", "\(result.stdout)")
    }

    @Test("zsh: the script parses and its command list holds every command")
    func zshCompletes() throws {
        let zsh = try #require(program("zsh"), "zsh is not installed (scripts/setup.sh installs it)")
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.script("zsh", in: folder)
        let parsed = try CLIRunner.run(executable: zsh, arguments: ["-n", path], environment: [:])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        // Stand-ins for the completion system's functions print what would be offered.
        let probe = """
            compdef() { :; }
            _describe() { print -l ${(P)4}; }
            source '\(path)'
            _earshot_commands
            """
        let result = try CLIRunner.run(executable: zsh, arguments: ["-f", "-c", probe], environment: ["PATH": "/usr/bin:/bin"])
        let offered = Set(result.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) })
        #expect(offered == Set(try helpCommandNames()), "\(result.stdout) \(result.stderr)")
    }

    @Test("fish: the script parses and completes the command names and a command's options")
    func fishCompletes() throws {
        let fish = try #require(program("fish"), "fish is not installed (scripts/setup.sh installs it)")
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.script("fish", in: folder)
        let parsed = try CLIRunner.run(executable: fish, arguments: ["-n", path], environment: [:])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_CONFIG_HOME": folder.path]
        let commands = try CLIRunner.run(executable: fish, arguments: ["-c", "source '\(path)'; complete -C 'earshot '"],
                                         environment: environment, currentDirectory: folder)
        let offered = Set(commands.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        #expect(offered.isSuperset(of: try helpCommandNames()), "\(commands.stdout) \(commands.stderr)")
        let options = try CLIRunner.run(executable: fish, arguments: ["-c", "source '\(path)'; complete -C 'earshot read --js'"],
                                        environment: environment, currentDirectory: folder)
        #expect(options.stdout.hasPrefix("--json"), "\(options.stdout)")
    }

    @Test("bash and fish complete option values: voices from the voice lookup, levels, formats, severities, traits")
    func valuesCompleted() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // `earshot` on the PATH, as an install puts it, with the repository's voices.
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("earshot").path, withDestinationPath: CLIRunner.binary.path)
        let voices = CLIRunner.repositoryRoot.appendingPathComponent("voices").path
        var environment = ["PATH": "\(bin.path):/usr/bin:/bin", "EARSHOT_VOICES": voices, "HOME": folder.path, "XDG_CONFIG_HOME": folder.path]
        // A sanitizer run's settings (its suppressions) reach the earshot the completion runs.
        for (key, value) in ProcessInfo.processInfo.environment where key.hasSuffix("SAN_OPTIONS") { environment[key] = value }
        let bash = try Self.script("bash", in: folder)
        let cases: [(words: String, expected: [String])] = [
            ("earshot read --voice ''", ["en", "ja", "ko", "zh"]),
            ("earshot read --punctuation ''", ["all", "some", "none"]),
            ("earshot check --transcript-format ''", ["txt", "jsonl", "vtt"]),
            ("earshot lint --severity ''", ["error", "warning", "note"]),
            ("earshot read --format ''", ["screen", "wda-xml", "wda-json", "idb-json"]),
            ("earshot render --format ''", ["text", "csv", "strings", "screen", "scenario", "wda-xml", "wda-json", "idb-json"]),
            ("earshot speak --traits sel", ["selected"]),
        ]
        for (words, expected) in cases {
            let count = words.split(separator: " ").count - 1
            let probe = "source '\(bash)'; COMP_WORDS=(\(words)); COMP_CWORD=\(count); _earshot; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try CLIRunner.run(executable: "/bin/bash", arguments: ["-c", probe], environment: environment, currentDirectory: folder)
            let offered = Set(result.stdout.split(separator: "\n").map(String.init))
            #expect(offered.isSuperset(of: expected), "bash \(words): \(result.stdout) \(result.stderr)")
            // A voice may be a profile's path too; the other values are words alone.
            if !words.contains("--voice") { #expect(!offered.contains("bin"), "bash \(words) offers values, not files: \(result.stdout)") }
        }
        let voiceNames = try CLIRunner.run(["voices", "--names"])
        #expect(voiceNames.stdout.split(separator: "\n").map(String.init).sorted() == ["en", "ja", "ko", "zh"], "\(voiceNames.stdout)")
        guard let fish = program("fish") else { return }
        let fishScript = try Self.script("fish", in: folder)
        for (line, expected) in [("earshot read --voice ", ["ko", "en"]), ("earshot read --punctuation ", ["all", "some", "none"])] {
            let result = try CLIRunner.run(executable: fish, arguments: ["-c", "source '\(fishScript)'; complete -C '\(line)'"],
                                           environment: environment, currentDirectory: folder)
            let offered = Set(result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
            #expect(offered.isSuperset(of: expected), "fish \(line): \(result.stdout) \(result.stderr)")
        }
    }
}
