import EarshotCore
import Foundation

/// The audio a page embeds, kept on disk until the page is written: the page's HTML carries a
/// marker wherever a `data:` URI goes, and `write(_:to:)` streams each piece of WAV in as
/// base64 in place of its marker. A page's memory is then its markup alone, and its size the
/// markup plus 4/3 of the audio it embeds, each piece once (a 100,000-character label once gave
/// a 1.48 GB page in 5.1 GB of memory: its audio was embedded twice, as strings copied whole).
public struct PageAudio: Sendable {
    struct Piece: Sendable {
        var file: String
        var offset: Int
        var length: Int
    }

    /// Unique to this page, so that no text on it can be taken for a marker.
    private let token = UUID().uuidString.lowercased()
    private var pieces: [Piece] = []

    public init() {}

    /// The source to write in the page for `length` bytes of WAV at `offset` in `file`.
    public mutating func source(file: String, offset: Int = 0, length: Int) -> String {
        pieces.append(Piece(file: file, offset: offset, length: length))
        return "\(prefix)\(pieces.count - 1)."
    }

    private var prefix: String { "earshot-audio-\(token)-" }

    /// Writes `html` to `path` through a temporary name and a rename (`-`: standard output),
    /// each marker replaced by the `data:audio/wav;base64,` URI of its piece. With
    /// `followingLinks` false (a page in a folder the command owns) a symbolic link at `path` is
    /// refused, not written through.
    public func write(_ html: String, to path: String, followingLinks: Bool = true) throws {
        let temporary = path == "-" ? nil
            : followingLinks ? AtomicFile.temporaryPath(for: path) : AtomicFile.siblingTemporaryPath(for: path)
        let entry = try temporary.map { try AtomicFile.createTemporary($0, for: path) }
        defer { entry.map(TemporaryFiles.release) }
        let descriptor: Int32 = temporary.map { open($0, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC) } ?? STDOUT_FILENO
        guard descriptor >= 0 else {
            if let temporary { SystemCall.unlink(temporary) }
            throw FileIOError(path: path, reason: "cannot write file (\(String(cString: strerror(errno))))")
        }
        do {
            try writePieces(html, to: descriptor, name: path)
            if let temporary {
                close(descriptor)
                try AtomicFile.commit(temporary, to: path, followingLinks: followingLinks)
            }
        } catch {
            if let temporary {
                close(descriptor)
                SystemCall.unlink(temporary)
            }
            throw error
        }
    }

    private func writePieces(_ html: String, to descriptor: Int32, name: String) throws {
        let marker = Array(prefix.utf8)
        let bytes = Array(html.utf8)
        var written = 0
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            var end = index + marker.count
            var number = 0
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 {
                number = number * 10 + Int(bytes[end] - 0x30)
                end += 1
            }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "."), number < pieces.count else {
                index += 1
                continue
            }
            try Self.write(bytes[written..<index], to: descriptor, name: name)
            try Self.write(Array("data:audio/wav;base64,".utf8)[...], to: descriptor, name: name)
            try streamBase64(pieces[number], to: descriptor, name: name)
            index = end + 1
            written = index
        }
        try Self.write(bytes[written...], to: descriptor, name: name)
    }

    /// The piece's bytes as base64, read and encoded 768 KiB at a time.
    private func streamBase64(_ piece: Piece, to descriptor: Int32, name: String) throws {
        guard let handle = FileHandle(forReadingAtPath: piece.file) else {
            throw FileIOError(path: piece.file, reason: "cannot read the audio for the page")
        }
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(piece.offset))
        var left = piece.length
        var carry = Data()
        while left > 0 {
            let chunk = try handle.read(upToCount: min(left, 3 << 18)) ?? Data()
            guard !chunk.isEmpty else {
                throw FileIOError(path: piece.file, reason: "the audio for the page ended early")
            }
            left -= chunk.count
            // Whole groups of three bytes, so the pieces of base64 join into one.
            carry.append(chunk)
            let whole = left == 0 ? carry.count : carry.count - carry.count % 3
            try Self.write(Array(carry.prefix(whole).base64EncodedString().utf8)[...], to: descriptor, name: name)
            carry = Data(carry.dropFirst(whole))
        }
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, name: String) throws {
        try bytes.withUnsafeBytes { try AtomicFile.writeAll($0, to: descriptor, path: name == "-" ? "standard output" : name) }
    }
}
