/// axe-core's results on a web page as findings (`axe.RULE`; docs/web.md, "axe-core in the
/// page"): one finding for each element a violation or an incomplete result names, in axe's
/// order, judged where the page was read (`PageCapture`) and carried by the document's node.
///
/// - Severity from axe's impact: `critical` and `serious` an error, `moderate` and `minor` a
///   warning (Earshot's choice: axe reports a violation only where its rule failed). An
///   incomplete result is a note: axe could not tell, a person judges it, and a note never fails
///   a criterion (the conformance table lists it for review, never as passed).
/// - The element: the screen's element axe's node is, or the one that holds it; its stop
///   number and what the reader says there when it is a stop or inside one, else axe's selector.
/// - The message: axe's help, the element, axe's summary of what to fix there; the fix: axe's
///   help page. The WCAG criteria of the rule's tags go with the finding (`Finding.axe`), and
///   through the criteria data to KWCAG 2.2 and KS X 3253 (`Criteria.axeCriteria`).
enum AxeCheck {
    @Sendable static func results(_ linted: LintedScreen) -> [Finding] {
        guard let run = linted.screen.webAxe?.run else { return [] }
        // Each element's stop: itself, or the stop it is inside.
        var stopOf: [String: Int] = [:]
        let stopIndex = Dictionary(linted.stops.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        func visit(_ node: AccessibilityNode, inside: Int?) {
            let here = stopIndex[node.id] ?? inside
            if let here { stopOf[node.id] = here }
            node.children.forEach { visit($0, inside: here) }
        }
        linted.screen.roots.forEach { visit($0, inside: nil) }
        // An element around stops (a paragraph whose text is the stop): its first stop.
        func firstStop(in node: AccessibilityNode) -> Int? {
            if let index = stopIndex[node.id] { return index }
            return node.children.lazy.compactMap(firstStop(in:)).first
        }
        func find(_ id: String, in node: AccessibilityNode) -> AccessibilityNode? {
            if node.id == id { return node }
            return node.children.lazy.compactMap { find(id, in: $0) }.first
        }
        var findings: [Finding] = []
        for result in run.results {
            let severity: FindingSeverity = switch (result.outcome, result.impact) {
            case (.incomplete, _): .note
            case (.violation, "critical"), (.violation, "serious"): .error
            case (.violation, _): .warning
            }
            for node in result.nodes {
                var place = "\(node.target)"
                if let id = node.node, let index = stopOf[id] ?? linted.screen.roots.lazy.compactMap({ find(id, in: $0) }).first.flatMap(firstStop(in:)) {
                    place = "stop \(index + 1), where \(linted.generator.reader.name.title) says \"\(linted.spoken[index].text)\" (\(node.target))"
                } else if let id = node.node {
                    place = "element \(id) (\(node.target)), not a stop"
                }
                let outcome = result.outcome == .violation ? "" : " (incomplete: a person judges)"
                let impact = result.impact.map { " (\($0))" } ?? ""
                var message = "axe-core \(result.rule.id)\(impact)\(outcome): \(result.help), at \(place)"
                if let summary = node.summary?.split(whereSeparator: \.isWhitespace).joined(separator: " "), !summary.isEmpty {
                    message += ". " + summary
                }
                var finding = Finding(.axe(result.rule), elements: node.node.map { [$0] } ?? [], message: message + ".",
                                      severity: severity, fix: "\(result.help): see \(result.helpURL)")
                finding.axe = AxeFindingFacts(outcome: result.outcome, impact: result.impact, help: result.help,
                                              helpURL: result.helpURL, criteria: result.criteria, target: node.target)
                findings.append(finding)
            }
        }
        return findings
    }
}
