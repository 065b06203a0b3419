import EarshotAudio
import EarshotCore
import EarshotTestSupport
import Foundation
import Testing

@Suite("earshot speak")
struct SpeakCommandTests {
    @Test("--help is in OVERVIEW / USAGE / OPTIONS form and exits 0")
    func helpHasSections() throws {
        let result = try CLIRunner.run(["speak", "--help"])
        #expect(result.status == 0)
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "--no-audio", "--phonemes", "--device PCM"] {
            #expect(result.stdout.contains(section), "missing \(section)")
        }
    }

    @Test("--no-audio prints the text and nothing else")
    func noAudioPrintsText() throws {
        let result = try CLIRunner.run(["speak", "--no-audio", "찜하기, 버튼, 선택됨"])
        #expect(result.status == 0)
        #expect(result.stdout == "찜하기, 버튼, 선택됨\n")
    }

    @Test("an element composed from label, value and traits reads label, value, role, state")
    func composedElementReads() throws {
        let result = try CLIRunner.run(["speak", "--no-audio", "--label", "Choose a Fruit",
                                        "--value", "축소됨, Apple 선택됨", "--traits", "isButton"])
        #expect(result.stdout == "Choose a Fruit, 축소됨, Apple 선택됨, 버튼\n")
        let selected = try CLIRunner.run(["speak", "--no-audio", "--label", "찜하기", "--traits", "button,selected"])
        #expect(selected.stdout == "찜하기, 버튼, 선택됨\n")
    }

    @Test("-o writes a valid WAV of speech at the engine's rate")
    func outputWritesWAV() throws {
        let folder = try CLIRunner.temporaryFolder()
        let path = folder.appendingPathComponent("out.wav").path
        let result = try CLIRunner.run(["speak", "-o", path, "버튼, 선택됨"])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try WAVFile.read(path: path)
        #expect(audio.sampleRate == 22050)
        #expect(audio.duration > 0.3 && audio.duration < 4)
        #expect(audio.rms() > 300)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "out.wav" }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test("--show-normalized and --phonemes print what the engine is given")
    func normalizedAndPhonemes() throws {
        let result = try CLIRunner.run(["speak", "--no-audio", "--show-normalized", "--phonemes", "평점 4.8점"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "평점 4.8점")
        #expect(lines.contains("normalized: 평점 사 점 팔 점"))
        #expect(lines.contains { $0.hasPrefix("phonemes: ") && $0.count > 20 })
    }

    @Test("the sound card hears what -o writes: label, the hint pause and the hint, sample for sample (ALSA's file PCM)")
    func deviceAndFileAgree() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("played.raw").path
        let wav = folder.appendingPathComponent("written.wav").path
        let element = ["--label", "장바구니 담기", "--traits", "button", "--hint", "두 번 탭하세요"]
        #expect(try CLIRunner.run(["speak", "--device", "file:'\(raw)',raw"] + element).status == 0)
        #expect(try CLIRunner.run(["speak", "-o", wav] + element).status == 0)
        let written = try WAVFile.read(path: wav).samples
        let played = try readRawSamples(path: raw)
        #expect(written.count > 22_050, "a label and a hint: more than a second")
        #expect(played.count >= written.count && Array(played.prefix(written.count)) == written,
                "the device got the file's samples first (\(played.count) played, \(written.count) written)")
        #expect(played.dropFirst(written.count).allSatisfy { $0 == 0 }, "then only the device's padding")
    }

    @Test("a device that does not exist exits 69 with ALSA's message")
    func unknownDeviceIsUnavailable() throws {
        let result = try CLIRunner.run(["speak", "--device", "earshot_no_such_device", "안녕"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("earshot_no_such_device"))
    }

    @Test("missing eSpeak data exits 69 and the process does not crash")
    func missingEngineDataIsUnavailable() throws {
        let result = try CLIRunner.run(["speak", "--espeak-data", "/nonexistent/espeak", "-o", "/tmp/never.wav", "안녕"])
        #expect(result.status == 69)
        #expect(!result.stderr.isEmpty)
    }

    @Test("an unknown voice lists the valid names and exits 64")
    func unknownVoiceListsNames() throws {
        let result = try CLIRunner.run(["speak", "--voice", "klingon", "--no-audio", "x"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("valid voices: en, ja, ko, zh"))
        #expect(!result.stderr.contains("did you mean"), "klingon is near no voice")
    }

    @Test("a voice named by its language in English, or by a tag with a region, suggests the profile")
    func voiceByLanguageNameSuggests() throws {
        for (given, meant) in [("english", "en"), ("Korean", "ko"), ("japanese", "ja"), ("en-US", "en"), ("ko_KR", "ko"), ("jp", "ja")] {
            let result = try CLIRunner.run(["speak", "--voice", given, "--no-audio", "x"])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("error: unknown voice \"\(given)\"; did you mean \"\(meant)\"? (valid voices: en, ja, ko, zh, or a path to a profile .json)"),
                    "\(result.stderr)")
        }
    }

    @Test("a missing file names the nearest file in its folder, or says its folder is missing")
    func missingFileSuggests() throws {
        let root = CLIRunner.repositoryRoot
        let typo = try CLIRunner.run(["read", "--no-audio", "samples/screens/board-lst.json"], currentDirectory: root)
        #expect(typo.status == 74)
        #expect(typo.stderr.hasPrefix("samples/screens/board-lst.json: error: file not found; did you mean \"samples/screens/board-list.json\"?"), "\(typo.stderr)")
        let folder = try CLIRunner.run(["lint", "samples/screnes/board-list.json"], currentDirectory: root)
        #expect(folder.stderr.contains("samples/screnes/board-list.json: error: file not found (there is no folder samples/screnes)"), "\(folder.stderr)")
        let far = try CLIRunner.run(["read", "--no-audio", "samples/screens/zzzzzzzzzzzz.json"], currentDirectory: root)
        #expect(far.stderr.hasPrefix("samples/screens/zzzzzzzzzzzz.json: error: file not found\n"), "\(far.stderr)")
    }

    @Test("an unknown trait suggests the nearest valid one")
    func unknownTraitSuggests() throws {
        let result = try CLIRunner.run(["speak", "--no-audio", "--label", "x", "--traits", "buton"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("did you mean \"button\"?"))
    }

    @Test("a file that cannot be written exits 74 naming it")
    func unwritableOutputIsIOError() throws {
        let result = try CLIRunner.run(["speak", "-o", "/nonexistent-folder/out.wav", "안녕"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("/nonexistent-folder/out.wav"))
    }

    @Test("nothing to speak is a usage error")
    func nothingToSpeak() throws {
        #expect(try CLIRunner.run(["speak"]).status == 64)
        #expect(try CLIRunner.run(["speak", "--rate", "fast", "x"]).status == 64)
    }
}
