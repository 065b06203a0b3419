import EarshotCore
import Foundation

/// A wrong command line: unknown option, missing argument, a value an option cannot take
/// (`earshot` exits 64; `earshot-bench` exits 1).
public struct UsageError: UserFacingError, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var category: ErrorCategory { .usage }
    public var description: String { "error: \(message)" }
}

/// A command line split by its table: option values and flags by name, and positional
/// arguments in order. Only `CommandOptions` reads it, once, into a command's typed options.
///
/// Options are declared up front (each command's `Options`, which its help, manual section and
/// completions also list) so an unknown option is a usage error (exit 64) with a suggestion,
/// never silently ignored. `--name value` and `--name=value` are both accepted; a lone `--`
/// ends options.
public struct ParsedArguments: Sendable {
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []
}

/// One option a command accepts, for parsing and for its help text.
public struct OptionSpec: Sendable {
    public var name: String
    public var short: Character?
    /// The value's placeholder (`FILE`), or nil for a flag.
    public var valueName: String?
    public var help: String
    /// The values the option takes, offered by the shell completions (`all some none`); for a
    /// placeholder written `a|b|c` of plain words they are those words.
    public var choices: [String] = []
    /// A command whose lines are values that change with the machine (`earshot voices --names`).
    public var choicesCommand: String?

    /// The values completions offer: `choices`, else the words of an `a|b|c` placeholder.
    public var offeredValues: [String] {
        if !choices.isEmpty { return choices }
        guard let valueName, valueName.contains("|") else { return [] }
        let words = valueName.split(separator: "|").map(String.init)
        let plain = words.allSatisfy { word in !word.isEmpty && word.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
        return plain ? words : []
    }

    public static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    public static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    /// An option whose value is one of `names`: its placeholder (`a|b|c`, or `valueName` when
    /// given) and the values completions offer are the names.
    public static func choice(_ name: String, _ names: [String], valueName: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName ?? names.joined(separator: "|"), help: help, choices: names)
    }
}

/// What to do instead, for options people expect from other tools that Earshot has no need of:
/// each says how the same is done here.
public let unknownOptionHints: [String: String] = [
    "no-audio": "audio is written only when asked: -o FILE.wav, or a report page; without them nothing is written",
    "silent": "--quiet prints less; audio is written only with -o",
    "verbose": "every command prints its whole result by default; --quiet prints less",
    "lang": "the language is the voice's: --voice ko|en|ja|zh",
    "language": "the language is the voice's: --voice ko|en|ja|zh",
]

public func parseArguments(_ arguments: [String], options: [OptionSpec]) throws -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    func spec(named name: String) throws -> OptionSpec {
        if let found = options.first(where: { $0.name == name }) { return found }
        var message = "unknown option --\(name)" + NameSuggestion.didYouMean(name, in: options.map(\.name), prefix: "--")
        if let hint = unknownOptionHints[name] { message += " (\(hint))" }
        throw UsageError(message)
    }
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || Double(argument) != nil {
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" {
            onlyPositionals = true
            continue
        }
        var name: String
        var inlineValue: String?
        if argument.hasPrefix("--") {
            name = String(argument.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
        } else {
            let letter = argument.dropFirst().first!
            guard argument.count == 2, let found = options.first(where: { $0.short == letter }) else {
                throw UsageError("unknown option \(argument)")
            }
            name = found.name
        }
        let option = try spec(named: name)
        if option.valueName == nil {
            if inlineValue != nil { throw UsageError("--\(name) takes no value") }
            parsed.flags.insert(name)
            continue
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < arguments.count else { throw UsageError("--\(name) needs a value (\(option.valueName!))") }
            value = arguments[index]
            index += 1
        }
        parsed.values[name, default: []].append(value)
    }
    return parsed
}

/// Help in OVERVIEW / USAGE / OPTIONS sections; `HelpPage` prints it as text, as a manual page
/// section and as shell completions.
public func helpText(overview: String, usage: [String], arguments: [(String, String)] = [], options: [OptionSpec], notes: String? = nil) -> HelpPage {
    HelpPage(overview: overview, usage: usage, arguments: arguments, options: options, notes: notes)
}

