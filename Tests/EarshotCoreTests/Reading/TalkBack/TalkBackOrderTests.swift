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
                     "android.widget.ImageButton": "image", "android.widget.EditText": "editText"],
        roles: ["button": "버튼", "switch": "스위치", "checkBox": "체크박스", "image": "이미지", "imageButton": "버튼",
                "editText": "수정 창"],
        heading: "제목",
        states: ["checked": "선택됨", "notChecked": "선택 안됨", "on": "켜짐", "off": "꺼짐", "selected": "선택됨",
                 "disabled": "사용할 수 없음"],
        hints: ["activate": "활성화하려면 두 번 탭하세요", "toggle": "전환하려면 두 번 탭하세요"])

    static var generator: DescriptionGenerator {
        get throws {
            let base = try ScreenTestSupport.generator("ko")
            return DescriptionGenerator(vocabulary: base.vocabulary, voiceLanguage: "ko", reader: .talkBack,
                                        talkBackWords: words)
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
}
