/// Which checks a run made, by the codes they report, and why the others it could have made
/// did not run: what a conformance table may count as checked (`ConformanceReport`).
///
/// Built from what ran, never from the list of every code: the linter adds the static checks it
/// made on each screen, a scenario run the flow checks it made on its timeline, a page the
/// live-region and focus checks, a sweep of rates its rate check. A code the run could not
/// check carries the reason (a dump without `--density`, a voice without symbol names); a code
/// that is in neither set belongs to a kind of run this was not (a flow check in `lint`).
public struct CheckCoverage: Sendable, Equatable {
    /// The codes whose checks ran.
    public private(set) var ran: Set<FindingCode> = []
    /// The cases of codes the criteria data maps apart whose checks ran (`focus-hidden`: the
    /// browser's hit test of a web page): a case's criteria count as checked only then.
    public private(set) var ranCases: Set<FindingCase> = []
    /// For a code whose check could not run, why; never a code that ran.
    public private(set) var notRun: [FindingCode: String] = [:]
    /// Of `notRun`, the codes no note names: what the input seldom allows (a page as a scenario
    /// plays it has no hit test of its covers), as against what the user can give (`--density`).
    public private(set) var unnoted: Set<FindingCode> = []
    /// axe-core's rules that ran on a page of the run, with the WCAG criteria each is tagged
    /// with (`AxeRun.rules`): a criterion they bear on counts as checked by them.
    public private(set) var axeRules: [AxeRule: [String]] = [:]
    /// Why axe-core did not run on a page of the run (not installed, its script failed); nil
    /// when it ran on every page given to it, or when the run read no page.
    public private(set) var axeUnavailable: String?

    public init() {}

    /// `codes` ran.
    public init(ran codes: some Sequence<FindingCode>) {
        record(ran: codes)
    }

    /// Records that the checks of `codes` ran (a reason given before for one of them is dropped).
    public mutating func record(ran codes: some Sequence<FindingCode>) {
        for code in codes {
            ran.insert(code)
            notRun[code] = nil
            unnoted.remove(code)
        }
    }

    /// Records that the check of `code` could not run, and why; the first reason stays, and a
    /// code that ran stays ran. `noted` false: no note names it (the table still says why).
    public mutating func record(notRun code: FindingCode, because reason: String, noted: Bool = true) {
        guard !ran.contains(code), notRun[code] == nil else { return }
        notRun[code] = reason
        if !noted { unnoted.insert(code) }
    }

    /// Whether the check of `code` ran.
    public func checked(_ code: FindingCode) -> Bool { ran.contains(code) }

    /// Records that the check of `findingCase` ran (and so its code's).
    public mutating func record(ran findingCase: FindingCase) {
        record(ran: [findingCase.code])
        ranCases.insert(findingCase)
    }

    /// Whether the check of `code`, or of its case `findingCase`, ran.
    public func checked(_ code: FindingCode, case findingCase: FindingCase?) -> Bool {
        guard let findingCase else { return checked(code) }
        return ranCases.contains(findingCase)
    }

    /// Records what axe-core did on a page: the rules it ran, or why it did not run (the first
    /// reason stays).
    public mutating func record(axe status: AxeStatus) {
        switch status {
        case .ran(let run): axeRules.merge(run.rules) { first, _ in first }
        case .unavailable(let reason): if axeUnavailable == nil { axeUnavailable = reason }
        }
    }

    /// This coverage joined with another run's: a code ran when either ran it; one neither
    /// ran keeps the first reason given.
    public func merging(_ other: CheckCoverage) -> CheckCoverage {
        var merged = self
        merged.record(ran: other.ran)
        other.ranCases.forEach { merged.record(ran: $0) }
        for (code, reason) in other.notRun.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            merged.record(notRun: code, because: reason, noted: !other.unnoted.contains(code))
        }
        merged.axeRules.merge(other.axeRules) { first, _ in first }
        if merged.axeUnavailable == nil { merged.axeUnavailable = other.axeUnavailable }
        return merged
    }

    /// Several runs' coverage (screens, files, scenarios) as one: a code counts as checked when
    /// any of them checked it.
    public static func joined(_ each: some Sequence<CheckCoverage>) -> CheckCoverage {
        each.reduce(CheckCoverage()) { $0.merging($1) }
    }

    /// Of the codes that did not run, those a note names: a static check that could not run on
    /// the screens given (targets without a density, labels of symbols without names). A
    /// dynamic code the kind of run does not exercise (a live region off a page, the rate code
    /// outside a sweep) is only marked in the conformance table.
    public var notedReasons: [String] {
        (Set(notRun.filter { FindingCatalogue.entry(for: $0.key).origin == .static && !unnoted.contains($0.key) }.values)
            .union(axeUnavailable.map { [$0] } ?? [])).sorted()
    }
}

extension CheckCoverage: Codable {
    private enum CodingKeys: String, CodingKey {
        case ran
        case notRun
        case unnoted
        case ranCases
        case axeRules
        case axeUnavailable
    }

    /// `{"ran": ["label.missing", …], "notRun": {"target.too-small": "reason"}}`, codes sorted;
    /// a code this build does not know is skipped when read (a worker of another build).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ran.map(\.rawValue).sorted(), forKey: .ran)
        try container.encode(Dictionary(uniqueKeysWithValues: notRun.map { ($0.key.rawValue, $0.value) }), forKey: .notRun)
        try container.encode(unnoted.map(\.rawValue).sorted(), forKey: .unnoted)
        if !ranCases.isEmpty { try container.encode(ranCases.map(\.rawValue).sorted(), forKey: .ranCases) }
        if !axeRules.isEmpty {
            try container.encode(Dictionary(uniqueKeysWithValues: axeRules.map { ($0.key.id, $0.value) }), forKey: .axeRules)
        }
        try container.encodeIfPresent(axeUnavailable, forKey: .axeUnavailable)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        record(ran: try container.decode([String].self, forKey: .ran).compactMap(FindingCode.init(rawValue:)))
        for name in try container.decodeIfPresent([String].self, forKey: .ranCases) ?? [] {
            if let known = FindingCase(rawValue: name) { record(ran: known) }
        }
        let unnoted = Set(try container.decodeIfPresent([String].self, forKey: .unnoted) ?? [])
        for (code, reason) in try container.decode([String: String].self, forKey: .notRun) {
            if let known = FindingCode(rawValue: code) { record(notRun: known, because: reason, noted: !unnoted.contains(code)) }
        }
        for (id, criteria) in try container.decodeIfPresent([String: [String]].self, forKey: .axeRules) ?? [:] {
            if let rule = AxeRule(id: id) { axeRules[rule] = criteria }
        }
        axeUnavailable = try container.decodeIfPresent(String.self, forKey: .axeUnavailable)
    }
}
