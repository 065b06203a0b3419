import Foundation
import Testing
@testable import EarshotCore

/// One element composed from a label, value, traits, class and hint, said by TalkBack's rules
/// (docs/talkback.md, "Composing one element"); the words are the real words files'.
@Suite("A composed element under TalkBack")
struct ComposedAndroidViewTests {
    static func profile(_ name: String) throws -> VoiceProfile {
        try ScreenTestSupport.profile(name)
    }

    static func words(_ name: String = "ko") throws -> TalkBackVocabulary { try profile(name).talkBackWords() }

    /// The spoken text and hint of the composed element, through the generator a command uses.
    static func spoken(_ composed: ComposedAndroidView, voice: String = "ko") throws -> (text: String, hint: String?) {
        let reader = try TalkBack(profile: try profile(voice))
        let generator = try DescriptionGenerator(profile: try profile(voice), reader: reader)
        let words = reader.words
        let description = generator.describe(try composed.stop(words: words))
        return (description.text, description.hint)
    }

    @Test("the label is the content description; button makes an android.widget.Button that is clickable")
    func buttonFromTrait() throws {
        let words = try Self.words()
        let composed = ComposedAndroidView(label: "찜하기", traits: ["button"])
        let view = try composed.view(words: words)
        #expect(view.className == "android.widget.Button")
        #expect(view.contentDescription == "찜하기" && view.text == nil)
        #expect(view.isClickable && !view.isCheckable && view.isEnabled)
        let said = try Self.spoken(composed)
        #expect(said.text == "찜하기" + words.separator + words.roles["button"]!)
        #expect(said.hint == words.hints["activate"])
    }

    @Test("a switch's value is its checked state, said first in TalkBack's default order, with the toggle hint")
    func switchValueIsState() throws {
        let words = try Self.words()
        let on = ComposedAndroidView(label: "와이파이", value: "1", className: "android.widget.Switch")
        let view = try on.view(words: words)
        #expect(view.isCheckable && view.isChecked && view.isClickable && view.stateDescription == nil)
        let said = try Self.spoken(on)
        #expect(said.text == [words.states["on"]!, "와이파이", words.roles["switch"]!].joined(separator: words.separator))
        #expect(said.hint == words.hints["toggle"])
        for (value, checked) in [("on", true), ("TRUE", true), ("0", false), ("off", false), ("false", false)] {
            var composed = on
            composed.value = value
            #expect(try composed.view(words: words).isChecked == checked, "value \(value)")
        }
        let off = try Self.spoken(ComposedAndroidView(label: "와이파이", value: "off", className: "android.widget.Switch"))
        #expect(off.text.hasPrefix(words.states["off"]! + words.separator))
    }

    @Test("a check box not checked says TalkBack's not-checked word; a value that is no state is refused")
    func checkBoxValue() throws {
        let words = try Self.words()
        let said = try Self.spoken(ComposedAndroidView(label: "동의", value: "0", className: "android.widget.CheckBox"))
        #expect(said.text == [words.states["notChecked"]!, "동의", words.roles["checkBox"]!].joined(separator: words.separator))
        let error = #expect(throws: ComposedAndroidViewError.self) {
            try ComposedAndroidView(label: "동의", value: "maybe", className: "android.widget.CheckBox").view(words: words)
        }
        #expect(error?.message.contains("\"maybe\"") == true)
        #expect(error?.message.contains("1, on, true") == true)
        #expect(error?.category == .usage)
    }

    @Test("another class's value is its state description")
    func valueIsStateDescription() throws {
        let words = try Self.words()
        let composed = ComposedAndroidView(label: "볼륨", value: "50%", traits: ["adjustable"])
        let view = try composed.view(words: words)
        #expect(view.className == "android.widget.SeekBar" && view.stateDescription == "50%" && !view.isCheckable)
        #expect(try Self.spoken(composed).text
            == ["50%", "볼륨", words.roles["seekControl"]!].joined(separator: words.separator))
    }

    @Test("traits name classes and states; a given class wins over the traits'")
    func traitMapping() throws {
        let words = try Self.words()
        #expect(try ComposedAndroidView(label: "x", traits: ["image"]).view(words: words).className == "android.widget.ImageView")
        #expect(try ComposedAndroidView(traits: ["searchField"]).view(words: words).className == "android.widget.EditText")
        #expect(try ComposedAndroidView(label: "x").view(words: words).className == "android.view.View")
        let imageButton = try ComposedAndroidView(label: "닫기", traits: ["button", "image"]).view(words: words)
        #expect(imageButton.className == "android.widget.ImageView" && imageButton.isClickable)
        let given = try ComposedAndroidView(label: "x", traits: ["button"], className: "android.widget.TextView").view(words: words)
        #expect(given.className == "android.widget.TextView" && given.isClickable)
        let states = try ComposedAndroidView(label: "x", traits: ["isHeader", "selected", "disabled"]).view(words: words)
        #expect(states.isHeading && states.isSelected && !states.isEnabled && !states.isClickable)
        // android.widget.ImageButton is a button class by its name, so clickable as Android makes it.
        #expect(try ComposedAndroidView(label: "x", className: "android.widget.ImageButton").view(words: words).isClickable)
        #expect(try !ComposedAndroidView(label: "x", className: "android.widget.TextView").view(words: words).isClickable)
    }

    @Test("a disabled button says TalkBack's disabled word last and has no hint")
    func disabledHasNoHint() throws {
        let words = try Self.words()
        let said = try Self.spoken(ComposedAndroidView(label: "찜하기", traits: ["button", "notEnabled"]))
        #expect(said.text == ["찜하기", words.roles["button"]!, words.states["disabled"]!].joined(separator: words.separator))
        #expect(said.hint == nil)
    }

    @Test("a trait with no Android counterpart is refused, naming it and the traits that map")
    func unmappedTraitRefused() throws {
        let words = try Self.words()
        let error = #expect(throws: ComposedAndroidViewError.self) {
            try ComposedAndroidView(label: "x", traits: ["button", "link"]).view(words: words)
        }
        #expect(error?.message.contains("\"link\"") == true)
        #expect(error?.message.contains("button, header (isHeader), selected, notEnabled, image, searchField, adjustable") == true)
        let unknown = #expect(throws: ComposedAndroidViewError.self) {
            try ComposedAndroidView(label: "x", traits: ["buton"]).view(words: words)
        }
        #expect(unknown?.message.contains("did you mean \"button\"") == true)
        #expect(throws: ComposedAndroidViewError.self) {
            try ComposedAndroidView(label: "x", traits: ["image", "adjustable"]).view(words: words)
        }
    }

    @Test("Android's hint text names an edit text without a label, follows the role elsewhere, and is unsaid on a named empty field")
    func hintText() throws {
        let words = try Self.words()
        let field = ComposedAndroidView(traits: ["searchField"], hint: "검색어")
        let said = try Self.spoken(field)
        #expect(said.text == ["검색어", words.roles["editText"]!].joined(separator: words.separator))
        #expect(said.hint == words.hints["editText"])
        #expect(try field.unspokenHint(words: words) == nil)
        let labelled = ComposedAndroidView(label: "검색", traits: ["searchField"], hint: "검색어")
        #expect(try !Self.spoken(labelled).text.contains("검색어"))
        #expect(try labelled.unspokenHint(words: words) == "검색어")
        let button = ComposedAndroidView(label: "x", traits: ["button"], hint: "저장합니다")
        #expect(try Self.spoken(button).text == ["x", words.roles["button"]!, "저장합니다"].joined(separator: words.separator))
        #expect(try button.unspokenHint(words: words) == nil)
    }

    @Test("a view TalkBack would not focus is refused")
    func unfocusableRefused() throws {
        let words = try Self.words()
        let error = #expect(throws: ComposedAndroidViewError.self) {
            try ComposedAndroidView(traits: ["image"]).stop(words: words)
        }
        #expect(error?.message.contains("android.widget.ImageView") == true)
    }

    @Test("the English words say Button and the English hint")
    func englishWords() throws {
        let words = try Self.words("en")
        let said = try Self.spoken(ComposedAndroidView(label: "Save", traits: ["button"]), voice: "en")
        #expect(words.roles["button"] == "Button")
        #expect(said.text == "Save, Button")
        #expect(said.hint == words.hints["activate"])
    }
}
