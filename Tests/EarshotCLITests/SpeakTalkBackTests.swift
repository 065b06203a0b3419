import EarshotAudio
import EarshotCore
import Foundation
import Testing

/// `earshot speak --reader talkback`: one element composed as an Android view and said with
/// TalkBack's rules and words (docs/talkback.md, "Composing one element"). Expected words come
/// from the words files, never written here.
@Suite("earshot speak --reader talkback")
struct SpeakTalkBackTests {
    static func words(_ language: String) throws -> TalkBackVocabulary {
        try TalkBackVocabulary.load(path: CLIRunner.repositoryRoot.appendingPathComponent("voices/talkback/\(language).json").path)
    }

    static func speak(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(["speak", "--reader", "talkback", "--no-audio"] + arguments)
    }

    @Test("a button says its label and TalkBack's role word, then TalkBack's activate hint on its own line")
    func buttonWithHint() throws {
        let words = try Self.words("ko")
        let result = try Self.speak(["--label", "찜하기", "--traits", "button"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "찜하기, \(words.roles["button"]!)\nhint: \(words.hints["activate"]!)\n")
        #expect(result.stdout.hasPrefix("찜하기, 버튼\n"))
    }

    @Test("a switch says its on word first, in TalkBack's default order, and the toggle hint")
    func switchStateFirst() throws {
        let words = try Self.words("ko")
        let result = try Self.speak(["--class", "android.widget.Switch", "--label", "와이파이", "--value", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = [words.states["on"]!, "와이파이", words.roles["switch"]!].joined(separator: words.separator)
        #expect(result.stdout == "\(expected)\nhint: \(words.hints["toggle"]!)\n")
        #expect(result.stdout.hasPrefix("켜짐, "))
        let bad = try Self.speak(["--class", "android.widget.Switch", "--label", "와이파이", "--value", "maybe"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("\"maybe\""))
    }

    @Test("a disabled element says TalkBack's disabled word and has no hint line")
    func disabledHasNoHint() throws {
        let words = try Self.words("ko")
        let result = try Self.speak(["--label", "찜하기", "--traits", "button,notEnabled"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "찜하기, \(words.roles["button"]!), \(words.states["disabled"]!)\n")
        #expect(result.stdout.contains("사용할 수 없음"))
        #expect(!result.stdout.contains("hint:"))
    }

    @Test("--reader voiceover says what speak said without --reader")
    func voiceOverUnchanged() throws {
        let arguments = ["speak", "--no-audio", "--label", "찜하기", "--value", "3개", "--traits", "button,selected", "--hint", "저장합니다"]
        let plain = try CLIRunner.run(arguments)
        let voiceOver = try CLIRunner.run(arguments + ["--reader", "voiceover"])
        #expect(plain.status == 0 && voiceOver.status == 0)
        #expect(voiceOver.stdout == plain.stdout)
        #expect(plain.stdout == "찜하기, 3개, 버튼, 선택됨\nhint: 저장합니다\n")
    }

    @Test("--class without --reader talkback is a usage error naming --class")
    func classNeedsTalkBack() throws {
        for reader in [[], ["--reader", "voiceover"]] {
            let result = try CLIRunner.run(["speak", "--no-audio", "--label", "x", "--class", "android.widget.Switch"] + reader)
            #expect(result.status == 64)
            #expect(result.stderr.contains("--class"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a trait with no Android counterpart exits 64 naming it and the traits that map")
    func unmappableTrait() throws {
        let result = try Self.speak(["--label", "약관", "--traits", "link"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("\"link\""))
        #expect(result.stderr.contains("searchField"))
        #expect(result.stdout.isEmpty)
    }

    @Test("Android's hint text is said after the role, and noted where TalkBack does not say it")
    func unspokenHintNoted() throws {
        let words = try Self.words("ko")
        let field = try Self.speak(["--traits", "searchField", "--hint", "검색어"])
        #expect(field.stdout == "검색어, \(words.roles["editText"]!)\nhint: \(words.hints["editText"]!)\n")
        // getHintDescription: a button's hint text follows its role.
        let button = try Self.speak(["--label", "찜하기", "--traits", "button", "--hint", "저장합니다"])
        #expect(button.status == 0)
        #expect(button.stdout.hasPrefix("찜하기, \(words.roles["button"]!), 저장합니다\n"))
        #expect(!button.stdout.contains("note: the hint"))
        // An empty field named by its description shows its hint, which TalkBack then leaves unsaid.
        let labelled = try Self.speak(["--label", "검색", "--traits", "searchField", "--hint", "검색어"])
        #expect(labelled.stdout.contains("note: the hint \"검색어\""))
        #expect(!labelled.stdout.contains("hint: 검색어"))
    }

    @Test("an English voice says TalkBack's English words")
    func englishVoice() throws {
        let words = try Self.words("en")
        let result = try Self.speak(["--voice", "en", "--label", "Save", "--traits", "button"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Save, Button\nhint: \(words.hints["activate"]!)\n")
    }

    @Test("-o writes the element and, after TalkBack's pause, its hint, both audible")
    func writesWAV() throws {
        let folder = try CLIRunner.temporaryFolder()
        let element = folder.appendingPathComponent("element.wav").path
        let textOnly = folder.appendingPathComponent("text.wav").path
        let result = try CLIRunner.run(["speak", "--reader", "talkback", "-o", element, "--label", "찜하기", "--traits", "button"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote \(element)"))
        #expect(try CLIRunner.run(["speak", "-o", textOnly, "찜하기, 버튼"]).status == 0)
        let audio = try WAVFile.read(path: element)
        let text = try WAVFile.read(path: textOnly)
        #expect(audio.sampleRate == 22050)
        #expect(audio.rms() > 300)
        // The hint follows the text after 0.4 s of silence, and is speech too.
        #expect(audio.duration > text.duration + TalkBack.hintPause + 0.5)
        let hintStart = Int((text.duration + TalkBack.hintPause) * Double(audio.sampleRate))
        #expect(audio.rms(in: hintStart..<audio.samples.count) > 300)
    }
}
