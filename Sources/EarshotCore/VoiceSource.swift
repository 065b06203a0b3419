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
        /// The files compiled into the binary (`BuiltInVoices`).
        case builtIn = "built in"
    }

    public var kind: Kind
    /// The folder, or nil for the built-ins until they are written out (`folder()`).
    public var directory: String?

    public init(kind: Kind, directory: String?) {
        self.kind = kind
        self.directory = directory
    }

    public static let builtIn = VoiceSource(kind: .builtIn, directory: nil)

    /// The profile names this source has, sorted: its top-level `.json` files.
    public var profileNames: [String] {
        guard let directory else { return BuiltInVoices.profileNames }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(5)) }
            .sorted()
    }

    /// The folder to read profiles from, writing out the built-ins on first use; nil if they
    /// could not be written.
    public func folder() -> String? {
        directory ?? BuiltInVoices.folder
    }

    /// How `earshot voices` and `earshot --version` name the source: `installed: /usr/share/...`.
    public func describe(file: String? = nil, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        guard let directory else { return kind.rawValue }
        var path = file.map { directory + "/" + $0 } ?? directory
        if let home, home.count > 1, path.hasPrefix(home + "/") { path = "~" + path.dropFirst(home.count) }
        return "\(kind == .environment ? "EARSHOT_VOICES" : kind.rawValue): \(path)"
    }
}
