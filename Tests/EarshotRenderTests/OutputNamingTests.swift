import EarshotCore
@testable import EarshotRender
import Testing

@Suite("Output naming")
struct OutputNamingTests {
    @Test("keeps safe ASCII keys as they are")
    func safeKeys() {
        #expect(SafeFileName.component(for: "Accessibility.Alert") == "Accessibility.Alert")
        #expect(SafeFileName.component(for: "line-0007") == "line-0007")
    }

    @Test("replaces unsafe characters and adds a digest of the key so names stay distinct")
    func unsafeKeys() {
        let korean = SafeFileName.component(for: "찜하기")
        #expect(korean == String(SHA256.hex("찜하기").prefix(8)))
        #expect(SafeFileName.component(for: "a/b") != SafeFileName.component(for: "a:b"))
        #expect(SafeFileName.component(for: "a/b").hasPrefix("a_b-"))
        #expect(SafeFileName.component(for: "../etc").hasPrefix("etc-"))
        #expect(SafeFileName.component(for: "CON").hasPrefix("_CON"))
        #expect(SafeFileName.component(for: String(repeating: "x", count: 300)).utf8.count <= SafeFileName.maximumLength)
    }

    @Test("resolves names equal when case is ignored with numbered suffixes in order")
    func collisions() {
        var names = UniqueNames()
        #expect(names.claim("Done") == "Done")
        #expect(names.claim("done") == "done-2")
        #expect(names.claim("DONE") == "DONE-3")
        #expect(names.claim("other") == "other")
    }
}

@Suite("Shard")
struct ShardTests {
    @Test("splits jobs into contiguous ranges that cover every job exactly once")
    func coverage() {
        for total in [0, 1, 2, 7, 71, 100] {
            for count in 1...5 {
                let ranges = (1...count).map { Shard(index: $0, count: count).range(of: total) }
                #expect(ranges.flatMap { Array($0) } == Array(0..<total))
                #expect(ranges.map(\.count).max()! - ranges.map(\.count).min()! <= 1)
            }
        }
    }

    @Test("parses i/n and rejects anything out of range")
    func parsing() {
        #expect(Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        #expect(Shard(parsing: "0/3") == nil)
        #expect(Shard(parsing: "4/3") == nil)
        #expect(Shard(parsing: "1") == nil)
    }
}

@Suite("Render manifest")
struct RenderManifestTests {
    @Test("writes fields in a fixed order and reads its own lines back")
    func roundTrip() {
        let entry = ManifestEntry(input: "a.txt", line: 3, key: "3", voice: "ko", text: "말 \"따옴표\"\n다음",
                                  output: "ko/a/line-0003.wav", duration: 1.23456, sha256: "ab", cache: "cd")
        #expect(entry.jsonLine == #"{"input":"a.txt","line":3,"key":"3","voice":"ko","text":"말 \"따옴표\"\n다음","output":"ko/a/line-0003.wav","duration":1.235,"sha256":"ab","cache":"cd"}"#)
        var back = ManifestEntry(jsonLine: Substring(entry.jsonLine))
        back?.duration = 1.23456
        #expect(back == entry)
        #expect(ManifestEntry(jsonLine: Substring(entry.jsonLine.dropLast(5))) == nil)
    }

    @Test("cache keys change with the text, the profile and the version")
    func cacheKeys() {
        let base = RenderCacheKey.make(segments: ["찜하기"], profileDigest: "p", engine: "e", version: "1")
        #expect(base == RenderCacheKey.make(segments: ["찜하기"], profileDigest: "p", engine: "e", version: "1"))
        #expect(base != RenderCacheKey.make(segments: ["찜하기 "], profileDigest: "p", engine: "e", version: "1"))
        #expect(base != RenderCacheKey.make(segments: ["찜하기"], profileDigest: "q", engine: "e", version: "1"))
        #expect(base != RenderCacheKey.make(segments: ["찜하기"], profileDigest: "p", engine: "e", version: "2"))
        #expect(RenderCacheKey.make(segments: ["ab", "c"], profileDigest: "p", engine: "e")
            != RenderCacheKey.make(segments: ["a", "bc"], profileDigest: "p", engine: "e"))
    }
}
