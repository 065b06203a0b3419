import EarshotAudio
import EarshotCore
import Foundation
import Testing

/// Speech attributes through the commands: a screen's elements (read, render), an
/// announcement's (check), speak's options, and the errors for bad values.
@Suite("Speech attributes on the command line")
struct SpeechAttributeCommandTests {
    static let sample = "samples/screens/speech-attributes.json"

    static func samples(_ path: URL) throws -> [Int16] { try WAVFile.read(path: path.path).samples }

    @Test("read -o: an English label in a Korean screen is the English voice's speech, then the Korean trait word")
    func readWritesSpans() throws {
        let folder = try CLIRunner.temporaryFolder()
        let read = try CLIRunner.run(["read", "-o", folder.path, Self.sample], currentDirectory: CLIRunner.repositoryRoot)
        #expect(read.status == 0, "\(read.stderr)")
        let label = folder.appendingPathComponent("label.wav")
        let trait = folder.appendingPathComponent("trait.wav")
        #expect(try CLIRunner.run(["speak", "--voice", "en", "-o", label.path, "Nike Air"]).status == 0)
        #expect(try CLIRunner.run(["speak", "-o", trait.path, ", 버튼"]).status == 0)
        let brand = try Self.samples(folder.appendingPathComponent("001-brand.wav"))
        #expect(brand.count > 10_000)
        #expect(brand == (try Self.samples(label)) + (try Self.samples(trait)))
        // The spelled code is longer than the code read as a word.
        let word = folder.appendingPathComponent("word.wav")
        #expect(try CLIRunner.run(["speak", "-o", word.path, "SAVE20"]).status == 0)
        #expect(try Self.samples(folder.appendingPathComponent("003-code.wav")).count > (try Self.samples(word)).count * 3 / 2)
    }

    @Test("read --json lists the spans of every stop with attributes, and none for the others")
    func readJSON() throws {
        let read = try CLIRunner.run(["read", "--no-audio", "--json", Self.sample], currentDirectory: CLIRunner.repositoryRoot)
        #expect(read.status == 0)
        let lines = read.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].contains(#""spans": [{"text":"Nike Air","language":"en"},{"text":", 버튼"}]"#))
        #expect(!lines[1].contains("spans"))
        #expect(lines[2].contains(#"{"text":"SAVE20","spellOut":true}"#))
        #expect(lines[3].contains(#"{"text":"지금 50% 할인","pitch":1.5}"#))
        #expect(lines[4].contains(#"{"text":"모델 DH-2920/100","punctuation":true}"#))
        #expect(lines[5].contains(#"{"text":"Hermès","language":"en","ipa":"ɛɹˈmɛz"}"#))
    }

    @Test("render speaks a screen's attributes as read does, and keys its cache on them")
    func renderMatchesRead() throws {
        let folder = try CLIRunner.temporaryFolder()
        let out = folder.appendingPathComponent("out")
        let render = try CLIRunner.run(["render", "-o", out.path, "--jobs", "2", Self.sample], currentDirectory: CLIRunner.repositoryRoot)
        #expect(render.status == 0, "\(render.stderr)")
        let readFolder = folder.appendingPathComponent("read")
        #expect(try CLIRunner.run(["read", "-o", readFolder.path, Self.sample], currentDirectory: CLIRunner.repositoryRoot).status == 0)
        for (rendered, read) in [("brand", "001-brand"), ("code", "003-code"), ("sale-price", "004-sale-price"), ("maker", "006-maker")] {
            let renderedSamples = try Self.samples(out.appendingPathComponent("ko/speech-attributes/\(rendered).wav"))
            #expect(renderedSamples == (try Self.samples(readFolder.appendingPathComponent("\(read).wav"))), "\(rendered)")
        }
        // The same element without its pitch is another file: the cache key covers the attributes.
        func salePriceKey() throws -> String? {
            let manifest = try String(contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
            return manifest.split(separator: "\n").first { $0.contains(#""key":"sale-price""#) }
                .flatMap { line in line.range(of: #""cache":"[0-9a-f]+""#, options: .regularExpression).map { String(line[$0]) } }
        }
        let withPitch = try salePriceKey()
        #expect(withPitch != nil)
        let plain = folder.appendingPathComponent("plain.json")
        let text = try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent(Self.sample), encoding: .utf8)
            .replacingOccurrences(of: #", "pitch": 1.5"#, with: "")
        try text.write(to: plain, atomically: true, encoding: .utf8)
        let again = try CLIRunner.run(["render", "-o", out.path, plain.path])
        #expect(again.status == 0, "\(again.stderr)")
        let withoutPitch = try salePriceKey()
        #expect(withoutPitch != nil)
        #expect(withPitch != withoutPitch)
    }

    @Test("check: an announcement's language and pitch are heard, and the JSON Lines transcript has its spans")
    func announcementAttributes() throws {
        let folder = try CLIRunner.temporaryFolder()
        let scenario = folder.appendingPathComponent("welcome.json")
        let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/screens/product-detail.json").path
        try """
        {"screen": "\(screen)", "steps": [
          {"post": "announcement", "text": "Welcome back", "language": "en", "pitch": 1.4},
          {"post": "announcement", "text": "Welcome back"}
        ]}
        """.write(to: scenario, atomically: true, encoding: .utf8)
        let transcript = folder.appendingPathComponent("t.jsonl")
        let wav = folder.appendingPathComponent("t.wav")
        let check = try CLIRunner.run(["check", "-o", wav.path, "--transcript", transcript.path, scenario.path])
        #expect(check.status == 0, "\(check.stderr)")
        let lines = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n").map(String.init)
        let announcements = lines.filter { $0.contains(#""kind":"announcement""#) }
        #expect(announcements.count == 2)
        #expect(announcements[0].contains(#""language":"en","spans":[{"text":"Welcome back","language":"en","pitch":1.4}]"#))
        #expect(!announcements[1].contains("spans"))
        // The timeline holds, where the announcement starts, what speak says with the same attributes.
        let alone = folder.appendingPathComponent("alone.wav")
        #expect(try CLIRunner.run(["speak", "--language", "en", "--pitch", "1.4", "-o", alone.path, "Welcome back"]).status == 0)
        let expected = try Self.samples(alone)
        let timeline = try Self.samples(wav)
        let line = announcements[0]
        let start = line.range(of: #""start":"#).flatMap { Double(line[$0.upperBound...].prefix { "0123456789.".contains($0) }) } ?? -1
        let first = Int((start * 22_050).rounded())
        #expect(first >= 0 && first + expected.count <= timeline.count)
        let found = (-2...2).contains { shift in
            let from = first + shift
            return from >= 0 && from + expected.count <= timeline.count && Array(timeline[from..<(from + expected.count)]) == expected
        }
        #expect(found, "the announcement's samples are not those of speak --language en --pitch 1.4")
        let plain = folder.appendingPathComponent("plain.wav")
        #expect(try CLIRunner.run(["speak", "-o", plain.path, "Welcome back"]).status == 0)
        #expect(try Self.samples(plain) != expected)
    }

    @Test("bad attribute values are errors at their place; speak's options are checked")
    func errors() throws {
        let folder = try CLIRunner.temporaryFolder()
        let screen = folder.appendingPathComponent("bad.json")
        try #"{"elements": [{"id": "a", "kind": "button", "label": "A",\#n "pitch": 3}]}"#.write(to: screen, atomically: true, encoding: .utf8)
        let read = try CLIRunner.run(["read", "--no-audio", screen.path])
        #expect(read.status == 65)
        #expect(read.stderr.contains("bad.json:2:11: error: pitch must be from 0.5 to 2.0 (accessibilitySpeechPitch), found 3"), "\(read.stderr)")
        try #"{"elements": [{"id": "a", "kind": "button", "label": "A", "spellout": true}]}"#.write(to: screen, atomically: true, encoding: .utf8)
        let misspelled = try CLIRunner.run(["read", "--no-audio", screen.path])
        #expect(misspelled.status == 65)
        #expect(misspelled.stderr.contains("\"spellOut\""), "\(misspelled.stderr)")

        let pitch = try CLIRunner.run(["speak", "--no-audio", "--pitch", "3", "안녕"])
        #expect(pitch.status == 64)
        #expect(pitch.stderr.contains("--pitch must be a number from 0.5 to 2.0, got \"3\""))
        let ipa = try CLIRunner.run(["speak", "--no-audio", "--voice", "en", "--ipa", "təˈmʘto", "tomato"])
        #expect(ipa.status == 0)
        #expect(ipa.stdout.contains("note: IPA \"təˈmʘto\": no eSpeak NG phoneme in voice en for \"ʘ\" (U+0298); the text is read instead"))
        let spelled = try CLIRunner.run(["speak", "--no-audio", "--show-normalized", "--spell-out", "--label", "QR7", "--traits", "button"])
        #expect(spelled.stdout.contains("span: \"QR7\" spellOut"))
        #expect(spelled.stdout.contains("normalized: Q, R, 칠, 버튼"), "\(spelled.stdout)")
    }

    @Test("lint notes an IPA pronunciation the voice cannot turn into phonemes")
    func lintIPA() throws {
        let folder = try CLIRunner.temporaryFolder()
        let screen = folder.appendingPathComponent("brands.json")
        try """
        {"language": "ko", "elements": [
          {"id": "ok", "kind": "label", "text": "Hermès", "language": "en", "ipa": "ɛɹˈmɛz"},
          {"id": "click", "kind": "label", "text": "Xhosa", "language": "en", "ipa": "ˈǁʰosa"},
          {"id": "kana", "kind": "label", "text": "すし", "language": "ja", "ipa": "sɯɕi"}
        ]}
        """.write(to: screen, atomically: true, encoding: .utf8)
        let lint = try CLIRunner.run(["lint", screen.path])
        #expect(lint.status == 0)
        #expect(lint.stdout.contains("2 findings (2 notes)"), "\(lint.stdout)")
        #expect(lint.stdout.contains("note speech.ipa-unmapped [click]"))
        #expect(lint.stdout.contains("the en voice has no eSpeak NG phoneme for \"ǁ\" (U+01C1)"))
        #expect(lint.stdout.contains("note speech.ipa-unmapped [kana]"))
        #expect(lint.stdout.contains("the ja voice has no IPA table"))
        #expect(!lint.stdout.contains("[ok]"))
    }

    @Test("a dump's language is told from its letters unless --language says it or none; render takes it too")
    func dumpLanguage() throws {
        let calendar = "samples/dumps/calendar-day-ja.xml"
        let guessed = try CLIRunner.run(["read", "--no-audio", calendar], currentDirectory: CLIRunner.repositoryRoot)
        #expect(guessed.stdout.hasPrefix("Language: ja (its text in the ja voice, the trait words in ko)\n1/39 button-12月: 12月, 뒤로 버튼\n"))
        #expect(guessed.stderr.contains("its language (read as ja, told from its letters)"))
        let none = try CLIRunner.run(["read", "--no-audio", "--language", "none", calendar], currentDirectory: CLIRunner.repositoryRoot)
        #expect(none.stdout.hasPrefix("1/39 button-12月: 12月, 뒤로 버튼\n"))
        #expect(!none.stderr.contains("its language ("))
        let french = try CLIRunner.run(["read", "--no-audio", "--language", "fr", "samples/dumps/settings-top.xml"],
                                       currentDirectory: CLIRunner.repositoryRoot)
        #expect(french.stdout.hasPrefix("Language: fr (its text in the fr voice, the trait words in ko)\n"))
        let bad = try CLIRunner.run(["lint", "--language", "x y", calendar], currentDirectory: CLIRunner.repositoryRoot)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--language expects a language tag (ja, en-GB) or none, got \"x y\""))

        // The Japanese text in the ja voice is not what the Korean voice says for it.
        let folder = try CLIRunner.temporaryFolder()
        var digests: [String] = []
        for (name, language) in [("guessed", nil), ("none", "none")] as [(String, String?)] {
            let out = folder.appendingPathComponent(name)
            let render = try CLIRunner.run(["render", "-o", out.path] + (language.map { ["--language", $0] } ?? []) + [calendar],
                                           currentDirectory: CLIRunner.repositoryRoot)
            #expect(render.status == 0, "\(render.stderr)")
            let manifest = try String(contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
            let line = try #require(manifest.split(separator: "\n").first)
            digests.append(line.range(of: #""sha256":"[0-9a-f]+""#, options: .regularExpression).map { String(line[$0]) } ?? "")
        }
        #expect(digests[0] != digests[1] && !digests[0].isEmpty)
    }
}
