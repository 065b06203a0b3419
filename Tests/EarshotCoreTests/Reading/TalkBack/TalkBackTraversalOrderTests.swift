import Foundation
import Testing
@testable import EarshotCore

/// TalkBack's traversal reorders a node's children by their focusable descendants' box
/// (`ReorderedChildrenIterator`, `NodeCachedBoundsCalculator`; docs/talkback.md, "Traversal
/// order"). The two dumps in `Tests/Fixtures/talkback/` are written from that rule: a video
/// app's home whose feed comes first in the tree and fills the screen, its rows starting below
/// a top bar drawn later in the tree over the feed's top (`top-bar-over-content`), and the same
/// screen with the feed starting below the bar (`top-bar-above-content`).
@Suite("TalkBack's reordered children")
struct TalkBackTraversalOrderTests {
    static func swipe(_ name: String, voice: String = "en") throws -> [String] {
        let path = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/talkback/\(name).uiautomator.xml")
        let loaded = try ScreenLoader.parse(try Data(contentsOf: path), file: path.lastPathComponent, format: nil)
        let generator = try DescriptionGenerator(profile: try ScreenTestSupport.profile(voice), readerNamed: .talkBack)
        return FocusOrder(screen: loaded.screen, for: generator).stops.map { $0.label ?? "" }
    }

    @Test("a feed that fills the screen under a later top bar is read after the bar, its rows in their own order")
    func topBarFirst() throws {
        #expect(try Self.swipe("top-bar-over-content") == ["Home", "Search", "Video 1", "Video 2", "Video 3"])
    }

    @Test("the same feed starting below the bar keeps the tree's order: the bounds never overrule it")
    func treeOrderKept() throws {
        #expect(try Self.swipe("top-bar-above-content") == ["Video 1", "Video 2", "Video 3", "Home", "Search"])
    }

    @Test("the stripe comparison: above first, then left first, then taller first")
    func compare() {
        let top = Frame(x: 0, y: 0, width: 100, height: 100), below = Frame(x: 0, y: 100, width: 100, height: 100)
        #expect(TalkBackOrder.compare(top, below) < 0)
        #expect(TalkBackOrder.compare(below, top) > 0)
        let left = Frame(x: 0, y: 0, width: 50, height: 100), right = Frame(x: 50, y: 0, width: 50, height: 100)
        #expect(TalkBackOrder.compare(right, left) > 0)
        let tall = Frame(x: 0, y: 0, width: 50, height: 300)
        #expect(TalkBackOrder.compare(tall, left) < 0)
        #expect(TalkBackOrder.compare(nil, top) < 0)
    }
}
