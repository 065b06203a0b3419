import Testing
@testable import EarshotCore

/// Input text and the text VoiceOver's reading calls for, as eSpeak NG's ko voice should get it.
let koreanGoldenPairs: [(String, String)] = [
    // Decimals, percentages, signs, temperatures.
    ("평점 4.8점", "평점 사 점 팔 점"),
    ("12.5%", "십이 점 오 퍼센트"),
    ("-3.2도", "마이너스 삼 점 이 도"),
    ("3.0", "삼 점 영"),
    ("0.5", "영 점 오"),
    ("3.14", "삼 점 일사"),
    ("할인율 30%", "할인율 삼십 퍼센트"),
    ("100%", "백 퍼센트"),
    ("25℃", "섭씨 이십오 도"),
    ("기온 -5°C", "기온 섭씨 마이너스 오 도"),
    ("+3", "플러스 삼"),
    // Native numbers with native counters.
    ("3개", "세 개"),
    ("3시", "세 시"),
    ("2명", "두 명"),
    ("5살", "다섯 살"),
    ("1시간", "한 시간"),
    ("20개", "스무 개"),
    ("3번째", "세 번째"),
    ("11시", "열한 시"),
    ("24시간", "스물네 시간"),
    ("10명", "열 명"),
    ("21살", "스물한 살"),
    ("99개", "아흔아홉 개"),
    ("1,000개", "천 개"),
    ("100개", "백 개"),
    ("0개", "영 개"),
    ("리뷰 1234개", "리뷰 천이백삼십사 개"),
    ("3개를 담았습니다", "세 개를 담았습니다"),
    ("1번째", "첫 번째"),
    ("20번째 글", "스무 번째 글"),
    ("5세트", "다섯 세트"),
    ("3조각", "세 조각"),
    ("2개 중 1개", "두 개 중 한 개"),
    ("3시간 30분", "세 시간 삼십 분"),
    // Sino-Korean numbers with the other counters.
    ("3분", "삼 분"),
    ("30분", "삼십 분"),
    ("3일", "삼 일"),
    ("3층", "삼 층"),
    ("3번", "삼 번"),
    ("3개월", "삼 개월"),
    ("3시즌", "삼 시즌"),
    ("1페이지 중 3페이지", "일 페이지 중 삼 페이지"),
    ("2024년", "이천이십사 년"),
    ("6월", "유월"),
    ("10월", "시월"),
    ("5월 3일", "오 월 삼 일"),
    // Times.
    ("3:30", "세 시 삼십 분"),
    ("오후 3:05", "오후 세 시 오 분"),
    ("15:00", "열다섯 시"),
    ("09:45:30", "아홉 시 사십오 분 삼십 초"),
    ("0:30", "영 시 삼십 분"),
    ("오후 3시 5분 배송 예정", "오후 세 시 오 분 배송 예정"),
    // Dates.
    ("2024.05.01", "이천이십사 년 오 월 일 일"),
    ("2024-05-01", "이천이십사 년 오 월 일 일"),
    ("5/1", "오 월 일 일"),
    ("2024. 6. 10.", "이천이십사 년 유월 십 일"),
    ("2023/10/09", "이천이십삼 년 시월 구 일"),
    ("12/25", "십이 월 이십오 일"),
    // Money.
    ("₩12,000", "만 이천 원"),
    ("12,000원", "만 이천 원"),
    ("$5", "오 달러"),
    ("5달러", "오 달러"),
    ("할인가 128,000원", "할인가 십이만 팔천 원"),
    ("$4.99", "사 점 구구 달러"),
    ("1만원", "만 원"),
    ("3억 원", "삼억 원"),
    ("1억 2천만 원", "일억 이천만 원"),
    ("€20", "이십 유로"),
    ("1,000,000원", "백만 원"),
    ("10,000원", "만 원"),
    // Ranges.
    ("1~3개", "한 개에서 세 개"),
    ("10~20%", "십 퍼센트에서 이십 퍼센트"),
    ("10:00~18:00", "열 시에서 열여덟 시"),
    ("3~5일", "삼 일에서 오 일"),
    // Units.
    ("5km", "오 킬로미터"),
    ("5 km", "오 킬로미터"),
    ("2.5kg", "이 점 오 킬로그램"),
    ("128GB", "백이십팔 기가바이트"),
    ("500MB", "오백 메가바이트"),
    ("60km/h", "시속 육십 킬로미터"),
    ("5min", "오 min"),
    // Phone numbers, codes and long digit strings, digit by digit.
    ("010-1234-5678", "공 일 공, 일 이 삼 사, 오 육 칠 팔"),
    ("1588-1234", "일 오 팔 팔, 일 이 삼 사"),
    ("02-123-4567", "공 이, 일 이 삼, 사 오 육 칠"),
    ("주문번호 20240501123", "주문번호 이 공 이 사 공 오 공 일 일 이 삼"),
    ("12345", "일 이 삼 사 오"),
    ("인증번호 0427", "인증번호 공 사 이 칠"),
    // Ranks, ordinals, fractions.
    ("1위", "일 위"),
    ("3등", "삼 등"),
    ("제3회", "제 삼 회"),
    ("제3장", "제 삼 장"),
    ("1/3", "삼분의 일"),
    ("2/5", "오분의 이"),
    // Latin abbreviations and words.
    ("USB", "유 에스 비"),
    ("TV", "티 브이"),
    ("USB 포트", "유 에스 비 포트"),
    ("USB를 연결하세요", "유 에스 비를 연결하세요"),
    ("LG, 무선 청소기", "엘 지, 무선 청소기"),
    ("iPhone 15", "iPhone 십오"),
    ("iPhone15", "iPhone 십오"),
    ("Galaxy S24", "Galaxy 에스 이십사"),
    ("5G", "오 지"),
    ("SALE", "SALE"),
    ("ON", "ON"),
    ("Wi-Fi", "Wi-Fi"),
    ("Choose a Fruit, 축소됨, Apple 선택됨", "Choose a Fruit, 축소됨, Apple 선택됨"),
    // Plain numbers and whole labels.
    ("사용자42", "사용자 사십이"),
    ("에어맥스 90", "에어맥스 구십"),
    ("iOS 17.2.1", "iOS 십칠 점 이 점 일"),
    ("댓글 0개", "댓글 영 개"),
    ("장바구니에 담기", "장바구니에 담기"),
    ("나이키, 에어맥스 90, 할인가 123,000원, 평점 4.8점, 리뷰 1234개",
     "나이키, 에어맥스 구십, 할인가 십이만 삼천 원, 평점 사 점 팔 점, 리뷰 천이백삼십사 개"),
    ("공지사항 212번째 글, 작성자 사용자7, 댓글 21개",
     "공지사항 이백십이 번째 글, 작성자 사용자 칠, 댓글 스물한 개"),
]

@Suite("Korean normalization reads numbers and symbols as VoiceOver does")
struct KoreanNormalizerGoldenTests {
    @Test("each golden label normalizes to its expected reading", arguments: koreanGoldenPairs)
    func goldenLabel(input: String, expected: String) throws {
        let normalizer = try NormalizationFixtures.koreanNormalizer()
        #expect(normalizer.normalize(input) == expected)
    }

    @Test("the golden set has at least 80 pairs and no duplicate inputs")
    func goldenSetSize() {
        #expect(koreanGoldenPairs.count >= 80)
        #expect(Set(koreanGoldenPairs.map(\.0)).count == koreanGoldenPairs.count)
    }
}
