import EarshotCore
import Foundation

extension PageAudio {
    /// Where a page's audio goes (`--report-audio`).
    public enum Placement: Equatable, Sendable {
        case embed, external
        /// Not given: embedded up to `embedLimit` bytes of WAV, beside the page above.
        case automatic

        /// Whether the run may write audio beside the page (its outputs are checked for it).
        public var mayWriteBeside: Bool { self != .embed }

        /// Whether `bytes` of WAV go beside the page.
        public func external(bytes: Int) -> Bool { self == .external || self == .automatic && bytes > PageAudio.embedLimit }

        /// The value a worker process is given, nil for the default.
        public var argument: String? {
            switch self {
            case .embed: "embed"
            case .external: "external"
            case .automatic: nil
            }
        }
    }

    /// Above this many bytes of WAV (about 7.5 minutes of speech at 22,050 Hz), a page's audio
    /// goes beside it unless `--report-audio embed` says otherwise: a page carries the audio
    /// as base64 (4/3 of its size), and a 35 MB page loads slowly, on a phone above all.
    public static let embedLimit = 20_000_000

    /// The note a page whose audio went beside it by default prints on standard error.
    public static func besideNote(page: String, beside: String, bytes: Int) -> String {
        "note: \(page): its \(megabytes(bytes)) of audio is written beside it, in \(beside), not embedded (a page embeds up to \(megabytes(embedLimit)); --report-audio embed embeds it anyway)"
    }

    /// Prints `besideNote` on standard error.
    public static func noteBeside(page: String, beside: String, bytes: Int) {
        FileHandle.standardError.write(Data((besideNote(page: page, beside: beside, bytes: bytes) + "\n").utf8))
    }

    public static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}

/// The files around a page: the size of audio just written, audio copied beside a page.
public enum PageFiles {
    public static func fileSize(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileIOError(path: path, reason: "cannot read the audio just written") }
        return Int(info.st_size)
    }

    /// Copies `length` bytes at `offset` of `source` into a new file, through a temporary name
    /// and a rename.
    public static func copyPiece(of source: String, offset: Int, length: Int, to destination: String) throws {
        guard let input = FileHandle(forReadingAtPath: source) else { throw FileIOError(path: source, reason: "cannot read file") }
        defer { try? input.close() }
        try input.seek(toOffset: UInt64(offset))
        let temporary = AtomicFile.temporaryPath(for: destination)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileIOError(path: destination, reason: "cannot create file (\(String(cString: strerror(errno))))") }
        do {
            var left = length
            while left > 0, let chunk = try input.read(upToCount: min(left, 1 << 20)), !chunk.isEmpty {
                try chunk.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: destination) }
                left -= chunk.count
            }
            close(descriptor)
            try AtomicFile.commit(temporary, to: destination)
        } catch {
            close(descriptor)
            SystemCall.unlink(temporary)
            throw error
        }
    }

    /// Copies a file in pieces, through a temporary name and a rename.
    public static func copyFile(_ source: String, to destination: String, followingLinks: Bool = true) throws {
        let temporary = followingLinks ? AtomicFile.temporaryPath(for: destination) : AtomicFile.siblingTemporaryPath(for: destination)
        let entry = try AtomicFile.createTemporary(temporary, for: destination)
        defer { TemporaryFiles.release(entry) }
        let output = try BundleFile(path: temporary)
        do {
            _ = try output.append(contentsOf: source)
            output.close()
            try AtomicFile.commit(temporary, to: destination, followingLinks: followingLinks)
        } catch {
            output.close()
            SystemCall.unlink(temporary)
            throw error
        }
    }
}

/// A file that other files are appended to in pieces, each one's place remembered.
public final class BundleFile {
    public let path: String
    private var descriptor: Int32
    private var size = 0

    public init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileIOError(path: path, reason: "cannot create file (\(String(cString: strerror(errno))))") }
    }

    /// Appends the whole of `file`; returns where it now lies.
    public func append(contentsOf file: String) throws -> (offset: Int, length: Int) {
        guard let handle = FileHandle(forReadingAtPath: file) else { throw FileIOError(path: file, reason: "cannot read file") }
        defer { try? handle.close() }
        let offset = size
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            try chunk.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: path) }
            size += chunk.count
        }
        return (offset, size - offset)
    }

    public func close() {
        if descriptor >= 0 { try? SystemCall.close(descriptor) }
        descriptor = -1
    }
}
