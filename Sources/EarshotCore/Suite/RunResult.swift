import Foundation

/// One run of `lint`, `check` or `test` as its audit and CI outputs see it: the records (a
/// file, a scenario or a scenario at a rate each), every finding (marked by the baseline when
/// there is one), the files judged, the checks that ran and, when a standard is asked for, its
/// conformance table, computed here once for the terminal, the JSON file and the report page.
///
/// Every such output is a `RunWriter` of this one value (`FindingsWriter`, `JUnitWriter`,
/// `SarifWriter`, `ConformanceWriter`, `BaselineWriter`; the transcripts, `TranscriptWriter`, and
/// the report page, `DeskCheckPageWriter`, above the core), so the three commands write them alike.
public struct RunResult: Sendable {
    /// The command, as JUnit names its suites (`earshot check`).
    public var command: String
    public var records: [SuiteRecord]
    /// Every finding of the run, in the order the command printed them.
    public var findings: [Finding]
    /// The files the run judged (a baseline's fixed entries are looked for in these only).
    public var files: [String]
    /// The checks that ran, and why the others did not.
    public var coverage: CheckCoverage
    /// The baseline the findings were marked with (`--baseline`).
    public var baseline: FindingBaseline?
    /// The `--standard` table of the findings against the checks that ran.
    public private(set) var conformance: ConformanceReport?
    /// The timeline of a run of one scenario (`check`; a sweep's first rate), which its
    /// transcripts and its report page are written from. A run of many (`test`) leaves it nil
    /// and writes each scenario's page from a result of that scenario alone as it finishes, so
    /// a long suite never holds every transcript; the timeline's audio is never held here
    /// either: the renderer streams it to its WAV file during the run, and the page's writer is
    /// given that file.
    public var timeline: ScenarioResult?
    /// A suite's verdicts (`test`), one per scenario in the order of `records`: the rows of its
    /// report's index (`SuiteIndexWriter`). They are what the run already keeps to count its
    /// passes and failures; empty for `check` and `lint`.
    public var verdicts: [ScenarioVerdict] = []

    /// `pages`: a suite's records judged each on its own (`test` over `.html` pages: each page,
    /// and the suite's scenarios as one more when it has some): the table is then one per
    /// record and the suite's merged from them (`ConformanceReport.init(_:pages:)`); empty: one
    /// table of every finding against the joined coverage.
    public init(command: String, records: [SuiteRecord], findings: [Finding], files: [String], coverage: CheckCoverage,
                baseline: FindingBaseline? = nil, standard: StandardID? = nil,
                pages: [(file: String, findings: [Finding], coverage: CheckCoverage)] = []) throws {
        self.command = command
        self.records = records
        self.findings = findings
        self.files = files
        self.coverage = coverage
        self.baseline = baseline
        conformance = try standard.map { standard in
            pages.isEmpty ? try ConformanceReport(standard, findings: findings, coverage: coverage)
                : try ConformanceReport(standard, pages: pages)
        }
    }

    /// The baseline with this run's findings in place of the entries of its files (reasons kept).
    public var updatedBaseline: FindingBaseline? {
        baseline?.updated(with: findings, files: files)
    }
}

/// An output made from a run's result: a file, or standard output for `-`.
public protocol RunWriter: Sendable {
    /// The option that asked for it (`--junit`), for messages.
    var option: String { get }
    var path: String { get }
    func write(_ result: RunResult) throws
}

/// `--findings FILE.json`: every finding as a JSON array (`FindingsJSON`).
public struct FindingsWriter: RunWriter {
    public let option = "--findings"
    public var path: String
    public init(path: String) { self.path = path }
    public func write(_ result: RunResult) throws { try FindingsJSON.write(result.findings, to: path) }
}

/// `--junit FILE.xml`: a test suite per record (`JUnitReport`).
public struct JUnitWriter: RunWriter {
    public let option = "--junit"
    public var path: String
    public init(path: String) { self.path = path }
    public func write(_ result: RunResult) throws {
        try AtomicFile.writeReport(JUnitReport.xml(result.records, name: result.command), to: path)
    }
}

/// `--sarif FILE.sarif`: the records' findings as a SARIF 2.1.0 log, paths relative to
/// `baseFolder` (`SarifReport`).
public struct SarifWriter: RunWriter {
    public let option = "--sarif"
    public var path: String
    public var baseFolder: String
    public init(path: String, baseFolder: String = FileManager.default.currentDirectoryPath) {
        self.path = path
        self.baseFolder = baseFolder
    }
    public func write(_ result: RunResult) throws {
        try AtomicFile.writeReport(SarifReport.json(result.records.flatMap(\.findings), baseFolder: baseFolder), to: path)
    }
}

/// `--conformance FILE.json`: the run's conformance table as JSON; nothing when no standard
/// was asked for.
public struct ConformanceWriter: RunWriter {
    public let option = "--conformance"
    public var path: String
    public init(path: String) { self.path = path }
    public func write(_ result: RunResult) throws {
        guard let conformance = result.conformance else { return }
        try AtomicFile.writeReport(conformance.json, to: path)
    }
}

/// `--update-baseline`: the baseline file rewritten with the run's findings; never followed
/// through a link.
public struct BaselineWriter: RunWriter {
    public let option = "--update-baseline"
    public var path: String
    public init(path: String) { self.path = path }
    public func write(_ result: RunResult) throws {
        guard let updated = result.updatedBaseline else { return }
        try AtomicFile.write(updated.json, to: path, followingLinks: false)
    }
}
