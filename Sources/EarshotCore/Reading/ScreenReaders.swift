import Foundation

/// The screen readers Earshot knows, by name: the built-in ones (`builtIn`, the one place they
/// are listed) and any a program or a test registers (`register(_:)`). `--reader`'s choices, the
/// screen file's `"reader"`, the workers' requests, the help and the shell completions all come
/// from here.
public enum ScreenReaders {
    /// Every registered reader, the built-in ones first (the first is the standard reader).
    public static var all: [any ScreenReader.Type] { registry.withLock { $0 } }

    /// The names of every registered reader, in registration order.
    public static var names: [ScreenReaderName] { all.map { $0.name } }

    /// The reader that reads a screen no other reader claims (VoiceOver).
    public static var standard: any ScreenReader.Type { all[0] }

    /// Adds a reader, or replaces the one registered under its name.
    public static func register(_ reader: any ScreenReader.Type) {
        registry.withLock { readers in
            if let index = readers.firstIndex(where: { $0.name == reader.name }) {
                readers[index] = reader
            } else {
                readers.append(reader)
            }
        }
    }

    /// Every earcon a scenario may expect: the profile's own (`EarconName.all`), then each
    /// reader's sound set's (`ScreenReader.soundNames`: TalkBack's).
    public static var earconNames: [EarconName] {
        EarconName.all + all.flatMap { $0.soundNames }
    }

    /// The reader registered under `name`, if any.
    public static func named(_ name: ScreenReaderName) -> (any ScreenReader.Type)? {
        all.first { $0.name == name }
    }

    /// The reader registered under `name`; an unknown name is an error that lists the known ones.
    public static func reader(named name: ScreenReaderName) throws -> any ScreenReader.Type {
        guard let reader = named(name) else { throw UnknownScreenReader(name: name) }
        return reader
    }

    /// The reader named `name`, made for `profile` (its words read once).
    public static func make(_ name: ScreenReaderName, profile: VoiceProfile) throws -> any ScreenReader {
        try reader(named: name).init(profile: profile)
    }

    /// The reader that hears `screens` in a run, decided here and nowhere else: the one `asked`
    /// for (`--reader`), else the screens' natural reader (`natural(for:)`). A run makes its
    /// `ReadingSession` from it once.
    public static func decide(asked: ScreenReaderName?, for screens: some Sequence<Screen>) -> ScreenReaderName {
        asked ?? natural(for: screens)
    }

    /// The reader that reads `screen` when none is asked for: the one its file names
    /// (`"reader"`), else the first registered reader that claims it (TalkBack an Android dump),
    /// else the standard reader.
    public static func natural(for screen: Screen) -> ScreenReaderName {
        if let reader = screen.reader { return reader }
        let readers = all
        return (readers.first { $0.claims(screen) } ?? readers[0]).name
    }

    /// The reader for screens heard together (a scenario's, a command's inputs) when none is
    /// asked for: the first that is not the standard reader's (a TalkBack screen among VoiceOver
    /// ones makes them all TalkBack's), else `otherwise`, else the standard reader.
    public static func natural(for screens: some Sequence<Screen>, otherwise: ScreenReaderName? = nil) -> ScreenReaderName {
        let standard = standard.name
        for screen in screens {
            let reader = natural(for: screen)
            if reader != standard { return reader }
        }
        return otherwise ?? standard
    }

    private static let registry = Registry(builtIn)

    /// The readers as a list behind a lock: registering is rare, reading is a copy.
    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var readers: [any ScreenReader.Type]

        init(_ readers: [any ScreenReader.Type]) { self.readers = readers }

        func withLock<T>(_ body: (inout [any ScreenReader.Type]) throws -> T) rethrows -> T {
            lock.lock()
            defer { lock.unlock() }
            return try body(&readers)
        }
    }
}

/// A reader name no reader is registered under.
public struct UnknownScreenReader: UserFacingError {
    public let name: ScreenReaderName
    public init(name: ScreenReaderName) { self.name = name }
    public var category: ErrorCategory { .usage }
    public var description: String {
        NameSuggestion.unknown("screen reader", name.rawValue, in: ScreenReaders.names.map(\.rawValue))
    }
}

extension ScreenReaderName {
    /// How the reader is named to people (`TalkBack`); the name itself for a reader not registered.
    public var title: String { ScreenReaders.named(self)?.title ?? rawValue }
}
