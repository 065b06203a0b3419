/// What a scenario expects VoiceOver to have said, checked against the transcript after the run
/// (fates are only known at the end), except `focus`, which is checked when its step comes.
///
/// Each expectation looks from its *point*: the time of its step (by default the time of the
/// step before it).
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

    public var description: String {
        passed
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

extension DropReason {
    /// Every `code`, for checking reason codes written in scenarios.
    public static let allCodes = [
        "postedDuringGestureSpeech", "postedWithinGestureWindow", "replacedByUserGesture", "screenChanged",
        "layoutChanged", "cancelledByNewEvent", "precedingSpeechCut", "repeatedPageScroll", "emptyText",
        "deviceFailed", "sessionEnded",
    ]
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
