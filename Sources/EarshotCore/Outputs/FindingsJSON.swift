/// Findings as a JSON array (the `--findings FILE.json` file), and back.
///
/// Every object has the same keys in the same order — `code`, `severity`, `time`, `elements`,
/// `message`, `fix`, `screen`, `source`, `location`, `elementLocation`, `expected`, `baseline`
/// (`known`, `new`, or null without a baseline), `criteria` (the code's criteria in every
/// standard, each `{"standard": …, "id": …, "title": …}`: its case's when the criteria data
/// maps its case apart), then `rate` (words a minute) only for a finding made at a rate asked
/// for (`--rate`, `--rates`), `reader` only for a finding of a run of several readers
/// (`test --readers`), and last `case` only for a finding of such a case
/// (`FindingCase`, `focus-hidden`) — with
/// `null` for what is not known, and times with six decimals, so the same findings always give
/// the same bytes and files diff cleanly. A location is `{"file": …, "line": …, "column": …}`
/// (lines and columns count from 1; the file as the command was given it).
public enum FindingsJSON {
    static let keys = ["code", "severity", "time", "elements", "message", "fix", "screen", "source", "location",
                       "elementLocation", "expected", "baseline", "criteria"]

    /// The array, one finding per line, ending with a line break.
    public static func encode(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "[]\n" }
        let objects = findings.map { finding in
            let fields: [String] = [
                jsonString(finding.code.rawValue),
                jsonString(finding.severity.rawValue),
                finding.time.map { fixedDecimal($0, places: 6) } ?? "null",
                "[" + finding.elements.map(jsonString).joined(separator: ", ") + "]",
                jsonString(finding.message),
                jsonString(finding.fix),
                finding.screen.map(jsonString) ?? "null",
                finding.source.map(jsonString) ?? "null",
                finding.location.map(\.json) ?? "null",
                finding.elementLocation.map(\.json) ?? "null",
                finding.expected ? "true" : "false",
                finding.baseline.map { jsonString($0.rawValue) } ?? "null",
                "[" + finding.criteria.map(criterionJSON).joined(separator: ", ") + "]",
            ]
            let rate = (finding.rate.map { ", \"rate\": \($0)" } ?? "")
                + (finding.reader.map { ", \"reader\": \(jsonString($0.rawValue))" } ?? "")
            let criteriaCase = finding.criteriaCase.map { ", \"case\": \(jsonString($0.rawValue))" } ?? ""
            let axe = finding.axe.map { ", \"axe\": {" + axeFields($0).map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}" } ?? ""
            return "  {" + zip(keys, fields).map { "\(jsonString($0)): \($1)" }.joined(separator: ", ") + rate + criteriaCase + axe + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// An axe finding's facts as JSON members: `outcome`, `impact`, `help`, `helpUrl`, `wcag`
    /// (the criteria of the rule's tags), `target` (axe's selector).
    static func axeFields(_ axe: AxeFindingFacts) -> [(String, String)] {
        [("outcome", jsonString(axe.outcome.rawValue)), ("impact", axe.impact.map(jsonString) ?? "null"),
         ("help", jsonString(axe.help)), ("helpUrl", jsonString(axe.helpURL)),
         ("wcag", "[" + axe.criteria.map(jsonString).joined(separator: ", ") + "]"), ("target", jsonString(axe.target))]
    }

    /// `{"standard": "wcag22", "id": "4.1.2", "title": "…"}`.
    public static func criterionJSON(_ criterion: Criterion) -> String {
        "{\"standard\": \(jsonString(criterion.standard.rawValue)), \"id\": \(jsonString(criterion.id)), \"title\": \(jsonString(criterion.title))}"
    }

    static func location(_ node: JSONNode?) throws -> SourceLocation? {
        guard let node, !node.isNull else { return nil }
        let object = try node.object(allowing: ["file", "line", "column"])
        return SourceLocation(file: try object.requiredString("file"), line: try object.required("line").intValue(),
                              column: try object.required("column").intValue())
    }

    /// Writes the array through a temporary file and a rename (exit 74 when it cannot), or to
    /// standard output when `path` is `-`.
    public static func write(_ findings: [Finding], to path: String) throws {
        try AtomicFile.writeOutput(encode(findings), to: path)
    }

    /// Reads a findings file; mistakes are data errors naming the file, line and column.
    public static func load(path: String) throws -> [Finding] {
        try decode(try JSONDocument.load(path: path))
    }

    /// Decodes a parsed findings array; an unknown code or severity suggests the nearest valid one.
    public static func decode(_ root: JSONNode) throws -> [Finding] {
        try root.arrayItems().map { node in
            let object = try node.object(allowing: keys + ["rate", "reader", "case", "axe"])
            let code = try object.required("code").enumValue(FindingCode.self, what: "finding code")
            let severity = try object.required("severity").enumValue(FindingSeverity.self, what: "severity")
            var finding = Finding(
                code, time: try object.double("time"), elements: try object.strings("elements") ?? [],
                message: try object.requiredString("message"), severity: severity,
                fix: try object.string("fix"), screen: try object.string("screen"),
                source: try object.string("source"))
            finding.location = try location(object["location"])
            finding.elementLocation = try location(object["elementLocation"])
            finding.expected = try object.bool("expected") ?? false
            finding.rate = try object.int("rate")
            finding.reader = try object.string("reader").map { ScreenReaderName($0) }
            if let mark = object["baseline"], !mark.isNull {
                finding.baseline = try mark.enumValue(BaselineMark.self, what: "baseline mark")
            }
            if let named = object["case"], !named.isNull {
                let found = try named.enumValue(FindingCase.self, what: "finding case")
                guard found.code == code else {
                    throw DataFileError("the case \"\(found.rawValue)\" is one of \(found.code.rawValue), not of \(code.rawValue)", at: named.location)
                }
                finding.criteriaCase = found
            }
            if let facts = object["axe"], !facts.isNull {
                guard code.axeRule != nil else { throw DataFileError("\"axe\" belongs to an axe finding (axe.RULE), not to \(code.rawValue)", at: facts.location) }
                let fields = try facts.object(allowing: ["outcome", "impact", "help", "helpUrl", "wcag", "target"])
                finding.axe = AxeFindingFacts(outcome: try fields.required("outcome").enumValue(AxeOutcome.self, what: "axe outcome"),
                                              impact: try fields.string("impact"), help: try fields.requiredString("help"),
                                              helpURL: try fields.requiredString("helpUrl"), criteria: try fields.strings("wcag") ?? [],
                                              target: try fields.requiredString("target"))
            }
            // `criteria` is the code's (or its case's, or an axe rule's tags'), read from the data: the file's copy is not read back.
            return finding
        }
    }


}
