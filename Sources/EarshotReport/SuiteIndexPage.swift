import EarshotCore
import Foundation

/// `earshot test --report DIR`'s `index.html`: the pass/fail table of the suite, a row per
/// scenario with a link to its page.
public struct SuiteIndexPage {
    public var verdicts: [ScenarioVerdict]
    public var pages: [String]
    /// The suite's `--standard` table, shown after the results when set.
    public var conformance: ConformanceReport?

    public init(verdicts: [ScenarioVerdict], pages: [String]) {
        self.verdicts = verdicts
        self.pages = pages
    }

    /// A page name per scenario file: its name with `.html`, with the folders before it when
    /// two scenarios share a name (`scenarios-open.html`).
    public static func pageNames(for files: [String]) -> [String] {
        func base(_ file: String) -> String { ((file as NSString).lastPathComponent as NSString).deletingPathExtension }
        let counts = Dictionary(files.map { (base($0), 1) }, uniquingKeysWith: +)
        var used = Set<String>()
        return files.map { file in
            var name = base(file)
            if counts[name, default: 0] > 1 {
                name = ScenarioComposition.standardizedPath((file as NSString).deletingPathExtension)
                    .split(separator: "/").filter { $0 != ".." && $0 != "." }.joined(separator: "-")
            }
            var candidate = name + ".html", number = 2
            while !used.insert(candidate).inserted || candidate == "index.html" {
                candidate = "\(name)-\(number).html"
                number += 1
            }
            return candidate
        }
    }

    public func html(provenance: String) -> String {
        let failed = verdicts.filter { !$0.passed }.count
        let summary = "<p class=\"verdict \(failed == 0 ? "passed" : "failed")\">\(verdicts.count - failed) passed, \(failed) failed.</p>"
        var table = "<table><caption class=\"visually-hidden\">Scenarios and their results</caption><thead><tr>"
        table += ["Scenario", "Result", "Golden transcript", "Expectations", "Findings", "Page"].map { "<th scope=\"col\">\($0)</th>" }.joined()
        table += "</tr></thead><tbody>\n"
        for (verdict, page) in zip(verdicts, pages) {
            let outcome = verdict.outcome
            let golden: String = switch verdict.golden {
            case .matched: "matches"
            case .updated: "updated"
            case .differs: "differs"
            case .missing: "missing"
            case .otherRate: "not compared (at \(outcome.rate.map(String.init) ?? "another") words a minute)"
            case .otherReader: "not compared (heard by \(outcome.reader ?? "another reader"))"
            case nil: "not compared"
            }
            let held = outcome.expectations.filter(\.passed).count
            table += "<tr><th scope=\"row\"><code>\(HTML.text(PagePath.shown(outcome.file)))</code>"
            if let title = outcome.title { table += "<br>\(HTML.text(title))" }
            table += "</th><td class=\"\(verdict.passed ? "passed" : "failed")\">\(verdict.passed ? "passed" : "failed")</td>"
            table += "<td>\(golden)</td><td>\(held) of \(outcome.expectations.count) held</td>"
            table += "<td>\(HTML.text(outcome.error ?? FindingReport.summary(verdict.findings)))</td>"
            table += outcome.error == nil ? "<td><a href=\"\(HTML.attribute(HTML.relativeURL(page)))\">\(HTML.text(page))</a></td></tr>\n" : "<td>none: it could not run</td></tr>\n"
        }
        table += "</tbody></table>"
        let page = ReportPage(kind: "Test suite", title: "Desk checks: \(verdicts.count) scenarios", summary: summary,
                              sections: [.init(id: "results", title: "Results", html: table)]
                                + (conformance.map { [.init(id: "conformance", title: "Conformance: \($0.standard.name)", html: ConformanceSection.html($0))] } ?? []),
                              speechLanguage: "ko")
        return page.html(provenance: provenance)
    }

    /// Joins the `index.html` pages of a suite run in shards into the page one run would have
    /// written: the rows in shard order, the counts and the verdict summed. Each page is one
    /// this type wrote (`file` names it in a message).
    public static func merge(_ pages: [(file: String, html: String)]) throws -> String {
        var passed = 0, failed = 0
        var rows = ""
        var first: String?
        for page in pages {
            let bad = DataFileError("not a test suite index written by earshot test --report",
                                    at: SourceLocation(file: page.file, line: 1, column: 1))
            guard let body = page.html.range(of: "<tbody>\n"), let end = page.html.range(of: "</tbody></table>", range: body.upperBound..<page.html.endIndex),
                  let verdict = page.html.range(of: "<p class=\"verdict "), let counts = page.html.range(of: "\">", range: verdict.upperBound..<page.html.endIndex),
                  let stop = page.html.range(of: " failed.</p>", range: counts.upperBound..<page.html.endIndex) else { throw bad }
            let numbers = page.html[counts.upperBound..<stop.lowerBound].components(separatedBy: " passed, ")
            guard numbers.count == 2 else { throw bad }
            let place = SourceLocation(file: page.file, line: 1, column: 1)
            let p = try ReportMerge.count(numbers[0], "passed", at: place), f = try ReportMerge.count(numbers[1], "failed", at: place)
            // The counts must be the page's own rows: edited counts would merge into a verdict no run gave.
            let shardRows = page.html[body.upperBound..<end.lowerBound]
            let held = (shardRows.components(separatedBy: "<td class=\"passed\">").count - 1,
                        shardRows.components(separatedBy: "<td class=\"failed\">").count - 1)
            guard held == (p, f) else {
                throw DataFileError("the index says \(p) passed, \(f) failed, but its table has \(held.0) passed and \(held.1) failed rows", at: place)
            }
            passed = try ReportMerge.sum(passed, p, "passed", at: place)
            failed = try ReportMerge.sum(failed, f, "failed", at: place)
            rows += shardRows
            first = first ?? page.html
        }
        guard var html = first else { throw FileIOError(path: "-", reason: "nothing to merge") }
        let body = html.range(of: "<tbody>\n")!, end = html.range(of: "</tbody></table>", range: body.upperBound..<html.endIndex)!
        html.replaceSubrange(body.upperBound..<end.lowerBound, with: rows)
        let verdict = html.range(of: "<p class=\"verdict ")!
        let stop = html.range(of: " failed.</p>", range: verdict.upperBound..<html.endIndex)!
        html.replaceSubrange(verdict.lowerBound..<stop.upperBound,
                             with: "<p class=\"verdict \(failed == 0 ? "passed" : "failed")\">\(passed) passed, \(failed) failed.</p>")
        // The title names the number of scenarios (in <title> and <h1>).
        var searchFrom = html.startIndex
        while let title = html.range(of: "Desk checks: ", range: searchFrom..<html.endIndex),
              let scenarios = html.range(of: " scenarios", range: title.upperBound..<html.endIndex),
              Int(html[title.upperBound..<scenarios.lowerBound]) != nil {
            html.replaceSubrange(title.upperBound..<scenarios.lowerBound, with: String(try ReportMerge.sum(passed, failed, "scenario", at: SourceLocation(file: pages[0].file, line: 1, column: 1))))
            searchFrom = html.range(of: " scenarios", range: title.upperBound..<html.endIndex)!.upperBound
        }
        return html
    }
}
