import Foundation

/// Writes files through a temporary name in the same folder and a rename, so a reader (or a
/// resumed batch run) never sees a half-written file, and an interrupted write loses nothing
/// that was already complete.
///
/// A symbolic link is written through: the file it points to is replaced and the link stays. A
/// device, FIFO, socket or folder is never replaced (as root, `-o /dev/null` would otherwise
/// swap the device node for a regular file).
public enum AtomicFile {
    public static func write(_ data: Data, to path: String, followingLinks: Bool = true) throws {
        let temporary = followingLinks ? temporaryPath(for: path) : siblingTemporaryPath(for: path)
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw FileIOError(path: path, reason: "cannot write file (\(String(cString: strerror(errno))))")
        }
        try commit(temporary, to: path, followingLinks: followingLinks)
    }

    public static func write(_ text: String, to path: String, followingLinks: Bool = true) throws {
        try write(Data(text.utf8), to: path, followingLinks: followingLinks)
    }

    /// Writes an output a command names: standard output when `path` is `-`, else a file
    /// through a temporary name and a rename.
    public static func writeOutput(_ data: Data, to path: String) throws {
        guard path == "-" else { return try write(data, to: path) }
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw FileIOError(path: "standard output", reason: "cannot write (\(error.localizedDescription))")
        }
    }

    public static func writeOutput(_ text: String, to path: String) throws {
        try writeOutput(Data(text.utf8), to: path)
    }

    /// A hidden sibling name unique to this process and call, beside the file that `path`
    /// really names (a link's target).
    public static func temporaryPath(for path: String) -> String {
        siblingTemporaryPath(for: destination(of: path))
    }

    /// Removes temporary files that an earlier process killed outright (SIGKILL, a power cut)
    /// left for `path`: `.NAME.PID.RAND.tmp`, with or without a suffix, whose process is gone.
    public static func sweepStaleTemporaries(for path: String) {
        let url = URL(fileURLWithPath: destination(of: path))
        let folder = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.contains(".tmp") {
            let parts = name.dropFirst(prefix.count).split(separator: ".", maxSplits: 2)
            guard parts.count == 3, parts[2].hasPrefix("tmp"), let pid = Int32(parts[0]), UInt32(parts[1]) != nil,
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink((folder as NSString).appendingPathComponent(name))
        }
    }

    /// A hidden temporary name beside `path` itself (not beside a link's target).
    public static func siblingTemporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Renames a finished temporary file over its final name; removes it if the rename fails.
    /// With `followingLinks` false (render's own folder) a symbolic link at `path` is refused,
    /// not written through: a link planted among rendered files must not send a WAV elsewhere.
    public static func commit(_ temporary: String, to path: String, followingLinks: Bool = true) throws {
        if !followingLinks, let kind = linkOrSpecialKind(atPath: path) {
            unlink(temporary)
            throw FileIOError(path: path, reason: "is \(kind): it is not written through (remove it, then run again)")
        }
        let target = followingLinks ? destination(of: path) : path
        if let kind = OutputSafety.specialKind(of: target) {
            unlink(temporary)
            throw FileIOError(path: path, reason: "is \(kind), not a regular file: not replaced")
        }
        if rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileIOError(path: path, reason: "cannot rename finished file into place (\(reason))")
        }
    }

    /// Writes all of `bytes` to an open descriptor, again after an interrupted or short write;
    /// an error names `path` (the file the descriptor writes).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(descriptor, base + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileIOError(path: path, reason: "cannot write file (\(String(cString: strerror(errno))))")
            }
            written += count
        }
    }

    /// "a symbolic link (to /etc/passwd)", "a folder"... for what `path` itself is, links not
    /// followed; nil for a regular file or nothing.
    public static func linkOrSpecialKind(atPath path: String) -> String? {
        FileKind(atPath: path)?.description
    }

    /// The file a write to `path` replaces: the target of a symbolic link (followed to the end),
    /// else `path` itself.
    public static func destination(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = link.hasPrefix("/") ? link : (URL(fileURLWithPath: current).deletingLastPathComponent().path as NSString)
                .appendingPathComponent(link)
        }
        return current
    }
}

/// What a path itself is when it is not a regular file, links not followed (`lstat`).
public enum FileKind: Equatable, Sendable {
    case link(target: String?)
    case folder, characterDevice, blockDevice, socket, fifo, other

    /// Nil for a regular file or nothing at `path`.
    public init?(atPath path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: self = .link(target: try? FileManager.default.destinationOfSymbolicLink(atPath: path))
        case S_IFDIR: self = .folder
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFIFO: self = .fifo
        default: self = .other
        }
    }

    /// "a symbolic link (to /etc/passwd)", "a folder", "a FIFO"...
    public var description: String {
        switch self {
        case .link(let target): "a symbolic link" + (target.map { " (to \($0))" } ?? "")
        case .folder: "a folder"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .fifo: "a FIFO"
        case .other: "a special file"
        }
    }
}
