import EarshotCommandLine
import EarshotCore
import EarshotReport
import Foundation

/// `earshot merge`: joins the reports of a suite run in shards (`earshot test --shard I/N`) into
/// what one run would have written (docs/test-suites.md, "Shards").
enum MergeCommand: Command {
    static let name = "merge"
    static let summary = "Join the reports of test shards (JUnit, SARIF, findings JSON, conformance tables, report folders) into one run's."
    struct Options: CommandOptions {
        @Option("output", short: "o", "FILE|DIR", "Write the merged report here: a file, or a folder for report folders (- for standard output).")
        var output: String?
    }

    static let help = helpText(
        overview: summary,
        usage: ["earshot merge -o OUTPUT SHARD-REPORT..."],
        arguments: [("SHARD-REPORT", "The shards' reports of one kind, in shard order (1/N first): JUnit XML, SARIF logs, findings JSON or --conformance tables written by earshot test or check, or the folders of test --report.")],
        options: Options.table,
        notes: """
        The kind is told from the content: JUnit XML (<testsuites>), a SARIF 2.1.0 log, a findings
        JSON array, a --conformance table, or folders holding a test --report index.html. JUnit and
        SARIF come out as one run writes them, byte for byte but for JUnit's summed time; findings
        as one file of them all; conformance tables as one run's (a criterion failed in any shard
        is failed, with every shard's findings; else checked where any shard checked it); report
        folders as one folder: every shard's pages and audio, and an index.html with
        every row. The output folder may be new, empty or one an earlier merge wrote: merge
        writes only inside it, replaces only what it wrote there before (listed in its
        .earshot-merged file), never an entry of yours, and refuses an output inside a shard.
        Counts are checked against each report's own rows, and shards that disagree (a file of
        one name that differs, another tool's SARIF) are refused. Give the shards in order (1/N,
        2/N, ...): a shell glob gives that order for shard-1 to shard-9; past nine, sort the names
        by number. Exit codes: 0 merged, 64 usage, 65 a report Earshot did not write, 74 I/O.
        """)

    static func run(_ arguments: [String]) throws -> ExitCode {
        let parsed = try Options.parse(arguments)
        guard let output = parsed.output else { throw UsageError("missing -o OUTPUT: where to write the merged report") }
        let inputs = parsed.positionals
        guard !inputs.isEmpty else { throw UsageError("missing SHARD-REPORT: the shards' reports, in shard order") }
        let folders = inputs.map { path -> Bool in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        if folders.allSatisfy({ $0 }) {
            try mergeFolders(inputs, into: output)
            return .success
        }
        guard !folders.contains(true) else { throw UsageError("give report folders or report files, not both") }
        try OutputSafety.check(outputs: [("-o", output)], inputs: inputs)
        let documents = try inputs.map { (file: $0, text: try TextFileDecoding.read(path: $0)) }
        let kinds = documents.map { kind(of: $0.text) }
        guard let first = kinds.first, kinds.allSatisfy({ $0 == first }) else {
            throw UsageError("the reports are of different kinds (\(zip(inputs, kinds).map { "\($0): \($1?.rawValue ?? "unknown")" }.joined(separator: ", ")))")
        }
        let merged: String
        switch first {
        case .junit: merged = try ReportMerge.junit(documents)
        case .sarif: merged = try ReportMerge.sarif(documents)
        case .findings: merged = try ReportMerge.findings(inputs)
        case .conformance: merged = try ConformanceReport.merge(documents)
        case nil:
            throw DataFileError("not a report earshot merge knows (JUnit XML, SARIF, findings JSON, or a test --report folder)",
                                at: SourceLocation(file: inputs[0], line: 1, column: 1))
        }
        try AtomicFile.writeOutput(merged, to: output)
        if output != "-" { standardError("merged \(inputs.count) \(first!.rawValue) reports into \(output)") }
        return .success
    }

    enum Kind: String { case junit = "JUnit", sarif = "SARIF", findings = "findings JSON", conformance = "conformance table" }

    static func kind(of text: String) -> Kind? {
        if text.hasPrefix("<?xml"), text.contains("<testsuites") { return .junit }
        if text.hasPrefix("{"), text.contains("\"version\": \"2.1.0\""), text.contains("\"runs\"") { return .sarif }
        if text.hasPrefix("[") { return .findings }
        if text.hasPrefix("{"), text.contains("\"standard\": "), text.contains("\"criteria\": [") { return .conformance }
        return nil
    }

    /// Report folders: each shard's pages and audio copied in, the indexes joined
    /// (`ReportFolderMerge` says what may be written where).
    static func mergeFolders(_ inputs: [String], into output: String) throws {
        let indexes = try inputs.map { folder -> (file: String, html: String) in
            let file = (folder as NSString).appendingPathComponent("index.html")
            return (file, try TextFileDecoding.read(path: file))
        }
        let merged = try SuiteIndexPage.merge(indexes)
        try OutputSafety.check(outputs: [("-o", (output as NSString).appendingPathComponent("index.html"))],
                               inputs: indexes.map(\.file))
        let plan = try ReportFolderMerge(inputs: inputs, output: output)
        try plan.write(index: merged)
        standardError("merged \(inputs.count) report folders into \(output) (\((output as NSString).appendingPathComponent("index.html")))")
    }
}
