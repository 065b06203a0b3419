import Foundation
import Testing
@testable import EarshotCore

/// What a double tap says, decided once (docs/desk-checks.md, "What a double tap says").
@Suite("What a double tap says")
struct ActivationTests {
    static let screen = #"""
        { "id": "refresh", "kind": "button", "text": "새로고침", "hint": "목록을 다시 불러옵니다", "frame": [0, 0, 300, 44] },
        { "id": "sound", "kind": "switch", "label": "소리", "on": true, "frame": [0, 50, 300, 44] },
        { "id": "like", "kind": "button", "text": "찜하기", "onActivate": "toggleSelected", "frame": [0, 100, 300, 44] },
        { "id": "banner", "kind": "button", "text": "배너 닫기", "frame": [0, 150, 300, 44] }
    """#

    /// The desk check after touching `id` and double tapping it, with `edits` by the app.
    static func doubleTap(_ id: String, edits: [ScreenEdit] = [], profile: String = "ko",
                          times: Int = 1) throws -> (desk: DeskCheck, results: [NavigationResult]) {
        let screen = try ScreenTestSupport.screen(Self.screen)
        let desk = try DeskCheck(screen: screen, session: try ReadingSession(voice: try ScreenTestSupport.profile(profile), reader: VoiceOver()), clock: VirtualClock(),
                                 device: TimedDevice())
        let stop = try #require(FocusOrder(screen: screen).stops.first { $0.id == id })
        try desk.perform(.touch(x: stop.frame.x + 1, y: stop.frame.y + 1))
        desk.waitUntilIdle()
        var results: [NavigationResult] = []
        for _ in 0..<times {
            results.append(try desk.perform(.activate(edits: edits)))
            desk.waitUntilIdle()
        }
        return (desk, results)
    }

    /// What was said after each activation sound: (text, kind, purpose).
    static func saidAfterActivation(_ desk: DeskCheck) -> [[String]] {
        let entries = desk.finish().entries
        var said: [[String]] = []
        for (index, entry) in entries.enumerated() where entry.utterance.earcon == .activation {
            said.append(entries[(index + 1)...].prefix { $0.utterance.earcon == nil }.compactMap { next in
                guard case .spoken = next.fate else { return nil }
                return "\(next.utterance.kind) \(next.utterance.purpose?.rawValue ?? "-"): \(next.utterance.text)"
            })
        }
        return said
    }

    @Test("a button that stays focused and does not change is read again, hint and all")
    func unchangedIsReread() throws {
        let (desk, results) = try Self.doubleTap("refresh")
        #expect(results[0].speech?.text == "새로고침, 버튼")
        #expect(Self.saidAfterActivation(desk) == [["element reread: 새로고침, 버튼", "hint reread: 목록을 다시 불러옵니다"]])
    }

    @Test("a switch says only its new state, in the profile's words, without the hint")
    func switchSaysItsNewValue() throws {
        let (desk, _) = try Self.doubleTap("sound", times: 2)
        #expect(Self.saidAfterActivation(desk) == [["element newValue: 끔"], ["element newValue: 켬"]])
        let (english, _) = try Self.doubleTap("sound", profile: "en")
        #expect(Self.saidAfterActivation(english) == [["element newValue: off"]])
    }

    @Test("a selection toggled on says only Selected; cleared, nothing new is left to say and the element is read")
    func selectionToggles() throws {
        let (desk, _) = try Self.doubleTap("like", times: 2)
        let said = Self.saidAfterActivation(desk)
        #expect(said.first == ["element newValue: 선택됨"])
        #expect(said.last?.first == "element reread: 찜하기, 버튼")
    }

    @Test("a label the app changes is read again whole, as the seed says")
    func changedLabelIsReread() throws {
        var change = ElementChange()
        change.text = "불러오는 중"
        let (desk, _) = try Self.doubleTap("refresh", edits: [.change(id: "refresh", change)])
        #expect(Self.saidAfterActivation(desk).first?.first == "element reread: 불러오는 중, 버튼")
    }

    @Test("an element the app removes gives the activation sound alone, and nothing has focus")
    func removedElementGivesTheSoundAlone() throws {
        let (desk, results) = try Self.doubleTap("banner", edits: [.remove(id: "banner")])
        #expect(results[0].outcome == .activated && results[0].stop == nil && results[0].speech == nil)
        #expect(desk.focusedID == nil)
        let transcript = desk.finish()
        let afterSound = transcript.entries.drop { $0.utterance.earcon != .activation }.dropFirst()
        #expect(afterSound.allSatisfy { if case .dropped(_, .emptyText) = $0.fate { true } else { false } },
                "\(transcript.readableText)")
        #expect(Self.saidAfterActivation(desk) == [[]])
    }

    @Test("read-all's utterances are told apart by their purpose, not by their cause's words")
    func readAllPurpose() throws {
        let desk = try DeskCheck(screen: try ScreenTestSupport.screen(Self.screen), session: try ReadingSession(voice: try ScreenTestSupport.profile("ko"), reader: VoiceOver()),
                                 clock: VirtualClock(), device: TimedDevice())
        try desk.perform(.readAll(fromTop: true))
        let transcript = desk.finish()
        let elements = transcript.entries.filter { $0.utterance.kind == .element }
        #expect(elements.count == 4, "\(transcript.readableText)")
        #expect(elements.allSatisfy { $0.utterance.purpose == .readAll })
    }
}
