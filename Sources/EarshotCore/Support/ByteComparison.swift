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

/// One string for each byte sequence a file repeats (element names, class and package names):
/// found by a hash of the bytes and checked byte for byte, made by `make` the first time (or when
/// another sequence with the same hash took the place since).
struct InternedStrings {
    private var strings: [Int: String] = [:]

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>,
                         making make: (UnsafeBufferPointer<UInt8>) -> String) -> String {
        var hash = 5381
        for byte in bytes { hash = (hash &* 33) ^ Int(byte) }
        if let known = strings[hash], ByteComparison.same(known, bytes) { return known }
        let made = make(bytes)
        strings[hash] = made
        return made
    }
}
