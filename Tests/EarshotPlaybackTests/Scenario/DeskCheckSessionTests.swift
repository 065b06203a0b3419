import EarshotAudio
import EarshotCore
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

@Suite("A desk check session drives the reader step by step with real speech", .serialized)
struct DeskCheckSessionTests {
    static func session(wav: String? = nil) throws -> DeskCheckSession {
        let screen = try ScreenFile.load(path: PlaybackTestSupport.screensDirectory.appendingPathComponent("product-detail.json").path)
        return try DeskCheckSession(screen: screen, speaker: try PlaybackTestSupport.speaker(), screenReader: VoiceOver(), wavPath: wav)
    }

    @Test("the seed's three cases: at once dropped, after the re-read spoken, queued waits")
    func seedCases() throws {
        let session = try Self.session()
        let desk = session.desk
        try desk.perform(.touch(x: 100, y: 720))
        desk.waitUntilIdle()
        try desk.perform(.activate(edits: [.change(id: "cart", { var c = ElementChange(); c.value = .some("1개"); return c }())]))
        desk.wait(seconds: 0.05)
        try desk.post(.announcement("바로 알림", priority: .default, queued: false))
        desk.waitUntilIdle()
        let rereadEnd = desk.now
        try desk.post(.announcement("나중 알림", priority: .default, queued: false))
        desk.waitUntilIdle()
        let activation = desk.now
        try desk.perform(.activate(edits: []))
        desk.wait(seconds: 0.05)
        try desk.post(.announcement("대기 알림", priority: .default, queued: true))
        let t = try session.finish()

        #expect(t.fate("바로 알림")?.dropCode == "postedDuringGestureSpeech")
        let later = try #require(t.fate("나중 알림"))
        #expect(later.startTime == rereadEnd && later.wasSpokenInFull)
        // The second re-read is the one that started after the second double tap.
        let reread = try #require(t.entries.last { $0.utterance.text == "장바구니 담기, 버튼" })
        guard case .spoken(let rereadStart, let secondEnd) = reread.fate else {
            Issue.record("second re-read: \(reread.fate)")
            return
        }
        #expect(rereadStart > activation)
        let queued = try #require(t.fate("대기 알림"))
        #expect(queued.wasSpokenInFull)
        #expect(abs((queued.startTime ?? 0) - (secondEnd + 0.1)) < 1e-9)
        #expect(t.announcementResults.map(\.wasSuccessful) == [false, true, true])
        #expect(desk.screen.node("cart")?.value == "1개")
    }

    @Test("a swipe during an announcement cuts it and the WAV file holds the whole timeline")
    func swipeCutsWithFile() throws {
        let folder = try PlaybackTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("s.wav").path
        let session = try Self.session(wav: wav)
        try session.desk.post(.announcement("오늘 주문하면 내일 도착합니다", priority: .high, queued: false))
        session.desk.wait(seconds: 0.4)
        try session.desk.perform(.next)
        let t = try session.finish()
        guard case .cut(0, 0.4, let by) = try #require(t.fate("오늘 주문하면 내일 도착합니다")) else {
            Issue.record("not cut at 0.4: \(String(describing: t.fate("오늘 주문하면 내일 도착합니다")))")
            return
        }
        #expect(by.cause == "focus move (swipe right)")
        #expect(t.announcementResults.first?.wasSuccessful == false)
        let audio = try WAVFile.read(path: wav)
        #expect(audio.samples.count == Int((t.endTime * 22050).rounded()))
        #expect(audio.rms(in: 0..<8820) > 200)
    }
}

extension UtteranceFate {
    var dropCode: String? {
        if case .dropped(_, let reason) = self { return reason.code }
        return nil
    }
}

extension SpeechTranscript {
    /// The fate of the first utterance with this text.
    func fate(_ text: String) -> UtteranceFate? { entry(text: text)?.fate }
}
