import EarshotCore
import Foundation

/// Reads `explore`'s commands one line at a time from a descriptor (standard input that is not
/// a terminal), each line bounded: a line longer than `limit` bytes is skipped as it streams
/// past, never held, and reported as such. A pipe with no line end (a 50 MB line) so costs
/// one buffer, not the line.
public final class CommandLineEditor {
    public enum Item: Equatable {
        case line(String)
        /// A line past the limit: its number (from 1) and its length in bytes.
        case tooLong(line: Int, bytes: Int)
    }

    /// 64 KiB: far more than any command; an announcement of that length speaks for minutes.
    public static let defaultLimit = 64 * 1024

    public let limit: Int
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var lineNumber = 0

    public init(descriptor: Int32, limit: Int = CommandLineEditor.defaultLimit) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// Reads the lines of `data` (the fuzzer's input, a test's).
    public init(data: Data, limit: Int = CommandLineEditor.defaultLimit) {
        descriptor = -1
        self.limit = limit
        buffer = [UInt8](data)
        ended = true
    }

    /// The next line (without its line end; a CR before LF dropped), or nil at the end of input.
    public func next() -> Item? {
        var skipped = 0
        while true {
            if let end = buffer[start...].firstIndex(of: 0x0A) {
                let bytes = buffer[start..<end]
                start = end + 1
                lineNumber += 1
                if skipped > 0 || bytes.count > limit { return .tooLong(line: lineNumber, bytes: skipped + bytes.count + 1) }
                return .line(Self.text(bytes))
            }
            if buffer.count - start > limit {
                // Past the limit with no line end yet: let it stream past.
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            guard !ended else {
                guard start < buffer.count || skipped > 0 else { return nil }
                let bytes = buffer[start...]
                lineNumber += 1
                buffer.removeAll()
                start = 0
                if skipped > 0 || bytes.count > limit { return .tooLong(line: lineNumber, bytes: skipped + bytes.count) }
                return .line(Self.text(bytes))
            }
            fill()
        }
    }

    private func fill() {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = (try? SystemCall.read(descriptor, into: &chunk)) ?? 0
        if count == 0 {
            ended = true
        } else {
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        let trimmed = bytes.last == 0x0D ? bytes.dropLast() : bytes
        return String(decoding: trimmed, as: UTF8.self)
    }
}
