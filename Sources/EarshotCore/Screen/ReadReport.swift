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
    }

    public let lines: [Line]

    public init(screen: Screen, generator: DescriptionGenerator) {
        let order = FocusOrder(screen: screen)
        lines = order.stops.enumerated().map { index, stop in
            Line(position: index + 1, count: order.count, id: stop.id, speech: generator.describe(stop))
        }
    }

    public init(screen: Screen, profile: VoiceProfile) throws {
        self.init(screen: screen, generator: try DescriptionGenerator(profile: profile))
    }

    /// The listing, one line per stop, ending with a line break.
    public var text: String {
        guard !lines.isEmpty else { return "(no focus stops)\n" }
        return lines.map(Self.format).joined(separator: "\n") + "\n"
    }

    static func format(_ line: Line) -> String {
        var text = "\(line.position)/\(line.count) \(line.id): \(oneLine(line.speech.text))"
        if let hint = line.speech.hint { text += " (hint: \(oneLine(hint)))" }
        return text
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
