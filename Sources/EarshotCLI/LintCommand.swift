import EarshotPlayback
import Foundation

/// `earshot lint`: the static label and focus checks on screen files, without playing anything.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check screen files for label and focus problems, without playing anything."
    static let options: [OptionSpec] = [
        .value("voice", "NAME|PATH", "Voice profile whose trait words are checked. Default: ko."),
        .value("findings", "FILE.json", "Also write the findings of all files as a JSON array."),
        .value("severity", "LEVEL", "Lowest severity to report: error, warning or note. Default: note."),
        .screenFormat,
    ]

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try parseArguments(arguments, options: options)
        guard !parsed.positionals.isEmpty else { throw UsageError("missing SCREEN") }
        let minimum = try severity(parsed.value("severity"))
        try OutputSafety.check(outputs: parsed.value("findings").map { [("--findings", $0)] } ?? [], inputs: parsed.positionals)
        let linter = try ScreenLinter(profile: try VoiceLibrary.locate().profile(parsed.value("voice") ?? "ko"))

        var all: [Finding] = []
        var firstFileError: UserFacingError?
        for (index, path) in parsed.positionals.enumerated() {
            if index > 0 { print("") }
            let loaded: LoadedScreen
            do {
                loaded = try parsed.loadScreen(path)
            } catch let error as UserFacingError {
                // One bad file must not hide the findings of the others.
                standardError(error.description)
                print("\(path): not checked (\(error.exitCode == .ioError ? "cannot read it" : "bad screen file"))")
                firstFileError = firstFileError ?? error
                continue
            }
            let findings = linter.findings(for: loaded.screen, source: path, locations: loaded.idLocations,
                                           fallback: SourceLocation(file: path, line: 1, column: 1)).atLeast(minimum)
            print("\(path): \(FindingReport.summary(findings))")
            if !findings.isEmpty { print(FindingReport.text(findings), terminator: "") }
            all += findings
        }
        if let output = parsed.value("findings") { try FindingsJSON.write(all, to: output) }
        if let firstFileError { return firstFileError.exitCode }
        return all.hasErrors ? .failure : .success
    }

    static func severity(_ text: String?) throws -> FindingSeverity {
        guard let text else { return .note }
        if let severity = FindingSeverity(rawValue: text) { return severity }
        let valid = FindingSeverity.allCases.reversed().map(\.rawValue)
        throw UsageError("--severity expects one of \(valid.joined(separator: ", ")), got \"\(text)\"")
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot lint [options] SCREEN..."],
        arguments: [("SCREEN", "One or more screen files (docs/screen-format.md) or accessibility dumps of real apps (docs/import.md).")],
        options: options,
        notes: """
        Prints, for each file, a summary line and then two lines per finding: severity, code,
        elements and what is wrong, then the fix. Codes and fixes: docs/findings.md.
        Exit 0 when no error-level finding is reported, 1 when one is, 65 for a bad screen
        file, 74 when a file cannot be read or the findings file cannot be written.
        """
    )
}
