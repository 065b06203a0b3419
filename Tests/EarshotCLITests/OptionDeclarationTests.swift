import EarshotCore
import EarshotRender
import Foundation
import Testing

/// Each command reads only the options it declares: its `options` list, which its help, its
/// manual section and its completions are drawn from. Reading an undeclared one stops the program
/// (`ParsedArguments`); these tests find such a read in the sources, before any run reaches it.
@Suite("Options are read only where declared")
struct OptionDeclarationTests {
    /// The readers the `earshot` binary knows: the built-in ones (a test may register more in
    /// this process, which the binary does not see).
    static let builtInReaders = ScreenReaders.builtIn.map { $0.name.rawValue }

    static let folder = CLIRunner.repositoryRoot.appendingPathComponent("Sources/EarshotCLI")
    /// `value("voice")`, `has("json")`, `choice("reader", …)`: a read of an option by its name.
    /// The options a piece of source reads by name.
    static func reads(_ text: Substring) -> Set<String> {
        // Simple word boundaries: by Unicode's, `parsed.value` is one word.
        let read = /\b(?:value|has|all|double|int|choice)\("([a-z][a-z0-9-]*)"/.wordBoundaryKind(.simple)
        return Set(text.matches(of: read).map { String($0.output.1) })
    }

    /// The shared helpers outside the command files (`voiceProfile`, `loadScreen`, a type's init)
    /// with the options each reads, its calls to the others followed.
    static func helpers() throws -> [String: Set<String>] {
        var bodies: [String: Substring] = [:]
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Command.swift") }
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let type = String(file.dropLast(".swift".count))
            // A unit starts at a declaration indented by four spaces and runs to the next.
            let starts = text.matches(of: /\n    (?:static |private |mutating )*(?:func (\w+)|var (\w+)|(init))/)
            for (index, start) in starts.enumerated() {
                let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
                let name = start.output.1.map(String.init) ?? start.output.2.map(String.init) ?? type
                bodies[name, default: ""] += text[start.range.lowerBound..<end]
            }
        }
        var reads = bodies.mapValues { Self.reads($0) }
        var changed = true
        while changed {
            changed = false
            for (name, body) in bodies {
                for (other, otherReads) in reads where other != name && calls(body, other) && !otherReads.isSubset(of: reads[name]!) {
                    reads[name]!.formUnion(otherReads)
                    changed = true
                }
            }
        }
        return reads
    }

    /// Whether `text` uses `helper`: `.helper` (a member) or `helper(` (a call, an init).
    static func calls(_ text: Substring, _ helper: String) -> Bool {
        guard let pattern = try? Regex("\\.\(helper)\\b|\\b\(helper)\\(") else { return false }
        return text.contains(pattern.wordBoundaryKind(.simple))
    }

    /// The long options `earshot NAME --help` lists.
    static func declared(_ command: String) throws -> Set<String> {
        let help = try CLIRunner.run([command, "--help"])
        #expect(help.status == 0)
        let options = help.stdout.components(separatedBy: "OPTIONS:\n").dropFirst().first ?? ""
        return Set(options.matches(of: /(?m)^  (?:-\w, )?--([a-z][a-z0-9-]*)/).map { String($0.output.1) })
    }

    @Test("every option a command's file reads, itself or through a shared helper, is one its help lists")
    func readsAreDeclared() throws {
        let helpers = try Self.helpers()
        #expect(helpers["screenReader"]?.isSuperset(of: ["reader"]) == true, "the scan follows a helper's calls")
        #expect(helpers["loadScreen"]?.isSuperset(of: ["format", "language"]) == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix("Command.swift") }
        #expect(files.count >= 10)
        var checked = 0
        for file in files.sorted() {
            let command = String(file.dropLast("Command.swift".count)).lowercased()
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)[...]
            var reads = Self.reads(text)
            for (helper, helperReads) in helpers where Self.calls(text, helper) { reads.formUnion(helperReads) }
            guard command != "voices" || !reads.isEmpty else { continue }
            let declared = try Self.declared(command)
            #expect(reads.subtracting(declared).isEmpty,
                    "earshot \(command) reads \(reads.subtracting(declared).sorted()) but does not declare them")
            checked += 1
        }
        #expect(checked >= 9)
    }

    @Test("the scan sees an undeclared read: a source that reads --colour where only --color is declared")
    func scanCatchesUndeclared() throws {
        let text: Substring = #"let colour = parsed.value("colour"); if parsed.has("quiet") {}"#
        #expect(Self.reads(text) == ["colour", "quiet"])
        #expect(Self.reads(text).subtracting(["color", "quiet"]) == ["colour"])
    }

    @Test("every command's completions offer exactly the options its help lists")
    func completionsMatchHelp() throws {
        let bash = try CLIRunner.run(["completions", "bash"]).stdout
        for command in try helpCommandNames() where !["completions", "manual"].contains(command) {
            let declared = try Self.declared(command)
            guard let block = bash.components(separatedBy: "\n    \(command))\n").dropFirst().first?
                .components(separatedBy: "\n        ;;").first,
                  let words = block.components(separatedBy: "compgen -W \"").last?.components(separatedBy: "\"").first
            else {
                Issue.record("no completion block for \(command)")
                continue
            }
            let offered = Set(words.split(separator: " ").filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) })
            #expect(offered == declared, "\(command): completions \(offered.sorted()), help \(declared.sorted())")
        }
    }

    @Test("an option that takes one of a closed list shows exactly the list's names in help and offers exactly them in completions")
    func closedListOptions() throws {
        let bash = try CLIRunner.run(["completions", "bash"]).stdout
        let cases: [(command: String, option: String, names: [String], placeholder: String?)] = [
            ("read", "reader", Self.builtInReaders, Self.builtInReaders.joined(separator: "|")),
            ("lint", "reader", Self.builtInReaders, Self.builtInReaders.joined(separator: "|")),
            ("import", "reader", Self.builtInReaders, Self.builtInReaders.joined(separator: "|")),
            ("read", "format", ScreenInputFormat.names, nil),
            ("read", "punctuation", PunctuationLevel.names, PunctuationLevel.names.joined(separator: "|")),
            ("check", "transcript-format", TranscriptFormat.extensionNames, TranscriptFormat.extensionNames.joined(separator: "|")),
            ("render", "transcript-format", TranscriptFormat.extensionNames, nil),
            ("render", "format", BatchInputFormat.names, nil),
        ]
        for (command, option, names, placeholder) in cases {
            let help = try CLIRunner.run([command, "--help"]).stdout
            let line = try #require(help.split(separator: "\n").first { $0.hasPrefix("  --\(option) ") }, "\(command) --\(option)")
            if let placeholder {
                #expect(line.split(separator: " ").dropFirst().first.map(String.init) == placeholder, "\(line)")
            } else {
                #expect(line.contains(names.joined(separator: ", ")), "the help names every case: \(line)")
            }
            let block = bash.components(separatedBy: "\n    \(command))\n").dropFirst().first ?? ""
            let offered = block.components(separatedBy: "--\(option)) mapfile -t COMPREPLY < <(compgen -W \"").dropFirst().first?
                .components(separatedBy: "\"").first
            #expect(offered == names.joined(separator: " "), "\(command) --\(option) completes \(offered ?? "nothing")")
        }
    }

    @Test("a misspelt option gets the one suggestion form, with the option's dashes inside the quotes")
    func unknownOption() throws {
        let result = try CLIRunner.run(["read", "--vocie", "ko", "x.json"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(#"error: unknown option --vocie; did you mean "--voice"?"#), "\(result.stderr)")
    }
}
