import Foundation
import Testing
@testable import EarshotCore

/// What TalkBack says on entering and leaving a list, grid or pager of a raw `uiautomator dump`
/// (docs/talkback.md, "A collection item's position"): the collection is found by its class
/// (`AccessibilityNodeInfoUtils.FILTER_COLLECTION` through `Role.getRole`), the counts and
/// positions need collection info, which no dump carries, so only the words for entering and
/// leaving are said (`CollectionStateFeedbackUtils.getCollectionTransitionDescription`).
///
/// The dumps are written from that rule in `uiautomator dump`'s own format (no real dump with a
/// usable licence shows a ListView, GridView or ViewPager between other stops); the words are
/// the real words files', extracted from TalkBack's strings.
@Suite("TalkBack entering and leaving a list, grid or pager of a dump")
struct TalkBackCollectionEntryTests {
    /// A dump of a button, a collection of `class` holding `items` clickable rows (each a
    /// TextView), and a button after it.
    static func dump(_ className: String, description: String = "", items: [String],
                     columns: Int = 1) -> String {
        var rows = ""
        for (index, item) in items.enumerated() {
            let left = (index % columns) * 540, top = 300 + (index / columns) * 200
            rows += """
                <node index="\(index)" text="" resource-id="" class="android.widget.LinearLayout" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[\(left),\(top)][\(left + 540 * (columns == 1 ? 2 : 1)),\(top + 200)]">
                  <node index="0" text="\(item)" resource-id="" class="android.widget.TextView" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[\(left),\(top)][\(left + 540),\(top + 200)]" />
                </node>

            """
        }
        return """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <hierarchy rotation="0">
          <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
            <node index="0" text="Top" resource-id="" class="android.widget.Button" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,100][1080,250]" />
            <node index="1" text="" resource-id="p:id/items" class="\(className)" package="p" content-desc="\(description)" checkable="false" checked="false" clickable="false" enabled="true" focusable="true" focused="false" scrollable="true" long-clickable="false" password="false" selected="false" bounds="[0,300][1080,1900]">
        \(rows)    </node>
            <node index="2" text="Bottom" resource-id="" class="android.widget.Button" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,2000][1080,2150]" />
          </node>
        </hierarchy>
        """
    }

    /// What each stop says, swiping from the first to the last, with the voice's TalkBack words.
    static func swipe(_ xml: String, voice: String) throws -> [String] {
        let loaded = try ScreenLoader.parse(Data(xml.utf8), file: "collection.xml", format: nil)
        let profile = try ScreenTestSupport.profile(voice)
        var navigator = FocusNavigator(screen: loaded.screen, generator: try DescriptionGenerator(profile: profile, readerNamed: .talkBack))
        var said: [String] = []
        var result = navigator.next()
        while result.outcome == .moved {
            said.append(result.speech?.text ?? "")
            result = navigator.next()
        }
        return said
    }

    @Test("a ListView says 목록에 있음 / In list on its first item and 목록에서 벗어남 / Out of list after it, with no count or position",
          arguments: [("ko", "목록에 있음", "목록에서 벗어남", "버튼"), ("en", "In list", "Out of list", "Button")])
    func listView(voice: String, entering: String, leaving: String, button: String) throws {
        let said = try Self.swipe(Self.dump("android.widget.ListView", items: ["Alpha", "Beta", "Gamma"]), voice: voice)
        #expect(said == [
            "Top, \(button)",
            "Alpha, \(entering)",
            "Beta",
            "Gamma",
            "Bottom, \(button), \(leaving)",
        ])
    }

    @Test("a RecyclerView is a list too (its collection info is the device's), swiping back in enters it again",
          arguments: ["androidx.recyclerview.widget.RecyclerView", "android.support.v7.widget.RecyclerView"])
    func recyclerView(className: String) throws {
        let xml = Self.dump(className, items: ["Alpha", "Beta"])
        #expect(try Self.swipe(xml, voice: "ko") == ["Top, 버튼", "Alpha, 목록에 있음", "Beta", "Bottom, 버튼, 목록에서 벗어남"])
        let loaded = try ScreenLoader.parse(Data(xml.utf8), file: "collection.xml", format: nil)
        let profile = try ScreenTestSupport.profile("ko")
        var navigator = FocusNavigator(screen: loaded.screen, generator: try DescriptionGenerator(profile: profile, readerNamed: .talkBack))
        _ = navigator.last()
        #expect(navigator.previous().speech?.text == "Beta, 목록에 있음")
    }

    @Test("a named GridView says its name with the grid words", arguments: [("ko", "Apps 그리드에 있음", "Apps 그리드에서 벗어남"),
                                                                           ("en", "In grid Apps", "Out of grid Apps")])
    func namedGrid(voice: String, entering: String, leaving: String) throws {
        let said = try Self.swipe(Self.dump("android.widget.GridView", description: "Apps", items: ["Mail", "Maps", "Music", "News"],
                                            columns: 2), voice: voice)
        #expect(said.count == 6)
        #expect(said[1] == "Mail, \(entering)")
        #expect(said[2] == "Maps")
        #expect(said[5].hasSuffix(", \(leaving)"))
    }

    @Test("a ViewPager says the pager words: 페이저 내부 / In pager on entering, 페이저 외부 / Out of pager on leaving, a named one with its name",
          arguments: [("ko", "페이저 내부", "페이저 외부", "페이저 Photos 내부", "멀티 페이지 보기"),
                      ("en", "In pager", "Out of pager", "In pager Photos", "Multi-page view")])
    func viewPager(voice: String, entering: String, leaving: String, named: String, role: String) throws {
        // The dump shows the page on the screen only: one child is enough to enter a pager.
        let said = try Self.swipe(Self.dump("androidx.viewpager.widget.ViewPager", items: ["Page one"]), voice: voice)
        #expect(said.count == 3)
        #expect(said[1] == "Page one, \(entering)")
        #expect(said[2].hasSuffix(", \(leaving)"))
        // A ViewPager has no collection info, so unlike a list its description is its own text:
        // focusable (ViewPager makes itself so), it is a stop of its own, then its page enters it.
        let namedSaid = try Self.swipe(Self.dump("androidx.viewpager.widget.ViewPager", description: "Photos", items: ["Page one"]),
                                       voice: voice)
        #expect(namedSaid.count == 4)
        #expect(namedSaid[1] == "Photos, \(role)")
        #expect(namedSaid[2] == "Page one, \(named)")
    }

    @Test("a list of one visible item is not entered; a list holding a list announces only the inner one")
    func notEntered() throws {
        let single = Self.dump("android.widget.ListView", items: ["Only"])
        #expect(try Self.swipe(single, voice: "ko") == ["Top, 버튼", "Only", "Bottom, 버튼"])
        // A carousel (a horizontal RecyclerView) inside the first row of a vertical one.
        let carousel = """
            <node index="0" text="" resource-id="p:id/carousel" class="androidx.recyclerview.widget.RecyclerView" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="true" focused="false" scrollable="true" long-clickable="false" password="false" selected="false" bounds="[0,300][1080,500]">
              <node index="0" text="Card A" resource-id="" class="android.widget.TextView" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,300][540,500]" />
              <node index="1" text="Card B" resource-id="" class="android.widget.TextView" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[540,300][1080,500]" />
            </node>
        """
        var nested = Self.dump("androidx.recyclerview.widget.RecyclerView", items: ["Row"])
        nested = nested.replacingOccurrences(of: "    </node>\n    <node index=\"2\"", with: carousel + "\n    </node>\n    <node index=\"2\"")
        #expect(try Self.swipe(nested, voice: "ko") == [
            "Top, 버튼", "Row", "Card A, 목록에 있음", "Card B", "Bottom, 버튼, 목록에서 벗어남",
        ])
    }
}
