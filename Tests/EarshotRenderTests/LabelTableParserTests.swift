import EarshotCore
@testable import EarshotRender
import Testing

@Suite("Label table reader")
struct LabelTableReaderTests {
    @Test("reads rows by header name with quoted commas, doubled quotes and line breaks")
    func quoting() {
        let text = "id,label,value,traits,hint\nbuy,\"장바구니에 담기, 빠름\",,button,\nrate,평점,\"4.8점 \"\"좋음\"\"\",adjustable|selected,\"두 줄\n힌트\"\n\n,이름 없음,,,\n"
        let contents = LabelTableParser.parse(text, file: "t.csv")
        #expect(contents.problems.isEmpty)
        #expect(contents.items.map(\.key) == ["buy", "rate", "6"])
        #expect(contents.items.map(\.line) == [2, 3, 6])
        #expect(contents.items[0].content == .element(ElementFields(label: "장바구니에 담기, 빠름", traits: ["button"])))
        #expect(contents.items[1].content == .element(ElementFields(label: "평점", value: "4.8점 \"좋음\"", traits: ["adjustable", "selected"], hint: "두 줄\n힌트")))
        #expect(contents.items[2].nameHint == "line-0006")
    }

    @Test("reports an unknown column with a suggestion and a row with too many fields by line")
    func problems() {
        let unknown = LabelTableParser.parse("id,lable\n1,a\n", file: "u.csv")
        #expect(unknown.items.isEmpty)
        #expect(unknown.problems.first?.message.contains("did you mean \"label\"") == true)
        let wide = LabelTableParser.parse("label,value\n좋아요,1\n나빠요,1,2\n다음,2\n", file: "w.csv")
        #expect(wide.items.map(\.key) == ["2", "4"])
        #expect(wide.problems.map(\.location.line) == [3])
    }
}
