import Foundation
import Testing
@testable import EarshotCore

@Suite("Announcement findings from the transcript's fates, with behaviours on activation")
struct AnnouncementFindingTests {
    static let shop = #"""
    { "screen": "shop", "elements": [
      { "id": "add", "kind": "button", "text": "담기", "frame": [0, 0, 300, 44] },
      { "id": "cart", "kind": "button", "label": "장바구니", "value": "0개", "frame": [0, 50, 300, 44] }
    ] }
    """#

    static func run(_ post: String, extraSteps: [String] = []) throws -> (ScenarioRunner, ScenarioResult) {
        let text = #"""
        { "screen": \#(shop),
          "app": { "shop": { "onActivate": { "add": [ { "set": { "value": "1개" }, "element": "cart" }, \#(post) ] } } },
          "steps": [ { "gesture": "next" }, { "gesture": "activate" }\#(extraSteps.map { ", " + $0 }.joined()) ] }
        """#
        let runner = try ScenarioRunner(scenario: try ScenarioFile.parse(text, path: "cart.json"),
                                        profile: try ScreenTestSupport.profile("ko"), clock: VirtualClock(),
                                        device: TimedDevice())
        return (runner, try runner.run())
    }

    @Test("posted at once after the double tap, the announcement is dropped and reported at the drop time")
    func immediateIsDropped() throws {
        let (runner, result) = try Self.run(#"{ "post": "announcement", "text": "장바구니에 담았습니다" }"#)
        #expect(result.codes == ["announcement.dropped"])
        let entry = try #require(result.transcript.entries.first { $0.utterance.text == "장바구니에 담았습니다" })
        #expect(entry.fate.dropCode == "postedDuringGestureSpeech")
        #expect(near(result.findings.first?.time, entry.fate.decidedAt))
        #expect(result.findings.first?.message.contains("장바구니에 담았습니다") == true)
        #expect(result.findings.first?.screen == "shop")
        #expect(result.findings.first?.severity == .error)
        // The element whose re-read swallowed it: the double-tapped button that posts it.
        #expect(result.findings.first?.elements == ["add"])
        // The set behaviour changed the cart before the re-read.
        #expect(runner.desk.screen.node("cart")?.value == "1개")
    }

    @Test("posted after 1.5 s, or queued, the announcement is spoken and nothing is reported")
    func delayedOrQueuedIsSpoken() throws {
        for post in [#"{ "post": "announcement", "text": "장바구니에 담았습니다", "after": 1.5 }"#,
                     #"{ "post": "announcement", "text": "장바구니에 담았습니다", "queue": true }"#] {
            let (_, result) = try Self.run(post)
            #expect(result.findings.isEmpty, "\(post)")
            let entry = try #require(result.transcript.entries.first { $0.utterance.text == "장바구니에 담았습니다" })
            #expect(entry.fate.wasSpokenInFull)
        }
    }

    @Test("an announcement cut off by the app's next announcement is reported; one cut by the user's swipe is not")
    func cutByApp() throws {
        let (_, result) = try Self.run(#"{ "post": "announcement", "text": "장바구니에 담았습니다", "after": 1.5 }"#,
                                       extraSteps: [#"{ "post": "announcement", "text": "쿠폰 도착", "after": 2.0 }"#])
        #expect(result.codes == ["announcement.cut"])
        let cut = try #require(result.transcript.entries.first { $0.utterance.text == "장바구니에 담았습니다" })
        #expect(cut.fate.isCut)
        #expect(near(result.findings.first?.time, cut.fate.end ?? -1))
        let (_, swiped) = try Self.run(#"{ "post": "announcement", "text": "장바구니에 담았습니다", "after": 1.5 }"#,
                                       extraSteps: [#"{ "gesture": "next", "after": 2.0 }"#])
        #expect(swiped.transcript.entries.first { $0.utterance.text == "장바구니에 담았습니다" }?.fate.isCut == true)
        #expect(swiped.findings.isEmpty)
    }
}
