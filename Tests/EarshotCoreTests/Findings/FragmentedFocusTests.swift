import Testing
@testable import EarshotCore

@Suite("Fragmented focus")
struct FragmentedFocusTests {
    /// A product card as the seed describes it: name, rating, price and like button as four stops.
    static func card(_ id: String, y: Double, extra: String = "", grouping: String = "") -> String {
        #"""
        {"id": "\#(id)", "frame": [16, \#(y), 343, 120]\#(grouping), "children": [
            {"id": "\#(id)-name", "kind": "label", "text": "에어맥스 90", "frame": [124, \#(y + 4), 180, 20]},
            {"id": "\#(id)-rating", "kind": "label", "label": "평점 4.8점", "frame": [124, \#(y + 28), 60, 20]},
            {"id": "\#(id)-price", "kind": "label", "text": "129,000원", "frame": [124, \#(y + 52), 100, 20]},
            {"id": "\#(id)-like", "kind": "button", "label": "찜하기", "frame": [311, \#(y + 76), 44, 44]}\#(extra)
        ]}
        """#
    }

    /// Something at the bottom of a phone screen, so cards are small next to the screen.
    static let footer = #"{"id": "footer", "kind": "button", "label": "더 보기", "frame": [16, 760, 343, 44]}"#

    @Test("a card split into name, rating, price and like button is one warning naming the card and its stops")
    func seedCard() throws {
        let screen = try FindingsTestSupport.screen(Self.card("card", y: 100) + "," + Self.footer)
        let findings = try FindingsTestSupport.findings(.focusFragmented, in: screen)
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.elements == ["card", "card-name", "card-rating", "card-price", "card-like"])
        #expect(findings.first?.message
            == #""card" is one card read as 4 focus stops: "에어맥스 90", "평점 4.8점", "129,000원", "찜하기"; "찜하기" can become a custom action."#)
        #expect(findings.first?.fix.contains("MergedFocus") == true)
        #expect(findings.first?.fix.contains(".accessibilityElement(children: .combine)") == true)
    }

    @Test("the same card merged, combined or as a cell is not fragmented", arguments: [
        #", "grouping": "merged""#, #", "grouping": "combine""#, #", "kind": "cell""#,
    ])
    func mergedCardIsFine(grouping: String) throws {
        let screen = try FindingsTestSupport.screen(Self.card("card", y: 100, grouping: grouping) + "," + Self.footer)
        #expect(try FindingsTestSupport.findings(.focusFragmented, in: screen).isEmpty)
    }

    @Test("three stops in a card are not reported")
    func threeStopsAreFine() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "card", "frame": [16, 100, 343, 120], "children": [
                {"id": "name", "kind": "label", "text": "에어맥스 90", "frame": [124, 104, 180, 20]},
                {"id": "price", "kind": "label", "text": "129,000원", "frame": [124, 152, 100, 20]},
                {"id": "like", "kind": "button", "label": "찜하기", "frame": [311, 176, 44, 44]}
            ]}
            """# + "," + Self.footer)
        #expect(try FindingsTestSupport.findings(.focusFragmented, in: screen).isEmpty)
    }

    @Test("each fragmented card of a list is reported on its own, not the list around them")
    func eachCardOfAList() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "list", "frame": [0, 90, 375, 700], "children": [\#(Self.card("a", y: 100)), \#(Self.card("b", y: 230))]},
            \#(Self.footer)
            """#)
        let findings = try FindingsTestSupport.findings(.focusFragmented, in: screen)
        #expect(findings.map { $0.elements.first } == ["a", "b"])
        #expect(findings.allSatisfy { $0.elements.count == 5 })
    }

    @Test("a card whose rating row is its own framed row still counts the row's stops")
    func nestedRow() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "card", "frame": [16, 100, 343, 120], "children": [
                {"id": "name", "kind": "label", "text": "에어맥스 90", "frame": [124, 104, 180, 20]},
                {"id": "row", "frame": [124, 128, 200, 20], "children": [
                    {"id": "rating", "kind": "label", "label": "평점 4.8점", "frame": [124, 128, 60, 20]},
                    {"id": "reviews", "kind": "label", "label": "리뷰 1204개", "frame": [190, 128, 80, 20]}
                ]},
                {"id": "like", "kind": "button", "label": "찜하기", "frame": [311, 160, 44, 44]}
            ]}
            """# + "," + Self.footer)
        let findings = try FindingsTestSupport.findings(.focusFragmented, in: screen)
        #expect(findings.map(\.elements) == [["card", "name", "rating", "reviews", "like"]])
    }

    @Test("a toolbar of four buttons is not a card")
    func toolbar() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "toolbar", "frame": [0, 44, 375, 44], "children": [
                {"id": "back", "kind": "button", "label": "뒤로", "frame": [8, 50, 40, 32]},
                {"id": "share", "kind": "button", "label": "공유", "frame": [200, 50, 40, 32]},
                {"id": "search", "kind": "button", "label": "검색", "frame": [250, 50, 40, 32]},
                {"id": "cart", "kind": "button", "label": "장바구니", "frame": [300, 50, 40, 32]}
            ]}
            """# + "," + Self.footer)
        #expect(try FindingsTestSupport.findings(.focusFragmented, in: screen).isEmpty)
    }

    @Test("a dialog, a tab bar and a form with text fields are not cards")
    func dialogTabBarForm() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "form", "frame": [16, 100, 343, 200], "children": [
                {"id": "email-label", "kind": "label", "text": "이메일", "frame": [16, 100, 100, 20]},
                {"id": "email", "kind": "textField", "placeholder": "이메일", "frame": [16, 124, 343, 40]},
                {"id": "password-label", "kind": "label", "text": "비밀번호", "frame": [16, 170, 100, 20]},
                {"id": "password", "kind": "secureTextField", "placeholder": "비밀번호", "frame": [16, 194, 343, 40]}
            ]},
            {"id": "tabs", "kind": "tabBar", "frame": [0, 763, 375, 49], "children": [
                {"id": "t1", "kind": "tab", "text": "홈", "frame": [0, 763, 94, 49]},
                {"id": "t2", "kind": "tab", "text": "검색", "frame": [94, 763, 94, 49]},
                {"id": "t3", "kind": "tab", "text": "찜", "frame": [188, 763, 94, 49]},
                {"id": "t4", "kind": "tab", "text": "마이", "frame": [282, 763, 93, 49]}
            ]}
            """#)
        #expect(try FindingsTestSupport.findings(.focusFragmented, in: screen).isEmpty)
        let dialog = try FindingsTestSupport.screen(#"""
            {"id": "dialog", "modal": true, "dismissible": true, "frame": [40, 300, 295, 180], "children": [
                {"id": "d-title", "kind": "label", "text": "상품을 삭제할까요?", "frame": [56, 316, 263, 24]},
                {"id": "d-message", "kind": "label", "text": "장바구니에서 뺍니다.", "frame": [56, 348, 263, 40]},
                {"id": "d-cancel", "kind": "button", "text": "취소", "frame": [56, 420, 120, 44]},
                {"id": "d-delete", "kind": "button", "text": "삭제", "frame": [199, 420, 120, 44]}
            ]}
            """# + "," + Self.footer)
        #expect(try FindingsTestSupport.findings(.focusFragmented, in: dialog).isEmpty)
    }

    @Test("a whole-screen container with many loose stops is not taken for a card")
    func screenSizedContainer() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "page", "frame": [0, 0, 375, 812], "children": [
                {"id": "p1", "kind": "label", "text": "첫째 문단", "frame": [16, 100, 343, 40]},
                {"id": "p2", "kind": "label", "text": "둘째 문단", "frame": [16, 150, 343, 40]},
                {"id": "p3", "kind": "label", "text": "셋째 문단", "frame": [16, 200, 343, 40]},
                {"id": "p4", "kind": "label", "text": "넷째 문단", "frame": [16, 250, 343, 40]}
            ]}
            """#)
        #expect(try FindingsTestSupport.findings(.focusFragmented, in: screen).isEmpty)
    }

    @Test("stops drawn outside the container's frame do not count toward its card")
    func stopsOutsideFrame() throws {
        let screen = try FindingsTestSupport.screen(#"""
            {"id": "card", "frame": [16, 100, 343, 60], "children": [
                {"id": "name", "kind": "label", "text": "에어맥스 90", "frame": [124, 104, 180, 20]},
                {"id": "price", "kind": "label", "text": "129,000원", "frame": [124, 130, 100, 20]},
                {"id": "like", "kind": "button", "label": "찜하기", "frame": [311, 104, 44, 44]},
                {"id": "floating", "kind": "label", "text": "오늘만 할인", "frame": [16, 400, 100, 20]}
            ]}
            """# + "," + Self.footer)
        #expect(try FindingsTestSupport.findings(.focusFragmented, in: screen).isEmpty)
    }
}
