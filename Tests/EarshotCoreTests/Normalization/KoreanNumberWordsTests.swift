import Testing
@testable import EarshotCore

@Suite("Korean number words")
struct KoreanNumberReaderTests {
    func reader() throws -> KoreanNumberWords {
        let rules = try KoreanNormalizationRules.load(path: NormalizationFixtures.koreanRulesPath)
        return KoreanNumberWords(words: rules.numbers)
    }

    @Test("Sino-Korean numbers drop 일 before 십, 백, 천 and a lone 만, and pause after 만 and 억", arguments: [
        (0, "영"), (1, "일"), (10, "십"), (11, "십일"), (20, "이십"), (100, "백"), (101, "백일"),
        (1000, "천"), (2024, "이천이십사"), (10000, "만"), (12000, "만 이천"), (110000, "십일만"),
        (100000000, "일억"), (123456789, "일억 이천삼백사십오만 육천칠백팔십구"), (1000000000000, "일조"),
    ])
    func sino(number: Int, words: String) throws {
        #expect(try reader().sino(number) == words)
    }

    @Test("native counter forms use 한 두 세 네 and 스무 for a round twenty", arguments: [
        (1, "한"), (2, "두"), (3, "세"), (4, "네"), (5, "다섯"), (10, "열"), (11, "열한"), (20, "스무"),
        (21, "스물한"), (24, "스물네"), (30, "서른"), (99, "아흔아홉"),
    ])
    func native(number: Int, words: String) throws {
        #expect(try reader().native(number) == words)
    }

    @Test("native forms stop at the data's maximum and do not cover zero")
    func nativeLimits() throws {
        let reader = try reader()
        #expect(reader.native(0) == nil)
        #expect(reader.native(100) == nil)
    }

    @Test("numbers longer than the group words allow are not read as amounts")
    func tooLongForSino() throws {
        let reader = try reader()
        #expect(reader.sino([UInt8](repeating: 9, count: 20)) != nil)
        #expect(reader.sino([UInt8](repeating: 9, count: 21)) == nil)
    }
}
