import Foundation
import Testing
@testable import EarshotCore

/// TalkBack on a form's controls, read from `Tests/Fixtures/talkback/form-controls.uiautomator.xml`,
/// a `uiautomator dump` written by hand from the rules in TalkBack's source (docs/talkback.md):
/// drop-down lists, edit boxes with and without input focus, hint text, a password field, a
/// clickable view with nothing to say, and a row whose child has empty bounds. The words are the
/// real words files', extracted from TalkBack's strings.
enum FormControlsDump {
    static let path = ScreenTestSupport.repositoryRoot
        .appendingPathComponent("Tests/Fixtures/talkback/form-controls.uiautomator.xml")

    /// Each stop's id, what it says and its usage hint, swiping from the first to the last.
    static func swipe(voice: String) throws -> [(id: String, text: String, hint: String?)] {
        let loaded = try ScreenLoader.parse(try Data(contentsOf: path), file: path.lastPathComponent, format: nil)
        let profile = try ScreenTestSupport.profile(voice)
        let generator = try DescriptionGenerator(profile: profile, readerNamed: .talkBack)
        var navigator = FocusNavigator(screen: loaded.screen, generator: generator)
        var said: [(id: String, text: String, hint: String?)] = []
        var result = navigator.next()
        while result.outcome == .moved {
            said.append((result.stop?.id ?? "", result.speech?.text ?? "", result.speech?.hint))
            result = navigator.next()
        }
        return said
    }

    static func words(_ voice: String) throws -> TalkBackVocabulary {
        try ScreenTestSupport.profile(voice).talkBackWords()
    }

    /// What the stop whose speech starts or ends with `text` says.
    static func stop(containing text: String, voice: String) throws -> (id: String, text: String, hint: String?) {
        try #require(try swipe(voice: voice).first { $0.text.contains(text) }, "no stop says \(text)")
    }
}

/// A `Spinner` (and an AndroidX `AppCompatSpinner`) is TalkBack's drop-down list
/// (`Role.getRole`, `ROLE_DROP_DOWN_LIST`): one stop saying the role word and its selected
/// item, the item not a stop of its own though the spinner scrolls
/// (`AccessibilityNodeInfoUtils.isScrollItem` leaves spinners out), and the hint
/// "Double-tap to change" alone (`NodeRoleHint.getHint`, `ClickableHint.getSpinnerClickableHint`).
@Suite("TalkBack's drop-down lists")
struct TalkBackDropDownListTests {
    @Test("a Spinner and an AppCompatSpinner are one stop each: the role word, then the selected text; the change hint",
          arguments: [("ko", "드롭다운 목록", "변경하려면 두 번 탭하세요"), ("en", "Drop down list", "Double-tap to change")])
    func spinner(voice: String, role: String, hint: String) throws {
        let said = try FormControlsDump.swipe(voice: voice)
        let words = try FormControlsDump.words(voice)
        #expect(words.roles["dropDownList"] == role)
        #expect(words.hints["dropDownList"] == hint)
        for item in ["Korea", "Medium"] {
            let stop = try #require(said.first { $0.text.contains(item) })
            #expect(stop.text == "\(role), \(item)")
            #expect(stop.hint == hint)
            // The item is spoken by the spinner, never focused alone.
            #expect(said.filter { $0.text.contains(item) }.count == 1)
        }
    }

    @Test("the AndroidX spinner's class reaches the drop-down role through the words file's class table")
    func appCompatClass() throws {
        for voice in ["ko", "en"] {
            let words = try FormControlsDump.words(voice)
            #expect(words.role(ofClass: "androidx.appcompat.widget.AppCompatSpinner") == .dropDownList)
            #expect(words.role(ofClass: "android.widget.Spinner") == .dropDownList)
        }
    }
}

/// An edit box (`EditTextDescription`, `NodeRoleHint.getEditTextHint`,
/// `AccessibilityNodeFeedbackUtils.getHintDescription`).
@Suite("TalkBack's edit boxes")
struct TalkBackEditBoxTests {
    @Test("a field with input focus says Editing and gets only the long-press hint, never Double-tap to edit text",
          arguments: ["ko", "en"])
    func focusedField(voice: String) throws {
        let words = try FormControlsDump.words(voice)
        let name = try FormControlsDump.stop(containing: "Name", voice: voice)
        #expect(name.text == "\(words.states["editing"]!), Name, \(words.roles["editText"]!)")
        #expect(name.hint == words.hints["longPress"])
        #expect(name.hint?.contains(words.hints["editText"]!) != true)
        // The field beside it, without input focus, keeps the edit hint first.
        let city = try FormControlsDump.stop(containing: "Seoul", voice: voice)
        #expect(city.hint == words.hints["editText"]! + ", " + words.hints["longPress"]!)
        #expect(!city.text.contains(words.states["editing"]!))
    }

    @Test("a field's hint text comes after the role; a field showing its hint is named by it, said once",
          arguments: ["ko", "en"])
    func hintTextAfterRole(voice: String) throws {
        let words = try FormControlsDump.words(voice)
        let city = try FormControlsDump.stop(containing: "Seoul", voice: voice)
        #expect(city.text == "Seoul, \(words.roles["editText"]!), City")
        let name = try FormControlsDump.stop(containing: "Name", voice: voice)
        #expect(name.text.components(separatedBy: "Name").count == 2)
    }

    @Test("a password field says the password word and its count of characters, the role, then its hint text",
          arguments: [("ko", "비밀번호, 6자"), ("en", "password, 6 characters")])
    func password(voice: String, name: String) throws {
        let words = try FormControlsDump.words(voice)
        let field = try FormControlsDump.stop(containing: words.password!, voice: voice)
        #expect(field.text == "\(name), \(words.roles["editText"]!), Password")
        // The dots themselves are never read.
        #expect(!field.text.contains("•"))
    }

    @Test("one character is counted with the singular template")
    func oneCharacter() throws {
        let words = try FormControlsDump.words("en")
        let view = AndroidView(className: "android.widget.EditText", text: "•", hint: "PIN", isClickable: true,
                               isFocusable: true, isPassword: true)
        #expect(TalkBackDescription.label(of: view, words: words) == "password, 1 character")
        var empty = view
        empty.text = "PIN"
        #expect(TalkBackDescription.label(of: empty, words: words) == "password")
    }
}

/// A focused node with nothing to say is `Unlabelled`
/// (`AccessibilityNodeFeedbackUtils.getUnlabelledNodeDescription`, `TalkBackLabelManager.needsLabel`).
@Suite("TalkBack's unlabelled nodes")
struct TalkBackUnlabelledTests {
    @Test("a clickable View with no text, description or role word says Unlabelled, then the activate hint",
          arguments: [("ko", "라벨이 지정되지 않음"), ("en", "Unlabelled")])
    func unlabelled(voice: String, word: String) throws {
        let said = try FormControlsDump.swipe(voice: voice)
        let words = try FormControlsDump.words(voice)
        #expect(words.states["unlabelled"] == word)
        let stop = try #require(said.first { $0.text == word })
        #expect(stop.hint == words.hints["activate"])
        #expect(!said.contains { $0.text.isEmpty })
    }

    @Test("a clickable button without text says its role word, not Unlabelled; a disabled view says nothing of the kind")
    func roleWordIsEnough() throws {
        let words = try FormControlsDump.words("en")
        let button = AndroidView(className: "android.widget.Button", isClickable: true, isFocusable: true)
        #expect(TalkBackDescription.parts(of: button, label: nil, words: words).map(\.text) == ["Button"])
        var disabled = AndroidView(className: "android.view.View", isClickable: true, isFocusable: true)
        disabled.isEnabled = false
        #expect(!TalkBackDescription.parts(of: disabled, label: nil, words: words).map(\.text).contains("Unlabelled"))
        let plain = AndroidView(className: "android.view.View", isClickable: true, isFocusable: true)
        #expect(TalkBackDescription.parts(of: plain, label: nil, words: words).map(\.text) == ["Unlabelled"])
        #expect(TalkBackDescription.parts(of: plain, label: nil, hasChildren: true, words: words).map(\.text).isEmpty)
    }
}
