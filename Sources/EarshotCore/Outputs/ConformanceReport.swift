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
/// A criterion axe-core's incomplete results bear on, and no error or warning, is **to review**:
/// axe could not tell, a person judges it (never a pass).
///
/// Each row names what judged it (`judges`): Earshot's checks by their codes, axe-core's rules by
/// their ids, or a person, where nothing automated did, so a tester can say in an audit which
/// rows were automated.
///
/// Rows: every criterion of KWCAG 2.2 and KS X 3253; for WCAG 2.2 every level A and AA
/// criterion, and the AAA ones a finding code bears on (Earshot's target size warning). The
/// obsolete 4.1.1 is left out.
public struct ConformanceReport: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case failed
        case review
        case checked
        case notEvaluated = "not-evaluated"

        /// How the text table names it.
        public var words: String {
            switch self {
            case .failed: "failed"
            case .review: "to review"
            case .checked: "checked, no finding"
            case .notEvaluated: "not evaluated"
            }
        }

        /// Which status wins when shards' tables are joined.
        var rank: Int {
            switch self {
            case .failed: 3
            case .review: 2
            case .checked: 1
            case .notEvaluated: 0
            }
        }
    }

    /// What judged a row: one of Earshot's checks, one of axe-core's rules, or a person.
    public enum Judge: Sendable, Equatable, Hashable {
        case earshot(FindingCode)
        case axe(AxeRule)
        case person

        /// `label.missing`, `axe-core color-contrast`, `a person`: as the text table and the report say it.
        public var words: String {
            switch self {
            case .earshot(let code): code.rawValue
            case .axe(let rule): "axe-core \(rule.id)"
            case .person: "a person"
            }
        }

        /// `{"by": "earshot", "id": "label.missing"}`, `{"by": "axe", "id": "color-contrast"}`, `{"by": "person"}`.
        public var json: String {
            switch self {
            case .earshot(let code): "{\"by\": \"earshot\", \"id\": \(jsonString(code.rawValue))}"
            case .axe(let rule): "{\"by\": \"axe\", \"id\": \(jsonString(rule.id))}"
            case .person: "{\"by\": \"person\"}"
            }
        }
    }

    public struct Row: Sendable {
        public var criterion: Criterion
        public var status: Status
        /// The codes of this run's checks that bear on the criterion.
        public var codes: [FindingCode]
        /// The axe-core rules that ran and bear on the criterion, by id.
        public var rules: [AxeRule] = []
        /// The findings that fail it, in the run's order.
        public var findings: [Finding]
        /// For a criterion not evaluated: why; for a checked or failed one: what a person still judges.
        public var note: String?

        /// What judged the row: Earshot's checks and axe's rules that bear on it, else a person;
        /// a person too when axe could not tell (`review`).
        public var judges: [Judge] {
            let automated = codes.map(Judge.earshot) + rules.map(Judge.axe)
            return automated.isEmpty || status == .review ? automated + [.person] : automated
        }
    }

    public var standard: Standard
    public var rows: [Row]
    /// A suite of web pages (`test` over `.html` pages): each page's own table, by its file, in
    /// the run's order; `rows` are then the suite's, merged from them (`init(_:pages:)`). Empty
    /// for the table of one run.
    public var pages: [(file: String, table: ConformanceReport)] = []

    /// The table of `standard` for a run that reported `findings` and made the checks of
    /// `coverage` (a code counts as checked only when its check ran; one that could not run
    /// gives its reason).
    public init(_ standard: StandardID, findings: [Finding], coverage: CheckCoverage) throws {
        self.standard = try Criteria.standard(standard)
        let candidates = self.standard.criteria.filter { criterion in
            guard standard == .wcag22 else { return true }
            switch criterion.level {
            case "A", "AA": return true
            case "AAA": return !Criteria.codes(for: criterion).isEmpty
            default: return false
            }
        }
        // Each axe rule that ran, with every standard's criteria its tags and the data give it.
        let axeBearing = coverage.axeRules.map { (rule: $0.key, criteria: Set(Criteria.axeCriteria(rule: $0.key, wcag: $0.value))) }
        rows = candidates.map { criterion in
            let bearing = Criteria.codes(for: criterion)
            let rules = axeBearing.filter { $0.criteria.contains(criterion) }.map(\.rule).sorted()
            // A code counts as checking the criterion when it bears on it and its check ran, or
            // bears in a case of its own (`FindingCase`) and that case's check ran.
            let ran = bearing.filter { code in
                Criteria.bearing(of: code, on: criterion).contains { coverage.checked(code, case: $0) }
            }
            // A screen several scenarios show gives the same static finding in each: once here.
            var seen = Set<String>()
            let failing = findings.filter { finding in
                guard finding.criteria.contains(criterion), finding.severity >= .warning else { return false }
                let key = "\(finding.code.rawValue)|\(finding.location?.description ?? "")|\(finding.time.map { "\($0)" } ?? "")|\(finding.elements)|\(finding.message)"
                return seen.insert(key).inserted
            }
            if !failing.isEmpty {
                return Row(criterion: criterion, status: .failed, codes: ran, rules: rules, findings: failing, note: criterion.person)
            }
            // axe could not tell (its incomplete results, notes): a person judges.
            var reviewed = Set<String>()
            let review = findings.filter { finding in
                guard finding.axe?.outcome == .incomplete, finding.criteria.contains(criterion) else { return false }
                return reviewed.insert("\(finding.code.rawValue)|\(finding.source ?? "")|\(finding.elements)|\(finding.message)").inserted
            }
            if !review.isEmpty {
                return Row(criterion: criterion, status: .review, codes: ran, rules: rules, findings: review, note: criterion.person)
            }
            if !ran.isEmpty || !rules.isEmpty {
                return Row(criterion: criterion, status: .checked, codes: ran, rules: rules, findings: [], note: criterion.person)
            }
            let why: String? = if let reason = coverage.axeUnavailable, Criteria.axeCouldJudge(criterion) {
                reason
            } else if bearing.isEmpty {
                criterion.person
            } else if let reason = bearing.lazy.compactMap({ coverage.notRun[$0] }).first {
                reason
            } else if let only = bearing.lazy.flatMap({ Criteria.bearing(of: $0, on: criterion) }).compactMap({ $0 }).first,
                      coverage.checked(only.code) {
                only.uncheckedReason
            } else {
                "only a scenario run checks it (\(bearing.map(\.rawValue).joined(separator: ", "))): earshot check or earshot test"
            }
            return Row(criterion: criterion, status: .notEvaluated, codes: [], findings: [], note: why)
        }
    }

    /// The tables of a suite's records, one per page (`file`: the page; a suite's scenarios,
    /// when it has some too, are one more, named for them), and the suite's own merged from
    /// them: a row is failed when any record failed it (with every record's findings), to
    /// review when any left it to a person and none failed it, checked when every record
    /// checked it, else not evaluated (saying on how many it was checked, and why not on the
    /// first that did not). Each row names every rule that judged it on any record.
    public init(_ standard: StandardID, pages records: [(file: String, findings: [Finding], coverage: CheckCoverage)]) throws {
        let tables = try records.map { (file: $0.file, table: try ConformanceReport(standard, findings: $0.findings, coverage: $0.coverage)) }
        self.standard = try Criteria.standard(standard)
        pages = tables
        guard let first = tables.first?.table else {
            rows = []
            return
        }
        let rank = Dictionary(uniqueKeysWithValues: FindingCode.allCases.enumerated().map { ($1, $0) })
        rows = first.rows.indices.map { index in
            let each = tables.map { (file: $0.file, row: $0.table.rows[index]) }
            var row = each[0].row
            for other in each.dropFirst() {
                for code in other.row.codes where !row.codes.contains(code) { row.codes.append(code) }
                for rule in other.row.rules where !row.rules.contains(rule) { row.rules.append(rule) }
            }
            row.rules.sort()
            row.codes.sort { (rank[$0] ?? Int.max) < (rank[$1] ?? Int.max) }
            let statuses = each.map(\.row.status)
            if statuses.contains(.failed) || statuses.contains(.review) {
                let status: Status = statuses.contains(.failed) ? .failed : .review
                row.status = status
                row.findings = each.filter { $0.row.status == status }.flatMap(\.row.findings)
                row.note = each.first { $0.row.status == status }?.row.note
            } else if statuses.allSatisfy({ $0 == .checked }) {
                row.status = .checked
                row.findings = []
                row.note = each[0].row.note
            } else {
                let checkedOn = each.filter { $0.row.status == .checked }.count
                row.status = .notEvaluated
                row.findings = []
                let missing = each.first { $0.row.status == .notEvaluated }
                let why = missing?.row.note ?? row.criterion.person ?? "no check bears on it"
                row.note = checkedOn == 0 ? why
                    : "checked on \(checkedOn) of \(each.count) pages; not on \(missing?.file ?? ""): \(why)"
                if checkedOn == 0 { row.codes = []; row.rules = [] }
            }
            return row
        }
    }

    public func count(_ status: Status) -> Int { rows.filter { $0.status == status }.count }

    /// `KWCAG 2.2: 33 criteria: 2 failed, 8 checked with no finding, 23 not evaluated`, with
    /// `1 to review` after the failed ones when axe left any to a person.
    public var summary: String {
        let review = count(.review) == 0 ? "" : "\(count(.review)) to review, "
        return "\(standard.name): \(rows.count) criteria: \(count(.failed)) failed, \(review)\(count(.checked)) checked with no finding, \(count(.notEvaluated)) not evaluated"
    }

    /// How many rows a rule judged (an Earshot check or an axe rule), and how many a person alone:
    /// `15 judged by a rule (Earshot's checks, axe-core's rules), 18 by a person alone`.
    public var judgedSummary: String {
        let automated = rows.filter { !$0.rules.isEmpty || !$0.codes.isEmpty }.count
        return "\(automated) judged by a rule (Earshot's checks, axe-core's rules), \(rows.count - automated) by a person alone"
    }

    /// The table as plain lines for a terminal: the summary, the edition, how many rows a rule
    /// judged, then a line per criterion (`failed: 1.1.1 Title (A): label.missing 2`) with what
    /// judged it (`  Judged by: label.missing, axe-core image-alt`), the failing findings and
    /// each code's fix under a failed one, the person's part under the others.
    public var text: String {
        var out = ""
        for page in pages {
            // A page by its file; the suite's scenarios, one more entry, by what they are.
            let heading = LivePages.isPage(page.file) ? "Page \(page.file)" : "Of \(page.file)"
            out += heading + ":\n" + page.table.text + "\n"
        }
        if !pages.isEmpty { out += "The suite's table, over its \(pages.count) records (failed where any failed it, checked where all checked it):\n" }
        out += "Conformance, \(summary)\n"
        out += "  (\(standard.edition); Earshot judges from the tree and the timeline only, and never says passed)\n"
        out += "  Judged: \(judgedSummary)\n"
        for row in rows {
            let level = row.criterion.level.map { " (\($0))" } ?? ""
            var line = "\(row.status.words): \(row.criterion.id) \(row.criterion.title)\(level)"
            if row.status == .failed || row.status == .review {
                var order: [FindingCode] = []
                for finding in row.findings where !order.contains(finding.code) { order.append(finding.code) }
                let rank = Dictionary(uniqueKeysWithValues: FindingCode.allCases.enumerated().map { ($1, $0) })
                order.sort { (rank[$0] ?? Int.max, $0.rawValue) < (rank[$1] ?? Int.max, $1.rawValue) }
                let codes = order.map { code in "\(code.rawValue) \(row.findings.filter { $0.code == code }.count)" }
                line += ": " + codes.joined(separator: ", ")
            }
            out += line + "\n"
            out += "  Judged by: " + row.judges.map(\.words).joined(separator: ", ") + "\n"
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
            return Self.rowLine(row.criterion, status: row.status, codes: row.codes.map(\.rawValue), rules: row.rules.map(\.id),
                                judges: row.judges.map(\.json), findings: findings, note: row.note)
        }
        let pageTables = pages.map { page in
            "{\"file\": \(jsonString(page.file)), \"table\": " + ConformanceReport.compactTable(page.table.json) + "}"
        }
        return Self.document(standard, statuses: rows.map(\.status), lines: lines, pages: pageTables)
    }

    /// A table's JSON on one line, for the `pages` of a suite's table.
    static func compactTable(_ json: String) -> String {
        (try? JSONDocument.parse(json, file: "-")).map(compact) ?? "null"
    }

    /// One criterion's line of the JSON table; `findings` are the findings' objects as text.
    static func rowLine(_ criterion: Criterion, status: Status, codes: [String], rules: [String], judges: [String], findings: [String],
                        note: String?) -> String {
        let fields: [(String, String)] = [
            ("id", jsonString(criterion.id)),
            ("level", criterion.level.map(jsonString) ?? "null"),
            ("title", jsonString(criterion.title)),
            ("url", jsonString(criterion.url)),
            ("status", jsonString(status.rawValue)),
            ("codes", "[" + codes.map(jsonString).joined(separator: ", ") + "]"),
            ("rules", "[" + rules.map(jsonString).joined(separator: ", ") + "]"),
            ("judgedBy", "[" + judges.joined(separator: ", ") + "]"),
            ("findings", "[" + findings.joined(separator: ", ") + "]"),
            ("note", note.map(jsonString) ?? "null"),
        ]
        return "    {" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func document(_ standard: Standard, statuses: [Status], lines: [String], pages: [String] = []) -> String {
        func count(_ status: Status) -> Int { statuses.filter { $0 == status }.count }
        let counts = "{\"failed\": \(count(.failed)), \"review\": \(count(.review)), \"checked\": \(count(.checked)), \"notEvaluated\": \(count(.notEvaluated)), \"total\": \(statuses.count)}"
        return """
        {
          "standard": \(jsonString(standard.id.rawValue)),
          "name": \(jsonString(standard.name)),
          "edition": \(jsonString(standard.edition)),
          "counts": \(counts),
          "criteria": [
        \(lines.joined(separator: ",\n"))
          ]\(pages.isEmpty ? "" : ",\n  \"pages\": [\n" + pages.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]")
        }

        """
    }

    /// A JSON value on one line, as the table writes it (`{"key": value, …}`, `[a, b]`).
    static func compact(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text): jsonString(text)
        case .array(let items): "[" + items.map(compact).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\(jsonString($0.key)): \(compact($0.node))" }.joined(separator: ", ") + "}"
        }
    }

    /// The tables of the shards of one run (`--conformance` of `test --shard I/N`, in shard order)
    /// as the one run's: a criterion failed in any shard is failed, with every shard's findings
    /// in order (a finding given by two shards once); else checked when any shard checked it;
    /// else not evaluated, with the first shard's reason.
    public static func merge(_ documents: [(file: String, text: String)]) throws -> String {
        var standard: StandardID?
        var order: [String] = []
        var merged: [String: (status: Status, codes: [String], rules: [String], findings: [String], note: String?)] = [:]
        // A suite of pages: each shard's page tables, in shard order.
        var pages: [String] = []
        for document in documents {
            let root = try JSONDocument.parse(document.text, file: document.file)
            let top = try root.object(allowing: ["standard", "name", "edition", "counts", "criteria", "pages"])
            pages += try top.array("pages")?.map(compact) ?? []
            let id = try top.required("standard").enumValue(StandardID.self, what: "standard")
            if let standard, standard != id {
                throw DataFileError("a \(id.rawValue) table cannot join a \(standard.rawValue) one", at: top.location)
            }
            standard = id
            for item in try top.required("criteria").arrayItems() {
                let row = try item.object(allowing: ["id", "level", "title", "url", "status", "codes", "rules", "judgedBy", "findings", "note"])
                let key = try row.requiredString("id")
                guard let status = Status(rawValue: try row.requiredString("status")) else {
                    throw DataFileError("unknown status", at: try row.required("status").location)
                }
                let codes = try row.strings("codes") ?? []
                let rules = try row.strings("rules") ?? []
                let findings = try row.required("findings").arrayItems().map(compact)
                let note = try row.string("note")
                guard let previous = merged[key] else {
                    order.append(key)
                    merged[key] = (status, codes, rules, findings, note)
                    continue
                }
                var next = previous
                if status.rank > previous.status.rank { next.status = status; next.note = note }
                for code in codes where !next.codes.contains(code) { next.codes.append(code) }
                for rule in rules where !next.rules.contains(rule) { next.rules.append(rule) }
                for finding in findings where !next.findings.contains(finding) { next.findings.append(finding) }
                merged[key] = next
            }
        }
        guard let standard else { throw DataFileError("no conformance table to merge", at: SourceLocation(file: "-", line: 1, column: 1)) }
        // A site's shards: a row is checked only where every page checked it, as one run's
        // table over the pages says (`init(_:pages:)`).
        var pageStatuses: [String: [(file: String, status: Status, note: String?)]] = [:]
        for page in pages {
            let top = try JSONDocument.parse(page, file: documents[0].file).object(allowing: ["file", "table"])
            let file = try top.requiredString("file")
            let table = try top.required("table").object(allowing: ["standard", "name", "edition", "counts", "criteria"])
            for item in try table.required("criteria").arrayItems() {
                let row = try item.object(allowing: ["id", "level", "title", "url", "status", "codes", "rules", "judgedBy", "findings", "note"])
                guard let status = Status(rawValue: try row.requiredString("status")) else { continue }
                pageStatuses[try row.requiredString("id"), default: []].append((file, status, try row.string("note")))
            }
        }
        for (key, each) in pageStatuses {
            guard var row = merged[key], row.status == .checked, let missing = each.first(where: { $0.status == .notEvaluated }) else { continue }
            let checkedOn = each.filter { $0.status == .checked }.count
            row.status = .notEvaluated
            row.note = "checked on \(checkedOn) of \(each.count) pages; not on \(missing.file): \(missing.note ?? "no check bears on it")"
            merged[key] = row
        }
        let data = try Criteria.standard(standard)
        let criteria = Dictionary(data.criteria.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var statuses: [Status] = []
        let lines = try order.map { key -> String in
            guard let criterion = criteria[key], let row = merged[key] else {
                throw DataFileError("\(standard.rawValue) has no criterion \"\(key)\"", at: SourceLocation(file: documents[0].file, line: 1, column: 1))
            }
            // The codes in the catalogue's order, as one run lists them.
            let codes = FindingCode.allCases.map(\.rawValue).filter { row.codes.contains($0) }
            let rules = row.rules.sorted()
            statuses.append(row.status)
            // What judged it, as one run's row says it.
            var judges = codes.compactMap(FindingCode.init(rawValue:)).map(Judge.earshot) + rules.compactMap(AxeRule.init(id:)).map(Judge.axe)
            if judges.isEmpty || row.status == .review { judges.append(.person) }
            return rowLine(criterion, status: row.status, codes: codes, rules: rules, judges: judges.map(\.json), findings: row.findings,
                           note: row.note)
        }
        return document(data, statuses: statuses, lines: lines, pages: pages)
    }
}
