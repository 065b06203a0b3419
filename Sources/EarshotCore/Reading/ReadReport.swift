/// The plain-text listing `earshot read --no-audio` prints: every focus stop in reading order.
///
/// One line per stop, so a screen reader user can move through it line by line:
///
///     3/12 card-2: 나이키, 에어맥스 90, 할인가 129,000원, 평점 4.8점, 버튼, 선택됨 (hint: 동작 사용 가능)
///
/// `position/count`, the element id, a colon, the spoken text, and the hint (spoken after a pause)
/// in parentheses after `hint:`. Line breaks inside spoken text are shown as spaces so that a stop
/// never spans two lines. A screen without stops prints `(no focus stops)`.
public struct ReadReport: Sendable {
    public struct Line: Sendable, Equatable {
        public var position: Int
        public var count: Int
        public var id: String
        public var speech: SpokenDescription
        /// The stop itself: its traits and frame.
        public var stop: FocusStop
    }

    public let lines: [Line]
    /// The screen's language when the voice speaks another: its text is heard in that
    /// language's voice, which the listing says once at the top rather than on every line.
    public let otherLanguage: (screen: String, voice: String)?

    public init(screen: Screen, generator: DescriptionGenerator) {
        let order = FocusOrder(screen: screen, for: generator)
        // Each stop as heard swiping from the one before (TalkBack's list positions depend on it).
        lines = order.stops.enumerated().map { index, stop in
            Line(position: index + 1, count: order.count, id: stop.id,
                 speech: generator.describe(stop, after: index > 0 ? order.stops[index - 1] : nil), stop: stop)
        }
        if let language = screen.language, let voice = generator.voiceLanguage,
           SpeechAttributes(language: language).relative(toVoiceLanguage: voice).language != nil {
            otherLanguage = (language, voice)
        } else {
            otherLanguage = nil
        }
    }

    /// The listing in `profile`'s words as `reader` hears them.
    public init(screen: Screen, profile: VoiceProfile, reader: any ScreenReader) throws {
        self.init(screen: screen, generator: try DescriptionGenerator(profile: profile, reader: reader))
    }

    /// The listing, one line per stop, ending with a line break.
    public var text: String {
        guard !lines.isEmpty else { return "(no focus stops)\n" }
        var listing = lines.map { format($0) }.joined(separator: "\n") + "\n"
        if let (screen, voice) = otherLanguage {
            listing = "Language: \(screen) (its text in the \(screen) voice, the trait words in \(voice))\n" + listing
        }
        return listing
    }

    /// `read --json`: one JSON object per stop and line (JSON Lines), keys always in this order:
    ///
    ///     {"index": 1, "count": 5, "id": "card-1", "text": "…, 버튼", "hint": "동작 사용 가능",
    ///      "traits": ["button"], "frame": [0, 88, 375, 120],
    ///      "source": {"file": "cart.json", "line": 12, "column": 13}}
    ///
    /// A stop with speech attributes also has `spans` after `hint`: its text in pieces with their
    /// attributes (`[{"text":"Nike Air","language":"en"},{"text":", 버튼"}]`).
    ///
    /// `index` counts from 1 in reading order; `hint` and `source` (where the element is
    /// written, from `locations`) are null when there is none; `frame` is x, y, width, height
    /// in points.
    public func jsonLines(locations: [String: SourceLocation] = [:]) -> String {
        lines.map { line in
            let frame = line.stop.frame
            var fields = [
                ("index", "\(line.position)"),
                ("count", "\(line.count)"),
                ("id", jsonString(line.id)),
                ("text", jsonString(line.speech.text)),
                ("hint", line.speech.hint.map(jsonString) ?? "null"),
                ("traits", "[" + line.stop.traits.members.map { jsonString($0.rawValue) }.joined(separator: ", ") + "]"),
                ("frame", "[" + [frame.x, frame.y, frame.width, frame.height].map(plainNumber).joined(separator: ", ") + "]"),
                ("source", locations[line.id].map(\.json) ?? "null"),
            ]
            // Only a stop with speech attributes has spans (docs/screen-format.md).
            if line.speech.spoken.hasAttributes {
                fields.insert(("spans", SpeechSpan.jsonArray(line.speech.spoken.spans)), at: 5)
            }
            return "{" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}\n"
        }.joined()
    }

    func format(_ line: Line) -> String {
        var text = "\(line.position)/\(line.count) \(line.id): \(Self.oneLine(line.speech.text))"
        if let hint = line.speech.hint { text += " (hint: \(Self.oneLine(hint)))" }
        // How the stop's speech attributes shape it: `(speech: "Nike Air" language=en)`; the
        // screen's own language is said once at the top.
        let shaped = line.speech.spoken.spans.compactMap { span -> (String, SpeechAttributes)? in
            var attributes = span.attributes
            if let screen = otherLanguage?.screen, attributes.language == screen { attributes.language = nil }
            return attributes.isEmpty ? nil : (span.text, attributes)
        }
        if !shaped.isEmpty {
            text += " (speech: " + shaped.map { "\"\(Self.oneLine($0.0))\" \($0.1)" }.joined(separator: "; ") + ")"
        }
        return text
    }

    /// Line breaks become spaces, and any other control character (ESC, a page's or a dump's)
    /// is shown as its code (`TerminalText`): the listing is for a terminal.
    private static func oneLine(_ text: String) -> String {
        TerminalText.visible(String(text.map { $0.isNewline ? " " : $0 }))
    }
}
