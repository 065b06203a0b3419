/// The name of an earcon, as written in the voice profile's `earcons` section.
public struct EarconName: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// VoiceOver's "boop beep" before a new screen's first element.
    public static let screenChanged = EarconName("screenChanged")
    /// Swiping past the first or last element, or scrolling past the last page.
    public static let boundary = EarconName("boundary")
    /// A double tap activating an element.
    public static let activation = EarconName("activation")
    /// A page scroll that moved.
    public static let pageScroll = EarconName("pageScroll")

    /// The profile's own earcons, which its `earcons` section defines each of; a reader with a
    /// sound set of its own adds its names (`ScreenReader.soundNames`, `ScreenReaders.earconNames`).
    public static let all: [EarconName] = [.screenChanged, .boundary, .activation, .pageScroll]

    public var description: String { rawValue }

    public static func < (lhs: EarconName, rhs: EarconName) -> Bool { lhs.rawValue < rhs.rawValue }
}
