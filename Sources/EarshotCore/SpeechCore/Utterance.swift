/// One thing the scheduler may play: speech text or an earcon, with why it was asked for.
///
/// Utterances are numbered from 1 in the order they were requested, which is also the order of
/// the transcript; the same input therefore always gives the same numbers.
public struct Utterance: Sendable, Equatable, Identifiable, CustomStringConvertible {
    public let id: Int
    /// What is spoken; for an earcon, the earcon's name.
    public var text: String
    public var kind: UtteranceKind
    public var priority: SpeechPriority
    /// True for announcements posted with `accessibilitySpeechQueueAnnouncement`: they wait for
    /// current speech instead of interrupting it.
    public var queued: Bool
    /// The element the speech describes, if any (the screen model's id).
    public var elementID: String?
    /// Language of the text when it differs from the profile's (an element's language).
    public var language: String?
    /// The text in spans with speech attributes (an element's language, pitch, spelling...), when
    /// some part has any; nil: `text` is spoken plainly. Joined, the spans are `text`.
    public var spans: [SpeechSpan]?
    /// Readable cause, e.g. `swipe right`, `double tap`, `UIAccessibility.post(.announcement)`.
    public var cause: String
    /// Where the request came from, when the caller said (e.g. a scenario step).
    public var source: String?
    /// Clock time of the request that made this utterance.
    public var requestedAt: Double
    /// True when the user's own gesture caused it (focus speech, the re-read after activation,
    /// the page position after a scroll, their earcons). Default announcements posted while such
    /// speech plays are dropped.
    public var isGestureSpeech: Bool
    /// Why the reader spoke an element (and its hint): focus landing, read-all, the re-read or
    /// new value after a double tap. Nil for announcements, page positions and earcons, whose
    /// `kind` already tells them apart.
    public var purpose: SpeechPurpose?

    public init(id: Int, text: String, kind: UtteranceKind, priority: SpeechPriority = .default,
                queued: Bool = false, elementID: String? = nil, language: String? = nil, spans: [SpeechSpan]? = nil,
                cause: String,
                source: String? = nil,
                requestedAt: Double, isGestureSpeech: Bool = false) {
        self.id = id
        self.text = text
        self.kind = kind
        self.priority = priority
        self.queued = queued
        self.elementID = elementID
        self.language = language
        self.spans = spans
        self.cause = cause
        self.source = source
        self.requestedAt = requestedAt
        self.isGestureSpeech = isGestureSpeech
    }

    /// What the speaker speaks: the spans, or the whole text without attributes.
    public var spoken: SpokenText { spans.map { SpokenText(spans: $0) } ?? SpokenText(text) }

    /// The earcon to play, when this utterance is an earcon.
    public var earcon: EarconName? {
        if case .earcon(let name) = kind { return name }
        return nil
    }

    public var description: String {
        kind.isEarcon ? "#\(id) \(kind)" : "#\(id) \(kind) \"\(text)\""
    }
}

/// Why the reader speaks an element: the typed tag code uses to tell the reader's own utterances
/// apart (never the display strings of `cause`).
public enum SpeechPurpose: String, Sendable, Equatable, CaseIterable {
    /// Focus landed on the element (a swipe, a touch, a rotor move, an app's notification).
    case focus
    /// Read-all (two-finger swipe) reached the element.
    case readAll
    /// The element re-read as it is after a double tap that left it focused and its value alone.
    case reread
    /// Only the changed value or state of the focused element (a switch after a double tap, an
    /// adjustable after a swipe up or down).
    case newValue
    /// The name of a custom action that was performed.
    case action
    /// The element took the keyboard's focus (Tab, or a page that moved it): focus speech,
    /// which a later move of the focus drops when it is not over (`SpeechEvent.focusGained`).
    case keyboardFocus
    /// A character typed into a field, echoed (NVDA's `speakTypedCharacters`).
    case typedCharacter
}

/// What an utterance is, which decides how it competes with other speech.
public enum UtteranceKind: Sendable, Equatable, CustomStringConvertible {
    /// An element spoken because focus landed on it or it was re-read after activation.
    case element
    /// An element's hint, spoken after a pause once its element was spoken in full.
    case hint
    /// `UIAccessibility.post(.announcement)`; the only kind reported by `announcementDidFinish`.
    case announcement
    /// The page position posted with `pageScrolled`.
    case pageScroll
    /// The string posted with `layoutChanged`, spoken like an announcement.
    case layoutString
    /// What a web page's live region said (docs/web.md, "Live regions").
    case liveRegion
    /// A sound, synthesized by the audio layer from the voice profile.
    case earcon(EarconName)

    public var isEarcon: Bool {
        if case .earcon = self { return true }
        return false
    }

    public var description: String {
        if case .earcon(let name) = self { return "earcon \(name)" }
        return code
    }
}
