import EarshotCore
import Foundation

/// Writes a WAV file piece by piece, so a long render never holds the whole timeline in memory.
///
/// Samples go to a hidden temporary file beside `path`; `finish()` fills in the RIFF and data
/// sizes and renames the file into place, so `path` only ever holds a complete file. The bytes
/// are the same as `WAVFile.write` gives for the same samples.
///
/// `path` `-` streams to standard output instead, as a pipe cannot be rewound to fill in the
/// sizes: the RIFF and data sizes say 0xFFFFFFFF ("until the end of the stream"), the
/// convention sox, ffmpeg and aplay read; the samples are the same.
public final class WAVStreamWriter {
    public let path: String
    public let sampleRate: Int
    /// Samples appended so far.
    public private(set) var sampleCount = 0

    private let temporaryPath: String
    /// The temporary file's place in the process's registry (removed on a stop signal).
    private var registration: TemporaryFiles.Entry?
    private var handle: FileHandle?
    private var pending: [UInt8] = []
    private var finished = false
    private let followsLinks: Bool

    /// Bytes collected before each write to the file.
    private static let flushSize = 64 * 1024

    /// `temporaryPath`, when given, is the name the file is written under until `finish()`
    /// (a caller that must be able to remove it after a crash picks it: render, whose folder
    /// is its own, so a symbolic link at `path` is then refused rather than written through);
    /// else a fresh hidden one, and a link at `path` is written through unless `followingLinks`
    /// is false (a file in a folder the command owns: `read -o DIR`).
    public init(path: String, sampleRate: Int, temporaryPath chosenTemporary: String? = nil, followingLinks: Bool = true) throws {
        self.path = path
        followsLinks = chosenTemporary == nil && followingLinks
        self.sampleRate = sampleRate
        if path == "-" {
            temporaryPath = ""
            handle = FileHandle.standardOutput
            var header = WAVFile.header(sampleRate: sampleRate, sampleCount: 0)
            for offset in [4, 40] { header.replaceSubrange(offset..<(offset + 4), with: [0xFF, 0xFF, 0xFF, 0xFF]) }
            pending.append(contentsOf: header)
            return
        }
        let temporaryPath = chosenTemporary
            ?? (followsLinks ? AtomicFile.temporaryPath(for: path) : AtomicFile.siblingTemporaryPath(for: path))
        self.temporaryPath = temporaryPath
        if chosenTemporary == nil {
            registration = try AtomicFile.createTemporary(temporaryPath, for: path)
        } else {
            registration = TemporaryFiles.register(temporaryPath)
            guard FileManager.default.createFile(atPath: temporaryPath, contents: nil) else {
                TemporaryFiles.release(registration!)
                throw FileIOError(path: path, reason: "cannot create file (\(String(cString: strerror(errno))))")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: temporaryPath) else {
            TemporaryFiles.remove(registration!)
            throw FileIOError(path: path, reason: "cannot create file (\(String(cString: strerror(errno))))")
        }
        self.handle = handle
        // Sizes are patched by finish(); until then they say "no samples".
        pending.append(contentsOf: WAVFile.header(sampleRate: sampleRate, sampleCount: 0))
    }

    deinit {
        if !finished { discard() }
    }

    /// Adds samples at the end of the file.
    public func append(_ samples: some Collection<Int16>) throws {
        precondition(!finished, "append after finish() or discard()")
        guard sampleCount + samples.count <= WAVFile.maximumSampleCount else {
            throw WAVFormatError(path: path, problem: "more than \(WAVFile.maximumSampleCount) samples do not fit in a WAV file")
        }
        WAVFile.appendLittleEndian(samples, to: &pending)
        sampleCount += samples.count
        if pending.count >= Self.flushSize { try flush() }
    }

    /// Completes the header and renames the file into place.
    public func finish() throws {
        precondition(!finished, "finish() called twice or after discard()")
        guard let handle else { return }
        if path == "-" {
            try flush()
            self.handle = nil
            finished = true
            return
        }
        do {
            try flush()
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: WAVFile.header(sampleRate: sampleRate, sampleCount: sampleCount))
            try handle.close()
        } catch let error as FileIOError {
            discard()
            throw error
        } catch {
            discard()
            throw FileIOError(path: path, reason: "cannot write file (\(error.localizedDescription))")
        }
        self.handle = nil
        finished = true
        defer { registration.map(TemporaryFiles.release) }
        try AtomicFile.commit(temporaryPath, to: path, followingLinks: followsLinks)
    }

    /// Abandons the file: removes the temporary file and leaves `path` untouched.
    public func discard() {
        if path == "-" {
            handle = nil
            finished = true
            pending = []
            return
        }
        try? handle?.close()
        handle = nil
        finished = true
        pending = []
        SystemCall.unlink(temporaryPath)
        registration.map(TemporaryFiles.release)
        registration = nil
    }

    private func flush() throws {
        guard let handle, !pending.isEmpty else { return }
        do {
            try handle.write(contentsOf: pending)
        } catch {
            throw FileIOError(path: path, reason: "cannot write file (\(error.localizedDescription))")
        }
        pending.removeAll(keepingCapacity: true)
    }
}
