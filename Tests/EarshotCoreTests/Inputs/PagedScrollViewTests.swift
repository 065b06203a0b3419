import Foundation
import Testing
@testable import EarshotCore

/// Pages of a paged scroll view (docs/import.md, "Pages of a paged scroll view"): swiping moves
/// within the page shown; the other pages, a page width to the left or right, are reached by a
/// three-finger swipe, not by swiping on. The dumps are written from the rule in WebDriverAgent's
/// page source format, shaped like the Home Screen (icon pages in a scroll view, a page
/// indicator under it whose value is UIPageControl's "page 1 of 3", as WebDriverAgent's own
/// FBElementAttributeTests shows, and the dock): no public dump of a paged scroll view with a
/// usable licence was found.
@Suite("Pages of a paged scroll view")
struct PagedScrollViewTests {
    /// A Home Screen of three pages, two icons each, with `shown` (0-based) in the scroll view's
    /// frame and the others a page width (390 points) to its left and right.
    static func home(shown: Int, indicator: String? = nil, indicatorLabel: String = "") -> String {
        let names = [["Mail", "Maps"], ["Notes", "News"], ["Books", "Clock"]]
        var pages = ""
        for (page, icons) in names.enumerated() {
            let left = (page - shown) * 390
            let visible = page == shown ? "true" : "false"
            pages += """
                  <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="\(visible)" x="\(left)" y="60" width="390" height="640">

            """
            for (slot, name) in icons.enumerated() {
                pages += """
                        <XCUIElementTypeIcon type="XCUIElementTypeIcon" name="\(name)" label="\(name)" enabled="true" visible="\(visible)" x="\(left + 20 + slot * 90)" y="80" width="64" height="64"/>

                """
            }
            pages += "          </XCUIElementTypeOther>\n"
        }
        let value = indicator ?? "page \(shown + 1) of 3"
        return DumpTestSupport.pageSource("""
            <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="0" width="390" height="844">
              <XCUIElementTypeScrollView type="XCUIElementTypeScrollView" enabled="true" visible="true" x="0" y="60" width="390" height="640">
        \(pages)      </XCUIElementTypeScrollView>
              <XCUIElementTypePageIndicator type="XCUIElementTypePageIndicator" label="\(indicatorLabel)" value="\(value)" enabled="true" visible="true" x="150" y="710" width="90" height="30"/>
              <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="750" width="390" height="94">
                <XCUIElementTypeIcon type="XCUIElementTypeIcon" name="Phone" label="Phone" enabled="true" visible="true" x="20" y="765" width="64" height="64"/>
              </XCUIElementTypeOther>
            </XCUIElementTypeOther>
        """)
    }

    @Test("swiping reads the icons of the page shown, the page indicator and the dock; the other pages' icons are left out with a note",
          arguments: [("ko", "버튼"), ("en", "Button")])
    func firstPage(voice: String, button: String) throws {
        let loaded = try DumpTestSupport.parse(Self.home(shown: 0), file: "home.xml")
        let spoken = try DumpTestSupport.spoken(loaded.screen, profile: voice)
        #expect(spoken.count == 4, "\(spoken)")
        #expect(Array(spoken.prefix(2)) == ["Mail, \(button)", "Maps, \(button)"], "\(spoken)")
        #expect(spoken[2].hasPrefix("page 1 of 3"), "\(spoken)")
        #expect(spoken[3] == "Phone, \(button)", "\(spoken)")
        let note = try #require(loaded.notes.first { $0.contains("paged scroll view") })
        #expect(note.contains("4 elements on other pages"), "\(note)")
        #expect(note.contains("page 1 of 3") && note.contains("three-finger swipe"), "\(note)")
    }

    @Test("the dump taken after a three-finger swipe left reads the second page's icons: the page shown is the one in the scroll view's frame")
    func secondPage() throws {
        let loaded = try DumpTestSupport.parse(Self.home(shown: 1), file: "home-2.xml")
        let spoken = try DumpTestSupport.spoken(loaded.screen)
        #expect(Array(spoken.prefix(2)) == ["Notes, 버튼", "News, 버튼"], "\(spoken)")
        #expect(!spoken.contains { $0.hasPrefix("Mail") || $0.hasPrefix("Books") }, "\(spoken)")
    }

    @Test("the page indicator's words are the device's: a Korean value counts; one page, or no indicator, leaves a scroll view unpaged and every icon reached")
    func indicatorDecides() throws {
        let korean = try DumpTestSupport.parse(Self.home(shown: 0, indicator: "3페이지 중 1페이지"), file: "ko.xml")
        #expect(try DumpTestSupport.spoken(korean.screen).count == 4)
        let single = try DumpTestSupport.parse(Self.home(shown: 0, indicator: "page 1 of 1"), file: "one.xml")
        #expect(try DumpTestSupport.spoken(single.screen).count == 8, "a scroll view of one page scrolls to what lies beside it")
        #expect(!single.notes.contains { $0.contains("paged scroll view") })
        let unpaged = Self.home(shown: 0).replacingOccurrences(of: "XCUIElementTypePageIndicator", with: "XCUIElementTypeOther")
        #expect(try DumpTestSupport.spoken(try DumpTestSupport.parse(unpaged, file: "carousel.xml").screen).count == 7)
    }

    /// The three-finger swipe in a scenario: the `scroll` gesture says the app's page words (the
    /// page-scroll sound and "page 2 of 3"), and the dump taken after it is shown; swiping on
    /// from the last stop of the first page never reaches the second page.
    @Test("a scenario: swiping past the first page's last stop stays on it; a three-finger swipe left and the second page's dump reach Notes")
    func threeFingerSwipeInAScenario() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.home(shown: 0).write(to: folder.appendingPathComponent("page-1.xml"), atomically: true, encoding: .utf8)
        try Self.home(shown: 1).write(to: folder.appendingPathComponent("page-2.xml"), atomically: true, encoding: .utf8)
        let text = """
        { "screens": { "first": "page-1.xml", "second": "page-2.xml" },
          "steps": [
            { "gesture": "next" }, { "gesture": "next" }, { "gesture": "next" }, { "gesture": "next" },
            { "gesture": "next" },
            { "expect": { "focus": "icon-Phone" } },
            { "gesture": "scroll", "direction": "left", "text": "page 2 of 3" },
            { "show": "second" },
            { "gesture": "next" },
            { "expect": { "focus": "icon-Notes" } }
          ] }
        """
        let scenario = try ScenarioFile.parse(text, path: folder.appendingPathComponent("pages.json").path)
        let runner = try ScenarioRunner(scenario: scenario, profile: try ScreenTestSupport.profile("ko"),
                                        clock: VirtualClock(), device: TimedDevice())
        let result = try runner.run()
        #expect(result.passed, "\(result.failedExpectations)")
        let said = result.transcript.entries.map(\.utterance.text)
        let scrolled = try #require(said.firstIndex(of: "page 2 of 3"), "\(said)")
        #expect(said.firstIndex { $0.hasPrefix("Notes") }.map { $0 > scrolled } == true, "\(said)")
        #expect(said.last == "Notes, 버튼", "\(said)")
        #expect(!said.contains { $0.hasPrefix("News") || $0.hasPrefix("Books") }, "\(said)")
    }
}
