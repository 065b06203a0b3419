/// What a scenario expects VoiceOver to have said, checked against the transcript after the run
/// (fates are only known at the end); `focus` is checked against where focus was at its point.
///
/// Each expectation of speech or focus looks from its *point*: the time of its step (by default
/// the time of the step before it; any `at` from the start on: an expectation never moves the
/// clock). The last four are about the whole run and have no point: the findings the desk
/// check reported and the earcons it played.
public enum Expectation: Sendable, Equatable {
    /// The next speech (earcons skipped) to start playing at or after the point has this text;
    /// with `fate`, it also ended that way.
    case spoken(String, fate: FateExpectation?)
    /// The first utterance with this text requested at or after the point ended this way.
    case utterance(String, fate: FateExpectation)
    /// The next sound or speech to start at or after the point is this earcon.
    case earcon(EarconName)
    /// Focus is on this element (its stop) at the point.
    case focus(String)
    /// The first `announcementDidFinish` for this text, of an announcement posted at or after the
    /// point, reports this.
    case announcementDidFinish(String, wasSuccessful: Bool)
    /// The run reports a finding with this code (involving at least these elements); such a
    /// finding is expected and does not fail the run.
    case finding(FindingCode, elements: [String])
    /// The run reports no finding with this code.
    case noFinding(FindingCode)
    /// The run reports exactly these findings' codes, in any order (`[]`: none at all); they are
    /// all expected.
    case findings([FindingCode])
    /// The run plays each named earcon this many times (started: spoken or cut).
    case earcons([EarconCount])

    /// Whether the expectation is about the whole run rather than a point in time.
    public var isWholeRun: Bool {
        switch self {
        case .finding, .noFinding, .findings, .earcons: true
        default: false
        }
    }
}

/// How many times an earcon is expected to play.
public struct EarconCount: Sendable, Equatable {
    public var earcon: EarconName
    public var count: Int

    public init(_ earcon: EarconName, _ count: Int) {
        self.earcon = earcon
        self.count = count
    }
}

/// An expected fate: its kind and, for dropped utterances, optionally the reason code.
public struct FateExpectation: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case spoken, cut, dropped
    }

    public var kind: Kind
    /// A `DropReason.code` (only with `dropped`).
    public var reason: String?

    public init(_ kind: Kind, reason: String? = nil) {
        self.kind = kind
        self.reason = reason
    }

    func matches(_ fate: UtteranceFate) -> Bool {
        switch (kind, fate) {
        case (.spoken, .spoken), (.cut, .cut): return true
        case (.dropped, .dropped(_, let actual)): return reason == nil || reason == actual.code
        default: return false
        }
    }

    public var description: String {
        reason.map { "\(kind.rawValue) (\($0))" } ?? kind.rawValue
    }
}

/// The outcome of one expectation.
public struct ExpectationResult: Sendable, Equatable, CustomStringConvertible {
    public var expectation: Expectation
    public var location: SourceLocation
    /// The point the expectation looked from, in seconds.
    public var time: Double
    public var passed: Bool
    /// What was found, in words: e.g. `"저장됨" was spoken 00:01.200-00:02.300`.
    public var actual: String
    /// Why the expectation could not be checked by this run, when it could not (a finding only
    /// a sweep of rates reports, in a run at one rate); it then counts as held.
    public var notChecked: String?

    public var description: String {
        if let notChecked { return "\(location): not checked: \(expectation.summary) (\(notChecked))" }
        return passed
            ? "\(location): ok: \(expectation.summary)"
            : "\(location): expectation failed: expected \(expectation.summary), but \(actual)"
    }
}

extension Expectation {
    /// The expectation in words.
    public var summary: String {
        switch self {
        case .spoken(let text, let fate):
            "next speech \"\(text)\"" + (fate.map { ", \($0)" } ?? "")
        case .utterance(let text, let fate): "\"\(text)\" \(fate)"
        case .earcon(let name): "the \(name) sound next"
        case .focus(let id): "focus on \"\(id)\""
        case .announcementDidFinish(let text, let success):
            "announcementDidFinish \"\(text)\" wasSuccessful: \(success)"
        case .finding(let code, let elements):
            "finding \(code.rawValue)" + (elements.isEmpty ? "" : " [\(elements.joined(separator: ", "))]")
        case .noFinding(let code): "no finding \(code.rawValue)"
        case .findings(let codes):
            codes.isEmpty ? "no findings" : "findings \(codes.map(\.rawValue).joined(separator: ", "))"
        case .earcons(let counts):
            "earcons " + counts.map { "\($0.earcon) \($0.count)" }.joined(separator: ", ")
        }
    }

    /// Whether this expectation makes `finding` an expected one.
    func expects(_ finding: Finding) -> Bool {
        switch self {
        case .finding(let code, let elements):
            finding.code == code && elements.allSatisfy(finding.elements.contains)
        case .findings(let codes): codes.contains(finding.code)
        default: false
        }
    }

    /// `evaluate` in a run at one rate: a finding only a sweep of rates reports
    /// (`timing.rate-dependent`) is not expected of it. `finding` naming it is not checked (the
    /// sweep checks it), `findings` is checked without it.
    func evaluateAtOneRate(findings: [Finding], transcript: SpeechTranscript, location: SourceLocation) -> ExpectationResult {
        let sweepOnly = FindingCode.sweepCodes
        switch self {
        case .finding(let code, _) where sweepOnly.contains(code):
            var result = ExpectationResult(expectation: self, location: location, time: 0, passed: true, actual: "")
            result.notChecked = "a run at one rate cannot show it; run with --rates"
            return result
        case .findings(let codes) where codes.contains(where: sweepOnly.contains):
            var result = Expectation.findings(codes.filter { !sweepOnly.contains($0) })
                .evaluate(findings: findings, transcript: transcript, location: location)
            result.expectation = self
            return result
        default:
            return evaluate(findings: findings, transcript: transcript, location: location)
        }
    }

    /// Checks a whole-run expectation against the run's findings and transcript.
    func evaluate(findings: [Finding], transcript: SpeechTranscript, location: SourceLocation) -> ExpectationResult {
        func result(_ passed: Bool, _ actual: String) -> ExpectationResult {
            ExpectationResult(expectation: self, location: location, time: 0, passed: passed, actual: actual)
        }
        func listed(_ found: [Finding]) -> String {
            found.map { finding in
                finding.code.rawValue + (finding.elements.isEmpty ? "" : " [\(finding.elements.joined(separator: ", "))]")
            }.joined(separator: "; ")
        }
        switch self {
        case .finding(let code, let elements):
            let sameCode = findings.filter { $0.code == code }
            if sameCode.contains(where: expects) { return result(true, "it was reported") }
            if sameCode.isEmpty { return result(false, "no \(code.rawValue) was reported") }
            return result(false, "\(code.rawValue) was reported for other elements: \(listed(sameCode)); none involves \(elements.joined(separator: ", "))")
        case .noFinding(let code):
            let found = findings.filter { $0.code == code }
            return result(found.isEmpty, found.isEmpty ? "none was reported" : "it was reported: \(listed(found))")
        case .findings(let codes):
            let actual = findings.map(\.code.rawValue).sorted()
            let passed = actual == codes.map(\.rawValue).sorted()
            return result(passed, actual.isEmpty ? "there were none" : "the findings were \(listed(findings))")
        case .earcons(let counts):
            var played: [EarconName: Int] = [:]
            for entry in transcript.entries where entry.fate.startTime != nil {
                if let name = entry.utterance.earcon { played[name, default: 0] += 1 }
            }
            let wrong = counts.filter { played[$0.earcon, default: 0] != $0.count }
            let actual = counts.map { "\($0.earcon) \(played[$0.earcon, default: 0])" }.joined(separator: ", ")
            return result(wrong.isEmpty, "it played \(actual)")
        default:
            preconditionFailure("a point-in-time expectation is evaluated against its point")
        }
    }

    /// Checks the expectation against a finished transcript. `focus` needs the run's record of
    /// where focus was (`focusedID`).
    func evaluate(transcript: SpeechTranscript, at point: Double, focusedID: String?,
                  location: SourceLocation) -> ExpectationResult {
        func result(_ passed: Bool, _ actual: String) -> ExpectationResult {
            ExpectationResult(expectation: self, location: location, time: point, passed: passed, actual: actual)
        }
        var startedAfter: [(entry: TranscriptEntry, start: Double)] = []
        for entry in transcript.entries {
            if let start = entry.fate.startTime, start >= point - timeTolerance {
                startedAfter.append((entry, start))
            }
        }
        startedAfter.sort { a, b in a.start < b.start || (a.start == b.start && a.entry.utterance.id < b.entry.utterance.id) }
        let started: [TranscriptEntry] = startedAfter.map { $0.entry }
        switch self {
        case .spoken(let text, let fate):
            guard let next = started.first(where: { !$0.utterance.kind.isEarcon }) else {
                return result(false, "no speech started after \(clockTime(point))")
            }
            let textMatches = next.utterance.text == text
            let fateMatches = fate.map { $0.matches(next.fate) } ?? true
            return result(textMatches && fateMatches, "the next speech was \(next.readable)")
        case .utterance(let text, let fate):
            guard let entry = transcript.entries.first(where: {
                $0.utterance.text == text && $0.utterance.requestedAt >= point - timeTolerance
            }) else {
                return result(false, "nothing with that text was said or asked for after \(clockTime(point))")
            }
            return result(fate.matches(entry.fate), "it was \(entry.fateReadable)")
        case .earcon(let name):
            guard let next = started.first else { return result(false, "nothing started after \(clockTime(point))") }
            return result(next.utterance.earcon == name, "the next was \(next.readable)")
        case .focus(let id):
            return result(focusedID == id, focusedID.map { "focus was on \"\($0)\"" } ?? "nothing had focus")
        case .announcementDidFinish(let text, let success):
            let requested = Dictionary(transcript.entries.map { ($0.utterance.id, $0.utterance.requestedAt) },
                                       uniquingKeysWith: { first, _ in first })
            guard let report = transcript.announcementResults.first(where: {
                $0.text == text && (requested[$0.utteranceID] ?? -1) >= point - timeTolerance
            }) else {
                return result(false, "no announcementDidFinish for that text after \(clockTime(point))")
            }
            return result(report.wasSuccessful == success,
                          "it reported wasSuccessful: \(report.wasSuccessful) at \(clockTime(report.time))")
        case .finding, .noFinding, .findings, .earcons:
            preconditionFailure("a whole-run expectation is evaluated against the run's findings")
        }
    }
}

/// Step times and utterance times are compared with this slack, far below one sample.
let timeTolerance = 1e-9

extension UtteranceFate {
    /// When the utterance started playing; nil if it never did.
    public var startTime: Double? {
        switch self {
        case .spoken(let start, _), .cut(let start, _, _): start
        case .dropped: nil
        }
    }

    /// The fate in a reader's words: `spoken 00:01.200 to 00:02.300`, `dropped (postedDuringGestureSpeech)`.
    public var readable: String {
        switch self {
        case .spoken(let start, let end): "spoken \(clockTime(start)) to \(clockTime(end))"
        case .cut(let start, let at, let by): "cut \(clockTime(start)) to \(clockTime(at)) by \(by.cause)"
        case .dropped(let at, let reason): "dropped at \(clockTime(at)) (\(reason.code))"
        }
    }
}

extension TranscriptEntry {
    /// `"저장됨", spoken 00:01.200 to 00:02.300`.
    var readable: String {
        let what = utterance.kind.isEarcon ? "the \(utterance.text) sound" : "\"\(utterance.text)\""
        return "\(what), \(fate.readable)"
    }

    var fateReadable: String { fate.readable }
}

/// `01:02.250`: minutes, seconds and milliseconds, the readable transcript's time format
/// (hours are added in front past an hour).
public func clockTime(_ seconds: Double) -> String {
    let milliseconds = max(0, Int((seconds * 1000).rounded()))
    let minutes = milliseconds / 60_000
    let hours = minutes / 60
    let rest = milliseconds % 60_000
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    func three(_ n: Int) -> String { String(repeating: "0", count: 3 - String(n).count) + String(n) }
    let tail = "\(two(minutes % 60)):\(two(rest / 1000)).\(three(rest % 1000))"
    return hours > 0 ? "\(two(hours)):\(tail)" : tail
}
