import EarshotCheck
import EarshotCommandLine
import EarshotCore
import EarshotRender
import EarshotReport
import EarshotWorkers
import Foundation

/// `earshot test`: runs a folder of scenarios as a test suite, each against its golden
/// transcript and its expectations (docs/test-suites.md).
enum TestCommand: Command {
    static let name = "test"
    static let summary = "Run scenarios as a test suite: golden transcripts, expectations, CI reports."
    struct Options: CommandOptions {
        @Flag("update", "Rewrite the golden transcripts that differ or are missing (NAME.transcript.txt).")
        var update: Bool
        @Option(.wholeNumber("jobs", short: "j", "N", "Run N scenarios at a time, each in a worker process of its own. Default: 1 (in this process)."))
        var jobs: Int?
        @Option("voice", "NAME|PATH", "Voice profile for every scenario, overriding each one's own.")
        var voice: String?
        @Option(.rate) var rate: Int?
        @Option(.rates) var rates: RatesChoice?
        @Option(.reader) var reader: ScreenReaderName?
        @Option(.readers) var readers: [ScreenReaderName]?
        @Flag("quiet", short: "q", "Print only failing scenarios and the summary line.")
        var quiet: Bool
        @Option("shard", "I/N", "Run only the I-th of N equal, contiguous parts of the scenarios, in the order one run takes them; auto: GitLab's CI_NODE_INDEX and CI_NODE_TOTAL; auto/N: Kubernetes' JOB_COMPLETION_INDEX (or CI_NODE_INDEX) of N. earshot merge joins the shards' reports (docs/test-suites.md).")
        var shard: String?
        @Option("report", "DIR", "Write a report page per scenario and an index.html with the pass/fail table into DIR (docs/reports.md).")
        var report: String?
        @Option(.reportAudio) var reportAudio: PageAudio.Placement?
        @Option(.espeakData) var espeakData: String?
        @Group var audit: AuditOptions
        @Group var reports: ReportOutputs
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        if arguments.first == "--worker" { return try TestWorker.serve(Array(arguments.dropFirst())) }
        let parsed = try Options.parse(arguments)
        let jobs = parsed.jobs ?? 1
        guard (1...64).contains(jobs) else { throw UsageError("--jobs expects 1 to 64, got \(jobs)") }
        let reports = parsed.reports
        let audit = parsed.audit
        try audit.validate()
        try reports.check(inputs: parsed.positionals + audit.inputs, otherOutputs: audit.outputs)
        let everyFile = try ScenarioSuite.records(parsed.positionals.isEmpty ? ["."] : parsed.positionals)
        guard !everyFile.isEmpty else {
            throw UsageError("no scenarios or web pages under \(parsed.positionals.isEmpty ? "the current folder" : parsed.positionals.joined(separator: ", ")) (a scenario is a .json file with \"steps\"; a folder without scenarios is searched for .html pages)")
        }
        // A suite's web pages are audited as lint audits them: no timeline, so no report page,
        // no rates and no readers (usage errors before anything runs).
        if let page = everyFile.first(where: ScenarioSuite.isPage) {
            let other = parsed.readers != nil ? "--readers" : parsed.rates != nil ? "--rates" : parsed.report != nil ? "--report" : nil
            if let other {
                throw UsageError("\(other) is for scenarios, and \(page) is a web page audited as lint audits it: leave the pages out of the paths, or give \(other) apart (earshot read --report DIR PAGE.html draws a page's report)")
            }
        }
        // A shard runs a contiguous part of the list one run takes, with the page names one run
        // gives, so that `earshot merge` of the shards' reports is that run's, in its order.
        var shard = Shard.whole
        if let text = parsed.shard {
            switch Shard.resolve(text, environment: ProcessInfo.processInfo.environment) {
            case .success(let resolved): shard = resolved
            case .failure(let error): throw UsageError(error.description)
            }
        }
        let part = shard.range(of: everyFile.count)
        let files = Array(everyFile[part])
        let quiet = parsed.quiet
        let update = parsed.update
        let reportFolder = parsed.report
        let placement = parsed.reportAudio ?? .automatic
        let pages = Array(SuiteIndexPage.pageNames(for: everyFile)[part])
        // Every output against every input of every scenario (its parts, screens, voice and
        // golden), before anything runs: `--junit s/a.json s` once replaced the scenario.
        let pageOutputs = reportOutputs(folder: reportFolder, pages: pages, external: placement.mayWriteBeside)
        if let reportFolder {
            // The folder is the command's own: a link planted in it is refused, never written through.
            try OutputSafety.checkOwnedFolder(reportFolder, files: pageOutputs.map(\.path), option: "test --report")
        }
        // Without --baseline, a folder's own (earshot-suite.json) marks its scenarios' findings;
        // its files are inputs like the rest, in the one check of the outputs.
        let folderBaselines = audit.baselinePath == nil
            ? try SuiteSettings.baselines(for: files, roots: parsed.positionals.isEmpty ? ["."] : parsed.positionals) : []
        try reports.check(inputs: suiteInputs(files, voice: parsed.voice) + audit.inputs
                              + folderBaselines.flatMap { [$0.settings.path, $0.baseline.path] },
                          otherOutputs: pageOutputs + audit.outputs)
        let baseline = try audit.loadBaseline()
        var baselineOfFile: [String: FindingBaseline] = [:]
        for group in folderBaselines { for file in group.files { baselineOfFile[file] = group.baseline } }
        if let reportFolder { try createFolder(reportFolder) }
        let report = reportFolder.map { folder in
            SuiteScenarioRunner.Report(folder: folder, placement: placement)
        }
        let printer = VerdictPrinter(quiet: quiet, toStandardError: reports.usesStandardOutput)
        var verdicts: [ScenarioVerdict] = []
        let collect: (ScenarioOutcome) throws -> Void = { outcome in
            var verdict = try ScenarioVerdict.judge(outcome, update: update)
            if let baseline = baseline ?? baselineOfFile[outcome.file] {
                verdict.findings = baseline.mark(verdict.findings)
                // Rewriting the baseline makes every finding of this run known.
                if audit.updateBaseline { for index in verdict.findings.indices { verdict.findings[index].baseline = .known } }
            }
            printer.print(verdict)
            verdicts.append(verdict)
        }
        if let readers = parsed.readers {
            if parsed.reader != nil { throw UsageError("--reader hears every scenario with one reader, --readers with several: give one of them") }
            if parsed.rates != nil { throw UsageError("--readers and --rates each run a scenario several times: give one of them") }
            if reportFolder != nil { throw UsageError("--readers and --report: a comparison of readers has no page; give one of them") }
            // The readers are compared on web pages: an app's screens are one platform's, read
            // by its own reader (a usage error, before anything runs).
            let appScreens = files.filter { file in (try? ScenarioFile.load(path: file)).map { !$0.playsWebPage } ?? false }
            if let first = appScreens.first {
                throw UsageError("--readers compares screen readers on web pages, and \(first) plays an app's screens"
                                 + (appScreens.count > 1 ? " (as do \(counted(appScreens.count - 1, "other scenario")))" : "")
                                 + ": give it --reader alone, or leave it out of the paths")
            }
            if jobs > 1 { printer.line("note: --readers runs each scenario's readers in this process, one after another; --jobs is not used") }
            let runner = parsed.options.runner(report: nil)
            for file in files {
                for outcome in try runner.runReaders(file, readers: readers) { try collect(outcome) }
            }
        } else if let rates = try parsed.rates?.resolved(profileSweep: { try voiceProfile(parsed.voice).sweepRates() }) {
            if parsed.rate != nil { throw UsageError("--rate runs at one rate, --rates at several: give one of them") }
            if reportFolder != nil { throw UsageError("--rates and --report: a sweep's page is check --rates --report's; give one of them") }
            if jobs > 1 { printer.line("note: --rates runs each scenario's rates in this process, one after another; --jobs is not used") }
            let runner = parsed.options.runner(report: nil)
            // A sweep compares runs of one scenario, so its rates run in this process, one
            // after another (a speaker per voice and rate, lengths measured once each).
            for file in files {
                for outcome in try runner.runSweep(file, rates: rates) { try collect(outcome) }
            }
        } else if jobs == 1 || files.count <= 1 {
            let runner = parsed.options.runner(report: report)
            for (file, page) in zip(files, pages) { try collect(try runner.run(file, page: page)) }
        } else {
            var command = [RenderCommand.workerExecutable(), "test", "--worker"] + parsed.options.workerArguments
            if let reportFolder {
                command += ["--report", reportFolder]
                if let value = placement.argument { command += ["--report-audio", value] }
            }
            let settings = WorkerPoolSettings(command: command, size: min(jobs, files.count))
            if let signal = try SuiteWorkers.run(Array(zip(files, pages)), settings: settings, inOrder: collect) {
                printer.line("test: stopped by signal \(signal) after \(verdicts.count) of \(files.count) scenarios; their golden transcripts and report pages are written")
                StopOnSignal.dieOf(signal)
            }
        }
        let findings = verdicts.flatMap(\.findings)
        // A code counts as checked when any scenario that ran checked it.
        // With pages among the records, the table is one per page and the suite's merged from
        // them (the scenarios, if any, as one more).
        var tables: [(file: String, findings: [Finding], coverage: CheckCoverage)] = []
        if audit.standard != nil, verdicts.contains(where: { $0.outcome.auditedPage == true }) {
            for verdict in verdicts where verdict.outcome.auditedPage == true {
                tables.append((verdict.outcome.file, verdict.findings, verdict.outcome.coverage ?? CheckCoverage()))
            }
            let scenarios = verdicts.filter { $0.outcome.auditedPage != true }
            if !scenarios.isEmpty {
                tables.append(("the suite's \(counted(scenarios.count, "scenario"))", scenarios.flatMap(\.findings),
                               .joined(scenarios.compactMap(\.outcome.coverage))))
            }
        }
        var run = try RunResult(command: "earshot test", records: verdicts.map(\.record), findings: baseline.map { $0.mark(findings) } ?? findings,
                                files: files, coverage: .joined(verdicts.compactMap(\.outcome.coverage)), baseline: baseline,
                                standard: audit.standard, pages: tables)
        run.verdicts = verdicts
        for reason in run.coverage.notedReasons { printer.line("note: \(reason)") }
        try run.write(audit.writers)
        audit.printSummaries(of: run, out: TextOutput(toStandardError: reports.usesStandardOutput || audit.conformancePath == "-"))
        for group in folderBaselines {
            let inGroup = Set(group.files)
            let marked = verdicts.filter { inGroup.contains($0.outcome.file) }.flatMap(\.findings)
            var summary = BaselineSummary(baseline: group.baseline, marked: marked, fixed: group.baseline.fixed(by: marked, files: group.files))
            summary.namedBy = group.settings.path
            for line in summary.text.split(separator: "\n") { printer.line(String(line)) }
        }
        let failed = verdicts.filter { !$0.passed }.count
        var summary = "\(verdicts.count - failed) passed, \(failed) failed"
        let updated = verdicts.filter { $0.golden == .updated }.count
        if updated > 0 { summary += "; \(counted(updated, "golden transcript")) updated" }
        if shard != .whole {
            summary += "; shard \(shard): " + (files.isEmpty ? "no scenario" : "scenarios \(part.lowerBound + 1)-\(part.upperBound) of \(everyFile.count)")
        }
        printer.line(summary)
        try run.write(reports.writers)
        if let report {
            let index = report.indexWriter(pages: pages)
            try run.write([index])
            let path = index.path
            // A scenario that failed to run, or whose page could not be written, has no page.
            let written = verdicts.filter { $0.outcome.error == nil }.count
            printer.line("wrote \(path) and \(counted(written, "report page"))")
        }
        if verdicts.contains(where: { $0.outcome.errorCategory == .unavailable }) { return .unavailable }
        // A page, golden or file that could not be written (a full disk) is an I/O failure.
        if verdicts.contains(where: { $0.outcome.errorCategory == .io }) { return .ioError }
        return failed == 0 ? .success : .failure
    }

    /// The files a suite reads: each scenario's own inputs and its golden transcript.
    static func suiteInputs(_ files: [String], voice: String?) -> [String] {
        var inputs = files.flatMap { file in
            ScenarioSuite.isPage(file) ? [file] : ScenarioFile.inputFiles(path: file) + [ScenarioSuite.goldenPath(for: file)]
        }
        if let voice, voice.contains("/") || voice.hasSuffix(".json") { inputs.append(voice) }
        return inputs
    }

    /// The files `--report DIR` writes: the index, a page per scenario and, with external
    /// audio, its WAV.
    static func reportOutputs(folder: String?, pages: [String], external: Bool) -> [(option: String, path: String)] {
        guard let folder else { return [] }
        var names = ["index.html"] + pages
        if external { names += pages.map { ($0 as NSString).deletingPathExtension + ".wav" } }
        return names.map { ("--report", (folder as NSString).appendingPathComponent($0)) }
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot test [options] [PATH...]"],
        arguments: [("PATH", "Scenario files, web pages (.html), or folders searched (with their subfolders) for scenarios: .json files with \"steps\"; a folder without scenarios for its .html pages, each audited as lint audits it. Default: the current folder.")],
        options: Options.table,
        notes: """
        Runs each scenario as `earshot check` does, on a virtual clock with real speech, and
        compares its transcript with the golden transcript beside it (NAME.transcript.txt, the
        lines `check` prints). A scenario passes when the transcript matches, every expectation
        holds and every error finding is one it expects (expect: {finding: CODE}). Prints one
        line per scenario (PASS or FAIL, then the file), under a failure what failed (a unified
        diff of the transcript, the expectations, the findings), and last `N passed, M failed`.
        Without --update a missing golden is a failure; --update records it.
        --report DIR writes a page per scenario (audio, timeline, transcript, findings,
        screens) and DIR/index.html with the pass/fail table (docs/reports.md).
        --rate WPM runs every scenario at that speaking rate; its transcript is not compared
        with the golden, which holds the profile's own rate. --rates 175,300,450 (or default)
        runs each scenario once per rate in this process: a line per scenario and rate
        (FILE @ 300 wpm; the golden is compared at the profile's own rate only), then one for
        the sweep (FILE @ rates 175, 300, 450) that fails on an unexpected
        timing.rate-dependent finding (docs/speech-scheduling.md, "Speaking rates").
        --readers nvda,voiceover,talkback runs each web page scenario once per screen
        reader in this process: a line per scenario and reader (FILE @ voiceover; the golden
        is compared, and the expectations judged, under the scenario's own reader only: under
        another they are reported as not judged), then one for the comparison (FILE @ readers
        nvda, voiceover, talkback) with what each reader said at each step, marked where they
        differ. A scenario on an app's screens is a usage error there.
        --jobs N runs N scenarios at a time in worker processes; the lines come in the same
        order as with one. A scenario whose worker dies or says nothing for 120 s fails with
        that reason and the rest go on; Ctrl-C stops the workers, keeps what is written and
        exits by the signal. Reports (docs/ci-reports.md): --junit and --sarif.
        A web page among the records (a .html path, or the pages of a folder without
        scenarios) is audited as lint audits it, in the run's one browser, and passes when
        none of its findings is an error the baseline does not know; with --standard the run
        prints a table per page and the suite's merged from them (docs/test-suites.md, "Web
        pages as records"). With --standard a page scenario's page is also audited as loaded.
        \(AuditOptions.helpNote)
        Exit codes: 0 all passed, 1 a scenario or page failed, 64 usage, 69 speech engine
        unavailable, 74 a report or golden could not be written.
        """
    )
}

/// Prints verdicts as plain lines: `PASS  FILE  (what held)` or `FAIL  FILE: why`, then the
/// details under a failure.
struct VerdictPrinter {
    var quiet: Bool
    /// True when a report goes to standard output: the lines then go to standard error.
    var toStandardError: Bool

    func line(_ text: String) { TextOutput(toStandardError: toStandardError).line(text) }

    func print(_ verdict: ScenarioVerdict) {
        let outcome = verdict.outcome
        if let error = outcome.error {
            let what = outcome.errorCategory == .io ? "could not read or write one of its files" : "could not run it"
            line("FAIL  \(outcome.displayName): \(what)")
            line(error)
            return
        }
        let expected = verdict.findings.filter(\.expected).count
        if outcome.auditedPage == true {
            let errors = verdict.unexpectedErrors
            if errors.isEmpty {
                if !quiet { line("PASS  \(outcome.displayName)  (page audited: \(FindingReport.summary(verdict.findings)), no new error)") }
                return
            }
            line("FAIL  \(outcome.displayName): page audited: \(counted(errors.count, "error finding"))")
            line(String(FindingReport.text(errors).dropLast()))
            return
        }
        if verdict.passed {
            guard !quiet else { return }
            var held = ["\(counted(outcome.expectations.count, "expectation"))"]
            if expected > 0 { held.append("\(counted(expected, "expected finding"))") }
            if verdict.golden == .updated { held.append("golden transcript updated") }
            if outcome.sweepRates != nil {
                let changed = outcome.transcript.split(separator: "\n").count
                held = [changed == 0 ? "every fate the same at every rate"
                    : "\(counted(changed, "fate")) change with the rate; no announcement lost at some rates only, or it is expected"]
            }
            if let steps = outcome.comparedSteps {
                let differing = outcome.differingSteps ?? 0
                held = [differing == 0 ? "the same words at every one of \(counted(steps, "step"))"
                    : "\(differing) of \(counted(steps, "step")) said differently"]
            }
            if let own = outcome.writtenFor {
                let unjudged = verdict.unjudgedExpectations.count
                held[0] = "\(counted(outcome.expectations.count, "expectation")) written for \(own): " + (unjudged == 0 ? "all hold" : "\(unjudged) not judged")
            }
            line("PASS  \(outcome.displayName)  (\(held.joined(separator: ", ")))")
            if outcome.comparedReaders != nil { line(String(outcome.transcript.dropLast())) }
            for expectation in verdict.unjudgedExpectations { line(Self.unjudged(expectation)) }
            return
        }
        var reasons: [String] = []
        switch verdict.golden {
        case .differs: reasons.append("the transcript differs from its golden")
        case .missing: reasons.append("no golden transcript \(ScenarioSuite.goldenPath(for: outcome.file)) (record it with --update)")
        default: break
        }
        let failed = verdict.failedExpectations
        if !failed.isEmpty { reasons.append("\(counted(failed.count, "expectation")) failed") }
        let errors = verdict.unexpectedErrors
        if !errors.isEmpty { reasons.append("\(counted(errors.count, "unexpected error finding"))") }
        line("FAIL  \(outcome.displayName): \(reasons.joined(separator: "; "))")
        if outcome.sweepRates != nil { line(String(outcome.transcript.dropLast())) }
        if case .differs(let diff) = verdict.golden { line(String(diff.dropLast())) }
        for expectation in failed { line(expectation.text) }
        for expectation in verdict.unjudgedExpectations { line(Self.unjudged(expectation)) }
        if !errors.isEmpty { line(String(FindingReport.text(errors).dropLast())) }
    }

    /// An expectation that does not hold under another reader than its scenario's own:
    /// `not judged: FILE:LINE:COLUMN: expected "…" spoken, but …`.
    static func unjudged(_ expectation: ScenarioOutcome.ExpectationLine) -> String {
        "not judged: " + expectation.text.replacingOccurrences(of: ": expectation failed: ", with: ": ")
    }
}

/// What a suite's scenarios run with: `earshot test`'s options, and the same fields in its
/// workers' (`TestWorker.Options`), so the runner is made, and a worker told, in one place.
protocol SuiteRunChoices {
    var voice: String? { get }
    var espeakData: String? { get }
    var reader: ScreenReaderName? { get }
    var rate: Int? { get }
    var density: Double? { get }
    /// An audit is asked for (`--standard`): page scenarios' pages are audited as loaded too.
    var auditsPages: Bool { get }
}

extension SuiteRunChoices {
    /// The runner of these choices, writing its report pages as `report` says.
    func runner(report: SuiteScenarioRunner.Report?) -> SuiteScenarioRunner {
        SuiteScenarioRunner(voice: voice, espeakData: espeakData, reader: reader, density: density, rate: rate, report: report,
                            auditsPages: auditsPages)
    }

    /// The arguments that start a worker running the same way (`TestWorker.Options` reads them).
    var workerArguments: [String] {
        var arguments: [String] = []
        if let voice { arguments += ["--voice", voice] }
        if let reader { arguments += ["--reader", reader.rawValue] }
        if let rate { arguments += ["--rate", String(rate)] }
        if let espeakData { arguments += ["--espeak-data", espeakData] }
        if let density { arguments += ["--density", "\(density)"] }
        if auditsPages { arguments.append("--audit-pages") }
        return arguments
    }
}

extension TestCommand.Options: SuiteRunChoices {
    var density: Double? { audit.density }
    var auditsPages: Bool { audit.standard != nil }
}

/// The workers of `earshot test --jobs` (`earshot test --worker`).
enum TestWorker {
    /// What `earshot test` passes on to its workers.
    struct Options: CommandOptions, SuiteRunChoices {
        @Option("voice", "V", "") var voice: String?
        @Option(.espeakData) var espeakData: String?
        @Option("report", "DIR", "") var report: String?
        @Option(.reportAudio) var reportAudio: PageAudio.Placement?
        @Option(.reader) var reader: ScreenReaderName?
        @Option(.number("density", "SCALE", "")) var density: Double?
        @Option(.rate) var rate: Int?
        @Flag("audit-pages", "") var auditsPages: Bool
    }

    /// Serves scenarios read from standard input (`SuiteWorkers.serve`).
    static func serve(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        let report = parsed.report.map { SuiteScenarioRunner.Report(folder: $0, placement: parsed.reportAudio ?? .automatic) }
        try SuiteWorkers.serve(parsed.options.runner(report: report))
        return .success
    }
}
