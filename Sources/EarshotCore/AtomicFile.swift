import Foundation

/// Writes files through a temporary name in the same folder and a rename, so a reader (or a
/// resumed batch run) never sees a half-written file, and an interrupted write loses nothing
/// that was already complete.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws {
        let temporary = temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw FileIOError(path: path, reason: "cannot write file (\(String(cString: strerror(errno))))")
        }
        try commit(temporary, to: path)
    }

    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// A hidden sibling name unique to this process and call.
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Renames a finished temporary file over its final name; removes it if the rename fails.
    public static func commit(_ temporary: String, to path: String) throws {
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileIOError(path: path, reason: "cannot rename finished file into place (\(reason))")
        }
    }
}
