import Foundation

/// Writes files through a temporary name in the same folder and a rename, so a reader (or a
/// resumed batch run) never sees a half-written file, and an interrupted write loses nothing
/// that was already complete.
///
/// Every temporary file is in the process's registry (`TemporaryFiles`) while it exists, so a
/// stop signal removes it, and a later run sweeps one a killed process left.
///
/// A symbolic link is written through: the file it points to is replaced and the link stays. A
/// file without any write permission is never replaced (a rename would ignore it). A
/// device, FIFO, socket or folder is never replaced (as root, `-o /dev/null` would otherwise
/// swap the device node for a regular file).
public enum AtomicFile {
    public static func write(_ data: Data, to path: String, followingLinks: Bool = true) throws {
        let temporary = followingLinks ? temporaryPath(for: path) : siblingTemporaryPath(for: path)
        let entry = try createTemporary(temporary, for: path)
        defer { TemporaryFiles.release(entry) }
        do {
            let descriptor = try SystemCall.open(temporary, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
            do {
                try data.withUnsafeBytes { try writeAll($0, to: descriptor, path: path) }
            } catch {
                try? SystemCall.close(descriptor)
                throw error
            }
            try SystemCall.close(descriptor)
        } catch let error as SystemCall.Failure {
            SystemCall.unlink(temporary)
            throw FileIOError(path: path, reason: "cannot write file (\(error.reason))")
        } catch {
            SystemCall.unlink(temporary)
            throw error
        }
        try commit(temporary, to: path, followingLinks: followingLinks)
    }

    /// Creates the empty temporary file `temporary` for `path` (never through a link, never over
    /// a file already there) and registers it in `TemporaryFiles`, after sweeping what killed
    /// processes left in its folder. The caller releases the entry once the file is renamed
    /// into place or removed.
    public static func createTemporary(_ temporary: String, for path: String) throws -> TemporaryFiles.Entry {
        TemporaryFiles.sweep(folderOf: temporary)
        // Registered before it exists: a signal between the two removes nothing, not too little.
        let entry = TemporaryFiles.register(temporary)
        do throws(SystemCall.Failure) {
            let descriptor = try SystemCall.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC)
            try? SystemCall.close(descriptor)
        } catch {
            TemporaryFiles.release(entry)
            throw FileIOError(path: path, reason: "cannot write file (\(error.reason))")
        }
        return entry
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

    /// `writeOutput` for a CI report (JUnit, SARIF, a conformance table): its folder is made when
    /// missing, as a build's report folder (`out/earshot.xml`) often is on a clean checkout.
    public static func writeReport(_ text: String, to path: String) throws {
        if path != "-" {
            let folder = (destination(of: path) as NSString).deletingLastPathComponent
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw FileIOError(path: path, reason: "cannot make its folder \(folder) (\(error.localizedDescription))")
                }
            }
        }
        try writeOutput(text, to: path)
    }

    /// A hidden sibling name unique to this process and call, beside the file that `path`
    /// really names (a link's target).
    public static func temporaryPath(for path: String) -> String {
        siblingTemporaryPath(for: destination(of: path))
    }

    /// Removes temporary files that an earlier process killed outright (SIGKILL, a power cut)
    /// left beside `path`: see `TemporaryFiles.sweep(folder:)`.
    public static func sweepStaleTemporaries(for path: String) {
        TemporaryFiles.sweep(folderOf: destination(of: path))
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
            SystemCall.unlink(temporary)
            throw FileIOError(path: path, reason: "is \(kind): it is not written through (remove it, then run again)")
        }
        let target = followingLinks ? destination(of: path) : path
        if let kind = OutputSafety.specialKind(of: target) {
            SystemCall.unlink(temporary)
            throw FileIOError(path: path, reason: "is \(kind), not a regular file: not replaced")
        }
        if let refusal = readOnlyRefusal(path: path, target: target) {
            SystemCall.unlink(temporary)
            throw FileIOError(path: path, reason: refusal)
        }
        do {
            try SystemCall.rename(temporary, to: target)
        } catch {
            SystemCall.unlink(temporary)
            throw FileIOError(path: path, reason: "cannot rename finished file into place (\(error.reason))")
        }
    }

    /// Why `target` (what a write to `path` replaces) must not be replaced, or nil: a file
    /// without any write permission is someone's "keep this", and a rename would replace it all
    /// the same (only the folder's permission counts); the message names the link followed.
    static func readOnlyRefusal(path: String, target: String) -> String? {
        var info = stat()
        guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o222 == 0 else { return nil }
        let through = target == path ? "" : " (a symbolic link to \(target))"
        return "is a read-only file\(through): not replaced (make it writable or remove it, then run again)"
    }

    /// Writes all of `bytes` to an open descriptor, again after an interrupted or short write;
    /// an error names `path` (the file the descriptor writes).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        do {
            try SystemCall.writeAll(descriptor, bytes)
        } catch {
            throw FileIOError(path: path, reason: "cannot write file (\(error.reason))")
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
    case folder, characterDevice, blockDevice, socket, fifo

    /// Nil for a regular file or nothing at `path`.
    public init?(atPath path: String) {
        switch SystemCall.linkStatus(path)?.kind {
        case nil, .regular?: return nil
        case .symbolicLink?: self = .link(target: try? FileManager.default.destinationOfSymbolicLink(atPath: path))
        case .directory?: self = .folder
        case .characterDevice?: self = .characterDevice
        case .blockDevice?: self = .blockDevice
        case .socket?: self = .socket
        case .fifo?: self = .fifo
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
        }
    }
}

/// Creates a folder (and its parents) or throws an I/O error naming it.
public func createFolder(_ path: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw FileIOError(path: path, reason: "cannot create folder (\(error.localizedDescription))")
    }
}
