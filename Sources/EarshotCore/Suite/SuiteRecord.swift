/// What one checked file came to, in the shape CI reports take (docs/ci-reports.md): a named
/// group of cases that passed or failed, and the findings behind them.
///
/// `earshot test` makes one per scenario (a case for the golden transcript, one per
/// expectation, one per error finding), `earshot check` one for its scenario, `earshot lint`
/// one per screen file (a case per error finding, or one passing case when there is none).
public struct SuiteRecord: Sendable {
    /// The file checked, as the command was given it.
    public var file: String
    /// Seconds it took to check.
    public var time: Double
    public var cases: [SuiteCase]
    /// Every finding, errors and the rest, for the SARIF log and the JUnit `system-out`.
    public var findings: [Finding]
    /// The speaking rate of the run, in words a minute, when it was made at a rate asked for
    /// (`--rate`, one run of `--rates`): JUnit names the suite `FILE @ RATE wpm` and gives it a
    /// `rate` property.
    public var rate: Int?
    /// For the record of a sweep's own findings (`--rates`): the rates, as JUnit's `rates` property.
    public var sweepRates: [Int]?
    /// The screen reader of a run of several (`test --readers`): JUnit names the suite
    /// `FILE @ READER` and gives it a `reader` property.
    public var reader: String?
    /// For the record of a comparison of readers (`test --readers`): the readers, as JUnit's
    /// `readers` property.
    public var comparedReaders: [String]?

    public init(file: String, time: Double = 0, cases: [SuiteCase] = [], findings: [Finding] = []) {
        self.file = file
        self.time = time
        self.cases = cases
        self.findings = findings
    }

    public var failures: Int { cases.filter { $0.outcome.isFailure }.count }
    public var errors: Int { cases.filter { $0.outcome.isError }.count }
    public var passed: Bool { failures == 0 && errors == 0 }
}

/// One check inside a record.
public struct SuiteCase: Sendable {
    public enum Outcome: Sendable {
        case passed
        /// The check ran and did not hold: a short message, and details (a diff, a fix).
        case failed(message: String, details: String)
        /// The check could not run: the file could not be read, or its data is bad.
        case error(message: String)

        var isFailure: Bool { if case .failed = self { true } else { false } }
        var isError: Bool { if case .error = self { true } else { false } }
    }

    /// What kind of check: `golden`, `expectation`, `finding`, `lint` or `read` (a file that
    /// could not be read); the JUnit failure's type.
    public var kind: String
    /// What was checked, in words: `golden transcript`, `expectation: focus on "back"`.
    public var name: String
    /// Where it is written.
    public var location: SourceLocation?
    public var outcome: Outcome
    /// Extra text shown with a passing case (an expected finding's message).
    public var note: String?

    public init(_ kind: String, name: String, location: SourceLocation? = nil, outcome: Outcome, note: String? = nil) {
        self.kind = kind
        self.name = name
        self.location = location
        self.outcome = outcome
        self.note = note
    }
}

extension SuiteRecord {
    /// A scenario run without a golden (`earshot check`): its expectations, then its error
    /// findings (an expected one passes).
    public static func scenario(_ file: String, result: ScenarioResult, time: Double, rate: Int? = nil) -> SuiteRecord {
        var outcome = ScenarioOutcome(file: file, result: result, title: nil, time: time)
        if let rate { outcome.rate = rate }
        return ScenarioVerdict(outcome: outcome, golden: nil).record
    }

    /// A sweep's own findings (`timing.rate-dependent`) as a record: a case per error finding,
    /// or one passing case saying every announcement had the same fate at every rate.
    public static func sweep(_ file: String, _ sweep: RateSweep) -> SuiteRecord {
        var cases = findingCases(sweep.findings)
        if cases.isEmpty {
            cases = [SuiteCase("finding", name: "fates agree at every rate", location: SourceLocation(file: file, line: 1, column: 1), outcome: .passed)]
        }
        var record = SuiteRecord(file: file, cases: cases, findings: sweep.findings)
        record.sweepRates = sweep.rates
        return record
    }

    /// The suite's name in reports: the file, with the rate or the sweep's rates.
    public var name: String {
        if let reader { return "\(file) @ \(reader)" + (rate.map { ", \($0) wpm" } ?? "") }
        if let comparedReaders { return "\(file) @ readers \(comparedReaders.joined(separator: ", "))" }
        if let rate { return "\(file) @ \(rate) wpm" }
        if let sweepRates { return "\(file) @ rates \(sweepRates.map(String.init).joined(separator: ", "))" }
        return file
    }

    /// A screen file's lint: a case per error finding, or one passing case.
    public static func lint(_ file: String, findings: [Finding], time: Double) -> SuiteRecord {
        var cases = findingCases(findings)
        if cases.isEmpty { cases = [SuiteCase("lint", name: "no error findings", location: SourceLocation(file: file, line: 1, column: 1), outcome: .passed)] }
        return SuiteRecord(file: file, time: time, cases: cases, findings: findings)
    }

    /// A file that could not be checked.
    public static func unreadable(_ file: String, error: any UserFacingError) -> SuiteRecord {
        let location = (error as? DataFileError)?.location
        return SuiteRecord(file: file, cases: [SuiteCase("read", name: "read \(file)", location: location,
                                                         outcome: .error(message: error.description))])
    }

    static func findingCases(_ findings: [Finding]) -> [SuiteCase] {
        findings.filter { $0.severity == .error }.map { finding in
            let name = "finding \(finding.code.rawValue)" + (finding.elements.isEmpty ? "" : " [\(finding.elements.joined(separator: ", "))]")
            let text = FindingReport.lines(of: finding)
            let note: String? = finding.expected ? "expected by the scenario: " + text
                : finding.baseline == .known ? "known in the baseline: " + text : nil
            return SuiteCase("finding", name: name, location: finding.location,
                             outcome: finding.failsRun ? .failed(message: finding.message, details: text) : .passed,
                             note: note)
        }
    }
}
