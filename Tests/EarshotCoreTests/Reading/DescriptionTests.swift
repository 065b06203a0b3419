import Foundation
import Testing
@testable import EarshotCore

/// How one element is spoken (label, value, traits, then the hint after a pause), with the words
/// taken from the voice profiles (docs/screen-format.md, "Voice profile sections").
@Suite("Spoken descriptions come from the voice profile")
struct DescriptionTests {
    typealias S = ScreenTestSupport

    func speak(_ stop: FocusStop, _ profile: String = "ko") throws -> SpokenDescription {
        try S.generator(profile).describe(stop)
    }

    @Test("the seed's dropdown reads label, value, then the role: Choose a Fruit, 축소됨, Apple 선택됨, 버튼")
    func dropdownExactString() throws {
        let stop = FocusStop(id: "dropdown", label: "Choose a Fruit", value: "축소됨, Apple 선택됨", traits: .button)
        #expect(try speak(stop).text == "Choose a Fruit, 축소됨, Apple 선택됨, 버튼")
    }

    @Test("Korean says role words before state words: 찜하기, 버튼, 선택됨")
    func roleBeforeState() throws {
        let stop = FocusStop(id: "like", label: "찜하기", traits: [.selected, .button])
        let spoken = try speak(stop)
        #expect(spoken.text == "찜하기, 버튼, 선택됨")
        #expect(spoken.parts.map(\.slot) == ["label", "traits", "states"])
    }

    @Test("every trait of the table has its Korean word", arguments: [
        (AccessibilityTrait.button, "이름, 버튼"), (.link, "이름, 링크"), (.image, "이름, 이미지"), (.header, "이름, 머리말"),
        (.searchField, "이름, 검색 필드"), (.textField, "이름, 텍스트 필드"), (.secureTextField, "이름, 보안 텍스트 필드"),
        (.adjustable, "이름, 조절 가능"), (.selected, "이름, 선택됨"), (.notEnabled, "이름, 흐리게 표시됨"),
        (.backButton, "이름, 뒤로 버튼"),
    ])
    func koreanTraitWords(trait: AccessibilityTrait, expected: String) throws {
        #expect(try speak(FocusStop(id: "x", label: "이름", traits: AccessibilityTraits(trait))).text == expected)
    }

    @Test("every trait of the table has its English words", arguments: [
        (AccessibilityTrait.button, "Name, Button"), (.link, "Name, Link"), (.image, "Name, Image"), (.header, "Name, Heading"),
        (.searchField, "Name, Search field"), (.textField, "Name, Text field"),
        (.secureTextField, "Name, Secure text field"), (.adjustable, "Name, Adjustable"),
        (.selected, "Selected, Name"), (.notEnabled, "Name, Dimmed"), (.backButton, "Name, Back button"),
    ])
    func englishTraitWords(trait: AccessibilityTrait, expected: String) throws {
        #expect(try speak(FocusStop(id: "x", label: "Name", traits: AccessibilityTraits(trait)), "en").text == expected)
    }

    @Test("silent traits add no words", arguments: [
        AccessibilityTrait.staticText, .summaryElement, .keyboardKey, .updatesFrequently, .causesPageTurn, .playsSound,
        .startsMediaSession, .allowsDirectInteraction,
    ])
    func silentTraits(trait: AccessibilityTrait) throws {
        let stop = FocusStop(id: "x", label: "이름", traits: AccessibilityTraits(trait))
        #expect(try speak(stop).text == "이름")
        #expect(try speak(stop, "en").text == "이름")
    }

    @Test("Button is not said with keyboardKey, switch, tab or back button", arguments: [
        (AccessibilityTrait.keyboardKey, "ㄱ"), (.switch, "ㄱ, 스위치 버튼, 끔"), (.tab, "ㄱ, 탭"), (.backButton, "ㄱ, 뒤로 버튼"),
    ])
    func buttonSuppressed(trait: AccessibilityTrait, expected: String) throws {
        let stop = FocusStop(id: "x", label: "ㄱ", traits: [.button, AccessibilityTraits(trait)],
                             isOn: trait == .switch ? false : nil)
        #expect(try speak(stop).text == expected)
    }

    @Test("notEnabled is said before the role and its hints are not spoken")
    func notEnabledBeforeRoleWithoutHints() throws {
        let stop = FocusStop(id: "save", label: "저장", hint: "저장하려면 이중 탭 하십시오.", traits: [.button, .notEnabled],
                             customActions: ["공유"])
        let spoken = try speak(stop)
        #expect(spoken.text == "저장, 흐리게 표시됨, 버튼")
        #expect(spoken.hint == nil)
        #expect(try speak(stop, "en").text == "저장, Dimmed, Button")
    }

    @Test("a switch is read as 스위치 버튼 with 켬 or 끔 and its value is not read")
    func switchState() throws {
        let on = FocusStop(id: "wifi", label: "Wi-Fi", value: "1", traits: [.button, .switch], isOn: true)
        #expect(try speak(on).text == "Wi-Fi, 스위치 버튼, 켬")
        #expect(try speak(on).hint == "설정을 끄거나 켜려면 이중 탭 하십시오.")
        var off = on
        off.isOn = false
        #expect(try speak(off).text == "Wi-Fi, 스위치 버튼, 끔")
        #expect(try speak(off, "en").text == "Wi-Fi, Switch button, off")
    }

    @Test("an app's own hint on a switch or a text field replaces the control's default hint; VoiceOver's own sentences stay after it")
    func ownHintReplacesControlDefault() throws {
        let wifi = FocusStop(id: "wifi", label: "Wi-Fi", hint: "근처 네트워크에 연결합니다.", traits: [.button, .switch], isOn: true)
        #expect(try speak(wifi).hint == "근처 네트워크에 연결합니다.")
        #expect(try speak(wifi, "en").hint == "근처 네트워크에 연결합니다.")
        let field = FocusStop(id: "email", label: "이메일", hint: "회사 메일을 입력하세요.", traits: [.textField])
        #expect(try speak(field).hint == "회사 메일을 입력하세요.")
        // Not a control's default: VoiceOver's adjustable and actions sentences follow the own hint.
        let slider = FocusStop(id: "volume", label: "음량", hint: "소리 크기입니다.", traits: [.adjustable], customActions: ["초기화"])
        #expect(try speak(slider).hint == "소리 크기입니다. 값을 조절하려면 한 손가락으로 위 또는 아래로 쓸어넘기십시오. 동작 사용 가능")
        // Without an own hint the control's default is said.
        var plain = field
        plain.hint = nil
        #expect(try speak(plain).hint == "편집하려면 이중 탭 하십시오.")
    }

    @Test("a tab in a tab bar is read as 탭 with its position: 탭, 4개 중 1번째")
    func tabPosition() throws {
        let stop = FocusStop(id: "home", label: "홈", traits: [.button, .tab], tabPosition: TabPosition(index: 1, count: 4))
        #expect(try speak(stop).text == "홈, 탭, 4개 중 1번째")
        #expect(try speak(stop, "en").text == "홈, Tab, 1 of 4")
    }

    @Test("English says selected first, then label, value, dimmed and role, joined by commas: Selected, Label, Value, Dimmed, Button")
    func englishShape() throws {
        let stop = FocusStop(id: "x", label: "Label", value: "Value", traits: [.selected, .notEnabled, .button])
        let spoken = try speak(stop, "en")
        #expect(spoken.text == "Selected, Label, Value, Dimmed, Button")
        #expect(spoken.parts.map(\.slot) == ["selected", "label", "value", "traits", "traits"])
    }

    @Test("English reads the captured forms: Same label, Button; Notifications, Switch button, on; Fixture repeated, Heading")
    func englishCapturedForms() throws {
        #expect(try speak(FocusStop(id: "b", label: "Same label", traits: .button), "en").text == "Same label, Button")
        #expect(try speak(FocusStop(id: "h", label: "Fixture repeated", traits: .header), "en").text == "Fixture repeated, Heading")
        #expect(try speak(FocusStop(id: "t", label: "Modal value 12.50", traits: .staticText), "en").text == "Modal value 12.50")
        let toggle = try speak(FocusStop(id: "s", label: "Notifications", value: "1", traits: [.button, .switch], isOn: true), "en")
        #expect(toggle.text == "Notifications, Switch button, on")
        #expect(toggle.hint == "Double tap to toggle setting.")
    }

    @Test("a selected tab in English: Selected, Week, Tab, 2 of 3")
    func englishSelectedTab() throws {
        let stop = FocusStop(id: "week", label: "Week", traits: [.button, .tab, .selected], tabPosition: TabPosition(index: 2, count: 3))
        #expect(try speak(stop, "en").text == "Selected, Week, Tab, 2 of 3")
    }

    @Test("the hint is a separate part: the element's own hint, then trait hints, then actions available")
    func hintOrder() throws {
        let stop = FocusStop(id: "volume", label: "음량", value: "50%", hint: "소리 크기입니다.", traits: .adjustable,
                             customActions: ["초기화"])
        let spoken = try speak(stop)
        #expect(spoken.text == "음량, 50%, 조절 가능")
        #expect(spoken.hint == "소리 크기입니다. 값을 조절하려면 한 손가락으로 위 또는 아래로 쓸어넘기십시오. 동작 사용 가능")
        let english = try speak(stop, "en")
        #expect(english.hint == "소리 크기입니다. Swipe up or down with one finger to adjust the value. Actions Available.")
    }

    @Test("a text field says 편집하려면 이중 탭 하십시오 as its hint")
    func textFieldHint() throws {
        let stop = FocusStop(id: "name", label: "이름", value: "하늘", traits: .textField)
        let spoken = try speak(stop)
        #expect(spoken.text == "이름, 하늘, 텍스트 필드")
        #expect(spoken.hint == "편집하려면 이중 탭 하십시오.")
    }

    @Test("a label that already ends a sentence gets no comma after it in English")
    func noDoublePunctuation() throws {
        let stop = FocusStop(id: "q", label: "Delete it?", traits: .button)
        #expect(try speak(stop, "en").text == "Delete it? Button")
    }

    @Test("the words and their order come from the profile, not from code")
    func wordsComeFromProfile() throws {
        let text = #"""
        {"name": "test", "engine": {"voice": "ko"},
         "traits": {"selected": {"word": "고름", "slot": "first"}, "button": "단추"},
         "speech": {"groups": [{"slots": ["first", "traits", "label"], "separator": " / "}], "end": "!"},
         "hints": {"customActions": "더 있음"}}
        """#
        let path = NSTemporaryDirectory() + "earshot-vocabulary-\(UInt32.random(in: 0...UInt32.max)).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let generator = try DescriptionGenerator(profile: try VoiceProfile.load(path: path), reader: VoiceOver())
        let spoken = generator.describe(FocusStop(id: "x", label: "찜", traits: [.button, .selected], customActions: ["a"]))
        #expect(spoken.text == "고름 / 단추 / 찜!")
        #expect(spoken.hint == "더 있음")
    }

    @Test("an unknown trait name in a profile's traits section is an error suggesting the nearest one")
    func profileUnknownTrait() throws {
        let text = #"{"name": "bad", "engine": {"voice": "ko"}, "traits": {"buton": "버튼"}, "speech": {"groups": []}, "hints": {}}"#
        let path = NSTemporaryDirectory() + "earshot-bad-profile-\(UInt32.random(in: 0...UInt32.max)).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: DataFileError.self) { try DescriptionGenerator(profile: try VoiceProfile.load(path: path), reader: VoiceOver()) }
        #expect(error?.message == "unknown key \"buton\"; did you mean \"button\"?")
        #expect(error?.location.line == 1)
        #expect(error?.location.column == 55)
    }

    @Test("parts come in the order label, value, traits, and the hint is kept apart to be spoken after a pause")
    func partsOrderAndSeparateHint() throws {
        let stop = FocusStop(id: "x", label: "음량", value: "50%", hint: "소리 크기입니다.", traits: [.button])
        let spoken = try speak(stop)
        #expect(spoken.parts == [SpokenPart(slot: "label", text: "음량"), SpokenPart(slot: "value", text: "50%"),
                                 SpokenPart(slot: "traits", text: "버튼")])
        #expect(spoken.text == "음량, 50%, 버튼")
        #expect(!spoken.text.contains("소리 크기"))
        #expect(spoken.hint == "소리 크기입니다.")
    }

    @Test("a stop speaks in its element's language, inherited from its ancestors or the screen")
    func languageIsInherited() throws {
        let screen = try ScreenFile.parse(#"""
        {"language": "ko", "elements": [
          {"id": "ko-button", "kind": "button", "text": "확인"},
          {"id": "box", "language": "en", "children": [{"id": "en-label", "kind": "label", "text": "Choose a Fruit"}]},
          {"id": "ar-button", "kind": "button", "text": "حفظ", "language": "ar"}
        ]}
        """#, file: "languages.json")
        let generator = try S.generator()
        #expect(FocusOrder(screen: screen).stops.map { generator.describe($0).language } == ["ko", "en", "ar"])
    }

    @Test("a profile without a traits section cannot describe screens and says which section is missing")
    func profileWithoutTraits() throws {
        let path = NSTemporaryDirectory() + "earshot-no-traits-\(UInt32.random(in: 0...UInt32.max)).json"
        try #"{"name": "bare", "engine": {"voice": "ko"}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: DataFileError.self) { try DescriptionGenerator(profile: try VoiceProfile.load(path: path), reader: VoiceOver()) }
        #expect(error?.message == "voice profile \"bare\" has no \"traits\" section (needed to describe screens)")
        #expect(error?.location.file == path)
    }

    @Test("a word in a slot that no group lays out is an error in the profile")
    func unplacedSlot() throws {
        let text = #"{"name": "odd", "engine": {"voice": "ko"}, "traits": {"selected": {"word": "선택됨", "slot": "states"}}, "speech": {"groups": [{"slots": ["label"]}]}, "hints": {}}"#
        let path = NSTemporaryDirectory() + "earshot-odd-\(UInt32.random(in: 0...UInt32.max)).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: DataFileError.self) { try DescriptionGenerator(profile: try VoiceProfile.load(path: path), reader: VoiceOver()) }
        #expect(error?.message == "slot \"states\" is not in any of speech.groups (laid out: label)")
    }
}
