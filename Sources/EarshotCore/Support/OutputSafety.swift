import Foundation

/// Checks made before a command writes anything, so that an output can never destroy an input
/// or a special file: every output path is compared with every input of the run (the same file
/// by device and inode, after resolving symbolic links), and a path that names a device, FIFO,
/// socket or folder is refused. A path `-` (standard output, where a command offers it) is not checked.
///
/// A symbolic link as an output is written through: the file it points to is replaced and the
/// link stays (`AtomicFile` renames onto the link's target).
public enum OutputSafety {
    /// Throws `OutputPathError` when one of `outputs` is one of `inputs`, or is not a place a
    /// regular file can be written. `outputs` pairs each path with the option that named it.
    public static func check(outputs: [(option: String, path: String)], inputs: [String]) throws {
        let inputIDs = inputs.compactMap { path in identity(of: path).map { (path, $0) } }
        var seen: [FileIdentity: String] = [:]
        // Outputs not written yet have no identity: they are told apart by the place they name.
        var seenPlaces: [String: String] = [:]
        for (option, path) in outputs where path != "-" {
            if let kind = specialKind(of: path) {
                throw OutputPathError("\(option) \(path) is \(kind), not a regular file: nothing is written there")
            }
            let place = resolvedPath(AtomicFile.destination(of: path))
            if let other = seenPlaces[place] {
                throw OutputPathError("\(option) \(path) and \(other) are the same file: give each output its own name")
            }
            seenPlaces[place] = "\(option) \(path)"
            guard let id = identity(of: path) else { continue }
            if let input = inputIDs.first(where: { $0.1 == id }) {
                throw OutputPathError("\(option) \(path) is the input \(input.0): writing it would destroy the input; nothing was written")
            }
            if let other = seen[id] {
                throw OutputPathError("\(option) \(path) and \(other) are the same file: give each output its own name")
            }
            seen[id] = "\(option) \(path)"
        }
    }

    /// Refuses to replace an existing file that is not a WAV file with a WAV (a `speak -o
    /// notes.json` typo would otherwise destroy the JSON file without a word).
    public static func checkReplacingWAV(_ path: String, option: String) throws {
        guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 12)) ?? Data()
        let isWAV = head.count == 12 && head.prefix(4) == Data("RIFF".utf8) && head.suffix(4) == Data("WAVE".utf8)
        if !isWAV, (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 > 0 {
            throw OutputPathError("\(option) \(path) exists and is not a WAV file: it is not replaced (remove it first, or choose another name)")
        }
    }

    /// Checks a folder a command fills with files of its own (render's output folder) before
    /// anything is written: it is not a folder of device nodes or a kernel file system (`/dev`,
    /// `/proc`, `/sys`), and no file it will write, nor any folder between, is a symbolic link
    /// or a special file. The folder itself may be a link its user named. `files` are relative
    /// to `folder`, or absolute paths inside it.
    public static func checkOwnedFolder(_ folder: String, files: [String], option: String) throws {
        if let reason = unsuitableFolderReason(folder) {
            throw OutputPathError("\(option) \(folder) \(reason): give a folder for files")
        }
        var checked = Set<String>()
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        for file in files {
            let relative = file.hasPrefix(base + "/") ? String(file.dropFirst(base.count + 1)) : file
            guard !relative.hasPrefix("/") else { continue }
            var path = base
            let parts = relative.split(separator: "/").map(String.init)
            for (index, part) in parts.enumerated() {
                path = path.isEmpty ? part : path + "/" + part
                guard checked.insert(path).inserted else { continue }
                let isLast = index == parts.count - 1
                guard let kind = FileKind(atPath: path), !(kind == .folder && !isLast) else { continue }
                throw OutputPathError("\(path) is \(kind.description): \(option) writes only files and folders of its own there, never through a link (remove it, then run again); nothing was written")
            }
        }
    }

    /// Why a folder cannot take output files, or nil: it holds device nodes, FIFOs or sockets
    /// (`/dev`), or is a kernel file system (`/proc`, `/sys`).
    static func unsuitableFolderReason(_ folder: String) -> String? {
        if let resolved = realpath(folder.isEmpty ? "." : folder, nil) {
            let path = String(cString: resolved)
            free(resolved)
            if ["/proc", "/sys", "/dev"].contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
                return "is a kernel file system (\(path))"
            }
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return nil }
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            switch SystemCall.linkStatus(path)?.kind {
            case .characterDevice?, .blockDevice?: return "holds device nodes (\(name))"
            case .fifo?, .socket?: return "holds FIFOs or sockets (\(name))"
            default: continue
            }
        }
        return nil
    }

    /// Whether two paths name one place: the same file when both exist, else the same
    /// absolute path once links are resolved as far as the path exists.
    public static func samePlace(_ first: String, _ second: String) -> Bool {
        if let a = identity(of: first), let b = identity(of: second) { return a == b }
        return resolvedPath(AtomicFile.destination(of: first)) == resolvedPath(AtomicFile.destination(of: second))
    }

    /// The absolute path `path` names, with `.`, `..` and the links of its existing part
    /// resolved; the part that does not exist yet is kept as written.
    public static func resolvedPath(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while existing != "/", !existing.isEmpty, SystemCall.linkStatus(existing) == nil {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        let base = URL(fileURLWithPath: existing).resolvingSymlinksInPath().path
        return ([base == "/" ? "" : base] + rest).joined(separator: "/")
    }

    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Device and inode of the file a path names, links followed; nil when it does not exist.
    static func identity(of path: String) -> FileIdentity? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: AtomicFile.destination(of: path)),
              let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value,
              let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value else { return nil }
        return FileIdentity(device: device, inode: inode)
    }

    /// "a character device", "a FIFO"... for what a path names, links followed; nil for a regular
    /// file or nothing.
    public static func specialKind(of path: String) -> String? {
        // Links are followed to the end, so a link still there is a loop or too long a chain.
        switch FileKind(atPath: AtomicFile.destination(of: path)) {
        case nil: nil
        case .link: "a symbolic link that never reaches a file (a loop, or a chain of over 40 links)"
        case .fifo: "a special file (a FIFO or similar)"
        case let kind?: kind.description
        }
    }
}

/// An output path the run must not write: one that would destroy an input or a special file, or
/// whose name asks for no format there is (a usage error: nothing written).
public struct OutputPathError: UserFacingError, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var category: ErrorCategory { .usage }
    public var description: String { "error: \(message)" }
}
