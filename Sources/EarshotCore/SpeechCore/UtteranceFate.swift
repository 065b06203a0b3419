/// How an utterance ended: every utterance the scheduler creates gets exactly one fate.
public enum UtteranceFate: Sendable, Equatable, CustomStringConvertible {
    /// Played from `start` to `end` in full.
    case spoken(start: Double, end: Double)
    /// Started at `start` and stopped at `at` by `by`.
    case cut(start: Double, at: Double, by: Interruption)
    /// Never started: removed at `at` for `reason`.
    case dropped(at: Double, reason: DropReason)

    /// True only for `spoken`: the listener heard all of it.
    public var wasSpokenInFull: Bool {
        if case .spoken = self { return true }
        return false
    }

    /// The time the fate was decided: the end of speech, the cut or the drop.
    public var decidedAt: Double {
        switch self {
        case .spoken(_, let end): end
        case .cut(_, let at, _): at
        case .dropped(let at, _): at
        }
    }

    public var description: String {
        switch self {
        case .spoken(let start, let end):
            "spoken \(formatTime(start))-\(formatTime(end))"
        case .cut(let start, let at, let by):
            "cut \(formatTime(start))-\(formatTime(at)) by \(by)"
        case .dropped(let at, let reason):
            "dropped at \(formatTime(at)): \(reason)"
        }
    }
}

/// What cut an utterance off.
public struct Interruption: Sendable, Equatable, CustomStringConvertible {
    /// The utterance that took over, if one did (none when the session ended).
    public var utteranceID: Int?
    /// Readable cause, e.g. `focus move (swipe right)`.
    public var cause: String

    public init(utteranceID: Int?, cause: String) {
        self.utteranceID = utteranceID
        self.cause = cause
    }

    public var description: String {
        if let utteranceID { return "#\(utteranceID) (\(cause))" }
        return cause
    }
}

/// Why an utterance was dropped before it started.
public enum DropReason: Sendable, Equatable, CustomStringConvertible {
    /// A default-priority announcement posted while speech caused by the user's gesture played;
    /// VoiceOver lets the gesture's speech win (seed: announcements, "이중 탭 ... 무시됩니다").
    case postedDuringGestureSpeech
    /// Posted within the profile's gesture window after a gesture, before its speech started or
    /// just after it ended.
    case postedWithinGestureWindow
    /// A user gesture (focus move, activation, scroll, boundary) replaced everything pending.
    case replacedByUserGesture
    /// `screenChanged` dropped pending speech.
    case screenChanged
    /// `layoutChanged` with an element moved focus and dropped pending speech.
    case layoutChanged
    /// A hint cancelled because something new happened before it started.
    case cancelledByNewEvent
    /// The utterance it followed (a hint's element, an earcon's speech) was cut or dropped.
    case precedingSpeechCut
    /// `pageScrolled` with the same string as the last one: a boundary, the earcon plays instead.
    case repeatedPageScroll
    /// The text was empty: nothing to say.
    case emptyText
    /// The speech device could not play it (e.g. the engine failed on this text).
    case deviceFailed(String)
    /// The session ended before it started.
    case sessionEnded
    /// The speech of a focus that has moved on (NVDA drops it when focus moves,
    /// `eventHandler.doPreGainFocus`): the page moved the focus elsewhere.
    case focusExpired

    /// The closed list of reasons by name: what machine-readable transcripts write and what a
    /// scenario's `reason` expects (`postedDuringGestureSpeech`).
    public enum Code: String, NamedCases, Sendable {
        case postedDuringGestureSpeech, postedWithinGestureWindow, replacedByUserGesture, screenChanged, layoutChanged,
             cancelledByNewEvent, precedingSpeechCut, repeatedPageScroll, emptyText, deviceFailed, sessionEnded, focusExpired
    }

    /// The reason's name; the compiler keeps each case paired with one name.
    public var kind: Code {
        switch self {
        case .postedDuringGestureSpeech: .postedDuringGestureSpeech
        case .postedWithinGestureWindow: .postedWithinGestureWindow
        case .replacedByUserGesture: .replacedByUserGesture
        case .screenChanged: .screenChanged
        case .layoutChanged: .layoutChanged
        case .cancelledByNewEvent: .cancelledByNewEvent
        case .precedingSpeechCut: .precedingSpeechCut
        case .repeatedPageScroll: .repeatedPageScroll
        case .emptyText: .emptyText
        case .deviceFailed: .deviceFailed
        case .sessionEnded: .sessionEnded
        case .focusExpired: .focusExpired
        }
    }

    /// A stable name for machine-readable transcripts, e.g. `postedDuringGestureSpeech`.
    public var code: String { kind.rawValue }

    public var description: String {
        switch self {
        case .postedDuringGestureSpeech: "posted while speech caused by a user gesture was playing"
        case .postedWithinGestureWindow: "posted within the gesture window after a user gesture"
        case .replacedByUserGesture: "a user gesture replaced pending speech"
        case .screenChanged: "screenChanged dropped pending speech"
        case .layoutChanged: "layoutChanged moved focus and dropped pending speech"
        case .cancelledByNewEvent: "cancelled by a new event before it started"
        case .precedingSpeechCut: "the speech it followed was cut off"
        case .repeatedPageScroll: "same page position as the last pageScrolled: a boundary"
        case .emptyText: "empty text"
        case .deviceFailed(let message): "the speech device failed: \(message)"
        case .sessionEnded: "the session ended first"
        case .focusExpired: "the focus it was said for moved on"
        }
    }
}

/// Seconds with millisecond precision, the transcript's time format.
func formatTime(_ seconds: Double) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    let sign = milliseconds < 0 ? "-" : ""
    let magnitude = abs(milliseconds)
    let fraction = String(magnitude % 1000)
    return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
