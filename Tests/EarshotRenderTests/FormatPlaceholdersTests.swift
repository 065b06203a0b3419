import EarshotCore
@testable import EarshotRender
import Testing

@Suite("Format placeholders")
struct FormatPlaceholdersTests {
    let korean = FormatPlaceholders.defaults(language: "ko")

    @Test("fills objects, integers and decimals with the per-type samples")
    func perType() throws {
        #expect(try korean.fill("및 %@") == "및 홍길동")
        #expect(try korean.fill("이벤트 %d개") == "이벤트 3개")
        #expect(try korean.fill("%ldm 전") == "3m 전")
        #expect(try korean.fill("%lld, %i, %u") == "3, 3, 3")
        #expect(try korean.fill("평점 %.1f점") == "평점 4.5점")
        #expect(try korean.fill("%.2f") == "4.50")
        #expect(try korean.fill("%f") == "4.5")
        #expect(try FormatPlaceholders.defaults(language: "en").fill("and %@") == "and Alex")
    }

    @Test("fills positional placeholders and keeps a doubled percent as one percent sign")
    func positionalAndPercent() throws {
        #expect(try korean.fill("%1$d/%2$d") == "3/3")
        #expect(try korean.fill("%2$@ %1$@") == "홍길동 홍길동")
        #expect(try korean.fill("100%% 완료") == "100% 완료")
        #expect(try korean.fill("끝에 %") == "끝에 %")
        #expect(try korean.fill("%1d/%2d") == "3/3")
    }

    @Test("uses overrides by conversion character before the kind's sample")
    func overrides() throws {
        let custom = korean.merging(["d": "7", "i": "12", "@": "김철수"])
        #expect(try custom.fill("%d개 %i개 %@") == "7개 12개 김철수")
        #expect(FormatPlaceholders.parseOverride("@=홍길동")! == ("@", "홍길동"))
        #expect(FormatPlaceholders.parseOverride("d=3")! == ("d", "3"))
        #expect(FormatPlaceholders.parseOverride("zz=3") == nil)
        #expect(FormatPlaceholders.parseOverride("q=3") == nil)
    }

    @Test("leaves no placeholder in any value of the real Korean table")
    func realTable() throws {
        let contents = try StringsTableParser.read(path: sharedCorpusPath("fluentui-apple-ko.strings"))
        for item in contents.items {
            guard case .formatString(let format) = item.content else { continue }
            let filled = try korean.fill(format)
            #expect(!filled.contains("%"), "\(item.key): \(filled)")
        }
    }
}

@Suite("Runaway placeholders are refused")
struct RunawayPlaceholderTests {
    @Test("a precision past the maximum throws with the placeholder and its place", arguments: [
        ("합계 %.99999999999f원", "%.99999999999f", 3), ("%.99999d", "%.99999d", 0), ("%1$.65f", "%1$.65f", 0),
    ])
    func refused(format: String, placeholder: String, offset: Int) throws {
        let error = try #require(throws: PlaceholderError.self) {
            try FormatPlaceholders.defaults(language: "ko").fill(format)
        }
        #expect(error == PlaceholderError(placeholder: placeholder, offset: offset))
    }

    @Test("the maximum itself is filled")
    func maximumFilled() throws {
        let filled = try FormatPlaceholders.defaults(language: "ko").fill("%.64f")
        #expect(filled.hasPrefix("4.5000") && filled.count == 66)
    }
}
