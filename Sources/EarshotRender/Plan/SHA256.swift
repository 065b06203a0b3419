import CCrypto

/// SHA-256 (FIPS 180-4), for manifest checksums, render cache keys and file names.
///
/// Backed by OpenSSL's libcrypto, which uses the processor's SHA instructions where it has
/// them: render workers hash every WAV they write (hundreds of megabytes for a string table),
/// and a portable Swift loop took a sixth of a worker's time there.
///
/// A value type: feed bytes in any number of pieces with `update`, read `hexDigest` or
/// `digest` at any point (reading does not finish the hasher); copies hash independently.
public struct SHA256: Sendable {
    private var context: DigestContext

    public init() {
        context = DigestContext()
    }

    /// The hex digest of `bytes` in one call.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.hexDigest
    }

    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            context.update(UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            Array(bytes).withUnsafeBytes { context.update($0) }
        }
    }

    /// The 32-byte digest of everything fed so far.
    public var digest: [UInt8] { context.copy().finish() }

    public var hexDigest: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// One libcrypto digest context, owned by one `SHA256` value (copied before it is shared and
/// changed), which is why it may be sent between threads.
private final class DigestContext: @unchecked Sendable {
    private let context: OpaquePointer

    init() {
        // Allocation fails only when memory is exhausted, and SHA-256 is always in libcrypto's
        // default provider: neither is a condition a caller could handle.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256 digest")
        }
        self.context = context
    }

    private init(copying other: DigestContext) {
        guard let context = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(context, other.context) == 1 else {
            fatalError("libcrypto could not copy a SHA-256 digest")
        }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    func copy() -> DigestContext { DigestContext(copying: self) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// Finishes this context (use a copy to keep hashing) and returns the digest.
    func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }
}
