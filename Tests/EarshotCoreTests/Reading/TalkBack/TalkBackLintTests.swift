import Foundation
import Testing
@testable import EarshotCore

/// The static checks judge an Android screen as the reader that reads it hears it: TalkBack's
/// stops and words under TalkBack, VoiceOver's under VoiceOver (`earshot lint --reader`).
@Suite("Lint under TalkBack")
struct TalkBackLintTests {
    static func linter(_ reader: ScreenReaderName) throws -> ScreenLinter {
        let generator = try TalkBackOrderTests.generator
        return ScreenLinter(generator: reader == .talkBack ? generator
                            : DescriptionGenerator(vocabulary: generator.vocabulary, voiceLanguage: "ko", reader: VoiceOver()))
    }

    @Test("a label ending with TalkBack's role word repeats it under TalkBack only, and the message names the role word")
    func repeatedRoleWord() throws {
        let screen = try TalkBackOrderTests.screen([
            TalkBackOrderTests.view("agree", "android.widget.CheckBox", text: "약관 동의 체크박스", clickable: true,
                                    checkable: true, y: 0),
        ])
        let underTalkBack = try Self.linter(.talkBack).findings(for: screen).filter { $0.code == .labelRepeatsTrait }
        #expect(underTalkBack.map(\.message) == [
            #""agree" is spoken as "선택 안됨, 약관 동의 체크박스, 체크박스": the label "약관 동의 체크박스" already ends with the role word "체크박스"."#,
        ])
        let underVoiceOver = try Self.linter(.voiceOver).findings(for: screen).filter { $0.code == .labelRepeatsTrait }
        #expect(underVoiceOver.isEmpty, "\(underVoiceOver.map(\.message))")
    }

    @Test("the stops judged are TalkBack's: an unnamed clickable image is a stop that says only its role under TalkBack")
    func stopsAreTalkBacks() throws {
        // Views as a dump gives them: VoiceOver's rules see no element kind or trait in them, so
        // they take no stop; TalkBack's rules make the clickable image a stop.
        let screen = try TalkBackOrderTests.screen([
            TalkBackOrderTests.view("close", "android.widget.ImageButton", clickable: true),
        ])
        let linted = LintedScreen(screen: screen, generator: try Self.linter(.talkBack).generator)
        #expect(linted.stops.map(\.id) == ["close"])
        let underTalkBack = try Self.linter(.talkBack).findings(for: screen)
        #expect(underTalkBack.map(\.message) == [
            #""close" says only "버튼": it has no label or value."#,
        ])
        // The fix is Android's under TalkBack, the catalogue's (iOS) one under VoiceOver.
        #expect(underTalkBack.map(\.fix) == [FindingCatalogue.entry(for: .labelMissing, reader: .talkBack).fix])
        #expect(underTalkBack.first?.fix.contains("android:contentDescription") == true)
        #expect(FindingCatalogue.entry(for: .labelMissing).fix.contains("accessibilityLabel"))
        #expect(try Self.linter(.voiceOver).findings(for: screen).isEmpty)
    }

    @Test("a screen file's reader is read, written back and decides the reader when a command names none; a misspelt one is refused with the nearest name")
    func screenFileReader() throws {
        let text = #"{ "screen": "s", "reader": "talkback", "elements": [ { "id": "a", "kind": "button", "label": "OK" } ] }"#
        let screen = try ScreenFile.parse(text, file: "s.json")
        #expect(screen.reader == .talkBack)
        #expect(ScreenReaders.natural(for: screen) == .talkBack)
        let written = ScreenFileWriter.text(of: screen)
        #expect(written.contains("  \"reader\": \"talkback\",\n"))
        #expect(try ScreenFile.parse(written, file: "s.json") == screen)
        let plain = try ScreenFile.parse(#"{ "elements": [ { "id": "a" } ] }"#, file: "p.json")
        #expect(plain.reader == nil && ScreenReaders.natural(for: plain) == .voiceOver)
        #expect(!ScreenFileWriter.text(of: plain).contains("reader"))
        #expect {
            try ScreenFile.parse(#"{ "reader": "talkbak", "elements": [] }"#, file: "bad.json")
        } throws: { error in
            "\(error)".contains("bad.json:1:13") && "\(error)".contains(#"unknown screen reader "talkbak"; did you mean "talkback"?"#)
        }
    }
}
