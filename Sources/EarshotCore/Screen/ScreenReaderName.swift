/// The name a screen reader is known by: on the command line (`--reader talkback`), in a screen
/// file (`"reader"`), in a worker's request. Open, as the readers are: each reader declares its
/// own (`ScreenReader.name`) and the registry (`ScreenReaders`) knows which exist.
public struct ScreenReaderName: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
