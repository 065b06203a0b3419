import EarshotCore
@testable import EarshotRender
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    @Test("matches the FIPS 180-4 test vectors")
    func knownVectors() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("gives the same digest however the input is split into pieces")
    func incrementalUpdates() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var hasher = SHA256()
        var offset = 0
        var step = 1
        while offset < bytes.count {
            let end = min(bytes.count, offset + step)
            hasher.update(bytes[offset..<end])
            offset = end
            step = step * 3 % 997 + 1
        }
        #expect(hasher.hexDigest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256.hex(bytes) == hasher.hexDigest)
    }

    @Test("handles lengths around the 55, 56 and 64 byte padding boundaries")
    func paddingBoundaries() {
        // Digests from sha256sum of 55, 56 and 64 letters "a".
        #expect(SHA256.hex(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex(String(repeating: "a", count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test("hashes a copy independently of the value it was copied from, and reading does not finish it")
    func copiesAreIndependent() {
        var first = SHA256()
        first.update(Array("ab".utf8))
        var second = first
        second.update(Array("x".utf8))
        #expect(first.hexDigest == SHA256.hex("ab"))
        first.update(Array("c".utf8))
        #expect(first.hexDigest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(second.hexDigest == SHA256.hex("abx"))
        #expect(first.digest.count == 32)
    }
}
