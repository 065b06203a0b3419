import Foundation

/// Joins the reports of a suite run in shards (`earshot test --shard I/N`) into the reports one
/// run would have written: shards are contiguous parts of the run's scenario list, so their
/// reports, taken in shard order, hold the run's records in its order. Each merge reads the
/// format Earshot writes and refuses anything else, naming the file.
public enum ReportMerge {
    /// One report: its file name (for messages) and text.
    public typealias Document = (file: String, text: String)

    /// JUnit XML: the test suites one after another, the totals summed. Byte for byte one run's,
    /// but for the summed time, which a run adds up before rounding.
    public static func junit(_ documents: [Document]) throws -> String {
        var name: String?
        var tests = 0, failures = 0, errors = 0, time = 0.0
        var body = ""
        for document in documents {
            let lines = document.text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count >= 4, lines[0].hasPrefix("<?xml "), lines[1].hasPrefix("<testsuites "),
                  lines[lines.count - 2] == "</testsuites>", lines[lines.count - 1].isEmpty else {
                throw DataFileError("not a JUnit report written by earshot test (a <testsuites> element, one line each)",
                                    at: SourceLocation(file: document.file, line: 1, column: 1))
            }
            func attribute(_ key: String) throws -> String {
                guard let start = lines[1].range(of: " \(key)=\""),
                      let end = lines[1][start.upperBound...].firstIndex(of: "\"") else {
                    throw DataFileError("the <testsuites> element has no \(key)", at: SourceLocation(file: document.file, line: 2, column: 1))
                }
                return String(lines[1][start.upperBound..<end])
            }
            let suiteName = try attribute("name")
            if let name, name != suiteName {
                throw DataFileError("the report of \"\(suiteName)\" cannot join that of \"\(name)\"", at: SourceLocation(file: document.file, line: 2, column: 1))
            }
            name = suiteName
            guard let t = Int(try attribute("tests")), let f = Int(try attribute("failures")), let e = Int(try attribute("errors")),
                  let s = Double(try attribute("time")) else {
                throw DataFileError("the <testsuites> totals are not numbers", at: SourceLocation(file: document.file, line: 2, column: 1))
            }
            tests += t; failures += f; errors += e; time += s
            body += lines[2..<(lines.count - 2)].map { $0 + "\n" }.joined()
        }
        guard let name else { throw FileIOError(path: "-", reason: "nothing to merge") }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(name)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(fixedDecimal(time, places: 3))\">\n"
            + body + "</testsuites>\n"
    }

    /// SARIF: one run whose results are the shards' results in order; the tool, its rules and
    /// the source root are the first shard's (every shard of a run names the same).
    public static func sarif(_ documents: [Document]) throws -> String {
        let open = "\n      \"results\": ", close = "\n      ]\n    }\n  ]\n}\n"
        var head: String?
        var results: [String] = []
        for document in documents {
            guard let start = document.text.range(of: open), document.text.contains("\"version\": \"2.1.0\"") else {
                throw DataFileError("not a SARIF log written by Earshot (no \"results\" of one run)",
                                    at: SourceLocation(file: document.file, line: 1, column: 1))
            }
            let rest = document.text[start.upperBound...]
            if rest.hasPrefix("[]") {
                // No result in this shard.
            } else if rest.hasPrefix("[\n"), rest.hasSuffix(close) {
                results.append(String(rest.dropFirst(2).dropLast(close.count)))
            } else {
                throw DataFileError("not a SARIF log written by Earshot (its results are not laid out as Earshot writes them)",
                                    at: SourceLocation(file: document.file, line: 1, column: 1))
            }
            head = head ?? String(document.text[..<start.upperBound])
        }
        guard let head else { throw FileIOError(path: "-", reason: "nothing to merge") }
        if results.isEmpty { return head + "[]\n    }\n  ]\n}\n" }
        return head + "[\n" + results.joined(separator: ",\n") + close
    }

    /// Findings JSON (`--findings`): every shard's findings in order, written as one file.
    public static func findings(_ files: [String]) throws -> String {
        FindingsJSON.encode(try files.flatMap { try FindingsJSON.load(path: $0) })
    }
}
