import EarshotAudio
import EarshotCore
import EarshotRender
import Foundation
import Testing

/// Android dumps through the built binary: every command that takes a screen takes them, by
/// content or with `--format uiautomator`. They are heard with TalkBack's rules and words unless
/// `--reader voiceover` says otherwise.
@Suite("Android dumps on the command line", .serialized)
struct AndroidDumpCommandTests {
    static let signIn = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/android/uiautomator-dump-signin.xml").path
    static let corpus = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/corpora/android-dumps")
    static let network = corpus.appendingPathComponent("uiautomator-networkandinternetscreen.xml").path

    @Test("read prints every stop of a uiautomator dump with TalkBack's words and says what the dump cannot tell in one note")
    func read() throws {
        let result = try CLIRunner.run(["read", "--no-audio", Self.signIn])
        #expect(result.status == 0, "\(result.stderr)")
        // Reviewed line by line against docs/talkback.md: an image button is a button; a text
        // with no focusable ancestor is a stop; an empty field says its hint text; a password
        // field says the password word and the count of its dots, never the dots, then its hint
        // text after the role (EditTextDescription.nameDescription, getHintDescription: it holds
        // text, so it is not showing its hint); state first (TalkBack's default order);
        // a switch's text names it and its state is the off word; the disabled button says
        // so last and has no hint; the undescribed logo and the scroll view are no stops.
        #expect(result.stdout == """
        1/8 imageButton-뒤로-가기: 뒤로 가기, 버튼 (hint: 활성화하려면 두 번 탭하세요)
        2/8 title: 로그인
        3/8 email: 이메일, 수정 창 (hint: 텍스트를 수정하려면 두 번 탭하세요)
        4/8 password: 비밀번호, 6자, 수정 창, 비밀번호 (hint: 텍스트를 수정하려면 두 번 탭하세요)
        5/8 remember: 선택됨, 로그인 상태 유지, 체크박스 (hint: 전환하려면 두 번 탭하세요)
        6/8 notifications: 꺼짐, 알림 받기, 스위치 (hint: 전환하려면 두 번 탭하세요)
        7/8 sign_in: 로그인, 버튼 (hint: 활성화하려면 두 번 탭하세요)
        8/8 sign_up: 회원가입, 버튼, 사용할 수 없음

        """)
        let voiceOver = try CLIRunner.run(["read", "--no-audio", "--reader", "voiceover", Self.signIn])
        #expect(voiceOver.stdout.contains("8/8 sign_up: 회원가입, 흐리게 표시됨, 버튼\n"), "\(voiceOver.stdout)")
        let notes = result.stderr.split(separator: "\n")
        #expect(notes.count == 1, "\(result.stderr)")
        #expect(notes.first?.hasPrefix("\(Self.signIn): note: what this uiautomator dump cannot tell: sizes in dp, what the app announces and its live regions, ") == true, "\(result.stderr)")
    }

    @Test("read takes every Android dump of the corpus, found by content")
    func readCorpus() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".xml") }.sorted()
        #expect(files.count == 18)
        for file in files {
            let path = Self.corpus.appendingPathComponent(file).path
            let result = try CLIRunner.run(["read", "--no-audio", "--voice", "en", path])
            #expect(result.status == 0, "\(file): \(result.stderr)")
            #expect(result.stderr.contains("\(path): note: what this Appium page source cannot tell: "), "\(file)")
            #expect(!result.stderr.contains("not read yet"))
        }
        let wifi = try CLIRunner.run(["read", "--no-audio", "--voice", "en", Self.network])
        // Named by its content description, the switch says its ON text as its state (TalkBack's
        // SwitchDescription); it is focusable but not clickable, so no hint.
        #expect(wifi.stdout.contains("switchWidget: ON, Wi\u{2011}Fi, Switch\n"), "\(wifi.stdout)")
    }

    @Test("import writes a screen file with the android views that reads as the dump does")
    func importThenRead() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for dump in [Self.signIn, Self.network] {
            let output = folder.appendingPathComponent((dump as NSString).lastPathComponent + ".json").path
            let imported = try CLIRunner.run(["import", dump, "-o", output])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.hasPrefix("wrote \(output): "), "\(imported.stdout)")
            #expect(imported.stdout.hasSuffix("from Android uiautomator XML\n"), "\(imported.stdout)")
            let fromDump = try CLIRunner.run(["read", "--no-audio", dump])
            let fromFile = try CLIRunner.run(["read", "--no-audio", output])
            #expect(fromFile.status == 0 && fromFile.stdout == fromDump.stdout, "\(dump)")
            #expect(fromFile.stderr.isEmpty)
        }
        let text = try String(contentsOfFile: folder.appendingPathComponent("uiautomator-dump-signin.xml.json").path, encoding: .utf8)
        #expect(text.contains(#"{ "id": "notifications", "kind": "switch", "text": "알림 받기", "identifier": "com.example.shop:id/notifications", "frame": [63, 1046, 954, 126], "on": false, "android": {"class": "android.widget.Switch", "package": "com.example.shop", "resourceId": "com.example.shop:id/notifications", "text": "알림 받기", "clickable": true, "focusable": true, "checkable": true} }"#), "\(text)")
        #expect(text.contains("Imported by earshot import from uiautomator-dump-signin.xml (Android uiautomator XML). Notes: what this uiautomator dump cannot tell: "))
    }

    @Test("lint, explore and render take an Android dump; lint points into the dump")
    func lintExploreRender() throws {
        let clean = try CLIRunner.run(["lint", Self.network])
        #expect(clean.status == 0 && clean.stdout.contains("\(Self.network): no findings"), "\(clean.stdout)\(clean.stderr)")
        // TalkBack names the e-mail field by its hint text, 이메일; VoiceOver hears a separate caption.
        let lint = try CLIRunner.run(["lint", Self.signIn])
        #expect(lint.status == 0 && lint.stdout.contains("\(Self.signIn): no findings"), "\(lint.stdout)")
        let asVoiceOver = try CLIRunner.run(["lint", "--reader", "voiceover", Self.signIn])
        #expect(asVoiceOver.stdout.contains("\(Self.signIn):6:7: warning field.label-separate [title, email]"), "\(asVoiceOver.stdout)")

        let explore = try CLIRunner.run(["explore", "--no-audio", Self.signIn], input: Data("last\nidle\nprevious\nidle\n".utf8))
        #expect(explore.status == 0, "\(explore.stderr)")
        #expect(explore.stdout.contains("element: 회원가입, 버튼, 사용할 수 없음"), "\(explore.stdout)")
        #expect(explore.stdout.contains("swipe left: sign_in, 7 of 8"), "\(explore.stdout)")

        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = try CLIRunner.run(["render", "--quiet", "--format", "uiautomator", "-o", folder.path, Self.signIn])
        #expect(render.status == 0, "\(render.stderr)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        let lines = manifest.split(separator: "\n")
        #expect(lines.count == 9, "eight stops and the read-all")
        // TalkBack's words: its usage hint follows the description, after a pause.
        #expect(lines[6].contains(#""line":15,"key":"sign_in","voice":"ko","text":"로그인, 버튼\n활성화하려면 두 번 탭하세요""#), "\(lines[6])")
        let wav = try WAVFile.read(path: folder.appendingPathComponent("ko/uiautomator-dump-signin/sign_in.wav").path)
        #expect(wav.duration > 0.3 && wav.samples.contains { abs(Int($0)) > 1000 }, "real speech")
    }

    @Test("render, check and test hear an Android dump with TalkBack's order and words; --reader voiceover with VoiceOver's")
    func readerOption() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func manifestText(_ arguments: [String], key: String) throws -> String? {
            let output = folder.appendingPathComponent("render-\(UUID().uuidString)")
            let render = try CLIRunner.run(["render", "--quiet", "-o", output.path] + arguments + [Self.signIn])
            #expect(render.status == 0, "\(render.stderr)")
            let entries = ManifestEntry.readAll(path: output.appendingPathComponent("manifest.jsonl").path)
            #expect(entries.count == 9)
            return entries.first { $0.key == key }?.text
        }
        // The same words `read` says for each reader (AndroidDumpCommandTests.read and the
        // VoiceOver line of docs/talkback.md): TalkBack puts the state first and says 스위치.
        let talkBack = "꺼짐, 알림 받기, 스위치\n전환하려면 두 번 탭하세요"
        let voiceOver = "알림 받기, 스위치 버튼, 끔\n설정을 끄거나 켜려면 이중 탭 하십시오."
        #expect(try manifestText([], key: "notifications") == talkBack)
        #expect(try manifestText(["--reader", "talkback"], key: "notifications") == talkBack)
        #expect(try manifestText(["--reader", "voiceover"], key: "notifications") == voiceOver)
        // TalkBack's order and stops: the disabled button is the eighth either way, in each one's words.
        #expect(try manifestText([], key: "sign_up") == "회원가입, 버튼, 사용할 수 없음")
        #expect(try manifestText(["--reader", "voiceover"], key: "sign_up") == "회원가입, 흐리게 표시됨, 버튼")

        // A scenario over the dump: a touch on the switch.
        try FileManager.default.copyItem(atPath: Self.signIn, toPath: folder.appendingPathComponent("signin.xml").path)
        let scenario = folder.appendingPathComponent("touch-switch.json")
        try #"{ "screen": "signin.xml", "steps": [ { "gesture": "touch", "x": 500, "y": 1100 } ] }"#
            .write(to: scenario, atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["check", scenario.path])
        #expect(check.status == 0, "\(check.stderr)")
        // TalkBack's sound for focus entering the scrolling form first, then its words
        // (docs/talkback.md, "TalkBack's sounds in Earshot").
        #expect(check.stdout.hasPrefix("00:00.000  [chime_up sound]  spoken to 00:00.090"), "\(check.stdout)")
        #expect(check.stdout.contains("\n00:00.140  \"꺼짐, 알림 받기, 스위치\"  spoken to "), "\(check.stdout)")
        let checkVoiceOver = try CLIRunner.run(["check", "--reader", "voiceover", scenario.path])
        #expect(checkVoiceOver.stdout.hasPrefix("00:00.000  \"알림 받기, 스위치 버튼, 끔\"  spoken to "), "\(checkVoiceOver.stdout)")
        let badReader = try CLIRunner.run(["check", "--reader", "talkbak", scenario.path])
        #expect(badReader.status == 64 && badReader.stderr.contains(#"did you mean "talkback"?"#), "\(badReader.stderr)")

        // test records TalkBack's transcript as the golden; under VoiceOver it differs, in
        // this process and in worker processes alike.
        let recorded = try CLIRunner.run(["test", "--update", scenario.path])
        #expect(recorded.status == 0, "\(recorded.stdout)")
        let golden = try String(contentsOf: folder.appendingPathComponent("touch-switch.transcript.txt"), encoding: .utf8)
        #expect(golden.hasPrefix("00:00.000  [chime_up sound]") && golden.contains("\n00:00.140  \"꺼짐, 알림 받기, 스위치\""),
                "\(golden)")
        try FileManager.default.copyItem(at: scenario, to: folder.appendingPathComponent("touch-switch-2.json"))
        try FileManager.default.copyItem(at: folder.appendingPathComponent("touch-switch.transcript.txt"),
                                         to: folder.appendingPathComponent("touch-switch-2.transcript.txt"))
        for jobs in ["1", "2"] {
            let same = try CLIRunner.run(["test", "-j", jobs, "--reader", "talkback", folder.path])
            #expect(same.status == 0 && same.stdout.hasSuffix("2 passed, 0 failed\n"), "\(same.stdout)")
            let other = try CLIRunner.run(["test", "-j", jobs, "--reader", "voiceover", folder.path])
            #expect(other.status == 1 && other.stdout.contains("+00:00.000  \"알림 받기, 스위치 버튼, 끔\""), "\(other.stdout)")
        }
    }

    @Test("--format uiautomator forces the reader: an Android dump reads, an iOS dump is refused at its root")
    func forcedFormat() throws {
        let forced = try CLIRunner.run(["read", "--no-audio", "--format", "uiautomator", Self.signIn])
        #expect(forced.status == 0 && forced.stdout.hasPrefix("1/8 imageButton-뒤로-가기"), "\(forced.stderr)")
        let ios = CLIRunner.repositoryRoot.appendingPathComponent("samples/dumps/settings-keyboards.xml").path
        let refused = try CLIRunner.run(["read", "--no-audio", "--format", "uiautomator", ios])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(ios):2:1: error: the root element is <AppiumAUT>: an Android uiautomator dump starts with <hierarchy>"), "\(refused.stderr)")
        let bogus = try CLIRunner.run(["read", "--no-audio", "--format", "uiautomater", Self.signIn])
        #expect(bogus.status == 64)
        #expect(bogus.stderr.contains(#"did you mean "uiautomator"? (valid: screen, wda-xml, wda-json, idb-json, uiautomator, axtree)"#), "\(bogus.stderr)")
    }

    @Test("a malformed Android dump exits 65 at the offending attribute")
    func malformed() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.xml").path
        let text = try String(contentsOfFile: Self.signIn, encoding: .utf8)
            .replacingOccurrences(of: #"bounds="[63,1235][1017,1382]""#, with: #"bounds="[63,1235][1017]""#)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // The sign-in button is on line 15; the column counts characters up to its bounds attribute.
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[14]
        let bounds = try #require(line.range(of: "bounds=\"[63,1235]"))
        let column = line.distance(from: line.startIndex, to: bounds.lowerBound) + 1
        for command in [["read", "--no-audio"], ["lint"], ["import"]] {
            let result = try CLIRunner.run(command + [path])
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr.contains("\(path):15:\(column): error: bounds=\"[63,1235][1017]\" has a corner that is not two numbers"), "\(result.stderr)")
        }
    }

    /// A check box and a button whose labels end with their role words, written as a raw dump.
    static func roleWordDump(in folder: URL) throws -> String {
        func node(_ id: String, _ className: String, _ text: String, checkable: Bool, y: Int) -> String {
            #"<node index="0" text="\#(text)" resource-id="com.example.shop:id/\#(id)" class="\#(className)" package="com.example.shop" content-desc="" checkable="\#(checkable)" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" visible-to-user="true" bounds="[63,\#(y)][600,\#(y + 100)]" />"#
        }
        let text = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <hierarchy rotation="0">
          <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.shop" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" visible-to-user="true" bounds="[0,0][1080,2400]">
            \(node("agree", "android.widget.CheckBox", "약관 동의 체크박스", checkable: true, y: 800))
            \(node("join", "android.widget.Button", "가입 버튼", checkable: false, y: 1000))
          </node>
        </hierarchy>

        """
        let path = folder.appendingPathComponent("agree.xml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("lint judges an Android dump by TalkBack's stops and words, a screen file by VoiceOver's, and --reader says otherwise")
    func lintByReader() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = try Self.roleWordDump(in: folder)
        let screen = CLIRunner.repositoryRoot.appendingPathComponent("samples/lint/shop-before.json").path
        let both = try CLIRunner.run(["lint", dump, screen])
        #expect(both.status == 1, "shop-before has errors: \(both.stderr)")
        // TalkBack says a check box's role word, 체크박스, which VoiceOver never says.
        #expect(both.stdout.contains(#"\#(dump):4:5: warning label.repeats-trait [agree]: "agree" is spoken as "선택 안됨, 약관 동의 체크박스, 체크박스": the label "약관 동의 체크박스" already ends with the role word "체크박스"."#), "\(both.stdout)")
        #expect(both.stdout.contains(#"already ends with the role word "버튼"."#), "\(both.stdout)")
        #expect(both.stdout.contains("\(screen): ") && both.stdout.contains("already ends with the trait word"), "the screen file is VoiceOver's: \(both.stdout)")

        let voiceOver = try CLIRunner.run(["lint", "--reader", "voiceover", dump])
        #expect(voiceOver.status == 0, "\(voiceOver.stderr)")
        #expect(voiceOver.stdout.contains("\(dump): 1 finding (1 warning)\n"), "\(voiceOver.stdout)")
        #expect(voiceOver.stdout.contains(#"[join]: "join" is spoken as "가입 버튼, 버튼": the label "가입 버튼" already ends with the trait word "버튼"."#), "\(voiceOver.stdout)")
        #expect(!voiceOver.stdout.contains("[agree]"))

        let misspelt = try CLIRunner.run(["lint", "--reader", "talkbak", dump])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.hasPrefix(#"error: unknown --reader "talkbak"; did you mean "talkback"? (valid: voiceover, talkback, nvda)"#), "\(misspelt.stderr)")
    }

    @Test("import --reader records the reader in the screen file, and the summary counts that reader's stops")
    func importWithReader() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.json").path
        let imported = try CLIRunner.run(["import", Self.signIn, "-o", plain])
        #expect(imported.stdout == "wrote \(plain): 13 elements, 8 TalkBack focus stops, from Android uiautomator XML\n", "\(imported.stdout)")
        #expect(!(try String(contentsOfFile: plain, encoding: .utf8)).contains(#""reader":"#), "no reader is recorded unless asked")

        let chosen = folder.appendingPathComponent("voiceover.json").path
        let asVoiceOver = try CLIRunner.run(["import", "--reader", "voiceover", Self.signIn, "-o", chosen])
        #expect(asVoiceOver.status == 0, "\(asVoiceOver.stderr)")
        #expect(asVoiceOver.stdout == "wrote \(chosen): 13 elements, 8 VoiceOver focus stops, from Android uiautomator XML\n", "\(asVoiceOver.stdout)")
        #expect((try String(contentsOfFile: chosen, encoding: .utf8)).contains("\n  \"reader\": \"voiceover\",\n"))
        // The file is read by the reader it records, as the dump is with --reader.
        let fromFile = try CLIRunner.run(["read", "--no-audio", chosen])
        let fromDump = try CLIRunner.run(["read", "--no-audio", "--reader", "voiceover", Self.signIn])
        #expect(fromFile.status == 0 && fromFile.stdout == fromDump.stdout, "\(fromFile.stdout)")
        #expect(fromFile.stdout.contains("8/8 sign_up: 회원가입, 흐리게 표시됨, 버튼\n"), "\(fromFile.stdout)")
        // A command's own --reader still wins over the file's.
        let overridden = try CLIRunner.run(["read", "--no-audio", "--reader", "talkback", chosen])
        #expect(overridden.stdout.contains("8/8 sign_up: 회원가입, 버튼, 사용할 수 없음\n"), "\(overridden.stdout)")

        let ios = CLIRunner.repositoryRoot.appendingPathComponent("samples/dumps/settings-keyboards.xml").path
        let refused = try CLIRunner.run(["import", "--reader", "talkback", ios])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("error: --reader talkback needs an Android dump or a web page: TalkBack takes no stop on the elements of WebDriverAgent page source (XML)"), "\(refused.stderr)")
    }
}
