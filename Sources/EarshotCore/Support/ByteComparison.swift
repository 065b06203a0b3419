import Foundation

/// Byte-for-byte comparisons for readers that match what they read against known text without
/// making a string of it first (`Sequence.elementsEqual` is generic and compares byte by byte).
enum ByteComparison {
    static func same(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let left = first.baseAddress, let right = second.baseAddress else { return true }
        return memcmp(left, right, first.count) == 0
    }

    static func same(_ bytes: [UInt8], _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { same($0, other) }
    }

    /// Whether the string's UTF-8 is exactly these bytes.
    static func same(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        return text.utf8.withContiguousStorageIfAvailable { same($0, bytes) } ?? text.utf8.elementsEqual(bytes)
    }
}
