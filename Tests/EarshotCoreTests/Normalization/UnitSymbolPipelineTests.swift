import Foundation
import Testing
@testable import EarshotCore

/// Units, currencies and operators through the whole pipeline (symbol names, then the rules,
/// then punctuation), as the engine gets them: `25℃` once read `이십오` with the `℃` reported
/// unnamed, because the symbol step took it before the Korean rules could read it, and the
/// rules' tests called the Korean normalizer alone.
@Suite("Unit symbols and operators keep their readings through the whole pipeline")
struct UnitSymbolPipelineTests {
    static func pipeline(_ voice: String = "ko") throws -> SpeechTextPipeline {
        try NormalizationFixtures.profile(voice).speechPipeline()
    }

    static func spoken(_ text: String, _ pipeline: SpeechTextPipeline) -> (text: String, unnamed: [UnnamedSymbol]) {
        let result = pipeline.normalizeReporting(text)
        return (result.text.split(whereSeparator: { $0 == " " }).joined(separator: " "), result.unnamed)
    }

    @Test("every unit the Korean rules list reads after a number as the rules alone read it, with and without a space")
    func everyUnit() throws {
        let pipeline = try Self.pipeline()
        let rules = try #require(pipeline.base as? KoreanNormalizer)
        #expect(rules.rules.units.count > 30)
        for (unit, _) in rules.rules.units {
            for text in ["25\(unit)", "25 \(unit)"] {
                let whole = Self.spoken(text, pipeline)
                let alone = rules.normalize(text).split(whereSeparator: { $0 == " " }).joined(separator: " ")
                #expect(whole.unnamed.isEmpty, "\(text): \(whole.unnamed)")
                #expect(whole.text == alone, "\(text): the pipeline says \(whole.text), the rules \(alone)")
                #expect(!whole.text.contains("25"), "\(text): \(whole.text)")
            }
        }
    }

    @Test("the readings the issue names", arguments: [
        ("25℃", "섭씨 이십오 도"), ("25°C", "섭씨 이십오 도"), ("98℉", "화씨 구십팔 도"), ("5㎞", "오 킬로미터"),
        ("3㎏", "삼 킬로그램"), ("30%", "삼십 퍼센트"), ("₩1,000", "천 원"),
        ("1+1", "일 더하기 일"), ("3×4", "삼 곱하기 사"), ("10−2", "십 빼기 이"), ("8÷2", "팔 나누기 이"), ("1 + 1", "일 더하기 일"),
    ])
    func korean(text: String, reading: String) throws {
        let result = Self.spoken(text, try Self.pipeline())
        #expect(result.text == reading, "\(text)")
        #expect(result.unnamed.isEmpty)
    }

    @Test("a sign that is not between numbers keeps its name; a unit symbol alone is named or reported")
    func outsideNumbers() throws {
        let pipeline = try Self.pipeline()
        #expect(Self.spoken("a+b", pipeline).text.contains("더하기 표시"))
        #expect(Self.spoken("+5", pipeline).text == "플러스 오")
        #expect(Self.spoken("℃", pipeline).unnamed.map(\.text) == ["℃"])
    }

    @Test("English operators come from the English profile")
    func english() throws {
        let pipeline = try Self.pipeline("en")
        #expect(Self.spoken("1+1 is 2, 3×4 is 12, 8÷2, 10−2", pipeline).text == "1 plus 1 is 2, 3 times 4 is 12, 8 divided by 2, 10 minus 2")
    }
}
