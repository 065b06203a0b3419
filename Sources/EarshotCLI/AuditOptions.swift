import EarshotCommandLine
import EarshotCore
import Foundation

/// The audit options `lint`, `check` and `test` share (docs/findings.md, "Audits"): a
/// standard's conformance table (`--standard`, `--conformance`), a baseline that ratchets
/// (`--baseline`, `--update-baseline`) and the density that turns an Android dump's pixels
/// into dp for the target-size checks (`--density`).
struct AuditOptions: CommandOptions {
    @Option(.choice("standard",
                    "After the findings, a table of this standard's criteria: failed (with the findings), to review, checked with no finding, or not evaluated, each with what judged it: Earshot's checks, axe-core's rules on a web page, or a person (docs/findings.md, \"Audits\")."))
    var standard: StandardID?
    @Option("conformance", "FILE.json", "Also write the --standard table as JSON (- for standard output).")
    var conformancePath: String?
    @Option("baseline", "FILE.json", "Known findings: shown as known, they do not fail the run; a new error fails it unless its scenario expects it; fixed ones are listed.")
    var baselinePath: String?
    @Flag("update-baseline", "Rewrite the --baseline file with this run's findings (reasons kept); creates it when missing.")
    var updateBaseline: Bool
    @Option(.density)
    var density: Double?

    /// The lines each command's help gives these options.
    static let helpNote = """
        --standard wcag22|kwcag22|ksx3253 adds a table of that standard's criteria: failed
        (with the findings and fixes), checked with no finding, or not evaluated and why
        (docs/findings.md, "Audits"). --baseline FILE.json marks findings known or new and
        lists fixed ones; only a new error fails the run; --update-baseline rewrites it.
        Touch targets are measured in points, an Android dump's in dp with --density.
        """

    /// The options that go together, checked before anything runs.
    func validate() throws {
        if conformancePath != nil, standard == nil { throw UsageError("--conformance writes the --standard table: give --standard too") }
        if updateBaseline, baselinePath == nil { throw UsageError("--update-baseline rewrites the --baseline file: give --baseline FILE.json") }
        if baselinePath == "-" { throw UsageError("--baseline names a file, not standard input (-)") }
        // A table needs the criteria data: say so before anything runs.
        if standard != nil { _ = try Criteria.table() }
    }

    /// The densities Android defines, from `DisplayMetrics.DENSITY_LOW` (120 dpi, a scale of
    /// 0.75) to `DENSITY_XXXHIGH` (640 dpi, 4): a value outside is a typo, not a device.
    static let densities: ClosedRange<Double> = 0.75...4

    /// `2.625` (a scale) or `420dpi` (dots per inch; 160 dpi is a scale of 1), within `densities`.
    fileprivate static func density(_ text: String) throws -> Double {
        let lowered = text.lowercased()
        let scale = lowered.hasSuffix("dpi") ? Double(lowered.dropLast(3)).map { $0 / 160 } : Double(lowered)
        if let scale, densities.contains(scale) { return scale }
        throw UsageError("--density expects a device's scale from 0.75 to 4 (e.g. 2.625) or its dots per inch from 120dpi to 640dpi (e.g. 420dpi), got \"\(text)\"")
    }

    /// The files this reads besides the command's own (the baseline, unless it is to be made).
    var inputs: [String] {
        guard let baselinePath, !updateBaseline || FileManager.default.fileExists(atPath: baselinePath) else { return [] }
        return [baselinePath]
    }

    /// The files this writes (the baseline is both read and rewritten, so it is checked as an
    /// input against the other outputs and written apart).
    var outputs: [(option: String, path: String)] {
        conformancePath.map { [("--conformance", $0)] } ?? []
    }

    /// The baseline to mark findings with: read from its file, or empty when it is to be made.
    func loadBaseline() throws -> FindingBaseline? {
        guard let baselinePath else { return nil }
        if updateBaseline, !FileManager.default.fileExists(atPath: baselinePath) {
            return FindingBaseline(path: baselinePath)
        }
        do {
            return try FindingBaseline.load(path: baselinePath)
        } catch let error as FileIOError where !FileManager.default.fileExists(atPath: baselinePath) {
            throw FileIOError(path: error.path, reason: "no such baseline file (record one with --update-baseline)")
        }
    }

    /// The files these options write from a run's result: the conformance JSON, the baseline
    /// rewritten.
    var writers: [any RunWriter] {
        var writers: [any RunWriter] = conformancePath.map { [ConformanceWriter(path: $0)] } ?? []
        if updateBaseline, let baselinePath { writers.append(BaselineWriter(path: baselinePath)) }
        return writers
    }

    /// After the findings: the baseline's summary and the conformance table of `result`, for a
    /// person (its files are written by `writers`).
    func printSummaries(of result: RunResult, out: TextOutput) {
        let baseline = result.baseline
        if baseline != nil || result.conformance != nil { out.line("") }
        if let baseline {
            let written = updateBaseline ? result.updatedBaseline?.entries.count : nil
            out.text(BaselineSummary(baseline: baseline, marked: result.findings, fixed: baseline.fixed(by: result.findings, files: result.files),
                                     written: written).text)
        }
        if let conformance = result.conformance {
            if baseline != nil { out.line("") }
            out.text(conformance.text)
        }
    }

    /// Whether the run fails on its findings: an error neither expected nor known. With
    /// `--update-baseline` every finding is known once the file is written.
    func failsOn(_ findings: [Finding]) -> Bool {
        !updateBaseline && findings.hasUnexpectedErrors
    }
}

extension OptionDeclaration where Value == Double {
    /// `--density SCALE|DPIdpi`: pixels per dp of Android dumps.
    static var density: Self {
        OptionDeclaration(spec: .value(
            "density", "SCALE|DPIdpi", "Pixels per dp of Android dumps, 0.75 to 4 (2.625), or 120dpi to 640dpi (420dpi), for their touch-target checks. Without it an Android dump's targets are not measured."),
            decode: AuditOptions.density)
    }
}
