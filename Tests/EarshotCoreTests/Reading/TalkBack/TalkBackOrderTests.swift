import Foundation
import Testing
@testable import EarshotCore

/// TalkBack's focus and description rules on small trees of Android views (docs/talkback.md).
@Suite("TalkBack's focus stops and descriptions")
struct TalkBackOrderTests {
    /// Korean words as the words file gives them (the real file is tested against TalkBack's
    /// strings elsewhere; these tests are about the rules).
    static let words = TalkBackVocabulary(
        separator: ", ",
        classRoles: ["android.widget.Button": "button", "android.widget.Switch": "switch",
                     "android.widget.CheckBox": "checkBox", "android.widget.ImageView": "image",
                     "android.widget.ImageButton": "image", "android.widget.EditText": "editText",
                     "androidx.viewpager.widget.ViewPager": "pager"],
        roles: ["button": "버튼", "switch": "스위치", "checkBox": "체크박스", "image": "이미지", "imageButton": "버튼",
                "editText": "수정 창"],
        heading: "제목",
        states: ["checked": "선택됨", "notChecked": "선택 안됨", "on": "켜짐", "off": "꺼짐", "selected": "선택됨",
                 "disabled": "사용할 수 없음"],
        hints: ["activate": "활성화하려면 두 번 탭하세요", "toggle": "전환하려면 두 번 탭하세요"],
        positions: ["inCollection": "{count}개 중 {index}번째", "inList": "목록에 있음", "inListNamed": "{name} 목록에 있음",
                    "outOfList": "목록에서 벗어남", "outOfListNamed": "{name} 목록에서 벗어남", "itemCount": "항목 {count}개",
                    "itemCountOne": "항목 {count}개", "inGrid": "그리드에 있음", "outOfGrid": "그리드에서 벗어남",
                    "row": "{index}행", "column": "{index}열", "rowCount": "행 {count}개", "rowCountOne": "행 {count}개",
                    "columnCount": "열 {count}개", "columnCountOne": "열 {count}개",
                    "inHorizontalPager": "수평 페이저 내부", "outOfHorizontalPager": "수평 페이저 외부",
                    "inVerticalPager": "수직 페이저 내부", "inVerticalPagerNamed": "수직 페이저 {name} 내부",
                    "outOfVerticalPager": "수직 페이저 외부", "outOfVerticalPagerNamed": "수직 페이저 {name} 외부",
                    "inGridPager": "그리드 페이저 내부", "outOfGridPager": "그리드 페이저 외부"])

    static var generator: DescriptionGenerator {
        get throws {
            let base = try ScreenTestSupport.generator("ko")
            return DescriptionGenerator(vocabulary: base.vocabulary, voiceLanguage: "ko", reader: TalkBack(words: words))
        }
    }

    static func view(_ id: String, _ className: String, text: String? = nil, description: String? = nil,
                     clickable: Bool = false, checkable: Bool = false, checked: Bool = false, enabled: Bool = true,
                     heading: Bool = false, displayed: Bool = true, y: Double = 0,
                     children: [AccessibilityNode] = []) -> AccessibilityNode {
        AccessibilityNode(id: id, frame: Frame(x: 0, y: y, width: 1080, height: 100), children: children,
                          android: AndroidView(className: className, text: text, contentDescription: description,
                                               isClickable: clickable, isCheckable: checkable, isChecked: checked,
                                               isEnabled: enabled, isHeading: heading, isDisplayed: displayed))
    }

    static func screen(_ roots: [AccessibilityNode]) throws -> Screen {
        try Screen(name: "android", roots: [view("root", "android.widget.FrameLayout", children: roots)])
    }

    static func read(_ roots: [AccessibilityNode]) throws -> [String] {
        let generator = try generator
        return FocusOrder(screen: try screen(roots), for: generator).stops.map { stop in
            let spoken = generator.describe(stop)
            return "\(stop.id): \(spoken.text)" + (spoken.hint.map { " / \($0)" } ?? "")
        }
    }

    @Test("a clickable row reads its title and summary as one stop; a clickable icon inside it is a stop of its own")
    func clickableRow() throws {
        let row = Self.view("row", "android.widget.LinearLayout", clickable: true, children: [
            Self.view("title", "android.widget.TextView", text: "Network & internet"),
            Self.view("summary", "android.widget.TextView", text: "Wi‑Fi, mobile, data usage"),
            Self.view("gear", "android.widget.ImageButton", description: "설정", clickable: true),
        ])
        #expect(try Self.read([row]) == [
            "row: Network & internet, Wi‑Fi, mobile, data usage / 활성화하려면 두 번 탭하세요",
            "gear: 설정, 버튼 / 활성화하려면 두 번 탭하세요",
        ])
    }

    @Test("the description wins over the text; a text with no focusable ancestor is a stop; order is the tree's, not the frames'")
    func descriptionTextAndOrder() throws {
        let roots = [
            Self.view("below", "android.widget.TextView", text: "아래에 그려진 글", y: 900),
            Self.view("profile", "android.widget.ImageView", text: "photo.png", description: "프로필 사진", clickable: true, y: 100),
        ]
        #expect(try Self.read(roots) == [
            "below: 아래에 그려진 글",
            // A clickable image is an image button (Role.getRole): "Button".
            "profile: 프로필 사진, 버튼 / 활성화하려면 두 번 탭하세요",
        ])
    }

    @Test("switch and check box states in TalkBack's words and default order (state first), the toggle hint; a disabled button says so last and has no hint")
    func statesAndHints() throws {
        let roots = [
            Self.view("wifi", "android.widget.Switch", text: "Wi‑Fi", clickable: true, checkable: true, checked: true),
            Self.view("agree", "android.widget.CheckBox", text: "동의", clickable: true, checkable: true),
            Self.view("send", "android.widget.Button", text: "보내기", clickable: true, enabled: false),
            Self.view("title", "android.widget.TextView", text: "설정", heading: true),
        ]
        #expect(try Self.read(roots) == [
            "wifi: 켜짐, Wi‑Fi, 스위치 / 전환하려면 두 번 탭하세요",
            "agree: 선택 안됨, 동의, 체크박스 / 전환하려면 두 번 탭하세요",
            "send: 보내기, 버튼, 사용할 수 없음",
            "title: 설정, 제목",
        ])
    }

    @Test("a view not displayed, and its children, are not reached; a container with focusable children only is no stop")
    func hiddenAndSilentContainers() throws {
        let roots = [
            Self.view("list", "androidx.recyclerview.widget.RecyclerView", clickable: true, children: [
                Self.view("a", "android.widget.Button", text: "하나", clickable: true),
                Self.view("b", "android.widget.Button", text: "둘", clickable: true, displayed: false),
            ]),
        ]
        #expect(try Self.read(roots).map { $0.components(separatedBy: " /").first! } == ["a: 하나, 버튼"])
    }

    @Test("a double tap on a switch flips it; the reader says only its new state, in TalkBack's word")
    func doubleTapOnSwitch() throws {
        let screen = try Self.screen([
            Self.view("wifi", "android.widget.Switch", text: "Wi‑Fi", clickable: true, checkable: true, checked: true),
        ])
        var navigator = FocusNavigator(screen: screen, generator: try Self.generator)
        _ = navigator.first()
        let before = try #require(navigator.focusedStop)
        #expect(navigator.activate().outcome == .activated)
        let after = try #require(navigator.focusedStop)
        #expect(after.android?.isChecked == false)
        #expect(try Self.generator.describeActivation(before: before, after: after) == .newValue(
            SpokenDescription(parts: [SpokenPart(slot: "state", text: "꺼짐")], text: "꺼짐", hint: nil, language: nil)))
    }

    /// A RecyclerView with collection info (`rows` × `columns`) and one clickable item per
    /// (row, column) given, each with its index.
    static func collection(_ id: String, rows: Int?, columns: Int?, description: String? = nil,
                           items: [(id: String, text: String, row: Int?, column: Int?)],
                           heading: String? = nil,
                           className: String = "androidx.recyclerview.widget.RecyclerView") -> AccessibilityNode {
        var list = view(id, className, description: description, children: items.map { item in
            var node = view(item.id, "android.widget.LinearLayout", clickable: true, heading: item.id == heading,
                            children: [view(item.id + "-title", "android.widget.TextView", text: item.text)])
            node.android?.itemRowIndex = item.row
            node.android?.itemColumnIndex = item.column
            return node
        })
        list.android?.collectionRowCount = rows
        list.android?.collectionColumnCount = columns
        return list
    }

    /// What each swipe from the first stop to the last says.
    static func swipe(_ roots: [AccessibilityNode]) throws -> [String] {
        var navigator = FocusNavigator(screen: try screen(roots), generator: try generator)
        var said: [String] = []
        var result = navigator.next()
        while result.outcome == .moved {
            said.append("\(result.stop!.id): \(result.speech?.text ?? "")")
            result = navigator.next()
        }
        return said
    }

    @Test("a list item says its position after its description; entering the list says it and its item count, leaving says so")
    func listPositionsAndTransitions() throws {
        let roots = [
            Self.view("top", "android.widget.Button", text: "위", clickable: true),
            Self.collection("list", rows: 3, columns: 1, items: [("a", "첫째", 0, 0), ("b", "둘째", 1, 0), ("c", "셋째", 2, 0)],
                            heading: "b"),
            Self.view("bottom", "android.widget.Button", text: "아래", clickable: true),
        ]
        let expected = [
            "top: 위, 버튼",
            "a: 첫째, 3개 중 1번째, 목록에 있음, 항목 3개",
            // A heading's word leads the position (CollectionStateFeedbackUtils), not after the label.
            "b: 둘째, 제목, 3개 중 2번째",
            "c: 셋째, 3개 중 3번째",
            "bottom: 아래, 버튼, 목록에서 벗어남",
        ]
        #expect(try Self.swipe(roots) == expected)
        // `read` lists each stop as heard swiping from the one before.
        let report = ReadReport(screen: try Self.screen(roots), generator: try Self.generator)
        #expect(report.lines.map { "\($0.id): \($0.speech.text)" } == expected)
        // Swiping back into the list from below enters it again, at its last item.
        var navigator = FocusNavigator(screen: try Self.screen(roots), generator: try Self.generator)
        _ = navigator.last()
        #expect(navigator.previous().speech?.text == "셋째, 3개 중 3번째, 목록에 있음, 항목 3개")
        #expect(navigator.previous().speech?.text == "둘째, 제목, 3개 중 2번째")
    }

    @Test("a named list says its name; a list laid out in columns counts its columns; a grid says its row and column counts on entering, then the row and column that changed; without collection info a RecyclerView says only that it is a list")
    func namedHorizontalGridAndNone() throws {
        let named = Self.collection("list", rows: 1, columns: 2, description: "최근 항목",
                                    items: [("a", "사진", 0, 0), ("b", "영상", 0, 1)])
        let said = try Self.swipe([named, Self.view("end", "android.widget.TextView", text: "끝")])
        #expect(said == [
            // A collection's description is said only on entering it: TalkBack's hasText is
            // false for a node with collection info, so the list is no stop of its own.
            "a: 사진, 2개 중 1번째, 최근 항목 목록에 있음, 항목 2개",
            "b: 영상, 2개 중 2번째",
            "end: 끝, 최근 항목 목록에서 벗어남",
        ], "\(said)")
        let grid = Self.collection("grid", rows: 2, columns: 3, items: [
            ("a", "가", 0, 0), ("b", "나", 0, 1), ("c", "다", 1, 0), ("d", "라", 1, 1),
        ])
        // Entering a grid says its row count, then its column count (getCollectionGridItemCount).
        #expect(try Self.swipe([grid]) == [
            "a: 가, 1행, 1열, 그리드에 있음, 행 2개, 열 3개",
            "b: 나, 2열",
            "c: 다, 2행, 1열",
            "d: 라, 2열",
        ])
        let plain = Self.collection("plain", rows: nil, columns: nil, items: [("a", "하나", nil, nil), ("b", "둘", nil, nil)])
        // No counts: entering is said (the RecyclerView is a list by its collection info on the
        // device), its count and the positions are not (they need both counts).
        #expect(try Self.swipe([plain]) == ["a: 하나, 목록에 있음", "b: 둘"])
    }

    @Test("a double tap says what TalkBack's click rule says: a check box's new checked words, a selected node's word, a changed state description, and nothing for a plain button")
    func clickSpeech() throws {
        let generator = try Self.generator
        func clicked(_ before: AndroidView, _ after: AndroidView) -> String {
            let stop = { (android: AndroidView) in FocusStop(id: "n", readerFacts: TalkBackStopFacts(android: android)) }
            return generator.describeActivation(before: stop(before), after: stop(after)).description.text
        }
        var box = AndroidView(className: "android.widget.CheckBox", text: "동의", isClickable: true, isCheckable: true)
        var checked = box
        checked.isChecked = true
        #expect(clicked(box, checked) == "선택됨")
        #expect(clicked(checked, box) == "선택 안됨")
        // A switch says on / off, even when its text is its label.
        let off = AndroidView(className: "android.widget.Switch", text: "알림", isClickable: true, isCheckable: true)
        var on = off
        on.isChecked = true
        #expect(clicked(off, on) == "켜짐")
        // A state description replaces TalkBack's words, and is said when it changed.
        box.stateDescription = "꺼짐 상태"
        checked.stateDescription = "켜짐 상태"
        #expect(clicked(box, checked) == "켜짐 상태")
        #expect(clicked(checked, checked) == "")
        let tab = AndroidView(className: "android.widget.TextView", text: "홈", isClickable: true, isSelected: true)
        #expect(clicked(tab, tab) == "선택됨")
        let button = AndroidView(className: "android.widget.Button", text: "저장", isClickable: true)
        #expect(clicked(button, button) == "", "a button is not read again: only its tick sound plays")
    }
    @Test("a click on a row without a checked state says its first checkable child's (a direct child only), before its selected word")
    func clickSpeaksChildState() throws {
        let generator = try Self.generator
        func row(switchOn: Bool, nested: Bool) throws -> FocusStop {
            let toggle = Self.view("toggle", "android.widget.Switch", checkable: true, checked: switchOn)
            let row = Self.view("row", "android.widget.LinearLayout", clickable: true, children: [
                Self.view("title", "android.widget.TextView", text: "알림 받기"),
                nested ? Self.view("frame", "android.widget.LinearLayout", children: [toggle]) : toggle,
            ])
            let stops = FocusOrder(screen: try Self.screen([row]), for: generator).stops
            return try #require(stops.first { $0.id == "row" })
        }
        let before = try row(switchOn: false, nested: false)
        #expect(before.checkableChildren.map(\.isChecked) == [false])
        let after = try row(switchOn: true, nested: false)
        #expect(generator.describeActivation(before: before, after: after).description.text == "켜짐")
        #expect(generator.describeActivation(before: after, after: before).description.text == "꺼짐")
        // TalkBack asks the row's own children, not theirs: a switch one level further down says nothing.
        let nestedAfter = try row(switchOn: true, nested: true)
        #expect(nestedAfter.checkableChildren.isEmpty)
        #expect(generator.describeActivation(before: try row(switchOn: false, nested: true), after: nestedAfter)
            .description.text == "")
    }
    @Test("TalkBack does not enter a collection of one item, nor a list that holds another list: only the innermost is announced")
    func collectionsNotEntered() throws {
        let single = Self.collection("single", rows: 1, columns: 1, items: [("a", "하나", 0, 0)])
        #expect(try Self.swipe([single, Self.view("end", "android.widget.TextView", text: "끝")]) == ["a: 하나", "end: 끝"])
        // A count left out is TalkBack's "unknown": two rows of an unknown column count are
        // entered, but neither the item count nor a position is said: both need the two counts
        // (getCollectionListItemCount's hasBothCount, getCollectionListItemPositionDescription).
        let unknown = Self.collection("unknown", rows: 2, columns: nil, items: [("a", "하나", 0, nil), ("b", "둘", 1, nil)])
        #expect(try Self.swipe([unknown]) == ["a: 하나, 목록에 있음", "b: 둘"])
        // The outer list holds the inner one: its own item says nothing of it; the inner's items do.
        let inner = Self.collection("inner", rows: 2, columns: 1, items: [("x", "안쪽 1", 0, 0), ("y", "안쪽 2", 1, 0)])
        var outer = Self.collection("outer", rows: 2, columns: 1, items: [("o", "바깥", 0, 0)])
        outer.children.append(inner)
        #expect(try Self.swipe([outer]) == ["o: 바깥", "x: 안쪽 1, 2개 중 1번째, 목록에 있음, 항목 2개", "y: 안쪽 2, 2개 중 2번째"])
    }

    @Test("a pager with the screen file's counts: one count says the vertical or horizontal pager's words and no page, both counts the grid pager's words with TalkBack's row 0 and column -1 followed by 1; its items say no position")
    func pagerWithCounts() throws {
        let end = Self.view("end", "android.widget.TextView", text: "끝")
        let pager = "androidx.viewpager.widget.ViewPager"
        let horizontal = Self.collection("pages", rows: nil, columns: 3, items: [("a", "첫 장", nil, 0), ("b", "둘째 장", nil, 1)],
                                         className: pager)
        #expect(try Self.swipe([horizontal, end]) == ["a: 첫 장, 수평 페이저 내부", "b: 둘째 장", "end: 끝, 수평 페이저 외부"])
        // Entering asks for more than one row and column to say a grid pager, leaving only for
        // both counts known: one row of three pages enters a horizontal pager and leaves a grid
        // pager, as TalkBack's two branches do.
        let oneRow = Self.collection("pages", rows: 1, columns: 3, items: [("a", "첫 장", 0, 0), ("b", "둘째 장", 0, 1)],
                                     className: pager)
        #expect(try Self.swipe([oneRow, end]) == ["a: 첫 장, 수평 페이저 내부", "b: 둘째 장", "end: 끝, 그리드 페이저 외부"])
        let vertical = Self.collection("pages", rows: 3, columns: nil, description: "사진",
                                       items: [("a", "첫 장", 0, nil), ("b", "둘째 장", 1, nil)], className: pager)
        #expect(try Self.swipe([vertical, end]) == ["a: 첫 장, 수직 페이저 사진 내부", "b: 둘째 장", "end: 끝, 수직 페이저 사진 외부"])
        // getCollectionGridPagerEnter reads the row and column of a table item, which a pager's
        // item is not (-1), and adds 1 to the column's string rather than its index.
        let grid = Self.collection("pages", rows: 2, columns: 2, items: [("a", "첫 장", 0, 0), ("b", "둘째 장", 0, 1)],
                                   className: pager)
        #expect(try Self.swipe([grid, end]) == ["a: 첫 장, 그리드 페이저 내부, 0행, -1열1, 행 2개, 열 2개", "b: 둘째 장",
                                                 "end: 끝, 그리드 페이저 외부"])
    }
}
