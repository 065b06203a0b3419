/// A scenario run once per speaking rate (`--rates 175,260,350`), each run on the same virtual
/// clock rules with durations from real speech at its rate, and what changes between them.
///
/// Utterances are matched across the runs by their kind, text and cause (the step that asked
/// for them) and their order among the same: the requests are the same at every rate, only
/// their times and fates move. An utterance whose fate is not the same kind (spoken, cut,
/// dropped) at every rate is a `FateChange`; an announcement among them (spoken in full at one
/// rate, lost at another) is a `timing.rate-dependent` finding.
///
/// Each run's expectations are its own (an expectation with `"rates"` is only in the runs at
/// those rates); the ones about the whole run's findings are checked again here with the
/// sweep's findings added, so `{"finding": "timing.rate-dependent"}` holds in every run.
public struct RateSweep: Sendable {
    /// One run of the scenario and its rate in words a minute.
    public struct Run: Sendable {
        public var rate: Int
        public var result: ScenarioResult

        public init(rate: Int, result: ScenarioResult) {
            self.rate = rate
            self.result = result
        }
    }

    /// An utterance whose fate is not the same at every rate.
    public struct FateChange: Sendable, Equatable {
        /// The utterance as the first run that asked for it has it.
        public var utterance: Utterance
        /// Its fate at each rate, in the sweep's order; nil where the run never asked for it.
        public var fates: [Int: UtteranceFate?]
    }

    /// The runs in the order of the rates given.
    public private(set) var runs: [Run]
    public private(set) var changes: [FateChange] = []
    /// The findings only the sweep can make (`timing.rate-dependent`), in time order.
    public private(set) var findings: [Finding] = []

    public var rates: [Int] { runs.map(\.rate) }

    /// `source`: the scenario file, named by the sweep's findings.
    public init(runs: [Run], source: String? = nil) {
        self.runs = runs
        changes = Self.changes(runs)
        findings = changes.compactMap { Self.finding(for: $0, runs: runs, source: source) }.sortedByTime()
        let expectations = runs.flatMap { $0.result.expectations.map(\.expectation) }
        for index in findings.indices where expectations.contains(where: { $0.expects(findings[index]) }) {
            findings[index].expected = true
        }
        for index in self.runs.indices {
            var result = self.runs[index].result
            let all = result.findings + findings
            result.expectations = result.expectations.map { checked in
                guard checked.expectation.isWholeRun else { return checked }
                return checked.expectation.evaluate(findings: all, transcript: result.transcript, location: checked.location)
            }
            self.runs[index].result = result
        }
    }

    /// Every expectation held at every rate it is about, and no error finding (of a run or of
    /// the sweep) is unexpected.
    public var passed: Bool {
        runs.allSatisfy { $0.result.failedExpectations.isEmpty && !$0.result.findings.hasUnexpectedErrors }
            && !findings.hasUnexpectedErrors
    }

    /// Every finding marked known or new against a baseline (`--baseline`).
    public mutating func mark(_ baseline: FindingBaseline) {
        findings = baseline.mark(findings)
    }

    /// One line per utterance whose fate changes, at its time in the first run that has it:
    /// `00:03.900  "장바구니에 담았습니다"  (announcement, line 12): 175 dropped (postedDuringGestureSpeech); 450 spoken at 00:02.000`.
    public var readableChanges: String {
        changes.map { change in
            let u = change.utterance
            let what = u.earcon.map { "[\($0.spokenName)]" } ?? "\"\(u.text)\""
            let why = ([u.cause] + (u.source.map { [$0] } ?? [])).joined(separator: ", ")
            let fates = rates.map { rate in "\(rate) " + ((change.fates[rate] ?? nil)?.briefReadable ?? "not asked for") }
            return "\(clockTime(u.requestedAt))  \(what)  (\(why)): \(fates.joined(separator: "; "))\n"
        }.joined()
    }

    /// How many expectations failed, over every run.
    public var failedExpectationCount: Int { runs.reduce(0) { $0 + $1.result.failedExpectations.count } }

    static func key(_ u: Utterance) -> String {
        [u.kind.code, u.earcon?.rawValue ?? "", u.text, u.source ?? u.cause].joined(separator: "\u{1}")
    }

    static func changes(_ runs: [Run]) -> [FateChange] {
        var order: [String] = []
        var byKey: [String: (utterance: Utterance, fates: [Int: UtteranceFate?])] = [:]
        for run in runs {
            var seen: [String: Int] = [:]
            for entry in run.result.transcript.entries.sorted(by: { $0.utterance.id < $1.utterance.id }) {
                let base = key(entry.utterance)
                let count = seen[base, default: 0]
                seen[base] = count + 1
                let key = base + "\u{1}\(count)"
                if byKey[key] == nil {
                    order.append(key)
                    byKey[key] = (entry.utterance, [:])
                }
                byKey[key]!.fates[run.rate] = .some(entry.fate)
            }
        }
        return order.compactMap { key in
            let (utterance, fates) = byKey[key]!
            var kinds = Set<String>()
            for run in runs { kinds.insert(fates[run.rate].flatMap { $0 }.map(\.kindName) ?? "none") }
            guard kinds.count > 1 else { return nil }
            var all = fates
            for run in runs where all[run.rate] == nil { all[run.rate] = .some(nil) }
            return FateChange(utterance: utterance, fates: all)
        }
    }

    /// The finding for an announcement heard at some rates and lost at others.
    static func finding(for change: FateChange, runs: [Run], source: String?) -> Finding? {
        let u = change.utterance
        guard u.kind == .announcement || u.kind == .layoutString || u.kind == .liveRegion else { return nil }
        var heard: [Int] = [], lost: [(rate: Int, fate: UtteranceFate)] = []
        for run in runs {
            guard let fate = change.fates[run.rate] ?? nil else { continue }
            if fate.wasSpokenInFull { heard.append(run.rate) } else { lost.append((run.rate, fate)) }
        }
        guard !heard.isEmpty, let first = lost.first, let firstRun = runs.first(where: { $0.rate == first.rate }) else { return nil }
        // The run's own finding about it, where it is lost: its element and places.
        let time = first.fate.decidedAt
        let own = firstRun.result.findings.first {
            ($0.code == .announcementDropped || $0.code == .announcementCut) && $0.cause == u.source
                && abs(($0.time ?? -1) - time) < 1e-6
        }
        let posted = u.source.map { " (\($0))" } ?? ""
        let fates = runs.compactMap { run -> String? in
            guard let fate = change.fates[run.rate] ?? nil else { return nil }
            return "\(run.rate) \(fate.briefReadable)"
        }.joined(separator: "; ")
        let lostRates = lost.map { String($0.rate) }.joined(separator: ", ")
        let heardRates = heard.map(String.init).joined(separator: ", ")
        var finding = Finding(
            .timingRateDependent, time: time, elements: own?.elements ?? [],
            message: "\"\(u.text)\"\(posted) is heard at \(heardRates) words a minute but lost at \(lostRates): \(fates).",
            screen: own?.screen, cause: u.source)
        finding.source = own?.source ?? source
        finding.location = own?.location ?? u.source.flatMap { source in
            firstRun.result.performedSteps.last { $0.step.source == source || source.hasSuffix(", after \($0.step.source)") }?.step.location
        }
        finding.elementLocation = own?.elementLocation
        return finding.heard(by: firstRun.result.reader, onPage: firstRun.result.screensShown.contains { $0.screen.isWebPage })
    }
}

extension UtteranceFate {
    /// `spoken`, `cut` or `dropped`.
    public var kindName: String {
        switch self {
        case .spoken: "spoken"
        case .cut: "cut"
        case .dropped: "dropped"
        }
    }

    /// `spoken 00:02.100`, `cut 00:02.400`, `dropped (postedDuringGestureSpeech)`: a fate in a
    /// few words, for a line that sets several rates side by side.
    public var briefReadable: String {
        switch self {
        case .spoken(let start, _): "spoken at \(clockTime(start))"
        case .cut(_, let at, let by): "cut at \(clockTime(at)) by \(by.cause)"
        case .dropped(_, let reason): "dropped (\(reason.code))"
        }
    }
}

extension ScenarioResult {
    /// Names `rate` on the run's dynamic findings (a run of a sweep names its rate, the
    /// profile's own too); a static finding is the screen's, at any rate.
    public mutating func nameRate(_ rate: Int) {
        for index in findings.indices where findings[index].time != nil { findings[index].rate = rate }
    }
}

extension RateSweep {
    /// What the sweep checked: what any of its runs checked, and the rate check, which the
    /// sweep itself makes.
    public var coverage: CheckCoverage {
        var coverage = CheckCoverage.joined(runs.map(\.result.coverage))
        coverage.record(ran: FindingCode.sweepCodes)
        return coverage
    }
}
