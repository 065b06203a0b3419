/// Something that happened which may make VoiceOver speak: a user gesture or a notification the
/// app posted. The scheduler turns each into utterances and decides what they interrupt.
public enum SpeechEvent: Sendable, Equatable, CustomStringConvertible {
    /// The user moved focus (swipe, touch); `gesture` names it, e.g. `swipe right`.
    case focusMoved(ElementSpeech, gesture: String)
    /// The user activated the focused element (double tap): the activation earcon, then the
    /// element re-read with its new label, value and traits.
    case activated(ElementSpeech, gesture: String)
    /// The user swiped past the first or last element: focus stays, the boundary earcon plays.
    case boundaryReached(gesture: String)
    /// `UIAccessibility.post(notification: .announcement, argument:)`; `queued` is
    /// `accessibilitySpeechQueueAnnouncement`, `attributes` the attributed string's speech
    /// attributes (language, pitch, punctuation, spelling, IPA).
    case announcement(String, priority: SpeechPriority = .default, queued: Bool = false, attributes: SpeechAttributes = .none)
    /// `pageScrolled` with the position string, e.g. `3페이지 중 2페이지`, posted after a scroll gesture.
    case pageScrolled(String)
    /// `screenChanged`: the screen-change earcon, then the target (or, when the app passed nil,
    /// the first element, which the caller resolves) is focused and spoken. `nil` here means the
    /// new screen has no element to speak.
    case screenChanged(ElementSpeech?)
    /// `layoutChanged` with an element, a string, or nil.
    case layoutChanged(LayoutTarget)
    /// The focus moved without a key of the user's (a page's script focused an element, a click
    /// focused what it clicked) and the reader says where it went, named `focus move (BY)`:
    /// the speech of an earlier focus still playing or waiting is cut or dropped, and other
    /// speech (a live region's, a message) keeps its place, the new focus said after it (NVDA's
    /// focus event: `doPreGainFocus` removes the cancellable speech of the focus before, and no
    /// key was pressed to cancel the rest).
    case focusGained(ElementSpeech, by: String)
    /// A web page's live region changed, or an alert appeared: said in the order `order` gives.
    case liveRegion(String, order: LiveRegionOrder)
    /// The reader switched between browse mode and focus mode on a page (NVDA's
    /// `reportPassThrough`): its sound or its words. With `gesture` (NVDA+space, Escape) a key
    /// the user pressed, which cuts the speech; without, after the focus it came with.
    case modeSwitched(ModeSwitch, gesture: String?)
    /// A character typed on a web page, named `typed (KEY)`: its key cuts the speech first when
    /// `interrupts` (NVDA's `speechInterruptForCharacters`), and the reader's echo of it is said,
    /// if it has one (NVDA's `speakTypedCharacters`: the character, or its symbol's name).
    case typed(ElementSpeech?, key: String, interrupts: Bool)

    /// True for events caused by the user's own gesture.
    public var isUserGesture: Bool {
        switch self {
        case .focusMoved, .activated, .boundaryReached, .pageScrolled: true
        case .modeSwitched(_, let gesture): gesture != nil
        case .typed(_, _, let interrupts): interrupts
        case .announcement, .screenChanged, .layoutChanged, .liveRegion, .focusGained: false
        }
    }

    public var description: String {
        switch self {
        case .focusMoved(let element, let gesture): "focus move (\(gesture)) to \(element)"
        case .activated(let element, let gesture): "activation (\(gesture)) of \(element)"
        case .boundaryReached(let gesture): "boundary (\(gesture))"
        case .announcement(let text, let priority, let queued, let attributes):
            "announcement \"\(text)\" priority \(priority)\(queued ? " queued" : "")"
                + (attributes.isEmpty ? "" : " \(attributes)")
        case .pageScrolled(let text): "pageScrolled \"\(text)\""
        case .screenChanged(let element):
            element.map { "screenChanged to \($0)" } ?? "screenChanged (no element)"
        case .layoutChanged(let target): "layoutChanged \(target)"
        case .liveRegion(let text, let order): "live region \"\(text)\" \(order.rawValue)"
        case .focusGained(let element, let by): "focus move (\(by)) to \(element)"
        case .typed(let element, let key, let interrupts):
            "typed (\(key))" + (element.map { " \($0)" } ?? "") + (interrupts ? "" : " in turn")
        case .modeSwitched(let change, let gesture):
            "mode switch" + (gesture.map { " (\($0))" } ?? "") + (change.sound.map { " sound \($0)" } ?? "")
                + (change.words.map { " \"\($0)\"" } ?? "")
        }
    }
}

/// Where a live region's text goes among the speech (`SpeechEvent.liveRegion`).
public enum LiveRegionOrder: String, Sendable, Equatable {
    /// After everything waiting, never cutting (NVDA's NORMAL priority: a polite region).
    case inTurn
    /// After the utterance being spoken, ahead of everything else waiting, never cutting (NVDA's
    /// NEXT priority: an assertive region).
    case next
    /// At once, cutting the utterance being spoken (an alert that appears).
    case interrupting
}

/// The spoken form of one element, as the screen model composed it.
public struct ElementSpeech: Sendable, Equatable, CustomStringConvertible {
    /// The screen model's id of the element, recorded on its utterances.
    public var elementID: String?
    /// Label, value and traits joined, e.g. `찜하기, 버튼, 선택됨`.
    public var text: String
    /// Spoken after the profile's hint pause, if nothing else happens first.
    public var hint: String?
    /// Language of the text (e.g. `en` on a Korean screen), for choosing a voice; nil means the
    /// profile's language.
    public var language: String?
    /// `text` in spans with speech attributes, when some part has any (nil: spoken plainly).
    public var spans: [SpeechSpan]?
    /// `hint` in spans with speech attributes, when some part has any.
    public var hintSpans: [SpeechSpan]?
    /// Why the reader speaks it, recorded on its utterances.
    public var purpose: SpeechPurpose
    /// A sound played just before it on a focus move (TalkBack's `focus_actionable`, `focus`,
    /// `chime_up`, `chime_down`); VoiceOver plays none.
    public var sound: EarconName?

    public init(elementID: String? = nil, text: String, hint: String? = nil, language: String? = nil,
                spans: [SpeechSpan]? = nil, hintSpans: [SpeechSpan]? = nil, purpose: SpeechPurpose = .focus) {
        self.purpose = purpose
        self.elementID = elementID
        self.text = text
        self.hint = hint
        self.language = language
        self.spans = spans
        self.hintSpans = hintSpans
    }

    /// An element's description as the scheduler takes it; `withHint` false leaves the hint out.
    public init(elementID: String?, description: SpokenDescription, withHint: Bool = true,
                purpose: SpeechPurpose = .focus) {
        let hint = withHint ? description.spokenHint : nil
        self.init(elementID: elementID, text: description.text, hint: hint?.text, language: description.language,
                  spans: description.spoken.hasAttributes ? description.spoken.spans : nil,
                  hintSpans: hint?.hasAttributes == true ? hint?.spans : nil, purpose: purpose)
    }

    public var description: String {
        elementID.map { "\($0) \"\(text)\"" } ?? "\"\(text)\""
    }
}

/// The argument of `layoutChanged`.
public enum LayoutTarget: Sendable, Equatable, CustomStringConvertible {
    /// Focus moves to the element, which is spoken.
    case element(ElementSpeech)
    /// The string is spoken like a default-priority announcement.
    case text(String)
    /// Nothing changes.
    case none

    public var description: String {
        switch self {
        case .element(let element): "to \(element)"
        case .text(let text): "\"\(text)\""
        case .none: "nil"
        }
    }
}
