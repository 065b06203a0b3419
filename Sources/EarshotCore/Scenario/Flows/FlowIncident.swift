/// A problem a VoiceOver user would suffer during the flow, found by `FlowInspector`: a stable
/// code (the findings catalogue's), when it happened and the elements involved.
public struct FlowIncident: Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case announcementDropped = "announcement.dropped"
        case announcementCut = "announcement.cut"
        case duplicateScreenChange = "earcon.duplicate-screen-change"
        case missingScreenChange = "earcon.missing-screen-change"
        case ghostFocus = "focus.ghost"
        case notRestored = "focus.not-restored"
        case restoredWrongItem = "focus.restored-wrong-item"
        case noFallback = "focus.no-fallback"
        case restoreRepeated = "focus.restore-repeated"
    }

    public var code: Code
    public var time: Double
    /// The screen it happened on.
    public var screen: String
    /// Element ids involved, the most important first (e.g. where focus landed, then where it
    /// should have).
    public var elements: [String]
    /// What happened, in one line.
    public var detail: String

    public init(code: Code, time: Double, screen: String, elements: [String], detail: String) {
        self.code = code
        self.time = time
        self.screen = screen
        self.elements = elements
        self.detail = detail
    }

    public var description: String {
        "\(clockTime(time))  \(code.rawValue)  \(detail)"
    }
}
