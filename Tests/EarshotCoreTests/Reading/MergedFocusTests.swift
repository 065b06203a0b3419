import Testing
@testable import EarshotCore

/// Merging children into one focus stop (docs/screen-format.md, "Grouping"): the seed article's
/// UIKit `MergedFocus` (docs/sources.md), SwiftUI grouping, adjustable containers.
@Suite("Merged focus stops collect their children as the seed does")
struct MergedFocusTests {
    typealias S = ScreenTestSupport

    /// A MergedFocus card with the given children JSON.
    func card(_ children: String, extra: String = "") throws -> Screen {
        try S.screen(#"{"id": "card", "grouping": "merged"\#(extra), "children": [\#(children)]}"#)
    }

    @Test("a MergedFocus container is one stop with the button trait")
    func mergedIsOneButton() throws {
        let screen = try card(#"{"id": "a", "kind": "label", "text": "나이키"}, {"id": "b", "kind": "button", "text": "구매"}"#)
        let stops = FocusOrder(screen: screen).stops
        #expect(stops.map(\.id) == ["card"])
        #expect(stops[0].traits == .button)
        #expect(stops[0].label == "나이키, 구매")
    }

    @Test("a toggled MergedFocus container is read with selected after the role")
    func toggledAddsSelected() throws {
        let screen = try card(#"{"id": "like", "kind": "label", "text": "찜하기"}"#, extra: #", "toggled": true"#)
        #expect(try S.spoken(screen) == ["찜하기, 버튼, 선택됨"])
    }

    @Test("text is taken by priority: attributed label, then label, then value, then visible text")
    func textPriority() throws {
        let screen = try card(#"""
        {"id": "a", "kind": "label", "text": "보이는 글", "value": "값", "label": "레이블", "attributedLabel": "속성 레이블"},
        {"id": "b", "kind": "label", "text": "보이는 글2", "value": "값2", "label": "레이블2"},
        {"id": "c", "kind": "label", "text": "보이는 글3", "value": "값3"},
        {"id": "d", "kind": "label", "text": "보이는 글4"}
        """#)
        #expect(FocusOrder(screen: screen).stops[0].label == "속성 레이블, 레이블2, 값3, 보이는 글4")
    }

    @Test("visible text is read only from labels, buttons, text fields and text views")
    func visibleTextKinds() throws {
        let screen = try card(#"""
        {"id": "v", "kind": "view", "text": "뷰 글"},
        {"id": "i", "kind": "image", "text": "그림 글"},
        {"id": "l", "kind": "label", "text": "레이블 글"},
        {"id": "b", "kind": "button", "text": "버튼 제목"},
        {"id": "f", "kind": "textField", "text": "입력한 글"},
        {"id": "t", "kind": "textView", "text": "긴 글"}
        """#)
        #expect(FocusOrder(screen: screen).stops[0].label == "레이블 글, 버튼 제목, 입력한 글, 긴 글")
    }

    @Test("once a node gives text its children are not visited")
    func stopDescendingAfterText() throws {
        let screen = try card(#"""
        {"id": "outer", "kind": "view", "label": "바깥", "children": [{"id": "inner", "kind": "label", "text": "안쪽"}]},
        {"id": "wrapper", "kind": "view", "children": [{"id": "deep", "kind": "label", "text": "깊은 곳"}]}
        """#)
        #expect(FocusOrder(screen: screen).stops[0].label == "바깥, 깊은 곳")
    }

    @Test("nodes marked a11y-ignore are left out with their subtrees")
    func ignoreMarkerSkips() throws {
        let screen = try card(#"""
        {"id": "image", "kind": "image", "label": "상품 사진", "identifier": "a11y-ignore"},
        {"id": "name", "kind": "label", "text": "에어맥스 90"},
        {"id": "likeBox", "identifier": "a11y-ignore", "children": [{"id": "like", "kind": "button", "label": "찜하기"}]}
        """#)
        #expect(FocusOrder(screen: screen).stops[0].label == "에어맥스 90")
    }

    @Test("a hidden child and a child with alpha 0.005 are not read")
    func hiddenAndFaintChildrenSkipped() throws {
        let screen = try card(#"""
        {"id": "name", "kind": "label", "text": "에어맥스 90"},
        {"id": "soldOut", "kind": "label", "text": "품절", "hidden": true},
        {"id": "badge", "kind": "label", "text": "신상품", "alpha": 0.005},
        {"id": "price", "kind": "label", "text": "129,000원"}
        """#)
        #expect(try S.spoken(screen) == ["에어맥스 90, 129,000원, 버튼"])
    }

    @Test("a title contained in another child's text reads the longer one only")
    func containedTextDropped() throws {
        let screen = try card(#"""
        {"id": "title", "kind": "label", "text": "에어맥스"},
        {"id": "full", "kind": "label", "text": "에어맥스 90"},
        {"id": "brand", "kind": "label", "text": "나이키"}
        """#)
        #expect(try S.spoken(screen) == ["에어맥스 90, 나이키, 버튼"])
    }

    @Test("exact duplicate texts are read once")
    func duplicatesReadOnce() throws {
        let screen = try card(#"""
        {"id": "a", "kind": "label", "text": "무료 배송"},
        {"id": "b", "kind": "label", "text": "나이키"},
        {"id": "c", "kind": "label", "text": "무료 배송"}
        """#)
        #expect(FocusOrder(screen: screen).stops[0].label == "무료 배송, 나이키")
    }

    @Test("texts are joined with a comma and a space and runs of white space fold into one space")
    func joinAndFoldWhiteSpace() throws {
        let screen = try card(#"""
        {"id": "a", "kind": "label", "text": "울트라부스트 \t 22"},
        {"id": "b", "kind": "label", "text": "두 줄\n가격"}
        """#)
        #expect(FocusOrder(screen: screen).stops[0].label == "울트라부스트 22, 두 줄 가격")
    }

    @Test("custom actions stay available on the merged container")
    func customActionsOnContainer() throws {
        let screen = try card(#"{"id": "a", "kind": "label", "text": "나이키"}"#, extra: #", "customActions": ["찜하기"]"#)
        let stop = FocusOrder(screen: screen).stops[0]
        #expect(stop.customActions == ["찜하기"])
        #expect(try S.generator().describe(stop).hint == "동작 사용 가능")
    }

    @Test("SwiftUI combine joins the children's labels and merges their traits")
    func combineMergesLabelsAndTraits() throws {
        let screen = try S.screen(#"""
        {"id": "row", "grouping": "combine", "children": [
          {"id": "title", "kind": "label", "text": "공지", "traits": ["isHeader"], "frame": [0, 0, 100, 20]},
          {"id": "more", "kind": "button", "text": "더 보기", "frame": [200, 0, 60, 20]}
        ]}
        """#)
        let stop = FocusOrder(screen: screen).stops[0]
        #expect(stop.id == "row")
        #expect(stop.label == "공지, 더 보기")
        #expect(stop.traits.contains(.header) && stop.traits.contains(.button))
        #expect(try S.spoken(screen) == ["공지, 더 보기, 버튼, 머리말"])
    }

    @Test("SwiftUI ignore reads only the container's own label")
    func ignoreReadsOwnLabel() throws {
        let screen = try S.screen(#"""
        {"id": "rating", "grouping": "ignore", "label": "평점 5점 만점에 4점", "children": [
          {"id": "star1", "kind": "image", "label": "별"},
          {"id": "text", "kind": "label", "text": "4/5"}
        ]}
        """#)
        #expect(try S.spoken(screen) == ["평점 5점 만점에 4점"])
    }

    @Test("SwiftUI contain keeps the children separate but navigated as a group")
    func containKeepsChildren() throws {
        let screen = try S.screen(#"""
        {"id": "group", "grouping": "contain", "children": [
          {"id": "a", "kind": "button", "text": "하나"},
          {"id": "b", "kind": "button", "text": "둘"}
        ]}
        """#)
        let stops = FocusOrder(screen: screen).stops
        #expect(stops.map(\.id) == ["a", "b"])
        #expect(stops.allSatisfy { $0.groupIDs == ["group"] })
    }

    @Test("an adjustable container keeps its label, reads only the current item, and speaks the new value when swiped")
    func adjustableCarousel() throws {
        let screen = try S.screen(#"""
        {"id": "cards", "label": "결제 카드 선택",
         "adjustable": {"values": ["삼성카드", "현대카드", "신한카드"], "index": 0},
         "children": [
          {"id": "c1", "kind": "label", "text": "삼성카드"},
          {"id": "c2", "kind": "label", "text": "현대카드"}
        ]}
        """#)
        #expect(try S.spoken(screen) == ["결제 카드 선택, 삼성카드, 조절 가능"])
        var navigator = FocusNavigator(screen: screen, generator: try S.generator())
        _ = navigator.first()
        let swiped = navigator.increment()
        #expect(swiped.outcome == .adjusted)
        #expect(swiped.speech?.text == "현대카드")
        #expect(navigator.focusedStop?.value == "현대카드")
    }
}
