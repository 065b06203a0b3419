import EarshotCore
@testable import EarshotRender
import Foundation
import Testing

@Suite("Render plan")
struct RenderPlanTests {
    static let korean: VoiceProfile = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try! VoiceProfile.load(path: root.appendingPathComponent("voices/ko.json").path)
    }()

    func voice(_ profile: VoiceProfile = korean) throws -> PlannedVoice {
        let composer = try BatchTextComposer(profile: profile)
        return PlannedVoice(profile: profile, profileDigest: "digest") { try composer.speech(for: $0) }
    }

    @Test("orders jobs by input, item and voice and names files VOICE/INPUT/NAME.wav, unique ignoring case")
    func orderAndNames() throws {
        let first = PlainTextParser.parse("하나\n둘\n", file: "a/labels.txt")
        let second = StringsTableParser.parse("\"Done\" = \"완료\";\n\"done\" = \"끝\";\n\"찜하기\" = \"찜\";\n", file: "b/labels.strings")
        var english = Self.korean
        english.name = "ko"
        let plan = RenderPlan(inputs: [first, second], inputPaths: ["a/labels.txt", "b/labels.strings"],
                              voices: [try voice(), try voice(english)], engine: "e")
        #expect(plan.problems.isEmpty)
        #expect(plan.jobs.map(\.output) == [
            "ko/labels/line-0001.wav", "ko-2/labels/line-0001.wav",
            "ko/labels/line-0002.wav", "ko-2/labels/line-0002.wav",
            "ko/labels-2/Done.wav", "ko-2/labels-2/Done.wav",
            "ko/labels-2/done-2.wav", "ko-2/labels-2/done-2.wav",
            "ko/labels-2/\(SHA256.hex("찜하기").prefix(8)).wav", "ko-2/labels-2/\(SHA256.hex("찜하기").prefix(8)).wav",
        ])
        #expect(plan.jobs.map(\.index) == Array(0..<10))
    }

    @Test("describes a CSV row with the profile's words, normalizes it, and puts the hint after the hint pause")
    func composition() throws {
        let table = LabelTableParser.parse("id,label,value,traits,hint\nrate,평점,4.8점,adjustable,\nbad,x,,butt0n,\n", file: "t.csv")
        let plan = RenderPlan(inputs: [table], inputPaths: ["t.csv"], voices: [try voice()], engine: "e")
        let job = try #require(plan.jobs.first)
        #expect(job.segments.count == 2)
        #expect(job.segments[0].hasPrefix("평점, "))
        #expect(job.segments[0].hasSuffix(", 조절 가능"))
        #expect(!job.segments[0].contains("4.8"), "normalized: \(job.segments[0])")
        #expect(job.segments[1] == "값을 조절하려면 한 손가락으로 위 또는 아래로 쓸어넘기십시오.")
        #expect(job.pause == 0.75)
        #expect(plan.problems.map(\.description) == ["t.csv:3:1: error: unknown trait \"butt0n\"; did you mean \"button\"?"])
    }

    @Test("gives a screen one item per focus stop in focus order, then a read-all of every stop")
    func screenItems() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("samples/screens/settings.json").path
        let contents = try ScreenBatchParser.read(path: path, reading: .reader(nil, profile: Self.korean))
        #expect(contents.items.map(\.key) == ["settings-title", "wifi-row", "bluetooth", "brightness", "nickname", "save", "read-all"])
        #expect(contents.items[1].line > 1)
        let plan = RenderPlan(inputs: [contents], inputPaths: [path], voices: [try voice()], engine: "e")
        let readAll = try #require(plan.jobs.last)
        #expect(readAll.segments.count == 6)
        #expect(readAll.segments[0] == "설정, 머리말")
        #expect(plan.jobs[1].segments == ["Wi-Fi, 스위치 버튼, 켬", "설정을 끄거나 켜려면 이중 탭 하십시오."])
    }

    @Test("an Android dump is heard by TalkBack unless another reader is asked for; a scenario's reader is in its job and key")
    func readers() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let dump = root.appendingPathComponent("Tests/Fixtures/android/uiautomator-dump-signin.xml").path
        func notifications(_ reader: ScreenReaderName?) throws -> (reader: ScreenReaderName, segments: [String]) {
            let contents = try ScreenBatchParser.read(path: dump, reading: .reader(reader, profile: Self.korean))
            let plan = RenderPlan(inputs: [contents], inputPaths: [dump], voices: [try voice()], engine: "e")
            #expect(plan.problems.isEmpty)
            let item = try #require(contents.items.first { $0.key == "notifications" })
            return (item.reader, try #require(plan.jobs.first { $0.item.key == "notifications" }).segments)
        }
        #expect(try notifications(nil) == (.talkBack, ["꺼짐, 알림 받기, 스위치", "전환하려면 두 번 탭하세요"]))
        #expect(try notifications(.voiceOver) == (.voiceOver, ["알림 받기, 스위치 버튼, 끔", "설정을 끄거나 켜려면 이중 탭 하십시오."]))
        // A screen file is VoiceOver's unless TalkBack is asked for.
        let screen = root.appendingPathComponent("samples/screens/settings.json").path
        #expect(try ScreenBatchParser.read(path: screen, reading: .reader(nil, profile: Self.korean)).items.allSatisfy { $0.reader == .voiceOver })

        let scenario = root.appendingPathComponent("samples/scenarios/android-signin.json").path
        let contents = try ScenarioBatchParser.read(path: scenario)
        let own = RenderPlan(inputs: [contents], inputPaths: [scenario], voices: [try voice()], engine: "e").jobs[0]
        let asked = RenderPlan(inputs: [contents], inputPaths: [scenario], voices: [try voice()], engine: "e",
                               scenarioReader: .voiceOver).jobs[0]
        #expect(own.reader == nil && asked.reader == .voiceOver)
        #expect(own.cacheKey != asked.cacheKey, "another reader is another timeline")
    }

    @Test("reads a UTF-8 label list with a byte order mark and Windows line ends")
    func byteOrderMark() throws {
        let text = try TextFileDecoding.decode(Data([0xEF, 0xBB, 0xBF] + Array("확인\r\n취소\r\n".utf8)), file: "l.txt")
        #expect(PlainTextParser.parse(text, file: "l.txt").items.map(\.content) == [.text("확인"), .text("취소")])
    }
}
