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
            let place = SourceLocation(file: document.file, line: 2, column: 1)
            let t = try count(try attribute("tests"), "tests", at: place)
            let f = try count(try attribute("failures"), "failures", at: place)
            let e = try count(try attribute("errors"), "errors", at: place)
            guard let s = Double(try attribute("time")), s.isFinite, s >= 0 else {
                throw DataFileError("the <testsuites> time is not a number of seconds of 0 or more", at: place)
            }
            // The totals must be what the report holds: a report whose counts were edited (or
            // cut short) would otherwise merge into a verdict no run gave.
            let cases = lines[2..<(lines.count - 2)]
            let held = (tests: cases.filter { $0.hasPrefix("    <testcase ") }.count,
                        failures: cases.filter { $0.hasPrefix("      <failure ") }.count,
                        errors: cases.filter { $0.hasPrefix("      <error ") }.count)
            guard held == (t, f, e) else {
                throw DataFileError("the <testsuites> totals (\(t) tests, \(f) failures, \(e) errors) disagree with the report's own test cases (\(held.tests), \(held.failures), \(held.errors))",
                                    at: place)
            }
            tests = try sum(tests, t, "tests", at: place)
            failures = try sum(failures, f, "failures", at: place)
            errors = try sum(errors, e, "errors", at: place)
            time += s
            body += lines[2..<(lines.count - 2)].map { $0 + "\n" }.joined()
        }
        guard let name else { throw FileIOError(path: "-", reason: "nothing to merge") }
        guard time.isFinite else {
            throw DataFileError("the reports' times add up to more than a number of seconds can hold", at: SourceLocation(file: documents[0].file, line: 2, column: 1))
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(name)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(fixedDecimal(time, places: 3))\">\n"
            + body + "</testsuites>\n"
    }

    /// A count a report states: a whole number of 0 or more, or an error at `place`.
    public static func count(_ text: String, _ what: String, at place: SourceLocation) throws -> Int {
        guard let number = Int(text), number >= 0 else {
            throw DataFileError("the \(what) count \"\(text)\" is not a whole number of 0 or more", at: place)
        }
        return number
    }

    /// `total + more`, or an error at `place` when the sum is past what a count can hold.
    public static func sum(_ total: Int, _ more: Int, _ what: String, at place: SourceLocation) throws -> Int {
        let (result, overflow) = total.addingReportingOverflow(more)
        guard !overflow else { throw DataFileError("the \(what) counts add up to more than a count can hold", at: place) }
        return result
    }

    /// SARIF: one run whose results are the shards' results in order; the tool, its rules and
    /// the source root are the first shard's, and every shard must name the same (a log of
    /// another version or folder is refused).
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
            let documentHead = String(document.text[..<start.upperBound])
            if let head, head != documentHead {
                throw DataFileError("this SARIF log names another tool, rule set or source folder than \(documents[0].file): it is not a shard of the same run",
                                    at: SourceLocation(file: document.file, line: 1, column: 1))
            }
            head = documentHead
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
