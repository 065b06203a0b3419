import Foundation

/// One command's help, kept as parts so that `--help`, the manual page (`earshot manual`) and
/// the shell completions (`earshot completions`) are drawn from the same words.
public struct HelpPage: Sendable {
    public var overview: String
    /// Usage lines without the leading indent (`earshot voices`).
    public var usage: [String]
    /// Positional arguments: placeholder and meaning.
    public var arguments: [(String, String)]
    /// The command's options, `--help` last.
    public var options: [OptionSpec]
    /// Free text after the options: prose, with indented lines kept as they are.
    public var notes: String?

    public init(overview: String, usage: [String], arguments: [(String, String)] = [], options: [OptionSpec], notes: String? = nil) {
        self.overview = overview
        self.usage = usage
        self.arguments = arguments
        self.options = options + [.flag("help", short: "h", "Show this help.")]
        self.notes = notes
    }

    /// The plain text `earshot COMMAND --help` prints, which reads well in a terminal screen reader.
    public var text: String {
        var lines = ["OVERVIEW: \(overview)", "", "USAGE:"]
        lines += usage.map { "  \($0)" }
        if !arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += arguments.map { Self.column($0.0, $0.1) }
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            lines.append(Self.column(option.synopsis(short: true), option.help))
        }
        if let notes { lines += ["", notes] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A two-column help row; a long left side gets a line of its own rather than being cut.
    private static func column(_ left: String, _ right: String) -> String {
        let width = 24
        if left.count >= width { return "  \(left)\n  \(String(repeating: " ", count: width)) \(right)" }
        return "  \(left.padding(toLength: width, withPad: " ", startingAt: 0)) \(right)"
    }
}

extension OptionSpec {
    /// `-o, --output FILE`, or `--output FILE` without the short form.
    public func synopsis(short includeShort: Bool) -> String {
        var text = includeShort ? (short.map { "-\($0), " } ?? "") : ""
        text += "--\(name)"
        if let valueName { text += " \(valueName)" }
        return text
    }

    /// True when the option's value is a file or folder, so completions offer paths.
    public var takesPath: Bool {
        guard let valueName else { return false }
        return HelpPage.isPathPlaceholder(valueName)
    }
}

extension HelpPage {
    /// True for placeholders that name files or folders: `FILE.wav`, `DIR`, `SCREEN`, `NAME|PATH`.
    public static func isPathPlaceholder(_ placeholder: String) -> Bool {
        let words = ["FILE", "DIR", "PATH", "SCREEN", "SCENARIO", "DUMP", "INPUT", "FOLDER"]
        return placeholder.contains(".") || words.contains { placeholder.uppercased().contains($0) }
    }

    /// True when the command's positional arguments are files (not `TEXT`, not none).
    public var takesFileArguments: Bool {
        let placeholders = usage.flatMap { $0.split(separator: " ").dropFirst(2) }
            .map { $0.trimmingCharacters(in: ["[", "]"]) }
            .filter { !$0.hasPrefix("-") && !$0.hasPrefix("<") }
        return placeholders.contains { Self.isPathPlaceholder($0) }
    }
}
