@testable import EarshotCLI
import EarshotCheck
import EarshotCommandLine
import EarshotCore
import EarshotRender
import Foundation
import Testing

/// Each command's options are one struct of declared fields (`CommandOptions`): reading an
/// option the command did not declare does not compile. These tests hold the rest: every stored
/// field is a declaration (a plain `var` would never be set), each table names an option once,
/// a command line is decoded into the fields, and the binary's help and completions list the
/// same table.
@Suite("Options are a command's declared fields")
struct OptionTableTests {
    /// Every command's options, and the test workers' (`earshot test --worker`).
    static var tables: [(name: String, options: any CommandOptions.Type)] {
        commands.map { ($0.name, options(of: $0)) } + [("test --worker", TestWorker.Options.self)]
    }

    static func options<C: Command>(of command: C.Type) -> any CommandOptions.Type { C.Options.self }

    /// The fields of `options` that are not an option or a group, with their groups' own.
    static func undeclaredFields(_ options: any CommandOptions, path: String = "") -> [String] {
        Mirror(reflecting: options).children.flatMap { child -> [String] in
            let name = path + (child.label ?? "?")
            if let group = child.value as? any OptionGroupField { return undeclaredFields(group.options, path: name + ".") }
            return child.value is any OptionField ? [] : [name]
        }
    }

    @Test("every stored field of every command's options is a declared option or a group of them")
    func everyFieldIsDeclared() {
        #expect(Self.tables.count >= 14)
        for (name, type) in Self.tables {
            #expect(Self.undeclaredFields(type.init()).isEmpty, "earshot \(name): \(Self.undeclaredFields(type.init()))")
        }
    }

    @Test("the check sees a field that is not a declaration")
    func plainFieldIsFound() {
        struct Careless: CommandOptions {
            @Flag("quiet", "Say less.") var quiet: Bool
            @Group var audit: AuditOptions
            var colour: String? = nil
        }
        #expect(Self.undeclaredFields(Careless()) == ["colour"])
        #expect(Careless.table.map(\.name) == ["quiet", "standard", "conformance", "baseline", "update-baseline", "density"])
    }

    @Test("each command's table names each option and each short form once")
    func namesAreUnique() {
        for (name, type) in Self.tables {
            let table = type.table
            #expect(Set(table.map(\.name)).count == table.count, "earshot \(name) declares an option twice")
            let shorts = table.compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "earshot \(name) gives a short form twice")
        }
    }

    @Test("a command line is decoded once into the fields, groups included, and positionals kept in order")
    func decodesIntoFields() throws {
        let parsed = try CheckCommand.Options.parse([
            "--rate", "200", "--reader", "talkback", "--junit", "j.xml", "--standard", "wcag22", "--density", "420dpi",
            "--transcript", "a.txt", "-q", "--transcript=b.vtt", "--rates", "175,300", "x.json", "--", "--y",
        ])
        #expect(parsed.rate == 200)
        #expect(parsed.reader == .talkBack)
        #expect(parsed.reports.junit == "j.xml")
        #expect(parsed.reports.sarif == nil)
        #expect(parsed.audit.standard == .wcag22)
        #expect(parsed.audit.density == 420.0 / 160)
        #expect(parsed.transcript == ["a.txt", "b.vtt"])
        #expect(parsed.quiet && !parsed.live)
        guard case .rates(let rates) = parsed.rates else { Issue.record("--rates: \(String(describing: parsed.rates))"); return }
        #expect(rates == [175, 300])
        #expect(parsed.positionals == ["x.json", "--y"])
        let settings = try parsed.options.settings(path: "x.json", baseline: nil)
        #expect(settings.rate == 200 && settings.reader == .talkBack && settings.quiet && settings.density == 420.0 / 160)
        #expect(settings.transcripts.map(\.format) == [.text, .webVTT])
    }

    @Test("a test worker is told the suite's choices in arguments it decodes back to the same choices")
    func workerRoundTrip() throws {
        let parsed = try TestCommand.Options.parse([
            "--voice", "en", "--reader", "talkback", "--rate", "250", "--espeak-data", "/tmp/data", "--density", "420dpi", "suite",
        ])
        let arguments = parsed.options.workerArguments
        #expect(arguments == ["--voice", "en", "--reader", "talkback", "--rate", "250", "--espeak-data", "/tmp/data", "--density", "2.625"])
        let worker = try TestWorker.Options.parse(arguments)
        #expect(worker.voice == "en" && worker.reader == .talkBack && worker.rate == 250 && worker.espeakData == "/tmp/data")
        #expect(worker.density == 2.625)
        #expect(try TestCommand.Options.parse([]).options.workerArguments.isEmpty)
    }

    @Test("an option given twice is read at its last value; an earlier value is never converted")
    func lastValueWins() throws {
        let parsed = try ReadCommand.Options.parse(["--rate", "abc", "--rate", "300", "s.json"])
        #expect(parsed.rate == 300)
    }

    @Test("a value an option cannot take is the usage error naming the option")
    func badValues() {
        let cases: [([String], String)] = [
            (["--rate", "fast"], "--rate expects a whole number, got \"fast\""),
            (["--rate", "500"], "--rate must be from 80 to 450 words a minute, got 500"),
            // The readers registered in this process: the built-in ones, and any a test in the
            // same run registered (the render tests' reversing reader).
            (["--reader", "jaws"], "unknown --reader \"jaws\" (valid: \(ScreenReaders.names.map { $0.rawValue }.joined(separator: ", ")))"),
            (["--punctuation", "most"], "--punctuation expects all, some or none, got \"most\""),
            (["--vocie", "ko"], "unknown option --vocie; did you mean \"--voice\"?"),
        ]
        for (arguments, message) in cases {
            #expect(throws: UsageError(message), "\(arguments)") { try ReadCommand.Options.parse(arguments + ["s.json"]) }
        }
    }

    /// The long options `earshot NAME --help` lists.
    static func declared(_ command: String) throws -> Set<String> {
        let help = try CLIRunner.run([command, "--help"])
        #expect(help.status == 0)
        let options = help.stdout.components(separatedBy: "OPTIONS:\n").dropFirst().first ?? ""
        return Set(options.matches(of: /(?m)^  (?:-\w, )?--([a-z][a-z0-9-]*)/).map { String($0.output.1) })
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
            ("read", "reader", ScreenReaders.builtIn.map { $0.name.rawValue }, ScreenReaders.builtIn.map { $0.name.rawValue }.joined(separator: "|")),
            ("lint", "reader", ScreenReaders.builtIn.map { $0.name.rawValue }, ScreenReaders.builtIn.map { $0.name.rawValue }.joined(separator: "|")),
            ("import", "reader", ScreenReaders.builtIn.map { $0.name.rawValue }, ScreenReaders.builtIn.map { $0.name.rawValue }.joined(separator: "|")),
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
