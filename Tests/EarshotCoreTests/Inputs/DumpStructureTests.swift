import Foundation
import Testing
@testable import EarshotCore

/// Cells and back buttons told from a dump's structure, not from a label or a pixel threshold
/// (docs/import.md, "Cells", "The back button"). The dumps are written from the rules, in the
/// shape of Appium page source before about 2018 (no traits, no label on a cell) and of an iOS 11
/// navigation bar; no public capture with a usable licence shows them.
@Suite("Dump structure: cells without a label, back buttons")
struct DumpStructureTests {
    static func element(_ type: String, _ attributes: String, children: String = "", visible: Bool = true) -> String {
        let open = #"<XCUIElementType\#(type) type="XCUIElementType\#(type)" enabled="true" visible="\#(visible)" \#(attributes)"#
        return children.isEmpty ? open + "/>" : open + ">\n" + children + "\n</XCUIElementType\(type)>"
    }

    @Test("an old dump's cell without a label is one element joining its texts, heard as a button; with a control inside it stays a container")
    func cellWithoutLabel() throws {
        let cell = Self.element("Cell", #"x="0" y="100" width="390" height="60""#, children: [
            Self.element("StaticText", #"name="Wi-Fi" label="Wi-Fi" value="Wi-Fi" x="16" y="110" width="60" height="20""#),
            Self.element("StaticText", #"name="Home" label="Home" value="Home" x="300" y="110" width="60" height="20""#),
        ].joined(separator: "\n"))
        let withButton = Self.element("Cell", #"x="0" y="200" width="390" height="60""#, children: [
            Self.element("StaticText", #"name="Bluetooth" label="Bluetooth" x="16" y="210" width="90" height="20""#),
            Self.element("Button", #"name="More Info" label="More Info" x="340" y="210" width="30" height="30""#),
        ].joined(separator: "\n"))
        let loaded = try DumpTestSupport.parse(DumpTestSupport.pageSource(cell + "\n" + withButton), file: "old.xml")
        let spoken = try DumpTestSupport.spoken(loaded.screen)
        #expect(spoken.first == "Wi-Fi, Home, 버튼", "\(spoken)")
        #expect(spoken.count == 3, "\(spoken)")
        #expect(spoken.dropFirst().first?.hasPrefix("Bluetooth") == true)
        #expect(spoken.last?.hasPrefix("More Info") == true)
        #expect(try DumpTestSupport.spoken(loaded.screen, profile: "en").first == "Wi-Fi, Home, Button")
        // A dump with traits names its cells itself: an unlabelled cell there is a container.
        let modern = cell.replacingOccurrences(of: #"height="60">"#, with: #"height="60" traits="">"#)
            .replacingOccurrences(of: #"height="20"/>"#, with: #"height="20" traits="StaticText"/>"#)
        let modernSpoken = try DumpTestSupport.spoken(try DumpTestSupport.parse(DumpTestSupport.pageSource(modern), file: "new.xml").screen)
        #expect(modernSpoken == ["Wi-Fi", "Home"], "\(modernSpoken)")
    }

    static func bar(_ buttons: String, title: String = "General") -> String {
        Self.element("NavigationBar", #"name="\#(title)" x="0" y="44" width="390" height="44""#, children: buttons + "\n"
            + Self.element("StaticText", #"name="\#(title)" label="\#(title)" x="160" y="55" width="70" height="22""#))
    }

    @Test("the back button is the bar's leading button before the title, at x 9 as in a real iOS 11 dump; its chevron twin is no stop")
    func backButtonByStructure() throws {
        let back = Self.element("Button", #"name="Settings" label="Settings" x="9" y="46" width="80" height="40""#)
        let chevron = Self.element("Image", #"name="Settings" label="Settings" x="9" y="55" width="13" height="21""#)
        let loaded = try DumpTestSupport.parse(DumpTestSupport.pageSource(Self.bar(back + "\n" + chevron)), file: "ios11.xml")
        let spoken = try DumpTestSupport.spoken(loaded.screen)
        #expect(spoken == ["Settings, 뒤로 버튼", "General, 머리말"], "\(spoken)")
        // At x 20, still the back button: no pixel threshold.
        let moved = back.replacingOccurrences(of: #"x="9""#, with: #"x="20""#)
        #expect(try DumpTestSupport.spoken(try DumpTestSupport.parse(DumpTestSupport.pageSource(Self.bar(moved)), file: "b.xml").screen).first
                == "Settings, 뒤로 버튼")
    }

    @Test("a modal's Cancel on the leading side, and a button after the title, are not back buttons; a button labelled Back is")
    func notBackButtons() throws {
        let cancel = Self.element("Button", #"name="Cancel" label="Cancel" x="8" y="46" width="60" height="40""#)
        let first = try DumpTestSupport.spoken(try DumpTestSupport.parse(DumpTestSupport.pageSource(Self.bar(cancel)), file: "m.xml").screen)
        #expect(first.first == "Cancel, 버튼", "\(first)")
        let trailing = Self.element("Button", #"name="Edit" label="Edit" x="330" y="46" width="50" height="40""#)
        let second = try DumpTestSupport.spoken(try DumpTestSupport.parse(DumpTestSupport.pageSource(Self.bar(trailing)), file: "t.xml").screen)
        #expect(second.contains("Edit, 버튼"), "\(second)")
        let worded = Self.element("Button", #"name="Back" label="Back" x="200" y="46" width="50" height="40""#)
        let third = try DumpTestSupport.spoken(try DumpTestSupport.parse(DumpTestSupport.pageSource(Self.bar(worded)), file: "w.xml").screen)
        #expect(third.contains("Back, 뒤로 버튼"), "\(third)")
    }

    @Test("a child's frame from before layout gives way to its cell's: a row below the fold of a table is reached, not hidden")
    func staleChildFrame() throws {
        // A table filling the window; its last cell lies below the fold (y 900 of 844) and the
        // button inside it, invisible, reports a frame at y 300, from before layout (inside the view, where a hidden row would be).
        let table = Self.element("Table", #"x="0" y="88" width="390" height="756""#, children: [
            Self.element("Cell", #"x="0" y="100" width="390" height="60" traits="""#, children:
                Self.element("Button", #"name="Top row" label="Top row" x="0" y="100" width="390" height="60" traits="Button""#)),
            Self.element("Cell", #"x="0" y="900" width="390" height="60" traits="""#, children:
                Self.element("Button", #"name="Last row" label="Last row" x="0" y="300" width="390" height="60" traits="Button""#, visible: false),
                visible: false),
        ].joined(separator: "\n"))
        let loaded = try DumpTestSupport.parse(DumpTestSupport.pageSource(table), file: "stale.xml")
        let stops = FocusOrder(screen: loaded.screen, for: try DescriptionGenerator(profile: try ScreenTestSupport.profile("ko"), reader: VoiceOver())).stops
        #expect(stops.map(\.label) == ["Top row", "Last row"], "\(stops.map(\.label))")
        #expect(stops.last?.frame == Frame(x: 0, y: 900, width: 390, height: 60))
    }
}
