import Foundation
import Testing
@testable import EarshotCore

/// A small deterministic generator, so a failing input can be reproduced from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 11 ^ state
    }
}

@Suite("Korean normalization handles any text")
struct KoreanNormalizerRobustnessTests {
    static let pieces = [
        "0", "1", "2", "3", "5", "9", "10", "24", "99", "100", "1,000", "12345", "010", ".", ",", ":", "/",
        "-", "~", "%", "℃", "°", "$", "₩", "+", " ", "개", "시", "시간", "월", "번째", "원", "제", "만", "억",
        "조각", "km", "GB", "m", "USB", "iPhone", "S", "a", "점", "평점", "'", "(", ")", "\n", "😀",
    ]

    @Test("random mixes of numbers, symbols and words leave no digit unread")
    func noDigitIsLeftUnread() throws {
        let normalizer = try NormalizationFixtures.koreanNormalizer()
        var generator = SeededGenerator(state: 570)
        for _ in 0..<3000 {
            let count = Int.random(in: 1...12, using: &generator)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let spoken = normalizer.normalize(text)
            // `%1$d`-like format specifiers are kept as written on purpose.
            if text.range(of: "%[0-9]", options: .regularExpression) != nil { continue }
            let unread = spoken.unicodeScalars.filter { $0.value >= 0x30 && $0.value <= 0x39 }.count
            #expect(unread == 0, "\(text) → \(spoken)")
        }
    }

    @Test("text without numbers, symbols or capitals is returned unchanged", arguments: [
        "장바구니에 담기", "뒤로 가기", "Choose a Fruit, 축소됨", "", " ", "두 번 탭하여 전환", "😀 좋아요!",
    ])
    func plainTextIsUnchanged(text: String) throws {
        #expect(try NormalizationFixtures.koreanNormalizer().normalize(text) == text)
    }
}
