import Foundation
import Testing
@testable import EarshotCore

/// How TalkBack joins what it says (docs/talkback.md, "Joining"): the click and long-press hints
/// with its separator (NodeRoleHint.getDefaultHint through CompositorUtils.joinCharSequences),
/// and the parts of a description with the separator even after a part ending in a period.
/// Written from the rule in TalkBack's source; the words are the real words files'.
@Suite("TalkBack's joins")
struct TalkBackJoinTests {
    static func read(_ nodes: [AccessibilityNode], voice: String) throws -> [SpokenDescription] {
        let profile = try ScreenTestSupport.profile(voice)
        let generator = try DescriptionGenerator(profile: profile, readerNamed: .talkBack)
        let screen = try Screen(name: "join", roots: [AccessibilityNode(
            id: "root", frame: Frame(x: 0, y: 0, width: 1080, height: 2400), children: nodes,
            android: AndroidView(className: "android.widget.FrameLayout"))])
        return FocusOrder(screen: screen, for: generator).stops.map(generator.describe)
    }

    @Test("a clickable and long-clickable button: the two hints joined by \", \", in Korean and English", arguments: ["ko", "en"])
    func hints(voice: String) throws {
        let button = AccessibilityNode(id: "more", frame: Frame(x: 0, y: 100, width: 200, height: 150),
                                       android: AndroidView(className: "android.widget.ImageButton", contentDescription: "More options",
                                                            isClickable: true, isLongClickable: true, isFocusable: true))
        let said = try #require(try Self.read([button], voice: voice).first)
        let words = try ScreenTestSupport.profile(voice).talkBackWords()
        #expect(said.hint == words.hints["activate"]! + ", " + words.hints["longPress"]!)
        #expect(said.hint?.contains(", ") == true)
    }

    @Test("a description whose label ends with a period keeps the separator before the role", arguments: ["ko", "en"])
    func periodThenSeparator(voice: String) throws {
        let image = AccessibilityNode(id: "signal", frame: Frame(x: 0, y: 300, width: 100, height: 100),
                                      android: AndroidView(className: "android.widget.ImageView", contentDescription: "Wifi signal full.",
                                                           isFocusable: true))
        let said = try #require(try Self.read([image], voice: voice).first)
        let words = try ScreenTestSupport.profile(voice).talkBackWords()
        #expect(said.text == "Wifi signal full., " + words.roles["image"]!)
        // VoiceOver keeps its own rule: no comma after a sentence's end.
        let voiceOver = try ScreenTestSupport.profile(voice)
        let element = AccessibilityNode(id: "done", kind: .button, label: "Done.")
        let screen = try Screen(name: "vo", roots: [element])
        let generator = try DescriptionGenerator(profile: voiceOver, readerNamed: .voiceOver)
        let spoken = generator.describe(try #require(FocusOrder(screen: screen, for: generator).stops.first))
        #expect(!spoken.text.contains("., "))
    }
}

/// A node a dump lists is visible to the user, whatever its bounds: `uiautomator dump` writes
/// only the nodes whose `isVisibleToUser()` is true (Appium says so in `displayed`), and
/// TalkBack asks nothing more (`AccessibilityNodeInfoUtils.isVisible`). A child clipped to
/// `[0,0][0,0]` is still read by its focusable parent.
@Suite("TalkBack and empty bounds")
struct TalkBackEmptyBoundsTests {
    @Test("a row reads its child with empty bounds after its other text, in Korean and English", arguments: ["ko", "en"])
    func clippedChildIsRead(voice: String) throws {
        let row = try FormControlsDump.stop(containing: "Terms of service", voice: voice)
        #expect(row.text == "Terms of service, Required")
        #expect(row.hint == (try FormControlsDump.words(voice)).hints["activate"])
        #expect(!(try FormControlsDump.swipe(voice: voice)).contains { $0.text == "Required" })
    }

    @Test("a clickable button of zero height or width that the dump lists is a stop; one the dump says is not displayed is not")
    func emptyBoundsListed() throws {
        func button(_ id: String, _ frame: Frame, displayed: Bool = true) -> AccessibilityNode {
            AccessibilityNode(id: id, frame: frame,
                              android: AndroidView(className: "android.widget.Button", text: id, isClickable: true,
                                                   isFocusable: true, isDisplayed: displayed))
        }
        let said = try TalkBackJoinTests.read([
            button("flat", Frame(x: 0, y: 100, width: 300, height: 0)),
            button("hidden", Frame(x: 0, y: 200, width: 300, height: 120), displayed: false),
            button("real", Frame(x: 0, y: 300, width: 300, height: 120)),
        ], voice: "ko")
        #expect(said.map { $0.text.components(separatedBy: ",").first ?? "" } == ["flat", "real"])
    }
}

/// A collection's text and description are only what TalkBack says on entering it ("in list
/// X"): `hasText` is false for a node with collection info (AccessibilityNodeInfoUtils), so a
/// grid or list whose items are actionable is no stop of its own, even with a description.
@Suite("TalkBack and a collection's description")
struct TalkBackCollectionTextTests {
    @Test("a GridView, ListView or RecyclerView with a content description and clickable items: the items are stops, the container is not")
    func collectionIsNoStop() throws {
        for className in ["android.widget.GridView", "android.widget.ListView", "androidx.recyclerview.widget.RecyclerView"] {
            let items = (1...2).map { index in
                AccessibilityNode(id: "app-\(index)", frame: Frame(x: 0, y: Double(index) * 200, width: 300, height: 200),
                                  android: AndroidView(className: "android.widget.TextView", text: "App \(index)",
                                                       isClickable: true, isFocusable: true))
            }
            let grid = AccessibilityNode(id: "apps", frame: Frame(x: 0, y: 100, width: 1080, height: 1200), children: items,
                                         android: AndroidView(className: className, contentDescription: "Apps",
                                                              isFocusable: true, isScrollable: true))
            let said = try TalkBackJoinTests.read([grid], voice: "en")
            #expect(said.count == 2, "\(className): \(said.map(\.text))")
            #expect(said.allSatisfy { $0.text.hasPrefix("App ") }, "\(className): \(said.map(\.text))")
        }
        // A plain focusable layout with a description and clickable children is still a stop.
        let items = [AccessibilityNode(id: "a", frame: Frame(x: 0, y: 200, width: 300, height: 200),
                                       android: AndroidView(className: "android.widget.TextView", text: "A", isClickable: true))]
        let layout = AccessibilityNode(id: "card", frame: Frame(x: 0, y: 100, width: 1080, height: 600), children: items,
                                       android: AndroidView(className: "android.widget.LinearLayout", contentDescription: "Card",
                                                            isFocusable: true))
        #expect(try TalkBackJoinTests.read([layout], voice: "en").first?.text.hasPrefix("Card") == true)
    }
}
