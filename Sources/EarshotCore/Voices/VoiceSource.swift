import Foundation

/// One place voice profiles are looked up in, and why it is searched.
///
/// `VoiceLibrary.locate` lists them in lookup order (docs/install.md, "Where voices come from").
public struct VoiceSource: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A folder given in code (`VoiceLibrary(directory:)`).
        case folder
        /// `$EARSHOT_VOICES`.
        case environment
        /// The user's config folder: `$XDG_CONFIG_HOME/earshot/voices` or `~/.config/earshot/voices`.
        case user
        /// The installed data: `PREFIX/share/earshot/voices` beside `PREFIX/bin/earshot`.
        case installed
        /// The `voices/` folder of the checkout a development build runs from.
        case checkout
        /// The files compiled into the program (a `BuiltInVoiceSet`).
        case builtIn = "built in"
    }

    public var kind: Kind
    /// The folder, or nil for the built-ins until they are written out (`folder()`).
    public var directory: String?
    /// The built-in voices, for a source of that kind.
    public var builtIns: BuiltInVoiceSet?

    public init(kind: Kind, directory: String?) {
        self.kind = kind
        self.directory = directory
    }

    /// The voices compiled into the program, searched as a source of their own.
    public static func builtIn(_ voices: BuiltInVoiceSet) -> VoiceSource {
        var source = VoiceSource(kind: .builtIn, directory: nil)
        source.builtIns = voices
        return source
    }

    /// Two sources are the same when they are of one kind and read one folder (a program has
    /// one set of built-ins).
    public static func == (left: VoiceSource, right: VoiceSource) -> Bool {
        left.kind == right.kind && left.directory == right.directory
    }

    /// The profile names this source has, sorted: its top-level `.json` files.
    public var profileNames: [String] {
        guard let directory else { return builtIns?.profileNames ?? [] }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(5)) }
            .sorted()
    }

    /// The folder to read profiles from, writing out the built-ins on first use; nil if they
    /// could not be written.
    public func folder() -> String? {
        directory ?? builtIns?.folder()
    }

    /// How `earshot voices` and `earshot --version` name the source: `installed: /usr/share/...`.
    public func describe(file: String? = nil, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        guard let directory else { return kind.rawValue }
        var path = file.map { directory + "/" + $0 } ?? directory
        if let home, home.count > 1, path.hasPrefix(home + "/") { path = "~" + path.dropFirst(home.count) }
        return "\(kind == .environment ? "EARSHOT_VOICES" : kind.rawValue): \(path)"
    }
}

/// Voice profiles a program carries inside its binary, so that a copy of it speaks anywhere.
///
/// The core knows none of its own: a program hands it its set once at start
/// (`VoiceLibrary.register(builtIns:)`; the `earshot` CLI registers the `EarshotVoices`
/// target's), and `VoiceLibrary.locate()` then searches them after every folder. A program
/// that registers none reads voices from folders only. Profiles refer to their data files by
/// paths relative to themselves, so a set is read from a folder it writes itself out to.
public struct BuiltInVoiceSet: Sendable {
    /// The profile names, sorted.
    public var profileNames: [String]
    /// The folder holding the files, written out on first use; nil when they could not be.
    public var folder: @Sendable () -> String?

    public init(profileNames: [String], folder: @escaping @Sendable () -> String?) {
        self.profileNames = profileNames
        self.folder = folder
    }
}
