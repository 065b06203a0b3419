import EarshotCore
import EarshotPlayback
import EarshotRender
import Foundation
import Testing

/// `earshot render`'s planning without the binary: voices, inputs in their formats, the
/// problems that do not stop the run and the reader that hears a dump.
@Suite("Render planning")
struct RenderPlanningTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let library = VoiceLibrary(directory: root.appendingPathComponent("voices").path)
    static let dump = root.appendingPathComponent("Tests/Fixtures/android/uiautomator-dump-signin.xml").path

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-planning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a label list and an Android dump become jobs; a missing file and a bad line are reported, the rest planned")
    func inputs() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = folder.appendingPathComponent("labels.txt").path
        try "확인\n취소\n".write(toFile: labels, atomically: true, encoding: .utf8)
        let strings = folder.appendingPathComponent("bad.strings").path
        try "\"ok\" = \"확인\";\n\"broken\" = ;\n".write(toFile: strings, atomically: true, encoding: .utf8)
        let missing = folder.appendingPathComponent("absent.txt").path
        let planning = try RenderPlanning(RenderRequestSettings(inputs: [labels, Self.dump, missing, strings], library: Self.library))
        #expect(planning.plan.jobs.count == 2 + 9 + 1, "two labels, eight stops and the read-all, one good string")
        #expect(planning.unreadable.map(\.path) == [missing])
        #expect(planning.problems.map(\.location.line) == [2], "\(planning.problems)")
        #expect(planning.failedCount == 2)
        #expect(planning.notes.first { $0.file == Self.dump }?.notes.isEmpty == false, "the dump says what it cannot tell")
        let notifications = try #require(planning.plan.jobs.first { $0.item.key == "notifications" })
        #expect(notifications.segments == ["꺼짐, 알림 받기, 스위치", "전환하려면 두 번 탭하세요"], "TalkBack's words for an Android dump")
    }

    @Test("--reader voiceover hears the dump with VoiceOver's words; an input of no known format is a usage error")
    func readerAndFormat() throws {
        let voiceOver = try RenderPlanning(RenderRequestSettings(inputs: [Self.dump], reader: .voiceOver, library: Self.library))
        let notifications = try #require(voiceOver.plan.jobs.first { $0.item.key == "notifications" })
        #expect(notifications.segments == ["알림 받기, 스위치 버튼, 끔", "설정을 끄거나 켜려면 이중 탭 하십시오."])

        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = folder.appendingPathComponent("notes.bin").path
        try "확인\n".write(toFile: unknown, atomically: true, encoding: .utf8)
        #expect(throws: UnknownInputFormat.self) { try RenderPlanning(RenderRequestSettings(inputs: [unknown], library: Self.library)) }
        #expect((try? RenderPlanning(RenderRequestSettings(inputs: [unknown], format: .text, library: Self.library)))?.plan.jobs.count == 1)
    }
}
