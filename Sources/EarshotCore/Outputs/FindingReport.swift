/// Findings as plain text for a terminal, two lines each so a screen reader reads the problem
/// and the fix as separate lines:
///
///     samples/lint/shop-before.json:40:13: warning focus.fragmented [card-1, card-1-name, …]: "card-1" is one card read as 4 focus stops; …
///       Fix: Make the card one focus stop with MergedFocus (UIKit) or …
///
/// The place of the cause first as `FILE:LINE:COLUMN:` (the form compilers print, which
/// editors and CI systems turn into links), then the severity (`error (expected)` for a
/// finding the scenario expects), the code, the time (`at 1.250 s`) for dynamic findings, the
/// elements in brackets, and the message. A dynamic finding whose element has a place in a
/// screen file gets a third line between them, `  Element: FILE:LINE:COLUMN`. No findings
/// prints `no findings`.
public enum FindingReport {
    /// All findings, each as its two lines, ending with a line break.
    public static func text(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "no findings\n" }
        return findings.map { lines(of: $0) }.joined()
    }

    /// One finding's two lines.
    public static func lines(of finding: Finding) -> String {
        var head = finding.location.map { "\($0): " } ?? ""
        head += finding.severity.rawValue + (finding.expected ? " (expected)" : "")
            + (finding.baseline.map { " (\($0.rawValue))" } ?? "") + " \(finding.code.rawValue)"
        if let time = finding.time { head += " at \(fixedDecimal(time, places: 3)) s" }
        if let rate = finding.rate { head += " (\(rate) words a minute)" }
        if !finding.elements.isEmpty { head += " [\(finding.elements.joined(separator: ", "))]" }
        let element = finding.elementLocation.map { "  Element: \($0)\n" } ?? ""
        // A finding quotes the screen (a page's labels and ids): its control characters are
        // shown as codes, never sent to the terminal.
        return "\(TerminalText.visible(head)): \(TerminalText.visible(finding.message))\n\(element)  Fix: \(finding.fix)\n" + criteriaLine(finding.criteria)
    }

    /// `  Criteria: WCAG 2.2 1.1.1, 4.1.2; KWCAG 2.2 1.1.1; KS X 3253 5.1` with a line break;
    /// nothing for a code that bears on no criterion.
    public static func criteriaLine(_ criteria: [Criterion]) -> String {
        criteria.isEmpty ? "" : "  Criteria: \(Criteria.references(criteria))\n"
    }

    /// "3 findings (1 error, 2 warnings)" or "no findings".
    public static func summary(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "no findings" }
        let counts = FindingSeverity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return counted(count, severity.rawValue)
        }
        let total = findings.count == 1 ? "1 finding" : "\(findings.count) findings"
        let expected = findings.filter(\.expected).count
        var extra = expected > 0 ? "; \(expected) expected" : ""
        for mark in BaselineMark.allCases {
            let count = findings.filter { $0.baseline == mark }.count
            if count > 0 { extra += "; \(count) \(mark.rawValue)" }
        }
        return "\(total) (\(counts.joined(separator: ", "))\(extra))"
    }

}

extension Finding: CustomStringConvertible {
    /// The finding's two report lines, without the final line break.
    public var description: String { String(FindingReport.lines(of: self).dropLast()) }
}
