import Testing
@testable import EarshotCore

/// Which elements get focus, and in what order (docs/screen-format.md, "Which views get focus, and
/// in what order").
@Suite("Focus order follows VoiceOver's rules")
struct FocusOrderTests {
    typealias S = ScreenTestSupport

    @Test("only accessibility elements get focus and plain containers do not")
    func onlyElementsGetFocus() throws {
        let screen = try S.screen(#"""
        {"id": "box", "label": "상자", "children": [
          {"id": "ok", "kind": "button", "text": "확인"}
        ]}
        """#)
        #expect(S.stopIDs(screen) == ["ok"])
    }

    @Test("an element is a leaf and its children are never visited on their own")
    func elementIsLeaf() throws {
        let screen = try S.screen(#"""
        {"id": "row", "isAccessibilityElement": true, "label": "행", "children": [
          {"id": "inner", "kind": "button", "text": "안쪽"}
        ]}
        """#)
        #expect(S.stopIDs(screen) == ["row"])
        #expect(try S.spoken(screen) == ["행"])
    }

    @Test("controls and text are elements by default, and an image only when it has a label")
    func defaultElements() throws {
        let screen = try S.screen(#"""
        {"id": "l", "kind": "label", "text": "글"},
        {"id": "empty", "kind": "label"},
        {"id": "b", "kind": "button", "text": "버튼 제목"},
        {"id": "f", "kind": "textField", "placeholder": "이름"},
        {"id": "deco", "kind": "image"},
        {"id": "pic", "kind": "image", "label": "사진"},
        {"id": "v", "kind": "view", "label": "보이지 않는 뷰"}
        """#)
        #expect(S.stopIDs(screen) == ["l", "b", "f", "pic"])
    }

    @Test("elementsHidden removes the node and its whole subtree")
    func elementsHiddenRemovesSubtree() throws {
        let screen = try S.screen(#"""
        {"id": "a", "kind": "button", "text": "A"},
        {"id": "box", "elementsHidden": true, "children": [
          {"id": "b", "kind": "button", "text": "B", "children": []},
          {"id": "inner", "children": [{"id": "c", "kind": "label", "text": "C"}]}
        ]},
        {"id": "hiddenButton", "kind": "button", "text": "D", "elementsHidden": true}
        """#)
        #expect(S.stopIDs(screen) == ["a"])
    }

    @Test("hidden nodes and nodes with alpha below 0.01 are skipped with their subtrees")
    func hiddenAndTransparentSkipped() throws {
        let screen = try S.screen(#"""
        {"id": "hidden", "kind": "button", "text": "숨김", "hidden": true},
        {"id": "faint", "kind": "button", "text": "투명", "alpha": 0.005},
        {"id": "justVisible", "kind": "button", "text": "보임", "alpha": 0.01},
        {"id": "box", "hidden": true, "children": [{"id": "child", "kind": "label", "text": "자식"}]}
        """#)
        #expect(S.stopIDs(screen) == ["justVisible"])
    }

    @Test("an explicit accessibilityElements order is kept as written, whatever the frames")
    func explicitOrderKept() throws {
        let screen = try S.screen(#"""
        {"id": "form", "accessibilityElements": ["third", "first", "deep"], "children": [
          {"id": "first", "kind": "button", "text": "1", "frame": [0, 0, 10, 10]},
          {"id": "second", "kind": "button", "text": "2", "frame": [0, 20, 10, 10]},
          {"id": "third", "kind": "button", "text": "3", "frame": [0, 40, 10, 10]},
          {"id": "wrap", "children": [{"id": "deep", "kind": "label", "text": "4", "frame": [0, 60, 10, 10]}]}
        ]}
        """#)
        #expect(S.stopIDs(screen) == ["third", "first", "deep"])
    }

    @Test("when siblings are modal only the last modal sibling is reachable")
    func lastModalSiblingOnly() throws {
        let screen = try S.screen(#"""
        {"id": "content", "children": [{"id": "c", "kind": "button", "text": "뒤"}]},
        {"id": "sheet", "modal": true, "children": [{"id": "s", "kind": "button", "text": "시트"}]},
        {"id": "alert", "traits": ["isModal"], "children": [{"id": "a", "kind": "button", "text": "경고"}]},
        {"id": "after", "kind": "button", "text": "뒤에 있는 버튼"}
        """#)
        #expect(S.stopIDs(screen) == ["a"])
    }

    @Test("origins 8 points or more apart in y are read top first")
    func rowsTopFirst() throws {
        let screen = try S.screen(#"""
        {"id": "lower", "kind": "button", "text": "아래", "frame": [0, 108, 10, 10]},
        {"id": "upper", "kind": "button", "text": "위", "frame": [200, 100, 10, 10]}
        """#)
        #expect(S.stopIDs(screen) == ["upper", "lower"])
    }

    @Test("origins less than 8 points apart in y are one row read left to right")
    func sameRowLeftToRight() throws {
        let screen = try S.screen(#"""
        {"id": "right", "kind": "button", "text": "오른쪽", "frame": [200, 100, 10, 10]},
        {"id": "left", "kind": "button", "text": "왼쪽", "frame": [0, 107.9, 10, 10]}
        """#)
        #expect(S.stopIDs(screen) == ["left", "right"])
    }

    @Test("right-to-left layouts read the larger x first within a row")
    func rightToLeftRow() throws {
        let screen = try S.screen(#"""
        {"id": "left", "kind": "button", "text": "L", "frame": [0, 100, 10, 10]},
        {"id": "right", "kind": "button", "text": "R", "frame": [200, 103, 10, 10]},
        {"id": "below", "kind": "button", "text": "B", "frame": [300, 140, 10, 10]}
        """#, direction: "rtl")
        #expect(S.stopIDs(screen) == ["right", "left", "below"])
    }

    @Test("a group is placed by its first child and keeps its children together")
    func groupsStayTogether() throws {
        // Without the group, "middle" (y 50) would come between the two column items.
        let screen = try S.screen(#"""
        {"id": "top", "kind": "button", "text": "맨 위", "frame": [200, 0, 10, 10]},
        {"id": "column", "grouping": "contain", "children": [
          {"id": "col-2", "kind": "button", "text": "둘", "frame": [0, 100, 10, 10]},
          {"id": "col-1", "kind": "button", "text": "하나", "frame": [0, 20, 10, 10]}
        ]},
        {"id": "middle", "kind": "button", "text": "가운데", "frame": [100, 50, 10, 10]}
        """#)
        #expect(S.stopIDs(screen) == ["top", "col-1", "col-2", "middle"])
        let order = FocusOrder(screen: screen)
        #expect(order.stops[1].groupIDs == ["column"])
        #expect(order.stops[3].groupIDs == [])
    }

    @Test("plain containers are flattened into their parent's frame sort")
    func plainContainersFlatten() throws {
        let screen = try S.screen(#"""
        {"id": "leftColumn", "children": [
          {"id": "l1", "kind": "button", "text": "L1", "frame": [0, 0, 10, 10]},
          {"id": "l2", "kind": "button", "text": "L2", "frame": [0, 100, 10, 10]}
        ]},
        {"id": "r1", "kind": "button", "text": "R1", "frame": [100, 2, 10, 10]}
        """#)
        #expect(S.stopIDs(screen) == ["l1", "r1", "l2"])
    }

    @Test("elements without frames keep the file's order")
    func noFramesKeepFileOrder() throws {
        let screen = try S.screen(#"""
        {"id": "c", "kind": "button", "text": "C"},
        {"id": "a", "kind": "button", "text": "A"},
        {"id": "b", "kind": "button", "text": "B"}
        """#)
        #expect(S.stopIDs(screen) == ["c", "a", "b"])
    }

    @Test("members of a tab bar are tabs with their position among the bar's stops")
    func tabBarMembership() throws {
        let screen = try S.screen(#"""
        {"id": "bar", "kind": "tabBar", "children": [
          {"id": "t1", "kind": "button", "text": "홈", "frame": [0, 700, 90, 49]},
          {"id": "t2", "kind": "button", "text": "검색", "frame": [90, 700, 90, 49]},
          {"id": "t3", "kind": "button", "text": "설정", "frame": [180, 700, 90, 49]}
        ]}
        """#)
        let stops = FocusOrder(screen: screen).stops
        #expect(stops.map(\.tabPosition) == [TabPosition(index: 1, count: 3), TabPosition(index: 2, count: 3),
                                             TabPosition(index: 3, count: 3)])
        #expect(stops.allSatisfy { $0.traits.contains(.tab) })
    }
}
