import Foundation
import Testing
@testable import EarshotCore

/// The navigator as a virtual screen reader: each gesture's result and what it says.
@Suite("The focus navigator moves and speaks like VoiceOver")
struct FocusNavigatorTests {
    typealias S = ScreenTestSupport

    func navigator(_ sample: String) throws -> FocusNavigator {
        let screen = try ScreenFile.load(path: S.samplesDirectory.appendingPathComponent("\(sample).json").path)
        return FocusNavigator(screen: screen, generator: try S.generator())
    }

    @Test("the first swipe focuses the first stop and each swipe right speaks the next")
    func swipesRight() throws {
        var reader = try navigator("product-list")
        let first = reader.next()
        #expect(first.outcome == .moved)
        #expect(first.position == 1 && first.count == 5)
        #expect(first.speech?.text == "추천 상품, 머리말")
        let second = reader.next()
        #expect(second.stop?.id == "card-1")
        #expect(second.speech?.text == "나이키, 에어맥스 90, 할인가 129,000원, 평점 4.8점, 버튼")
        #expect(second.speech?.hint == "동작 사용 가능")
    }

    @Test("swiping past the last stop does not wrap: focus stays and a boundary is reported")
    func boundaryAtEnds() throws {
        var reader = try navigator("product-list")
        let last = reader.last()
        #expect(last.stop?.id == "more")
        let past = reader.next()
        #expect(past.isBoundary)
        #expect(past.stop?.id == "more")
        #expect(past.speech == nil)
        _ = reader.first()
        let before = reader.previous()
        #expect(before.isBoundary)
        #expect(reader.focusedID == "title")
    }

    @Test("activating a switch toggles it and reads it again with the new state")
    func activateSwitch() throws {
        var reader = try navigator("settings")
        _ = reader.focus("bluetooth")
        let activated = reader.activate()
        #expect(activated.outcome == .activated)
        #expect(activated.speech?.text == "블루투스, 스위치 버튼, 켬")
        #expect(reader.screen.node("bluetooth")?.isOn == true)
        // A combined row toggles the switch inside it.
        _ = reader.focus("wifi-row")
        #expect(reader.activate().speech?.text == "Wi-Fi, 스위치 버튼, 끔")
    }

    @Test("activating a MergedFocus card that says toggleSelected toggles its selected state")
    func activateToggleCard() throws {
        var reader = try navigator("product-list")
        _ = reader.focus("card-1")
        #expect(reader.activate().speech?.text == "나이키, 에어맥스 90, 할인가 129,000원, 평점 4.8점, 버튼, 선택됨")
        #expect(reader.activate().speech?.text == "나이키, 에어맥스 90, 할인가 129,000원, 평점 4.8점, 버튼")
    }

    @Test("activating a dimmed element does nothing and says nothing")
    func activateDimmed() throws {
        var reader = try navigator("settings")
        _ = reader.focus("save")
        let result = reader.activate()
        #expect(result.speech == nil)
        #expect(result.outcome == .unavailable("\"save\" is dimmed (notEnabled)"))
    }

    @Test("increment and decrement speak only the new value, with a boundary at the end of the range")
    func adjustValues() throws {
        var reader = try navigator("settings")
        _ = reader.focus("brightness")
        let up = reader.increment()
        #expect(up.outcome == .adjusted)
        #expect(up.speech?.text == "60%")
        #expect(up.speech?.hint == nil)
        #expect(reader.decrement().speech?.text == "50%")
        for _ in 0..<5 { _ = reader.increment() }
        let top = reader.increment()
        #expect(top.isBoundary)
        #expect(top.speech?.text == "100%")
        _ = reader.focus("bluetooth")
        #expect(reader.increment().outcome == .unavailable("\"bluetooth\" is not adjustable"))
    }

    @Test("custom actions are listed and performed by name; an unknown name is refused")
    func customActions() throws {
        var reader = try navigator("board-list")
        _ = reader.focus("post-103")
        #expect(reader.customActions == ["삭제", "신고"])
        let performed = reader.performCustomAction("신고")
        #expect(performed.outcome == .performedAction("신고"))
        #expect(performed.speech?.text == "신고")
        #expect(reader.performCustomAction("수정").outcome == .unavailable("\"post-103\" has no action \"수정\" (available: 삭제, 신고)"))
    }

    @Test("next and previous heading skip to stops with the header trait")
    func headings() throws {
        var reader = try navigator("board-list")
        let heading = reader.nextHeading()
        #expect(heading.stop?.id == "board-title")
        #expect(reader.nextHeading().isBoundary)
        _ = reader.last()
        #expect(reader.previousHeading().stop?.id == "board-title")
    }

    @Test("on an app's screen a jump moves as the rotor does, by traits: check boxes are switches, form controls fields, Tab what can be acted on; no landmarks")
    func jumpsByTraits() throws {
        var reader = try navigator("settings")
        let toggle = reader.jump(to: .checkBox, forward: true)
        #expect(toggle.stop?.id == "wifi-row")
        #expect(toggle.speech?.text == reader.describe(try #require(toggle.stop)).text)
        #expect(reader.jump(to: .checkBox, forward: true).stop?.id == "bluetooth")
        #expect(reader.jump(to: .formField, forward: true).stop?.id == "brightness")
        #expect(reader.jump(to: .formField, forward: true).stop?.id == "nickname")
        // The dimmed save button is no Tab stop, and nothing wraps: a boundary, silent.
        let end = reader.jump(to: .focusable, forward: true)
        #expect(end.isBoundary && end.speech == nil && end.stop?.id == "nickname")
        #expect(reader.jump(to: .focusable, forward: false).stop?.id == "brightness")
        let landmark = reader.jump(to: .landmark, forward: false)
        #expect(landmark.isBoundary && landmark.speech == nil)
        // A switch is no button; a dimmed button is one.
        #expect(reader.jump(to: .button, forward: true).stop?.id == "save")
    }

    @Test("touching a point focuses the stop under it, the smallest frame first")
    func touchHitTest() throws {
        var reader = try navigator("tab-bar")
        let touched = reader.touch(x: 200, y: 780)
        #expect(touched.stop?.id == "tab-likes")
        #expect(touched.speech?.text == "찜, 탭, 4개 중 3번째")
        let nested = try S.screen(#"""
        {"id": "big", "kind": "button", "text": "큰 것", "frame": [0, 0, 300, 300]},
        {"id": "small", "kind": "button", "text": "작은 것", "frame": [10, 10, 20, 20]}
        """#)
        var picker = FocusNavigator(screen: nested, generator: try S.generator())
        #expect(picker.touch(x: 15, y: 15).stop?.id == "small")
        #expect(picker.touch(x: 100, y: 100).stop?.id == "big")
        let nothing = picker.touch(x: 400, y: 400)
        #expect(nothing.outcome == .noTarget)
        #expect(picker.focusedID == "big")
    }

    @Test("read all speaks every stop from the focused one to the end")
    func readAll() throws {
        var reader = try navigator("modal-dialog")
        _ = reader.focus("dialog-message")
        let read = reader.readAll()
        #expect(read.map { $0.stop?.id } == ["dialog-message", "dialog-cancel", "dialog-delete"])
        #expect(reader.focusedID == "dialog-delete")
        #expect(reader.readAll(fromTop: true).count == 4)
    }

    @Test("escape dismisses the modal dialog and reads the first stop of the screen under it")
    func escapeDismissesDialog() throws {
        var reader = try navigator("modal-dialog")
        _ = reader.focus("dialog-cancel")
        let escaped = reader.escape()
        #expect(escaped.outcome == .dismissed("dialog"))
        #expect(escaped.stop?.id == "cart-title")
        #expect(escaped.speech?.text == "장바구니, 머리말")
        #expect(reader.stops.map(\.id) == ["cart-title", "cart-item", "checkout"])
        #expect(reader.escape().outcome == .unavailable("nothing to dismiss"))
    }

    @Test("after a change focus stays on the same element and the stops are recomputed")
    func focusSurvivesChanges() throws {
        var reader = try navigator("board-list")
        _ = reader.focus("post-102")
        try reader.change { screen in
            try screen.remove("post-101")
            try screen.setLabel("create", "새 글 쓰기")
        }
        #expect(reader.focusedID == "post-102")
        #expect(reader.focusedIndex == 3)
        #expect(reader.stops.count == 6)
        _ = reader.last()
        #expect(reader.focusedStop.map { reader.describe($0).text } == "새 글 쓰기, 버튼")
    }

    @Test("focus on an element that becomes part of a merged container moves to the container")
    func focusFollowsMerge() throws {
        let screen = try S.screen(#"""
        {"id": "card", "children": [
          {"id": "name", "kind": "label", "text": "에어맥스 90"},
          {"id": "price", "kind": "label", "text": "129,000원"}
        ]}
        """#)
        var reader = FocusNavigator(screen: screen, generator: try S.generator())
        _ = reader.focus("price")
        try reader.change { try $0.update("card") { $0.grouping = .merged } }
        #expect(reader.focusedID == "card")
        try reader.change { try $0.remove("card") }
        #expect(reader.focusedID == nil)
        #expect(reader.next().outcome == .noTarget)
    }

    @Test("an inserted element gets a stop in frame order")
    func insertedElementIsReached() throws {
        var reader = try navigator("tab-bar")
        try reader.change { screen in
            try screen.insert(AccessibilityNode(id: "notice", kind: .button, text: "공지 보기",
                                                frame: Frame(x: 16, y: 300, width: 343, height: 44)),
                              under: nil, at: 2)
        }
        #expect(reader.stops.map(\.id) == ["home-title", "banner", "notice", "tab-home", "tab-search", "tab-likes", "tab-my"])
    }
}

@Suite("The Swift example in docs/screen-format.md does what it says")
struct DocumentedNavigationTests {
    @Test("the documented settings walk-through speaks the documented strings")
    func documentedWalkThrough() throws {
        let screen = try ScreenFile.load(path: ScreenTestSupport.samplesDirectory.appendingPathComponent("settings.json").path)
        var reader = try FocusNavigator(screen: screen, profile: try ScreenTestSupport.profile("ko"), reader: VoiceOver())
        #expect(reader.next().speech?.text == "설정, 머리말")
        #expect(reader.next().speech?.hint == "설정을 끄거나 켜려면 이중 탭 하십시오.")
        #expect(reader.activate().speech?.text == "Wi-Fi, 스위치 버튼, 끔")
        _ = reader.focus("brightness")
        #expect(reader.increment().speech?.text == "60%")
        try reader.change { try $0.setLabel("save", "저장") }
        #expect(reader.focusedID == "brightness")
        #expect(reader.stops.last.map { reader.describe($0).text } == "저장, 흐리게 표시됨, 버튼")
    }
}
