/// How an announcement competes with other speech, after iOS 17's
/// `AccessibilityNotification.Announcement` priorities.
///
/// - `high` interrupts current speech and cannot be interrupted by other announcements or app
///   notifications. Earshot's choice: a user gesture (focus move, activation, scroll) still
///   interrupts it, because VoiceOver always answers the user's own finger first.
/// - `default` interrupts current speech and can be interrupted.
/// - `low` waits until no other speech is playing, like `queue: true`.
public enum SpeechPriority: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case high
    case `default`
    case low

    public var description: String { rawValue }
}
