import EarshotCommandLine
import EarshotCore
import Foundation

/// `earshot lint`: the static label and focus checks on screen files, without playing anything.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check screen files for label and focus problems, without playing anything."
    struct Options: CommandOptions {
        @Option("voice", "NAME|PATH", "Voice profile whose trait words are checked. Default: the locale's (LC_ALL, LC_MESSAGES, LANG) when a profile has its language, else ko.")
        var voice: String?
        @Option(.reader) var reader: ScreenReaderName?
        @Option("findings", "FILE.json", "Also write the findings of all files as a JSON array.")
        var findings: String?
        @Option(.severity)
        var severity: FindingSeverity?
        @Group var screenInput: ScreenInputOptions
        @Flag("quiet", short: "q", "Print only the files with findings and their findings: no \"no findings\" lines and no notes.")
        var quiet: Bool
        @Group var audit: AuditOptions
        @Group var reports: ReportOutputs
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        guard !parsed.positionals.isEmpty else { throw UsageError("missing SCREEN") }
        let minimum = parsed.severity ?? .note
        let reports = parsed.reports
        let audit = parsed.audit
        try audit.validate()
        let findingsOutput = (parsed.findings.map { [(option: "--findings", path: $0)] } ?? []) + audit.outputs
        try reports.check(inputs: parsed.positionals + audit.inputs, otherOutputs: findingsOutput)
        let out = TextOutput(toStandardError: reports.usesStandardOutput || findingsOutput.contains { $0.path == "-" })
        let baseline = try audit.loadBaseline()
        var records: [SuiteRecord] = []
        let profile = try voiceProfile(parsed.voice)
        // One linter per reader heard: each file is judged by the reader that reads it.
        var linters: [ScreenReaderName: ScreenLinter] = [:]
        func linter(for screen: Screen, in path: String) throws -> ScreenLinter {
            let name = ScreenReaders.decide(asked: parsed.reader, for: [screen])
            if let chosen = parsed.reader, let refusal = ScreenReaders.named(chosen)?.refusal(toRead: screen, called: path) {
                throw UsageError("--reader \(chosen) \(refusal)")
            }
            if let made = linters[name] { return made }
            let made = try ScreenLinter(profile: profile, reader: try screenReader(name, profile: profile, for: []))
            linters[name] = made
            return made
        }

        var all: [Finding] = []
        var coverage: [CheckCoverage] = []
        var firstFileError: UserFacingError?
        let quiet = parsed.quiet
        var printedAny = false
        for path in parsed.positionals {
            let started = Date()
            let loaded: LoadedScreen
            do {
                loaded = try parsed.screenInput.loadScreen(path, reader: parsed.reader, quiet: quiet)
            } catch let error as UserFacingError {
                // One bad file must not hide the findings of the others.
                standardError(error.description)
                if printedAny { out.line("") }
                printedAny = true
                out.line("\(path): not checked (\(error.category == .io ? "cannot read it" : "bad screen file"))")
                firstFileError = firstFileError ?? error
                records.append(.unreadable(path, error: error))
                continue
            }
            let screen = loaded.screen.withPixelDensity(audit.density)
            let linter = try linter(for: screen, in: path)
            let covered = linter.coverage(for: screen)
            if !quiet { for reason in covered.notedReasons { standardError("\(StandardInput.label(for: path)): note: \(reason)") } }
            coverage.append(covered)
            var findings = linter.findings(for: screen, source: path, locations: loaded.idLocations,
                                           fallback: SourceLocation(file: path, line: 1, column: 1)).atLeast(minimum)
            if let baseline { findings = baseline.mark(findings) }
            if !(quiet && findings.isEmpty) {
                if printedAny { out.line("") }
                printedAny = true
                out.line("\(path): \(FindingReport.summary(findings))")
                if !findings.isEmpty { out.text(FindingReport.text(findings)) }
            }
            all += findings
            records.append(.lint(path, findings: findings, time: Date().timeIntervalSince(started)))
        }
        let result = try RunResult(command: "earshot lint", records: records, findings: all, files: parsed.positionals,
                                   coverage: .joined(coverage), baseline: baseline, standard: audit.standard)
        try result.write((parsed.findings.map { [FindingsWriter(path: $0)] } ?? []) + reports.writers + audit.writers)
        audit.printSummaries(of: result, out: out)
        if let firstFileError { return ExitCode(firstFileError.category) }
        return audit.failsOn(all) ? .failure : .success
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot lint [options] SCREEN..."],
        arguments: [("SCREEN", "One or more screen files (docs/screen-format.md), accessibility dumps of real apps (docs/import.md), or web pages: .html, a saved .axtree.json, or an http://, https:// or file:// address (docs/web.md).")],
        options: Options.table,
        notes: """
        Prints, for each file, a summary line and then two lines per finding: FILE:LINE:COLUMN
        of the element, severity, code, elements and what is wrong, then the fix. Codes and
        fixes: docs/findings.md. SCREEN may be - (standard input); --findings, --junit and
        --sarif may be - (standard output; the lines then go to standard error). CI reports:
        docs/ci-reports.md.
        Each file is judged as its reader hears it (--reader, else TalkBack for an Android dump
        and VoiceOver for the rest): that reader's focus stops and words (docs/talkback.md).
        \(AuditOptions.helpNote)
        Exit 0 when no error-level finding is reported (with --baseline: no new one), 1 when
        one is, 64 usage, 65 for a bad screen file, 74 when a file cannot be read or an
        output cannot be written.
        """
    )
}

extension OptionDeclaration where Value == FindingSeverity {
    /// `lint --severity`: the lowest severity reported.
    static var severity: Self {
        OptionDeclaration(spec: .choice(
            "severity", FindingSeverity.allCases.reversed().map(\.rawValue), valueName: "LEVEL",
            "Lowest severity to report: \(FindingSeverity.allCases.reversed().map(\.rawValue).joined(separator: ", ")). Default: note.")
        ) { text in
            if let severity = FindingSeverity(rawValue: text) { return severity }
            let valid = FindingSeverity.allCases.reversed().map(\.rawValue)
            throw UsageError("--severity expects one of \(valid.joined(separator: ", ")), got \"\(text)\"")
        }
    }
}
