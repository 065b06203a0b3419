import EarshotCore
import Foundation
import Testing

/// The default voice follows the locale (LC_ALL, LC_MESSAGES, LANG) when a profile has its
/// language, else Korean; `compare` follows the capture's language (README, "Voices and the
/// locale").
@Suite("The default voice from the locale")
struct LocaleVoiceTests {
    static let root = CLIRunner.repositoryRoot

    @Test("LC_ALL over LC_MESSAGES over LANG; a language without a profile, C and POSIX are Korean")
    func choice() {
        let names = ["en", "ja", "ko", "zh"]
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "en_US.UTF-8"], available: names) == "en")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "ja_JP.UTF-8"], available: names) == "ja")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "zh_CN.GB18030"], available: names) == "zh")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "ko_KR.UTF-8"], available: names) == "ko")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "C"], available: names) == "ko")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "C.UTF-8"], available: names) == "ko")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "POSIX"], available: names) == "ko")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "fr_FR.UTF-8"], available: names) == "ko")
        #expect(VoiceLibrary.localeVoice(environment: [:], available: names) == "ko")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "en_GB.UTF-8"], available: ["ko"]) == "ko")
        #expect(VoiceLibrary.localeVoice(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"], available: names) == "en")
        #expect(VoiceLibrary.localeVoice(environment: ["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"], available: names) == "ja")
        #expect(VoiceLibrary.localeVoice(environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_US"], available: names) == "en")
        #expect(VoiceLibrary.localeVoice(environment: ["LANG": "en@euro"], available: names) == "en")
    }

    static func speak(_ environment: [String: String], _ extra: [String] = [], in folder: URL, name: String) throws -> (text: String, wav: Data) {
        let wav = folder.appendingPathComponent(name + ".wav")
        let result = try CLIRunner.run(["speak", "-o", wav.path, "--label", "Settings", "--traits", "button"] + extra,
                                       environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return (result.stdout, try Data(contentsOf: wav))
    }

    @Test("LANG=en_US.UTF-8 speaks English words with the English voice; ko_KR.UTF-8 and C speak Korean")
    func localeSpeaks() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let english = try Self.speak(["LANG": "en_US.UTF-8"], in: folder, name: "en")
        let korean = try Self.speak(["LANG": "ko_KR.UTF-8"], in: folder, name: "ko")
        let plain = try Self.speak(["LANG": "C"], in: folder, name: "c")
        #expect(english.text.hasPrefix("Settings, Button"), "\(english.text)")
        #expect(korean.text.hasPrefix("Settings, 버튼"), "\(korean.text)")
        #expect(plain.text.hasPrefix("Settings, 버튼"), "\(plain.text)")
        // The sound itself: the same samples as naming the voice, and not the other one's.
        let namedEnglish = try Self.speak(["LANG": "C"], ["--voice", "en"], in: folder, name: "named-en")
        let namedKorean = try Self.speak(["LANG": "en_US.UTF-8"], ["--voice", "ko"], in: folder, name: "named-ko")
        #expect(english.wav == namedEnglish.wav)
        #expect(korean.wav == namedKorean.wav && plain.wav == namedKorean.wav)
        #expect(english.wav != korean.wav)
        // LC_ALL wins over LANG.
        let all = try Self.speak(["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"], in: folder, name: "all")
        #expect(all.text.hasPrefix("Settings, Button"), "\(all.text)")
    }

    @Test("a scenario's own voice wins over the locale")
    func scenarioVoiceWins() throws {
        let result = try CLIRunner.run(["check", "samples/scenarios/cart-walkthrough.json"],
                                       environment: ["LANG": "en_US.UTF-8"], currentDirectory: Self.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("장바구니 담기, 버튼"), "\(result.stdout)")
    }

    @Test("compare follows the capture's language: the README's English sample agrees without --voice, in any locale")
    func compareFollowsTheCapture() throws {
        for locale in ["C.UTF-8", "ko_KR.UTF-8", "en_US.UTF-8"] {
            let result = try CLIRunner.run(["compare", "--capture", "repeated",
                                            "Tests/Fixtures/corpora/voiceover-captures/voiceover-ios27.json",
                                            "samples/compare/fixture-repeated.json"],
                                           environment: ["LANG": locale], currentDirectory: Self.root)
            #expect(result.status == 0, "\(locale): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.hasSuffix("5 of 5 utterances agree\n"), "\(locale): \(result.stdout)")
        }
        // --voice still says otherwise: Korean trait words against an English capture differ.
        let told = try CLIRunner.run(["compare", "--voice", "ko", "--capture", "repeated",
                                      "Tests/Fixtures/corpora/voiceover-captures/voiceover-ios27.json",
                                      "samples/compare/fixture-repeated.json"], currentDirectory: Self.root)
        #expect(told.status == 1, "\(told.stdout)")
    }
}
