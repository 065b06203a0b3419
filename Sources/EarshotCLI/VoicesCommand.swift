import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot voices`: lists the voice profiles that `--voice` accepts, each with where it comes from.
enum VoicesCommand: Command {
    static let name = "voices"
    static let summary = "List the voice profiles (--voice NAME) and where each comes from."
    struct Options: CommandOptions {
        @Flag("names", "Print the names alone, one per line (the shell completions offer them).")
        var names: Bool
    }

    static var help: HelpPage {
        helpText(overview: summary, usage: ["earshot voices [--names]"], options: Options.table, notes: """
            A name is found in the first of these that has NAME.json: $EARSHOT_VOICES, the user's
            config folder ($XDG_CONFIG_HOME/earshot/voices, default ~/.config/earshot/voices), the
            installed data (PREFIX/share/earshot/voices), a checkout's voices/ (development builds),
            the voices built into the binary. Exit 69 when none is found.
            """)
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument \"\(extra)\"") }
        let library = VoiceLibrary.locate()
        let entries = library.entries
        guard !entries.isEmpty else {
            throw UnknownVoiceError(name: "", directory: library.searched, validNames: [])
        }
        if parsed.names {
            for entry in entries { print(entry.name) }
            return .success
        }
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
            let profile = try library.profile(entry.name)
            // VoiceProfile keeps no description; it is read from the file for this list only.
            let description = (try? JSONDocument.load(path: profile.path)
                .object(allowing: VoiceProfile.sectionNames).string("description")) ?? nil ?? ""
            let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let about = description.isEmpty ? "engine voice \(profile.engine.voice)" : description
            print("\(name)  \(about)  (\(entry.source.describe(file: entry.name + ".json")))")
        }
        return .success
    }
}
