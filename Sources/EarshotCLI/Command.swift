import EarshotCommandLine
import Foundation

/// A subcommand of `earshot`: parses its own arguments and returns the exit code.
protocol Command {
    /// The command's options, declared as fields: its table and its parsed command line.
    associatedtype Options: CommandOptions
    static var name: String { get }
    static var summary: String { get }
    /// What `earshot NAME --help` prints (OVERVIEW / USAGE / OPTIONS), and the command's section
    /// of the manual page and its completions.
    static var help: HelpPage { get }
    static func run(_ arguments: [String]) throws -> ExitCode
    /// How to use the command without a sound card, said when the audio device cannot be
    /// opened (nil: the command plays nothing).
    static var withoutDevice: String? { get }
}

extension Command {
    static var withoutDevice: String? { nil }
}

/// Every subcommand, in the order `earshot --help` lists them.
var commands: [any Command.Type] {
    [
        SpeakCommand.self,
        ReadCommand.self,
        CheckCommand.self,
        TestCommand.self,
        ExploreCommand.self,
        LintCommand.self,
        ImportCommand.self,
        CompareCommand.self,
        RenderCommand.self,
        MergeCommand.self,
        VoicesCommand.self,
        CompletionsCommand.self,
        ManualCommand.self,
    ]
}
