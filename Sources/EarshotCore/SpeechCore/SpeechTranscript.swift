/// What the scheduler decided, in request order: every utterance with its fate, the
/// `announcementDidFinish` reports, and the events that were handled.
public struct SpeechTranscript: Sendable, Equatable, CustomStringConvertible {
    /// Utterances whose fate is decided, by utterance id (request order).
    public var entries: [TranscriptEntry]
    /// `announcementDidFinish` reports, in the order they were made.
    public var announcementResults: [AnnouncementResult]
    /// The events handled, in order, with their clock times.
    public var events: [SpeechEventRecord]
    /// Utterances still playing or waiting when the transcript was taken.
    public var unfinished: [Utterance]
    /// True when the device estimated the lengths of speech instead of synthesizing it
    /// (`EstimatedSpeechDevice`): every time after the first speech is approximate.
    public var durationsEstimated: Bool
    /// The rate the speech was made at, in words per minute, when a run asked for one that is
    /// not the profile's own (`--rate`, `--rates`); the written forms then say it first. Nil:
    /// the profile's own rate, and the written forms are those of a run without `--rate`.
    public var rate: Int?

    /// What the written forms of a transcript with estimated durations say first.
    public static let estimatedDurationsNote =
        "durations are estimated without a speech engine (docs/speech-engine.md, \"Estimated durations\"); times are approximate"

    public init(entries: [TranscriptEntry] = [], announcementResults: [AnnouncementResult] = [],
                events: [SpeechEventRecord] = [], unfinished: [Utterance] = [], durationsEstimated: Bool = false) {
        self.entries = entries
        self.announcementResults = announcementResults
        self.events = events
        self.unfinished = unfinished
        self.durationsEstimated = durationsEstimated
    }

    /// What the written forms of a transcript made at an asked rate say first.
    public static func rateNote(_ rate: Int) -> String {
        "spoken at \(rate) words a minute (--rate), not the voice profile's own rate; times follow it"
    }

    /// The notes every written form starts with: estimated durations, then an asked rate.
    var notes: [String] {
        (durationsEstimated ? [Self.estimatedDurationsNote] : []) + (rate.map { [Self.rateNote($0)] } ?? [])
    }

    /// The fate of utterance `id`, if decided.
    public func fate(of id: Int) -> UtteranceFate? {
        entries.first { $0.utterance.id == id }?.fate
    }

    /// The first entry whose utterance has exactly this text.
    public func entry(text: String) -> TranscriptEntry? {
        entries.first { $0.utterance.text == text }
    }

    /// Texts of the speech (not earcons) the listener heard in full, in request order.
    public var spokenTexts: [String] {
        entries.filter { $0.fate.wasSpokenInFull && !$0.utterance.kind.isEarcon }.map(\.utterance.text)
    }

    /// Texts of the speech (not earcons) the listener heard in full or in part, in the order it
    /// began: what a rendered timeline says.
    public var heardTexts: [String] {
        var heard: [(start: Double, order: Int, text: String)] = []
        for (order, entry) in entries.enumerated() where !entry.utterance.kind.isEarcon {
            if let start = entry.fate.startTime { heard.append((start, order, entry.utterance.text)) }
        }
        return heard.sorted { ($0.start, $0.order) < ($1.start, $1.order) }.map(\.text)
    }

    /// One line per entry, then one per announcement report, e.g.
    /// `#2 announcement "저장됨": cut 0.300-0.500 by #3 (focus move (swipe right))`.
    public var description: String {
        var lines = notes.map { "note: " + $0 }
        lines += entries.map(\.description)
        lines += announcementResults.map(\.description)
        lines += unfinished.map { "\($0): unfinished" }
        return lines.joined(separator: "\n")
    }
}

/// One utterance and how it ended.
public struct TranscriptEntry: Sendable, Equatable, CustomStringConvertible {
    public var utterance: Utterance
    public var fate: UtteranceFate

    public init(utterance: Utterance, fate: UtteranceFate) {
        self.utterance = utterance
        self.fate = fate
    }

    public var description: String {
        let source = utterance.source.map { ", \($0)" } ?? ""
        return "\(utterance) [\(utterance.cause)\(source), requested \(formatTime(utterance.requestedAt))]: \(fate)"
    }
}

/// `announcementDidFinish`: reported once for every posted announcement when its fate is decided.
public struct AnnouncementResult: Sendable, Equatable, CustomStringConvertible {
    public var utteranceID: Int
    public var text: String
    /// True only when it was spoken in full; false when cut off or dropped.
    public var wasSuccessful: Bool
    /// Clock time of the report.
    public var time: Double

    public init(utteranceID: Int, text: String, wasSuccessful: Bool, time: Double) {
        self.utteranceID = utteranceID
        self.text = text
        self.wasSuccessful = wasSuccessful
        self.time = time
    }

    public var description: String {
        "\(formatTime(time)) announcementDidFinish \"\(text)\" wasSuccessful: \(wasSuccessful)"
    }
}

/// An event the scheduler handled, and when.
public struct SpeechEventRecord: Sendable, Equatable, CustomStringConvertible {
    public var time: Double
    public var event: SpeechEvent
    /// Where the event came from, e.g. a scenario step, if the caller said.
    public var source: String?

    public init(time: Double, event: SpeechEvent, source: String?) {
        self.time = time
        self.event = event
        self.source = source
    }

    public var description: String {
        "\(formatTime(time)) \(event)" + (source.map { " [\($0)]" } ?? "")
    }
}

/// A change the scheduler reports as it happens, for live output.
public enum SpeechRecord: Sendable, Equatable {
    case started(Utterance, at: Double)
    case finished(TranscriptEntry)
    case announcementDidFinish(AnnouncementResult)
}
