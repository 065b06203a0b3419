/// What axe-core, the rule engine Earshot runs in a web page (docs/web.md, "axe-core in the
/// page"), said of it: the rules it ran, with the WCAG criteria each is tagged with, and its
/// violations and incomplete results, each with the elements it names. Saved with the page's
/// tree (`WebPageTree.axe`) and carried by the document's node (`WebElement.axe`), so that the
/// check (`AxeCheck`) judges a page read live and a saved one alike.
public struct AxeRun: Sendable, Equatable {
    /// axe's own version (`axe.version`: `4.12.1`).
    public var version: String
    /// Every rule that ran, with the WCAG 2.x success criteria its tags name (`wcag143` is
    /// 1.4.3), sorted; a rule with no criterion is best practice only (axe's own tags).
    public var rules: [AxeRule: [String]]
    /// Violations, then incomplete results, each in axe's order.
    public var results: [AxeResult]

    public init(version: String, rules: [AxeRule: [String]], results: [AxeResult]) {
        self.version = version
        self.rules = rules
        self.results = results
    }

    /// `wcag143` → `1.4.3`, `wcag1412` → `1.4.12`: a tag of a WCAG success criterion (one
    /// digit of principle and of guideline, then the criterion's number); nil for other tags
    /// (`wcag2aa`, `cat.color`, `best-practice`).
    public static func criterion(ofTag tag: String) -> String? {
        guard tag.hasPrefix("wcag") else { return nil }
        let digits = Array(tag.dropFirst(4))
        guard (3...4).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits[0] != "0" else { return nil }
        return "\(digits[0]).\(digits[1]).\(String(digits[2...]))"
    }
}

/// axe's two kinds of result Earshot keeps: a violation (the rule failed on the element) and an
/// incomplete result (axe could not tell, and a person has to judge: never a pass).
public enum AxeOutcome: String, NamedCases, Sendable {
    case violation
    case incomplete
}

/// One rule's result on a page: what axe says of it, and the elements it names.
public struct AxeResult: Sendable, Equatable {
    public var rule: AxeRule
    public var outcome: AxeOutcome
    /// axe's impact: `minor`, `moderate`, `serious`, `critical`; nil when it gives none.
    public var impact: String?
    /// axe's one-line help for the rule, and the page that explains it (Deque University).
    public var help: String
    public var helpURL: String
    /// The WCAG criteria the rule's tags name (`1.4.3`).
    public var criteria: [String]
    public var nodes: [AxeNode]

    public init(rule: AxeRule, outcome: AxeOutcome, impact: String?, help: String, helpURL: String, criteria: [String], nodes: [AxeNode]) {
        self.rule = rule
        self.outcome = outcome
        self.impact = impact
        self.help = help
        self.helpURL = helpURL
        self.criteria = criteria
        self.nodes = nodes
    }
}

/// An element an axe result names: the node of the tree that is it or holds it (a tree's node id
/// in a saved tree, the screen's element id once read), axe's selector of it, and axe's summary
/// of what to fix there.
public struct AxeNode: Sendable, Equatable {
    public var node: String?
    /// axe's `target`: a CSS selector, frames' selectors joined by ` >>> ` (axe's frame path).
    public var target: String
    public var summary: String?

    public init(node: String?, target: String, summary: String?) {
        self.node = node
        self.target = target
        self.summary = summary
    }
}

/// Facts of an axe finding that its code alone does not hold: what the conformance tables and
/// the reports need (`Finding.axe`).
public struct AxeFindingFacts: Sendable, Equatable {
    public var outcome: AxeOutcome
    public var impact: String?
    public var help: String
    public var helpURL: String
    /// The WCAG criteria the rule's tags name.
    public var criteria: [String]
    /// axe's selector of the element.
    public var target: String

    public init(outcome: AxeOutcome, impact: String?, help: String, helpURL: String, criteria: [String], target: String) {
        self.outcome = outcome
        self.impact = impact
        self.help = help
        self.helpURL = helpURL
        self.criteria = criteria
        self.target = target
    }
}

/// Whether axe ran on a page: its run, or why not (axe-core not installed, its script failed),
/// in words a conformance table's rows and the run's note give.
public enum AxeStatus: Sendable, Equatable {
    case ran(AxeRun)
    case unavailable(String)

    public var run: AxeRun? {
        if case .ran(let run) = self { return run }
        return nil
    }
}
