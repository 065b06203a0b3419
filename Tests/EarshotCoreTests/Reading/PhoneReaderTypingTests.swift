import Foundation
import Testing
@testable import EarshotCore

/// Typing under the phone readers on a saved tree with no browser (docs/mobile-web.md, "Typing
/// under the phone readers"): TalkBack's keyboard echo (characters and words, its default),
/// a password field's character; VoiceOver's character, nothing in a secure field; English and
/// Korean.
@Suite("The phone readers hear what is typed into a page")
struct PhoneReaderTypingTests {
    static func desk(_ screen: Screen, reader: String, voice: String) throws -> DeskCheck {
        let profile = try ScreenTestSupport.profile(voice)
        let phone: any ScreenReader = reader == "talkback" ? try TalkBack(profile: profile) : try VoiceOver(profile: profile)
        return try DeskCheck(screen: screen, session: try ReadingSession(voice: profile, reader: phone),
                             clock: VirtualClock(), device: TimedDevice())
    }

    /// Types `text` into the focused field of `screen` (its text before it empty) and gives each
    /// utterance's words and fate.
    static func typed(_ text: String, into id: String, reader: String, voice: String) throws -> [String] {
        let desk = try Self.desk(try NVDAModeTests.focused(id), reader: reader, voice: voice)
        var before = ""
        for character in text {
            desk.typed(character, after: before, source: nil)
            before.append(character)
        }
        desk.waitUntilIdle()
        return NVDAModeTests.fates(desk)
    }

    @Test("TalkBack, English: each character, the word a space or a mark ends in its place (a mark by its name), each cutting the one before")
    func talkBackEnglish() throws {
        #expect(try Self.typed("hi cat.", into: "name", reader: "talkback", voice: "en") == [
            "h cut (typed (h))", "i cut (typed (i))", "hi cut (typed (space))", "c cut (typed (c))", "a cut (typed (a))",
            "t cut (typed (t))", "cat Period spoken (typed (.))",
        ])
        // A one-letter word is not said again: the space by its name.
        #expect(try Self.typed("a b", into: "name", reader: "talkback", voice: "en") == [
            "a cut (typed (a))", "Space cut (typed (space))", "b spoken (typed (b))",
        ])
    }

    @Test("TalkBack, Korean: TalkBack's Korean symbol names")
    func talkBackKorean() throws {
        let said = try Self.typed("a b!", into: "name", reader: "talkback", voice: "ko")
        #expect(said == ["a cut (typed (a))", "띄어쓰기 cut (typed (space))", "b cut (typed (b))", "느낌표 spoken (typed (!))"], "\(said)")
    }

    @Test("TalkBack in a password field: the character itself (Chrome shows TalkBack the text, TalkBack speaks passwords: both defaults), never a word; Bullet when either is off")
    func talkBackPassword() throws {
        #expect(try Self.typed("7.", into: "pin", reader: "talkback", voice: "en") == ["7 cut (typed (7))", "Period spoken (typed (.))"])
        let typing = TalkBackTyping(symbols: ["•": "Bullet", ".": "Period"])
        #expect(typing.echo("7", after: "", password: true, shown: false) == "Bullet")
        var quiet = typing
        quiet.speakPasswords = false
        #expect(quiet.echo("7", after: "", password: true, shown: true) == "Bullet")
        #expect(typing.echo(".", after: "ab", password: true, shown: true) == "Period")
        #expect(typing.echo(".", after: "ab", password: false, shown: true) == "ab Period")
    }

    @Test("VoiceOver, English and Korean: each character said, a space by its word, a mark by the profile's name; nothing in a secure field")
    func voiceOver() throws {
        #expect(try Self.typed("a b.", into: "name", reader: "voiceover", voice: "en") == [
            "a cut (typed (a))", "space cut (typed (space))", "b cut (typed (b))", "period spoken (typed (.))",
        ])
        #expect(try Self.typed("a b.", into: "name", reader: "voiceover", voice: "ko") == [
            "a cut (typed (a))", "공백 cut (typed (space))", "b cut (typed (b))", "마침표 spoken (typed (.))",
        ])
        #expect(try Self.typed("7", into: "pin", reader: "voiceover", voice: "en").isEmpty)
    }

    @Test("on a button a typed key is heard by neither phone reader: no field changed")
    func notAField() throws {
        for reader in ["talkback", "voiceover"] {
            let desk = try Self.desk(try NVDAModeTests.focused("ok"), reader: reader, voice: "en")
            desk.scheduler.handle(.announcement("Saved"))
            desk.typed("a", after: "", source: nil)
            desk.waitUntilIdle()
            let fates = NVDAModeTests.fates(desk)
            #expect(fates.count == 1 && fates[0].hasPrefix("Saved spoken"), "\(reader): \(fates)")
        }
    }
}
