/// One standard's criteria against a run (`--standard`): each failed (with the findings that
/// fail it), checked with no finding, or not evaluated, with why a person has to judge it.
///
/// A criterion is **failed** when an error or warning finding of the run bears on it (notes
/// never fail one; a finding the scenario expects or the baseline knows is still a failure of
/// the criterion: it is a real problem of the app). It is **checked** when a check bearing on
/// it ran and found nothing: Earshot never says "passed", and the criterion's `person` line says
/// what a person still judges. It is **not evaluated** when no check of this run bears on it:
/// what a tree and a timeline cannot tell (contrast, captions, …), a dynamic check in a run
/// that played no scenario (`lint`), or a check the input did not allow (an Android dump
/// without `--density`).
///
/// Rows: every criterion of KWCAG 2.2 and KS X 3253; for WCAG 2.2 every level A and AA
/// criterion, and the AAA ones a finding code bears on (Earshot's target size warning). The
/// obsolete 4.1.1 is left out.
public struct ConformanceReport: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case failed
        case checked
        case notEvaluated = "not-evaluated"

        /// How the text table names it.
        public var words: String {
            switch self {
            case .failed: "failed"
            case .checked: "checked, no finding"
            case .notEvaluated: "not evaluated"
            }
        }
    }

    public struct Row: Sendable {
        public var criterion: Criterion
        public var status: Status
        /// The codes of this run's checks that bear on the criterion.
        public var codes: [FindingCode]
        /// The findings that fail it, in the run's order.
        public var findings: [Finding]
        /// For a criterion not evaluated: why; for a checked or failed one: what a person still judges.
        public var note: String?
    }

    public var standard: Standard
    public var rows: [Row]

    /// The table of `standard` for a run that reported `findings` and ran the checks `checked`;
    /// `unchecked` gives, for a code the run could not check, why (it is then not counted as checked).
    public init(_ standard: StandardID, findings: [Finding], checked: Set<FindingCode>, unchecked: [FindingCode: String] = [:]) throws {
        self.standard = try Criteria.standard(standard)
        let candidates = self.standard.criteria.filter { criterion in
            guard standard == .wcag22 else { return true }
            switch criterion.level {
            case "A", "AA": return true
            case "AAA": return !Criteria.codes(for: criterion).isEmpty
            default: return false
            }
        }
        rows = candidates.map { criterion in
            let bearing = Criteria.codes(for: criterion)
            let ran = bearing.filter { checked.contains($0) && unchecked[$0] == nil }
            // A screen several scenarios show gives the same static finding in each: once here.
            var seen = Set<String>()
            let failing = findings.filter { finding in
                guard bearing.contains(finding.code), finding.severity >= .warning else { return false }
                let key = "\(finding.code.rawValue)|\(finding.location?.description ?? "")|\(finding.time.map { "\($0)" } ?? "")|\(finding.elements)|\(finding.message)"
                return seen.insert(key).inserted
            }
            if !failing.isEmpty {
                return Row(criterion: criterion, status: .failed, codes: ran, findings: failing, note: criterion.person)
            }
            if !ran.isEmpty {
                return Row(criterion: criterion, status: .checked, codes: ran, findings: [], note: criterion.person)
            }
            let why: String? = if bearing.isEmpty {
                criterion.person
            } else if let reason = bearing.lazy.compactMap({ unchecked[$0] }).first {
                reason
            } else {
                "only a scenario run checks it (\(bearing.map(\.rawValue).joined(separator: ", "))): earshot check or earshot test"
            }
            return Row(criterion: criterion, status: .notEvaluated, codes: [], findings: [], note: why)
        }
    }

    public func count(_ status: Status) -> Int { rows.filter { $0.status == status }.count }

    /// `KWCAG 2.2: 33 criteria: 2 failed, 8 checked with no finding, 23 not evaluated`.
    public var summary: String {
        "\(standard.name): \(rows.count) criteria: \(count(.failed)) failed, \(count(.checked)) checked with no finding, \(count(.notEvaluated)) not evaluated"
    }

    /// The table as plain lines for a terminal: the summary, then a line per criterion
    /// (`failed  1.1.1 Title (A): label.missing 2`), the failing findings and each code's fix
    /// under a failed one, the person's part under the others.
    public var text: String {
        var out = "Conformance, \(summary)\n"
        out += "  (\(standard.edition); Earshot judges from the tree and the timeline only, and never says passed)\n"
        for row in rows {
            let level = row.criterion.level.map { " (\($0))" } ?? ""
            var line = "\(row.status.words): \(row.criterion.id) \(row.criterion.title)\(level)"
            if row.status == .failed {
                let codes = FindingCode.allCases.compactMap { code -> String? in
                    let count = row.findings.filter { $0.code == code }.count
                    return count == 0 ? nil : "\(code.rawValue) \(count)"
                }
                line += ": " + codes.joined(separator: ", ")
            } else if row.status == .checked {
                line += ": by " + row.codes.map(\.rawValue).joined(separator: ", ")
            }
            out += line + "\n"
            for finding in row.findings {
                var head = finding.location.map { "\($0): " } ?? ""
                head += finding.severity.rawValue + (finding.expected ? " (expected)" : "")
                    + (finding.baseline.map { " (\($0.rawValue))" } ?? "") + " \(finding.code.rawValue)"
                if !finding.elements.isEmpty { head += " [\(finding.elements.joined(separator: ", "))]" }
                out += "  \(head): \(finding.message)\n"
            }
            var fixed = Set<FindingCode>()
            for finding in row.findings where fixed.insert(finding.code).inserted {
                out += "  Fix (\(finding.code.rawValue)): \(finding.fix)\n"
            }
            if let note = row.note {
                out += row.status == .notEvaluated ? "  Why: \(note)\n" : "  A person judges: \(note)\n"
            }
        }
        return out
    }

    /// The table as JSON (`--conformance FILE.json`): the standard, the counts, and one
    /// criterion per line with its status, codes, findings and note.
    public var json: String {
        let counts = "{\"failed\": \(count(.failed)), \"checked\": \(count(.checked)), \"notEvaluated\": \(count(.notEvaluated)), \"total\": \(rows.count)}"
        let lines = rows.map { row -> String in
            let findings = row.findings.map { finding -> String in
                let fields: [(String, String)] = [
                    ("code", jsonString(finding.code.rawValue)),
                    ("severity", jsonString(finding.severity.rawValue)),
                    ("elements", "[" + finding.elements.map(jsonString).joined(separator: ", ") + "]"),
                    ("message", jsonString(finding.message)),
                    ("fix", jsonString(finding.fix)),
                    ("source", finding.source.map(jsonString) ?? "null"),
                    ("location", finding.location.map(\.json) ?? "null"),
                    ("baseline", finding.baseline.map { jsonString($0.rawValue) } ?? "null"),
                ]
                return "{" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
            }
            let fields: [(String, String)] = [
                ("id", jsonString(row.criterion.id)),
                ("level", row.criterion.level.map(jsonString) ?? "null"),
                ("title", jsonString(row.criterion.title)),
                ("url", jsonString(row.criterion.url)),
                ("status", jsonString(row.status.rawValue)),
                ("codes", "[" + row.codes.map { jsonString($0.rawValue) }.joined(separator: ", ") + "]"),
                ("findings", "[" + findings.joined(separator: ", ") + "]"),
                ("note", row.note.map(jsonString) ?? "null"),
            ]
            return "    {" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        return """
        {
          "standard": \(jsonString(standard.id.rawValue)),
          "name": \(jsonString(standard.name)),
          "edition": \(jsonString(standard.edition)),
          "counts": \(counts),
          "criteria": [
        \(lines.joined(separator: ",\n"))
          ]
        }

        """
    }
}
