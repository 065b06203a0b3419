import EarshotCommandLine
import EarshotCore
import Foundation

/// The CI report options `test`, `check` and `lint` share: `--junit FILE.xml` and `--sarif
/// FILE.sarif` (docs/ci-reports.md), each `-` for standard output.
struct ReportOutputs: CommandOptions {
    @Option("junit", "FILE.xml", "Write a JUnit XML report (- for standard output).")
    var junit: String?
    @Option("sarif", "FILE.sarif", "Write the findings as a SARIF 2.1.0 log (- for standard output).")
    var sarif: String?

    var outputs: [(option: String, path: String)] {
        [("--junit", junit), ("--sarif", sarif)].compactMap { option, path in path.map { (option, $0) } }
    }

    /// True when a report goes to standard output (the command's own lines then go to
    /// standard error, so the report can be piped).
    var usesStandardOutput: Bool { junit == "-" || sarif == "-" }

    /// Refuses two reports on standard output, and any output that would overwrite a file the
    /// run reads (`RunOutputs`).
    func check(inputs: [String], otherOutputs: [(option: String, path: String)] = [], voice: String? = nil) throws {
        let all = outputs + otherOutputs
        let onStandardOutput = all.filter { $0.path == "-" }
        if onStandardOutput.count > 1 {
            throw UsageError("\(onStandardOutput.map(\.option).joined(separator: " and ")) both name standard output (-): give one of them a file")
        }
        try RunOutputs.check(all, inputs: inputs, voice: voice)
    }

    /// The reports asked for, as writers of the run's result.
    var writers: [any RunWriter] {
        (junit.map { [JUnitWriter(path: $0)] } ?? []) + (sarif.map { [SarifWriter(path: $0)] } ?? [])
    }
}

extension RunResult {
    /// Writes every output asked for, in the order given.
    func write(_ writers: [any RunWriter]) throws {
        for writer in writers { try writer.write(self) }
    }
}

/// Where a command's plain lines go: standard output, or standard error when standard output
/// carries data (`-o -`, `--findings -`, `--junit -`), so the data can be piped untouched.
struct TextOutput {
    var toStandardError: Bool

    func line(_ text: String) {
        if toStandardError { standardError(text) } else { print(text) }
    }

    /// Text that already ends with its line break.
    func text(_ text: String) {
        if toStandardError { standardError(text) } else { print(text, terminator: "") }
    }
}
