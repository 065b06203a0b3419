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
        for (option, path) in outputs where path != "-" {
            if let kind = specialKind(of: path) {
                throw OutputPathError("\(option) \(path) is \(kind), not a regular file: nothing is written there")
            }
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
        let resolved = AtomicFile.destination(of: path)
        guard let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType else {
            return nil
        }
        switch type {
        case .typeRegular: return nil
        case .typeDirectory: return "a folder"
        case .typeCharacterSpecial: return "a character device"
        case .typeBlockSpecial: return "a block device"
        case .typeSocket: return "a socket"
        default: return "a special file (a FIFO or similar)"
        }
    }
}

/// An output path that would destroy an input or a special file (a usage error: nothing written).
public struct OutputPathError: UserFacingError, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var exitCode: ExitCode { .usage }
    public var description: String { "error: \(message)" }
}
