import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import EarshotCore

/// Emoji, symbols and punctuation read by name (docs/normalization.md, "Symbols and
/// punctuation"), and NFC before anything else.
@Suite("Symbols, punctuation levels and NFC")
struct SymbolNamesTests {
    static func pipeline(_ voice: String, level: PunctuationLevel? = nil) throws -> SpeechTextPipeline {
        var profile = try NormalizationFixtures.profile(voice)
        profile.punctuationLevel = level
        return try profile.speechPipeline()
    }

    /// What the engine gets, with runs of spaces made one (names are set between spaces).
    static func spoken(_ text: String, _ pipeline: SpeechTextPipeline) -> String {
        pipeline.normalize(text).split(whereSeparator: { $0 == " " }).joined(separator: " ")
    }

    /// Forty-four cases from CLDR 41's ko and en tts names: single emoji, with VS16, ZWJ
    /// sequences, flags, keycaps, skin tones, and symbols of category So.
    static let cases: [(text: String, ko: String, en: String)] = [
        ("👍", "올린 엄지", "thumbs up"),
        ("🛒", "쇼핑카트", "shopping cart"),
        ("❤️", "빨간색 하트", "red heart"),
        ("❤", "빨간색 하트", "red heart"),
        ("☺️", "웃는 얼굴", "smiling face"),
        ("✔️", "진한 체크 표시", "check mark"),
        ("⭐", "별", "star"),
        ("🔍", "왼쪽으로 향한 돋보기", "magnifying glass tilted left"),
        ("🔔", "종", "bell"),
        ("📷", "카메라", "camera"),
        ("🏠", "집", "house"),
        ("🎉", "파티", "party popper"),
        ("😀", "활짝 웃는 얼굴", "grinning face"),
        ("😂", "기쁨의 눈물을 흘리는 얼굴", "face with tears of joy"),
        ("🔥", "불", "fire"),
        ("✨", "블링블링", "sparkles"),
        ("📦", "소포", "package"),
        ("💳", "신용카드", "credit card"),
        ("🇰🇷", "깃발: 대한민국", "flag: South Korea"),
        ("🇯🇵", "깃발: 일본", "flag: Japan"),
        ("🇺🇸", "깃발: 미국", "flag: United States"),
        ("🏳️‍🌈", "무지개 깃발", "rainbow flag"),
        ("👨‍👩‍👧", "가족: 남자 여자 여자 아이", "family: man, woman, girl"),
        ("👩‍💻", "여자 기술 전문가", "woman technologist"),
        ("🧑‍🍳", "요리사", "cook"),
        ("👍🏻", "올린 엄지: 하얀 피부", "thumbs up: light skin tone"),
        ("👍🏿", "올린 엄지: 검은색 피부", "thumbs up: dark skin tone"),
        ("👋🏽", "흔드는 손: 갈색 피부", "waving hand: medium skin tone"),
        ("#️⃣", "키 캡: #", "keycap: #"),
        ("*️⃣", "키 캡: *", "keycap: *"),
        ("©", "저작권", "copyright"),
        ("®", "등록상표", "registered"),
        ("™", "상표", "trade mark"),
        ("→", "오른쪽 화살표", "right-pointing arrow"),
        ("♥", "하트", "heart suit"),
        ("●", "채워진 원", "filled circle"),
        ("▶️", "재생 버튼", "play button"),
        ("⏸️", "일시 정지 버튼", "pause button"),
        ("☀️", "태양", "sun"),
        ("☕", "뜨거운 음료", "hot beverage"),
        ("🚚", "운송 트럭", "delivery truck"),
        ("💯", "백점", "hundred points"),
        ("🆕", "뉴", "NEW button"),
        ("🔒", "자물쇠", "locked"),
    ]

    @Test("forty-four emoji and symbols are read by their CLDR names, in Korean and in English")
    func cldrNames() throws {
        let ko = try Self.pipeline("ko"), en = try Self.pipeline("en")
        let koSymbols = try #require(ko.symbols), enSymbols = try #require(en.symbols)
        #expect(Self.cases.count >= 40)
        for item in Self.cases {
            let character = try #require(item.text.first)
            #expect(item.text.count == 1, "\(item.text) is one grapheme")
            #expect(koSymbols.name(of: character) == item.ko, "\(item.text) in ko")
            #expect(enSymbols.name(of: character) == item.en, "\(item.text) in en")
            #expect(enSymbols.speak("a \(item.text) b").unnamed.isEmpty)
        }
        #expect(Self.spoken("좋아요 👍 ★4.5", ko) == "좋아요 올린 엄지 검은 별 사 점 오")
        #expect(Self.spoken("Like 👍🏽 now", en) == "Like thumbs up: medium skin tone now")
        // A keycap keeps its digit: named before the Korean number rules run.
        #expect(Self.spoken("1️⃣ 선택", ko) == "키 캡: 일 선택")
    }

    @Test("a private-use or unassigned character is reported and left out, never passed on silently")
    func unnamed() throws {
        let ko = try Self.pipeline("ko")
        let result = ko.normalizeReporting("검색 \u{E0C8} 결과 \u{1FAE8}")
        #expect(result.unnamed.map(\.codePoints) == ["U+E0C8", "U+1FAE8"])
        #expect(!result.text.contains("\u{E0C8}") && !result.text.contains("\u{1FAE8}"))
        #expect(result.text.split(separator: " ").joined(separator: " ") == "검색 결과")
        #expect(result.unnamed[0].description == "\"\u{E0C8}\" (U+E0C8)")
    }

    @Test("each punctuation level says the documented words for the same sentence")
    func punctuationLevels() throws {
        let sentence = "가격: 3,000원 (할인) — 문의@shop.kr #1 & C++?"
        // None: nothing named; the engine pauses at the marks. (The Korean rules still read the
        // number, and the keycap-less `#1` as 일.)
        #expect(Self.spoken(sentence, try Self.pipeline("ko", level: PunctuationLevel.none))
                == "가격: 삼천 원 (할인) — 문의@shop.kr #일 & C++?")
        // Some (the default): the profile's list, #&*+/<=>@\\^_`|~, by CLDR's names.
        #expect(Self.spoken(sentence, try Self.pipeline("ko", level: .some))
                == "가격: 삼천 원 (할인) — 문의 앳 기호 shop.kr 해시 기호 일 앰퍼샌드 C 더하기 표시 더하기 표시 ?")
        // All: every mark with a name (the thousands comma was read with its number first).
        #expect(Self.spoken(sentence, try Self.pipeline("ko", level: .all))
                == "가격 콜론 삼천 원 여는 괄호 할인 닫는 괄호 긴줄표 문의 앳 기호 shop 마침표 kr 해시 기호 일 앰퍼샌드 C 더하기 표시 더하기 표시 물음표")
        let english = "Price: $5 (sale) — ask@shop.com & C++?"
        #expect(Self.spoken(english, try Self.pipeline("en", level: PunctuationLevel.none)) == english)
        // Some leaves currency to the engine, which reads "$5" as "five dollars".
        #expect(Self.spoken(english, try Self.pipeline("en", level: .some))
                == "Price: $5 (sale) — ask at-sign shop.com ampersand C plus sign plus sign ?")
        #expect(Self.spoken(english, try Self.pipeline("en", level: .all))
                == "Price colon dollar 5 left parenthesis sale close parenthesis em dash ask at-sign shop period com ampersand C plus sign plus sign question mark")
    }

    @Test("decomposed Hangul (NFD) is read as the composed syllables it shows")
    func nfd() throws {
        let ko = try Self.pipeline("ko")
        let composed = "댓글 12개, 평점 4.8점"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        // (Swift's == holds for canonically equal strings: compare the code points.)
        #expect(decomposed.unicodeScalars.count > composed.unicodeScalars.count)
        #expect(Array(ko.normalize(decomposed).unicodeScalars) == Array(ko.normalize(composed).unicodeScalars))
        #expect(Self.spoken(decomposed, ko) == "댓글 열두 개, 평점 사 점 팔 점")
        // Combining accents compose too (café with U+0301).
        #expect(Array(try Self.pipeline("en").normalize("cafe\u{301}").unicodeScalars) == Array("caf\u{E9}".unicodeScalars))
        // Every input text is NFC: a screen file written in NFD reads the same words.
        let screen = try ScreenFile.parse(#"{"elements": [{"id": "c", "kind": "label", "text": "\#(decomposed)"}]}"#, file: "nfd.json")
        #expect(FocusOrder(screen: screen).stops[0].label.map { Array($0.unicodeScalars) } == Array(composed.unicodeScalars))
    }

    /// Every `tts` name of a CLDR annotations file, read with Foundation's XML parser.
    final class TTSNames: NSObject, XMLParserDelegate {
        var names: [(String, String)] = []
        private var current: String?
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            current = name == "annotation" && attributes["type"] == "tts" ? attributes["cp"] : nil
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if let current, name == "annotation" { names.append((current, text.trimmingCharacters(in: .whitespaces))) }
            current = nil
        }
    }

    @Test("every character and sequence with a tts name in CLDR's Korean and English files is spoken with it",
          arguments: ["ko", "en"])
    func everyCLDRName(language: String) throws {
        let common = URL(fileURLWithPath: "/usr/share/unicode/cldr/common")
        let files = ["annotations", "annotationsDerived"].map { common.appendingPathComponent("\($0)/\(language).xml") }
        try #require(files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) },
                     "unicode-cldr-core is installed by scripts/setup.sh")
        var names: [(String, String)] = []
        for file in files {
            let parser = try #require(XMLParser(contentsOf: file))
            let collector = TTSNames()
            parser.delegate = collector
            #expect(parser.parse(), "\(file.path)")
            names += collector.names
        }
        #expect(names.count > 3_900)
        let symbols = try #require(try Self.pipeline(language, level: .all).symbols)
        var missed: [String] = []
        for (sequence, name) in names {
            let spoken = symbols.speak(sequence)
            if spoken.text.trimmingCharacters(in: .whitespaces) != name || !spoken.unnamed.isEmpty {
                missed.append("\(sequence) → \(spoken.text) (CLDR: \(name))")
            }
        }
        #expect(missed.isEmpty, "\(missed.count) of \(names.count) not spoken with their name: \(missed.prefix(10))")
    }
}
