import EarshotCore
import Foundation

/// The voices compiled into the binary: every file of the repository's `voices/` folder, so a
/// binary copied anywhere still speaks (docs/install.md, "Built-in voices"). They live in a
/// target of their own, linked by the `earshot` CLI and the benchmarks, so that a package
/// using only the portable core does not carry them; a program makes them the last voice
/// source with `register()`.
///
/// The bytes live in `BuiltInVoiceFiles.generated.swift`, written by
/// `scripts/generate-built-in-voices.sh`. Profiles refer to their data files by paths relative to
/// themselves (`"normalization": "normalization/ko.json"`), so rather than teach every reader a
/// second way in, the files are written out once to a folder of their own and read from there
/// like any other voices folder: `$XDG_CACHE_HOME/earshot/built-in-voices/DIGEST` (default
/// `~/.cache/...`), else a folder private to the user under the temporary folder. Files already
/// there are compared with the compiled bytes and rewritten when they differ.
public enum BuiltInVoices {
    /// Every file, by path relative to the voices folder (`ko.json`, `normalization/ko.json`).
    public static let files: [(path: String, bytes: Data)] = builtInVoiceFiles.map { file in
        guard let bytes = Data(base64Encoded: file.base64, options: .ignoreUnknownCharacters) else {
            preconditionFailure("BuiltInVoiceFiles.generated.swift: \(file.path) is not base64")
        }
        return (file.path, bytes)
    }

    /// The profile names: the `.json` files at the top of the folder, sorted (read from the
    /// paths alone, nothing decoded).
    public static var profileNames: [String] {
        builtInVoiceFiles.map(\.path).filter { !$0.contains("/") && $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.sorted()
    }

    /// The built-ins as the core's voice lookup takes them; the files are written out when a
    /// profile is first read.
    public static var set: BuiltInVoiceSet {
        BuiltInVoiceSet(profileNames: profileNames, folder: { folder })
    }

    /// Makes the built-ins the last source `VoiceLibrary.locate()` searches in this process;
    /// a program calls it once at start, before its first lookup.
    public static func register() {
        VoiceLibrary.register(builtIns: set)
    }

    /// The folder the files are written to, or nil when no candidate folder could be written
    /// (then the built-ins are unavailable and the lookup says so). Written once per process.
    public static let folder: String? = {
        for candidate in candidateFolders(environment: ProcessInfo.processInfo.environment) {
            if (try? write(to: candidate)) != nil { return candidate }
        }
        return nil
    }()

    /// Where the files may be written, in order of preference.
    static func candidateFolders(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            folders.append(cache + "/earshot/built-in-voices/" + builtInVoiceFilesDigest)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folders.append(home + "/.cache/earshot/built-in-voices/" + builtInVoiceFilesDigest)
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        folders.append(temporary + "/earshot-\(getuid())-built-in-voices-" + builtInVoiceFilesDigest)
        return folders
    }

    /// Writes every file into `folder` (created private to the user) unless it already holds
    /// exactly those bytes.
    static func write(to folder: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                    attributes: [.posixPermissions: 0o700])
        // A folder under a shared temporary folder may have been made by someone else.
        let owner = try manager.attributesOfItem(atPath: folder)[.ownerAccountID] as? NSNumber
        guard owner?.uint32Value == getuid() else {
            throw FileIOError(path: folder, reason: "owned by another user")
        }
        for file in files {
            let path = folder + "/" + file.path
            if manager.contents(atPath: path) == file.bytes { continue }
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                        withIntermediateDirectories: true)
            try file.bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }
}
