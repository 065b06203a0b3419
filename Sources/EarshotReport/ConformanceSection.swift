import EarshotCore

/// The `--standard` table on a report page (docs/reports.md): a summary line and a row per
/// criterion with its status, what judged it (Earshot's checks, axe-core's rules, or a
/// person), the findings that fail it, and what a person still judges; each
/// criterion links to its public page.
public enum ConformanceSection {
    public static func html(_ report: ConformanceReport) -> String {
        var out = "<p>\(HTML.text(report.summary)); \(HTML.text(report.judgedSummary)). \(HTML.text(report.standard.edition)). Earshot judges from the tree and the timeline only and never says passed: every row says what a person still judges.</p>\n"
        out += "<table class=\"conformance\"><caption class=\"visually-hidden\">\(HTML.text(report.standard.name)) criteria and their status</caption><thead><tr>"
        out += ["Criterion", "Status", "Judged by", "Findings", "A person judges"].map { "<th scope=\"col\">\($0)</th>" }.joined()
        out += "</tr></thead><tbody>\n"
        for row in report.rows {
            let criterion = row.criterion
            let level = criterion.level.map { " (\($0))" } ?? ""
            out += "<tr><th scope=\"row\"><a href=\"\(HTML.attribute(criterion.url))\">\(HTML.text(criterion.id))</a> \(HTML.text(criterion.title))\(HTML.text(level))</th>"
            let status: String = switch row.status {
            case .failed: "failed"
            case .review: "review"
            case .checked: "passed"
            case .notEvaluated: ""
            }
            out += "<td class=\"\(status)\">\(HTML.text(row.status.words))</td><td>"
            out += row.judges.map { judge in
                switch judge {
                case .earshot(let code): "Earshot <code>\(HTML.text(code.rawValue))</code>"
                case .axe(let rule): "axe-core <code>\(HTML.text(rule.id))</code>"
                case .person: "a person"
                }
            }.joined(separator: ", ")
            out += "</td><td>"
            if !row.findings.isEmpty {
                out += "<ul>" + row.findings.map { finding in
                    var item = "<li><code>\(finding.code.rawValue)</code>"
                    if !finding.elements.isEmpty { item += " [\(HTML.text(finding.elements.joined(separator: ", ")))]" }
                    if let location = finding.location { item += " at \(HTML.text(location.description))" }
                    return item + ": \(HTML.text(finding.message))</li>"
                }.joined() + "</ul>"
            }
            out += "</td><td>\(HTML.text(row.note ?? ""))</td></tr>\n"
        }
        return out + "</tbody></table>"
    }
}
