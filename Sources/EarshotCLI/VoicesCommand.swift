import EarshotPlayback

/// `earshot voices`: lists the voice profiles that `--voice` accepts.
enum VoicesCommand: Command {
    static let name = "voices"
    static let summary = "List the voice profiles (--voice NAME)."
    static let options: [OptionSpec] = []

    static var help: String { helpText(overview: summary, usage: ["earshot voices"], options: options) }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try parseArguments(arguments, options: options)
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument \"\(extra)\"") }
        let library = VoiceLibrary.locate()
        for name in library.names {
            let profile = try library.profile(name)
            print("\(name): engine voice \(profile.engine.voice), rate \(profile.engine.rate) (\(profile.path))")
        }
        return .success
    }
}
