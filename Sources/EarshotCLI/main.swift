import EarshotAudio
import EarshotCommandLine
import EarshotCore
import EarshotVoices
import EarshotWeb
import Foundation

let topLevelHelp: String = {
    var lines = [
        "OVERVIEW: Hear what VoiceOver, TalkBack or NVDA would say for an app's screen or a web page, with real speech (eSpeak NG, ALSA).",
        "",
        "USAGE:",
        "  earshot <command> [options]",
        "  earshot <command> --help",
        "  earshot help <command>",
        "  earshot --version",
        "",
        "COMMANDS:",
    ]
    let width = commands.map { $0.name.count }.max() ?? 10
    for command in commands {
        lines.append("  \(command.name.padding(toLength: width, withPad: " ", startingAt: 0)) \(command.summary)")
    }
    lines += [
        "",
        "EXIT CODES:",
        "  0 success; 1 a check failed; 64 usage error; 65 bad input data;",
        "  69 speech engine or audio device unavailable; 74 file read or write error.",
    ]
    return lines.joined(separator: "\n") + "\n"
}()

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

@MainActor
func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        standardError(topLevelHelp)
        return ExitCode.usage.rawValue
    }
    if first == "--help" || first == "-h" || first == "help" {
        // `earshot help read` is `earshot read --help`.
        if first == "help", arguments.count > 1 {
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                var message = "error: unknown command \"\(arguments[1])\""
                message += NameSuggestion.didYouMean(arguments[1], in: commands.map { $0.name })
                standardError(message + "\nRun 'earshot --help' for the list of commands.")
                return ExitCode.usage.rawValue
            }
            print(command.help.text, terminator: "")
            return ExitCode.success.rawValue
        }
        print(topLevelHelp, terminator: "")
        return ExitCode.success.rawValue
    }
    if first == "--version" {
        print(versionText(), terminator: "")
        return ExitCode.success.rawValue
    }
    arguments.removeFirst()
    guard let command = commands.first(where: { $0.name == first }) else {
        // Before a command only --help and --version are options (`--verison`).
        let isOption = first.hasPrefix("-") && first != "-"
        var message = isOption ? "error: unknown option \(first)" : "error: unknown command \"\(first)\""
        message += isOption ? NameSuggestion.didYouMean(String(first.drop { $0 == "-" }), in: ["help", "version"], prefix: "--")
                            : NameSuggestion.didYouMean(first, in: commands.map { $0.name })
        standardError(message + "\nRun 'earshot --help' for the list of commands.")
        return ExitCode.usage.rawValue
    }
    // Options end at `--`: a text after it that looks like `--help` is a text.
    let options = arguments.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
        print(command.help.text, terminator: "")
        return ExitCode.success.rawValue
    }
    do {
        return try command.run(arguments).rawValue
    } catch let error as UserFacingError {
        standardError(error.description)
        if error.category == .usage { standardError("Run 'earshot \(command.name) --help' for usage.") }
        if let device = error as? AudioDeviceError, device.kind != .ioFailed, let advice = command.withoutDevice {
            standardError("note: no sound card is needed for \(advice)")
        }
        return ExitCode(error.category).rawValue
    } catch {
        standardError("error: \(error)")
        return ExitCode.failure.rawValue
    }
}

// The voices compiled into this binary are the last place every voice lookup searches, in
// this process and in the workers it starts (they run this same main).
BuiltInVoices.register()
// Scenarios open their web pages live in Chromium (docs/web.md): one browser for the process,
// started at the first page, a context of its own for each page.
let browser = ChromiumBrowser()
LivePages.register(browser)
// Without --voice (or a scenario's voice), Earshot speaks the locale's language when it has a
// profile for it, else Korean (README, "Voices and the locale").
VoiceLibrary.setDefaultVoice(VoiceLibrary.localeVoice(environment: ProcessInfo.processInfo.environment,
                                                      available: VoiceLibrary.locate().names))
// One registry of temporary files for the whole process: a stop signal removes them all.
TemporaryFiles.installHandlers()
let status = main()
// The browser ends with the command (a signal's exit leaves it to end with its pipe).
browser.close()
exit(status)
