import Foundation
import Testing
@testable import EarshotCore

/// The Korean normalizer's work grows with the text, not faster: counted in looks at the input
/// (every read of a scalar), not timed. A 4 M character label of Latin words once took 22 s
/// against 1.2 s for 1 M (the output was a `String.UnicodeScalarView` that each appended word
/// copied whole); `earshot-bench sizes` measures the time.
@Suite("Korean normalization costs linear work")
struct LinearCostTests {
    /// Text shapes a long label can have: words, shouted words, numbers with counters and
    /// units, long digit runs, dates, Hangul, and all of them mixed.
    static let shapes: [(name: String, piece: String)] = [
        ("Latin words", "hello world sale brand "),
        ("capital words", "USB GB DON'T OK "),
        ("counts and units", "3개 25℃ 4.8점 1,000원 10km "),
        ("a long digit run", "1234567890"),
        ("dates and times", "2024.05.01 10:30 010-1234-5678 "),
        ("Hangul", "장바구니에 담기 "),
        ("mixed", "iPhone 15 Pro, 128GB 3개 - 할인 50%! "),
    ]

    static func text(_ piece: String, scalars count: Int) -> String {
        let unit = Array(piece.unicodeScalars)
        var view = String.UnicodeScalarView()
        for index in 0..<count { view.append(unit[index % unit.count]) }
        return String(view)
    }

    @Test("looks per scalar stay under a constant, and 4x the text is at most 4.4x the looks",
          arguments: shapes.map(\.name))
    func linear(shape: String) throws {
        let piece = Self.shapes.first { $0.name == shape }!.piece
        let normalizer = try NormalizationFixtures.koreanNormalizer() as! KoreanNormalizer
        let small = normalizer.normalizeCounting(Self.text(piece, scalars: 50_000))
        let large = normalizer.normalizeCounting(Self.text(piece, scalars: 200_000))
        #expect(!small.text.isEmpty && large.text.count > small.text.count * 3)
        #expect(Double(small.looks) / 50_000 < 40, "\(small.looks) looks for 50,000 scalars")
        #expect(Double(large.looks) / 200_000 < 40, "\(large.looks) looks for 200,000 scalars")
        #expect(Double(large.looks) / Double(small.looks) < 4.4, "\(small.looks) looks, then \(large.looks) for 4x the text")
    }
}
