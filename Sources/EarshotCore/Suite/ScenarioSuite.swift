import Foundation

/// A folder of scenarios run as a test suite (`earshot test`, docs/test-suites.md): which files
/// are scenarios, where each one's golden transcript is, and what a run came to.
public enum ScenarioSuite {
    /// The golden transcript beside a scenario: `flows/delete.json` → `flows/delete.transcript.txt`.
    public static func goldenPath(for scenario: String) -> String {
        let base = scenario.hasSuffix(".json") ? String(scenario.dropLast(5)) : scenario
        return base + ".transcript.txt"
    }

    /// The scenario files under `paths`, each once, in the order given (a folder's files sorted
    /// by path). A file named directly is taken whatever it holds (its errors are reported); a
    /// folder is searched through its subfolders (hidden ones and `.build` left out) for
    /// `.json` files that are scenarios: a JSON object with `steps` or `extends`. Screen files,
    /// included parts, findings and manifests are left out; a `.json` file that is not valid
    /// JSON is taken, so that its error is reported rather than the file skipped.
    public static func discover(_ paths: [String]) throws -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        func add(_ path: String) {
            if seen.insert(ScenarioComposition.standardized(path)).inserted { found.append(path) }
        }
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FileIOError(path: path, reason: "no such file or folder" + siblingSuggestion(for: path))
            }
            guard isFolder.boolValue else {
                add(path)
                continue
            }
            for file in try jsonFiles(under: path) where isScenario(file) { add(file) }
        }
        return found
    }

    /// A suite's records under `paths`: its scenarios (`discover`) and its web pages, each once,
    /// in the order given. A page named directly (`.html`, `.htm`) is a record; a folder's
    /// pages are records when the folder holds no scenario (a site's pages, each audited as
    /// `lint` audits it). In a folder of scenarios the pages are the scenarios' to play (and,
    /// with `--standard`, to audit as loaded): they are not records, so a suite of scenarios
    /// runs nothing more than before (docs/test-suites.md, "Web pages as records").
    public static func records(_ paths: [String]) throws -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FileIOError(path: path, reason: "no such file or folder" + siblingSuggestion(for: path))
            }
            var files = try discover([path])
            if isFolder.boolValue, files.isEmpty { files = try pageFiles(under: path) }
            for file in files where seen.insert(ScenarioComposition.standardized(file)).inserted { found.append(file) }
        }
        return found
    }

    /// Whether a suite's record is a web page to audit (`.html`, `.htm`) rather than a scenario.
    public static func isPage(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm")
    }

    private static func pageFiles(under folder: String) throws -> [String] {
        try files(under: folder) { isPage($0) }
    }

    /// `; did you mean "samples"?` for a missing path whose folder holds a name close to its
    /// last part (`test sample`), or "".
    static func siblingSuggestion(for path: String) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        let folder = (trimmed as NSString).deletingLastPathComponent
        let name = (trimmed as NSString).lastPathComponent
        guard !name.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder),
              let near = nearestName(to: name, in: names.filter { !$0.hasPrefix(".") }) else { return "" }
        return NameSuggestion.didYouMean(folder.isEmpty ? near : (folder as NSString).appendingPathComponent(near))
    }

    /// Whether a file is a scenario by content: a JSON object with `steps` or `extends` (or
    /// not valid JSON at all, to be reported).
    public static func isScenario(_ path: String) -> Bool {
        guard let root = try? JSONDocument.load(path: path) else { return true }
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "steps" || $0.key == "extends" }
    }

    private static func jsonFiles(under folder: String) throws -> [String] {
        try files(under: folder) { $0.hasSuffix(".json") }
    }

    private static func files(under folder: String, named wanted: (String) -> Bool) throws -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else {
            throw FileIOError(path: folder, reason: "cannot list the folder")
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder == "." ? name : (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                files += try self.files(under: path, named: wanted)
            } else if wanted(name) {
                files.append(path)
            }
        }
        return files
    }
}

/// What running one scenario of a suite gave, as plain values a worker process can send back.
public struct ScenarioOutcome: Sendable, Codable {
    /// One expectation's result in words.
    public struct ExpectationLine: Sendable, Codable {
        public var location: SourceLocation
        public var passed: Bool
        public var summary: String
        public var actual: String
        /// The line `check` prints for it.
        public var text: String

        public init(_ result: ExpectationResult) {
            location = result.location
            passed = result.passed
            summary = result.expectation.summary
            actual = result.actual
            text = result.description
        }
    }

    public var file: String
    public var title: String?
    /// The readable transcript, as `check` prints it (the golden's format).
    public var transcript: String
    public var expectations: [ExpectationLine]
    /// The findings as `FindingsJSON` writes them.
    public var findingsJSON: String
    /// Set when the scenario could not be run: the error's message and category.
    public var error: String?
    public var errorCategory: ErrorCategory?
    /// Seconds the run took.
    public var time: Double
    /// The checks the run made and why others did not run (`ScenarioResult.coverage`); nil
    /// for a scenario that could not be run.
    public var coverage: CheckCoverage?
    /// The rate of a run made at a rate asked for (`--rate`, one run of `--rates`), in words a
    /// minute; its transcript is then not compared with the golden, which holds the profile's
    /// own rate.
    public var rate: Int?
    /// In a sweep of rates (`test --rates`): the rate of this run (every run names its rate,
    /// the profile's own too), or nil for the sweep's own record.
    public var sweepRate: Int?
    /// The sweep's own record (`test --rates`): its rates; its findings are the sweep's
    /// (`timing.rate-dependent`) and its transcript the fates that change.
    public var sweepRates: [Int]?
    /// In a run of several readers (`test --readers`): the reader of this run, or nil for the
    /// comparison's own record.
    public var reader: String?
    /// The reader the scenario is written for, when this run's reader is another: its
    /// expectations are reported, not judged, and its golden is not compared.
    public var writtenFor: String?
    /// The comparison's own record (`test --readers`): the readers, in the order given; its
    /// transcript is what each said at each step (`ReaderComparison.readableSteps`).
    public var comparedReaders: [String]?
    /// For the comparison's own record: how many steps it set side by side, and in how many
    /// the readers' words differ.
    public var comparedSteps: Int?
    public var differingSteps: Int?
    /// A web page of the suite, audited as loaded (`PageAudit`): no transcript, no golden; its
    /// record is its findings, as `lint PAGE.html` gives them.
    public var auditedPage: Bool?

    /// The scenario as reports name it: `FILE`, `FILE @ 300 wpm`, `FILE @ rates 175, 300, 450`,
    /// `FILE @ voiceover`, `FILE @ readers nvda, voiceover, talkback`.
    public var displayName: String {
        if let reader { return "\(file) @ \(reader)" + ((sweepRate ?? rate).map { ", \($0) wpm" } ?? "") }
        if let comparedReaders { return "\(file) @ readers \(comparedReaders.joined(separator: ", "))" }
        if let rate = sweepRate ?? rate { return "\(file) @ \(rate) wpm" }
        if let sweepRates { return "\(file) @ rates \(sweepRates.map(String.init).joined(separator: ", "))" }
        return file
    }

    /// The comparison's own outcome: what each reader said at each step as its transcript; no
    /// finding (each run's are its own).
    public init(file: String, comparison: ReaderComparison, time: Double) {
        self.file = file
        transcript = comparison.readableSteps
        expectations = []
        findingsJSON = FindingsJSON.encode([])
        self.time = time
        comparedReaders = comparison.readers.map(\.rawValue)
        comparedSteps = comparison.steps.count
        differingSteps = comparison.differing.count
        coverage = CheckCoverage()
    }

    /// The sweep's own outcome: its findings, and the fates that change as its transcript.
    public init(file: String, sweep: RateSweep, time: Double) {
        self.file = file
        transcript = sweep.readableChanges
        expectations = []
        findingsJSON = FindingsJSON.encode(sweep.findings)
        self.time = time
        sweepRates = sweep.rates
        // The sweep itself checks the rate code only; its runs, recorded apart, check the rest.
        coverage = CheckCoverage(ran: FindingCode.sweepCodes)
    }

    public init(file: String, result: ScenarioResult, title: String?, time: Double) {
        self.file = file
        self.title = title
        transcript = result.transcript.readableText
        expectations = result.expectations.map(ExpectationLine.init)
        findingsJSON = FindingsJSON.encode(result.findings)
        self.time = time
        rate = result.transcript.rate
        coverage = result.coverage
    }

    /// A web page's record: its audit's findings and checks.
    public init(file: String, audit: PageAudit, time: Double) {
        self.file = file
        transcript = ""
        expectations = []
        findingsJSON = FindingsJSON.encode(audit.findings)
        self.time = time
        coverage = audit.coverage
        auditedPage = true
    }

    public init(file: String, error: any UserFacingError, time: Double) {
        self.init(file: file, failure: error.description, category: error.category, time: time)
    }

    /// A scenario that could not be run for a reason outside any error category (the process
    /// running it ended): `failure` is the message, `category` nil.
    public init(file: String, failure: String, category: ErrorCategory?, time: Double) {
        self.file = file
        transcript = ""
        expectations = []
        findingsJSON = "[]\n"
        error = failure
        errorCategory = category
        self.time = time
    }

    public func findings() -> [Finding] {
        (try? FindingsJSON.decode(try JSONDocument.parse(findingsJSON, file: file))) ?? []
    }
}

/// One scenario's verdict in a suite: its golden, expectations and findings.
public struct ScenarioVerdict: Sendable {
    public enum Golden: Sendable, Equatable {
        /// The transcript is the golden's.
        case matched
        /// It differs: the unified diff from the golden to this run.
        case differs(diff: String)
        /// No golden beside the scenario.
        case missing
        /// `--update` wrote it (new or changed).
        case updated
        /// The run was made at another rate than the profile's own (the golden's): not compared.
        case otherRate
        /// The run was heard by another reader than the scenario's own (`test --readers`): the
        /// golden holds its own reader's words, so it is not compared.
        case otherReader
    }

    public var outcome: ScenarioOutcome
    public var golden: Golden?
    public var findings: [Finding]

    public init(outcome: ScenarioOutcome, golden: Golden?) {
        self.outcome = outcome
        self.golden = golden
        findings = outcome.findings()
    }

    /// The expectations that did not hold and fail the run: none under another reader than the
    /// scenario's own, whose words they are (`unjudgedExpectations`).
    public var failedExpectations: [ScenarioOutcome.ExpectationLine] {
        outcome.writtenFor != nil ? [] : outcome.expectations.filter { !$0.passed }
    }
    /// Under another reader than the scenario's own (`test --readers`): the expectations that
    /// did not hold, reported with what this reader said instead, never failing the run.
    public var unjudgedExpectations: [ScenarioOutcome.ExpectationLine] {
        outcome.writtenFor == nil ? [] : outcome.expectations.filter { !$0.passed }
    }
    /// Error findings the scenario does not expect and the baseline does not know.
    public var unexpectedErrors: [Finding] { findings.filter(\.failsRun) }

    public var passed: Bool {
        guard outcome.error == nil, failedExpectations.isEmpty, unexpectedErrors.isEmpty else { return false }
        switch golden {
        case .differs, .missing: return false
        default: return true
        }
    }

    /// Compares a run with its golden transcript (`update`: rewrites a golden that differs or
    /// is missing, through a temporary file and a rename).
    public static func judge(_ outcome: ScenarioOutcome, update: Bool) throws -> ScenarioVerdict {
        guard outcome.error == nil else { return ScenarioVerdict(outcome: outcome, golden: nil) }
        // The golden holds the profile's own rate: at another, times differ by nature.
        if outcome.rate != nil { return ScenarioVerdict(outcome: outcome, golden: .otherRate) }
        if outcome.sweepRates != nil || outcome.comparedReaders != nil || outcome.auditedPage == true {
            return ScenarioVerdict(outcome: outcome, golden: nil)
        }
        if outcome.writtenFor != nil { return ScenarioVerdict(outcome: outcome, golden: .otherReader) }
        let path = ScenarioSuite.goldenPath(for: outcome.file)
        let golden: String?
        if FileManager.default.fileExists(atPath: path) {
            golden = try TextFileDecoding.read(path: path)
        } else {
            golden = nil
        }
        if golden == outcome.transcript { return ScenarioVerdict(outcome: outcome, golden: .matched) }
        if update {
            try AtomicFile.write(outcome.transcript, to: path)
            return ScenarioVerdict(outcome: outcome, golden: .updated)
        }
        guard let golden else { return ScenarioVerdict(outcome: outcome, golden: .missing) }
        let diff = UnifiedDiff.diff(golden, outcome.transcript, oldName: path, newName: "\(outcome.file) (this run)")
        return ScenarioVerdict(outcome: outcome, golden: .differs(diff: diff))
    }

    /// The verdict as a CI record: the golden case, the expectations, the error findings.
    public var record: SuiteRecord {
        if let error = outcome.error {
            var record = SuiteRecord(file: outcome.file, time: outcome.time, cases: [
                SuiteCase("read", name: "run \(outcome.file)", outcome: .error(message: error)),
            ])
            record.rate = outcome.rate
            record.reader = outcome.reader
            return record
        }
        if let readers = outcome.comparedReaders {
            let differing = outcome.differingSteps ?? 0, steps = outcome.comparedSteps ?? 0
            var record = SuiteRecord(file: outcome.file, time: outcome.time, cases: [
                SuiteCase("readers", name: "words compared across readers",
                          location: SourceLocation(file: outcome.file, line: 1, column: 1), outcome: .passed,
                          note: "\(differing) of \(steps) steps said differently\n" + outcome.transcript),
            ])
            record.comparedReaders = readers
            return record
        }
        if outcome.auditedPage == true { return .lint(outcome.file, findings: findings, time: outcome.time) }
        if outcome.sweepRates != nil {
            var record = SuiteRecord(file: outcome.file, time: outcome.time, cases: SuiteRecord.findingCases(findings), findings: findings)
            if record.cases.isEmpty {
                record.cases = [SuiteCase("finding", name: "fates agree at every rate",
                                          location: SourceLocation(file: outcome.file, line: 1, column: 1), outcome: .passed)]
            }
            record.sweepRates = outcome.sweepRates
            return record
        }
        var cases: [SuiteCase] = []
        let goldenFile = ScenarioSuite.goldenPath(for: outcome.file)
        let goldenLocation = SourceLocation(file: goldenFile, line: 1, column: 1)
        switch golden {
        case .matched, .updated:
            cases.append(SuiteCase("golden", name: "golden transcript", location: goldenLocation, outcome: .passed))
        case .differs(let diff):
            cases.append(SuiteCase("golden", name: "golden transcript", location: goldenLocation,
                                   outcome: .failed(message: "the transcript differs from \(goldenFile)", details: diff)))
        case .missing:
            cases.append(SuiteCase("golden", name: "golden transcript", location: goldenLocation,
                                   outcome: .failed(message: "no golden transcript \(goldenFile) (record it with --update)",
                                                    details: outcome.transcript)))
        case .otherRate, .otherReader, nil: break
        }
        for line in outcome.expectations {
            let name = "expectation at line \(line.location.line): \(line.summary)"
            if let own = outcome.writtenFor, let reader = outcome.reader {
                // Another reader's words: reported, never failed.
                cases.append(SuiteCase("expectation", name: name, location: line.location, outcome: .passed,
                                       note: line.passed ? nil : "not judged under \(reader) (the scenario's words are \(own)'s): expected \(line.summary), but \(line.actual)"))
                continue
            }
            cases.append(SuiteCase("expectation", name: name, location: line.location,
                                   outcome: line.passed ? .passed
                                       : .failed(message: "expected \(line.summary), but \(line.actual)", details: line.text)))
        }
        cases += SuiteRecord.findingCases(findings)
        var record = SuiteRecord(file: outcome.file, time: outcome.time, cases: cases, findings: findings)
        record.rate = outcome.sweepRate ?? outcome.rate
        record.reader = outcome.reader
        return record
    }
}
