import Foundation

/// A SARIF 2.1.0 log of findings (OASIS Static Analysis Results Interchange Format; GitHub
/// code scanning, GitLab and most CI dashboards read it; docs/ci-reports.md).
///
/// One run by `earshot`; one rule per finding code in the catalogue (id, title, what it means,
/// the fix, its default level, the seed it comes from); one result per finding with its
/// message, level, and its place as a physical location: the file as the command was given it,
/// relative to the current folder (`uriBaseId` `%SRCROOT%`, which the log defines as that
/// folder), line and column (columns count Unicode code points, as Earshot's messages do). A
/// dynamic finding's element is a related location. A finding the scenario expects is kept
/// with an in-source suppression, so dashboards list it as accepted rather than as an alert.
public enum SarifReport {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The log, as JSON text ending with a line break. `baseFolder` is the folder relative
    /// paths are relative to (the current folder).
    public static func json(_ findings: [Finding], baseFolder: String, version: String = earshotVersion) -> String {
        // Earshot's codes, then the axe rules the findings name, by id, each with the first
        // finding's help and criteria (axe's rules are open-ended: only those found are listed).
        var axeFacts: [AxeRule: (help: String, url: String, criteria: [Criterion])] = [:]
        for finding in findings {
            guard let rule = finding.code.axeRule, axeFacts[rule] == nil else { continue }
            axeFacts[rule] = (finding.axe?.help ?? rule.id, finding.axe?.helpURL ?? "", finding.criteria)
        }
        let codes = FindingCode.allCases + axeFacts.keys.sorted().map { FindingCode.axe($0) }
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        let rules = codes.map { code -> String in
            let entry = FindingCatalogue.entry(for: code)
            let axe = code.axeRule.flatMap { axeFacts[$0] }
            let criteria = axe?.criteria ?? Criteria.criteria(for: code)
            var fields: [(String, String)] = [
                ("id", jsonString(code.rawValue)),
                ("name", jsonString(ruleName(code))),
                ("shortDescription", text(axe?.help ?? entry.title)),
                ("fullDescription", text(entry.meaning)),
                ("help", text("Fix: " + entry.fix)),
            ]
            // axe's page for its rule; else the criterion's public page: WCAG's when the code
            // bears on one, else the first.
            if let page = axe.map(\.url) ?? (criteria.first { $0.standard == .wcag22 } ?? criteria.first)?.url {
                fields.append(("helpUri", jsonString(page)))
            }
            let tags = ["accessibility"] + criteria.map(\.reference)
            fields += [
                ("defaultConfiguration", object([("level", jsonString(level(entry.severity)))])),
                ("properties", object([("origin", jsonString(entry.origin.rawValue)),
                                       ("source", jsonString(entry.seed)),
                                       ("tags", "[" + tags.map(jsonString).joined(separator: ", ") + "]"),
                                       ("criteria", "[" + criteria.map(FindingsJSON.criterionJSON).joined(separator: ", ") + "]")])),
            ]
            return object(fields, indent: 10)
        }
        let results = findings.map { finding -> String in
            var fields: [(String, String)] = [
                ("ruleId", jsonString(finding.code.rawValue)),
                ("ruleIndex", "\(ruleIndex[finding.code]!)"),
                ("level", jsonString(level(finding.severity))),
                ("message", text(finding.message)),
            ]
            if let location = finding.location { fields.append(("locations", "[" + physical(location) + "]")) }
            if let element = finding.elementLocation {
                fields.append(("relatedLocations", "[" + physical(element, id: 1, message: "the element") + "]"))
            }
            if let mark = finding.baseline {
                // SARIF's own words for a result against a baseline.
                fields.append(("baselineState", jsonString(mark == .known ? "unchanged" : "new")))
            }
            if finding.expected {
                fields.append(("suppressions", "[" + object([
                    ("kind", jsonString("inSource")),
                    ("justification", jsonString("The scenario expects this finding (expect: finding).")),
                ]) + "]"))
            }
            var properties: [(String, String)] = [
                ("elements", "[" + finding.elements.map(jsonString).joined(separator: ", ") + "]"),
                ("fix", jsonString(finding.fix)),
            ]
            if let time = finding.time { properties.append(("time", fixedDecimal(time, places: 6))) }
            if let screen = finding.screen { properties.append(("screen", jsonString(screen))) }
            if let source = finding.source { properties.append(("source", jsonString(source))) }
            if let rate = finding.rate { properties.append(("rate", String(rate))) }
            if let reader = finding.reader { properties.append(("reader", jsonString(reader.rawValue))) }
            if let axe = finding.axe { properties += FindingsJSON.axeFields(axe) }
            fields.append(("properties", object(properties)))
            return object(fields, indent: 8)
        }
        let base = baseFolder.hasSuffix("/") ? baseFolder : baseFolder + "/"
        let driver = object([
            ("name", jsonString("earshot")),
            ("version", jsonString(version)),
            ("semanticVersion", jsonString(version)),
            ("rules", "[\n" + rules.map { "          " + $0 }.joined(separator: ",\n") + "\n        ]"),
        ], indent: 8)
        let run = object([
            ("tool", object([("driver", driver)], indent: 6)),
            ("originalUriBaseIds", object([("%SRCROOT%", object([("uri", jsonString(fileURI(base)))]))])),
            ("columnKind", jsonString("unicodeCodePoints")),
            ("results", results.isEmpty ? "[]" : "[\n" + results.map { "        " + $0 }.joined(separator: ",\n") + "\n      ]"),
        ], indent: 4)
        return object([
            ("$schema", jsonString(schema)),
            ("version", jsonString("2.1.0")),
            ("runs", "[\n    " + run + "\n  ]"),
        ], indent: 0) + "\n"
    }

    /// `label.missing` → `LabelMissing`, the rule's name.
    static func ruleName(_ code: FindingCode) -> String {
        code.rawValue.split(whereSeparator: { $0 == "." || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func level(_ severity: FindingSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func text(_ value: String) -> String { object([("text", jsonString(value))]) }

    static func physical(_ location: SourceLocation, id: Int? = nil, message: String? = nil) -> String {
        var artifact: [(String, String)] = [("uri", jsonString(uri(location.file)))]
        if !location.file.hasPrefix("/") { artifact.append(("uriBaseId", jsonString("%SRCROOT%"))) }
        var fields: [(String, String)] = []
        if let id { fields.append(("id", "\(id)")) }
        fields.append(("physicalLocation", object([
            ("artifactLocation", object(artifact)),
            ("region", object([("startLine", "\(location.line)"), ("startColumn", "\(location.column)")])),
        ])))
        if let message { fields.append(("message", text(message))) }
        return object(fields)
    }

    /// A relative path as a URI reference (percent-encoded UTF-8), an absolute one as a file URI.
    static func uri(_ path: String) -> String {
        path.hasPrefix("/") ? fileURI(path) : percentEncoded(path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }

    static func fileURI(_ absolute: String) -> String { "file://" + percentEncoded(absolute) }

    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "-._~/".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A JSON object on one line, or with one member per line at `indent` spaces.
    static func object(_ fields: [(String, String)], indent: Int? = nil) -> String {
        guard let indent else {
            return "{" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        let pad = String(repeating: " ", count: indent + 2)
        return "{\n" + fields.map { "\(pad)\(jsonString($0.0)): \($0.1)" }.joined(separator: ",\n")
            + "\n" + String(repeating: " ", count: indent) + "}"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
