import Foundation
import Testing
@testable import EarshotCore

/// The tree rules of docs/import.md ("Reachable or not", "Focus stops") on the real dumps that
/// show them: which nodes are stops, in which order, with which traits and values. Wording is
/// the profiles' business and is not checked here.
@Suite("Tree rules on real iOS dumps")
struct RealDumpTreeRuleTests {
    static func stops(_ name: String) throws -> [FocusStop] {
        FocusOrder(screen: try DumpTestSupport.load("\(name).xml").screen).stops
    }

    @Test("visible is judged per stop: the iOS 26 collection view is invisible around visible rows, which are all stops")
    func visibleIsNotInherited() throws {
        let stops = try Self.stops("ios26-settings-root")
        let rows = ["com.apple.settings.primaryAppleAccount", "com.apple.settings.followUpItem.com.apple.icloud.gm",
                    "com.apple.settings.general", "com.apple.settings.accessibility", "com.apple.settings.actionButton",
                    "com.apple.settings.siri", "com.apple.settings.camera", "com.apple.settings.homeScreen",
                    "com.apple.settings.search", "com.apple.settings.standBy", "com.apple.settings.screenTime"]
        try #require(stops.count > 11)
        #expect(Array(stops.map(\.id)[1...11]) == rows)
        for stop in stops[1...11] { #expect(stop.traits.contains(.button), "\(stop.id)") }
    }

    @Test("an invisible row partly below the viewport is reached: iOS 26 Screen Time under the toolbar, centre on screen")
    func partlyBelowTheFold() throws {
        let screenTime = try #require(try Self.stops("ios26-settings-root").first { $0.id == "com.apple.settings.screenTime" })
        #expect(screenTime.label == "Screen Time")
        #expect(screenTime.frame == Frame(x: 16, y: 831, width: 370, height: 53))
    }

    @Test("invisible scroll bars wholly inside the table's frame are not reached (iOS 26 General)")
    func hiddenScrollBars() throws {
        let stops = try Self.stops("ios26-settings-general")
        #expect(!stops.contains { ($0.label ?? "").contains("scroll bar") })
        #expect(stops.last?.id == "ManagedConfigurationList", "the last row, partly below the fold, is the last stop")
        #expect(stops.count == 12)
    }

    @Test("hours scrolled above the scroll view stay stops although inside the screen (Calendar 10:00, 11:00)")
    func aboveTheScrollView() throws {
        let labels = try Self.stops("calendar-day-ja").map { $0.label ?? "" }
        #expect(labels.contains("10:00") && labels.contains("11:00"))
        #expect(labels.filter { $0.hasSuffix(":00") || $0.hasPrefix("14:00") }.count == 24)
    }

    @Test("a footer the table reports after a row below the fold is reached, whatever its stale frame (Keyboards)")
    func staleFooterAfterTheFold() throws {
        let stops = try Self.stops("settings-keyboards")
        let labels = stops.map { $0.label ?? "" }
        let period = try #require(labels.firstIndex(of: "Period shortcut"))
        try #require(period + 1 < stops.count)
        #expect(labels[period + 1] == "Double tapping the space bar will insert a period followed by a space.")
        #expect(stops[period + 1].frame.y == 764, "its frame says on screen; its place in the table says below")
    }

    @Test("inside the screen and outside any scroll view, invisible is not reached even when accessible; below the screen it is")
    func lockScreen() throws {
        let stops = try Self.stops("sleeplockscreen-ios26-traits")
        #expect(stops.map(\.id) == ["UIA.Snooze.Button", "UIA.Hidden.Button"])
    }

    @Test("a disabled element is a stop read dimmed; a disabled chevron inside a row is part of the row")
    func disabledAndChevrons() throws {
        let lock = try Self.stops("sleeplockscreen-ios26-traits")
        #expect(lock.first?.traits.contains(.notEnabled) == true)
        for name in ["ios26-settings-general", "settings-top", "settings-keyboards"] {
            let stops = try Self.stops(name)
            #expect(!stops.contains { $0.label == "chevron" }, "\(name)")
            #expect(!stops.contains { $0.traits.contains(.notEnabled) }, "\(name): only chevrons are disabled")
        }
        let general = try Self.stops("ios26-settings-general")
        #expect(general.filter { $0.kind == .cell }.map { $0.label ?? "" } == [
            "About", "Screen Capture", "AutoFill & Passwords", "Dictionary", "Fonts", "Keyboard", "Language & Region",
            "VPN & Device Management"])
    }

    @Test("a labelled Other with children is one stop with its value; two with the same type, label and frame are one")
    func scrollBarOfRoot() throws {
        let stops = try Self.stops("ios26-settings-root")
        let bars = stops.filter { $0.label == "Vertical scroll bar, 2 pages" }
        #expect(bars.count == 1)
        #expect(bars.first?.value == "0%")
        #expect(bars.first?.traits.contains(.adjustable) == true)
    }

    @Test("where the dump says accessible, it wins over the labelled-Other rule (Calendar's day is not a stop, its hours are)")
    func accessibleWins() throws {
        let labels = try Self.stops("calendar-day-ja").map(\.label)
        #expect(!labels.contains("12月15日 金曜日"))
        #expect(labels.contains("0:00"))
        #expect(!labels.contains { ($0 ?? "").contains("スクロールバー") })
    }

    @Test("the search field's Dictate button is a stop of its own right after the field, once; its magnifying glass is not")
    func searchFieldButtons() throws {
        let stops = try Self.stops("ios26-settings-root")
        let field = try #require(stops.firstIndex { $0.traits.contains(.searchField) })
        #expect(stops[field].label == "Search")
        try #require(field + 2 == stops.count, "the button is the one stop after the field")
        #expect(stops[field + 1].label == "Dictate" && stops[field + 1].traits.contains(.button))
        #expect(stops.filter { $0.label == "Dictate" }.count == 1)
        #expect(!stops.contains { $0.traits.contains(.image) })
    }

    @Test("the iOS 26 back button, inset 16 points, is the bar's button WebDriverAgent names BackButton")
    func backButton() throws {
        let stops = try Self.stops("ios26-settings-general")
        #expect(stops.first?.id == "BackButton")
        #expect(stops.first?.traits.contains(.backButton) == true)
    }

    @Test("the SwiftUI tab view: its five stops, the selected tab second of three")
    func tabView() throws {
        let stops = try Self.stops("ios26-swiftui-tabview")
        try #require(stops.map(\.label) == ["Weekly summary", "Share week", "Today", "Week", "Settings"])
        #expect(stops[3].traits.contains(.selected))
        #expect(stops[2...4].map { $0.tabPosition?.index } == [1, 2, 3])
    }
}

/// The tree rules on small page sources for shapes the corpus lacks, each built on the shape
/// real VoiceOver was heard on or the issue's evidence names.
@Suite("Tree rules on small dumps")
struct DumpTreeRuleTests {
    static func stops(_ xml: String) throws -> [FocusStop] {
        FocusOrder(screen: try DumpTestSupport.parse(xml).screen).stops
    }

    /// One page-source element; `children` makes it a container.
    static func node(_ type: String, _ label: String? = nil, value: String? = nil, frame: (Double, Double, Double, Double),
                     visible: Bool = true, enabled: Bool = true, extra: String = "", children: [String] = []) -> String {
        var attributes = #"type="XCUIElementType\#(type)""#
        if let label { attributes += #" name="\#(label)" label="\#(label)""# }
        if let value { attributes += #" value="\#(value)""# }
        attributes += #" enabled="\#(enabled)" visible="\#(visible)" x="\#(frame.0)" y="\#(frame.1)" width="\#(frame.2)" height="\#(frame.3)""#
        attributes += extra
        if children.isEmpty { return "<XCUIElementType\(type) \(attributes)/>" }
        return "<XCUIElementType\(type) \(attributes)>\n" + children.joined(separator: "\n") + "\n</XCUIElementType\(type)>"
    }

    @Test("a covered screen is not reached: behind a sheet, invisible content inside the screen is skipped (the capture's modal)")
    func coveredScreen() throws {
        let covered = Self.node("Other", frame: (0, 0, 390, 844), visible: false, children: [
            Self.node("StaticText", "Launch", frame: (16, 120, 200, 30), visible: false),
            Self.node("Button", "Open modal", frame: (16, 170, 200, 44), visible: false),
        ])
        let sheet = Self.node("Other", frame: (0, 60, 390, 784), children: [
            Self.node("StaticText", "Modal details", frame: (16, 100, 200, 30), extra: #" traits="Header, StaticText""#),
            Self.node("Button", "Dismiss modal", frame: (16, 150, 200, 44)),
            Self.node("StaticText", "Modal value 12.50", frame: (16, 210, 200, 30)),
        ])
        let stops = try Self.stops(DumpTestSupport.pageSource(covered + "\n" + sheet))
        #expect(stops.map(\.label) == ["Modal details", "Dismiss modal", "Modal value 12.50"])
    }

    @Test("rows below a scroll view's viewport are reached in order by swiping (the capture's scroll screen)")
    func rowsBelowTheViewport() throws {
        let rows: [String] = (1...30).map { (index: Int) -> String in
            let y = Double(100 + (index - 1) * 104)
            return Self.node("Button", "Scroll row \(index)", frame: (16, y, 200, 44), visible: y + 44 <= 844)
        }
        let scroll = Self.node("ScrollView", frame: (0, 0, 390, 844), children: rows)
        let stops = try Self.stops(DumpTestSupport.pageSource(scroll))
        let expected: [String?] = (1...30).map { "Scroll row \($0)" }
        #expect(stops.map(\.label) == expected)
    }

    @Test("another page and a faded scroll bar inside the scroll view's frame are not reached; a visible one is")
    func otherPageAndScrollBars() throws {
        let page = Self.node("Other", frame: (0, 0, 390, 844), children: [
            Self.node("Button", "Other page button", frame: (16, 300, 200, 44), visible: false),
        ])
        let table = Self.node("Table", frame: (0, 0, 390, 844), children: [
            Self.node("Cell", "Row", frame: (0, 100, 390, 44)),
            Self.node("Other", "Vertical scroll bar, 1 page", value: "0%", frame: (357, 100, 30, 700), visible: false,
                      extra: #" traits="Adjustable""#,
                      children: [Self.node("Other", frame: (384, 103, 3, 400), visible: false)]),
        ])
        let stops = try Self.stops(DumpTestSupport.pageSource(page + "\n" + table))
        #expect(stops.map(\.label) == ["Row"])
        let shown = table.replacingOccurrences(of: #"visible="false""#, with: #"visible="true""#)
        #expect(try Self.stops(DumpTestSupport.pageSource(shown)).map(\.label) == ["Row", "Vertical scroll bar, 1 page"])
    }

    @Test("a disabled button is a stop read dimmed, on screen and below the fold; invisible on screen it is not reached, enabled or not")
    func disabledButtons() throws {
        let table = Self.node("Table", frame: (0, 0, 390, 844), children: [
            Self.node("Button", "Save", frame: (16, 100, 200, 44), enabled: false),
            Self.node("Button", "Delete account", frame: (16, 1200, 200, 44), visible: false, enabled: false),
        ])
        let covered = [
            Self.node("Button", "Covered, disabled", frame: (16, 400, 200, 44), visible: false, enabled: false),
            Self.node("Button", "Covered, enabled", frame: (16, 460, 200, 44), visible: false),
        ].joined(separator: "\n")
        let stops = try Self.stops(DumpTestSupport.pageSource(table + "\n" + covered))
        #expect(stops.map(\.label) == ["Save", "Delete account"])
        #expect(stops.allSatisfy { $0.traits.contains(.notEnabled) && $0.traits.contains(.button) })
    }

    @Test("a labelled Other with children is one stop, its label and value; its labelled children are not stops")
    func labelledOther() throws {
        let card = Self.node("Other", "Balance", value: "$1,234.50", frame: (16, 100, 358, 120), children: [
            Self.node("StaticText", "Balance", frame: (32, 110, 100, 20)),
            Self.node("StaticText", "$1,234.50", frame: (32, 140, 200, 30)),
            Self.node("Button", "Details", frame: (280, 140, 80, 30)),
        ])
        let after = Self.node("Button", "Next", frame: (16, 300, 100, 44))
        let stops = try Self.stops(DumpTestSupport.pageSource(card + "\n" + after))
        try #require(stops.map(\.label) == ["Balance", "Next"])
        #expect(stops[0].value == "$1,234.50")
        #expect(!stops[0].traits.contains(.button), "the children's traits are not the Other's")
    }

    @Test("a Settings row Cell with no traits of its own is heard with those of the Button inside that carries its label")
    func cellTakesItsLabelCarriersTraits() throws {
        let cell = Self.node("Cell", "Name", value: "iPhone", frame: (20, 100, 362, 54), extra: #" traits="""#, children: [
            Self.node("Button", "Name", frame: (34, 113, 80, 28), extra: #" traits="StaticText, Button""#),
            Self.node("StaticText", "iPhone", frame: (300, 113, 60, 28), extra: #" traits="StaticText""#),
        ])
        let plain = Self.node("Cell", "Model", value: "iPhone 17 Pro", frame: (20, 160, 362, 54), extra: #" traits="""#, children: [
            Self.node("StaticText", "Model", frame: (34, 173, 80, 28), extra: #" traits="StaticText""#),
        ])
        let stops = try Self.stops(DumpTestSupport.pageSource(cell + "\n" + plain))
        try #require(stops.count == 2)
        #expect(stops[0].label == "Name" && stops[0].value == "iPhone")
        #expect(stops[0].traits.contains(.button))
        #expect(!stops[1].traits.contains(.button), "its label carrier is a text: no button")
    }

    @Test("buttons inside a text field are stops of their own after the field, even when placed before it")
    func buttonsInsideTextFields() throws {
        let password = Self.node("SecureTextField", "Password", frame: (16, 100, 358, 44), children: [
            Self.node("Button", "Show password", frame: (330, 106, 32, 32)),
        ])
        // A right-to-left field: its clear button sits at the leading (left) edge, above the text.
        let search = Self.node("TextField", "Search", value: "shoes", frame: (16, 200, 358, 44), children: [
            Self.node("Button", "Clear text", frame: (20, 196, 32, 32)),
            Self.node("Image", "magnifyingglass", frame: (340, 210, 20, 20)),
        ])
        let stops = try Self.stops(DumpTestSupport.pageSource(password + "\n" + search))
        try #require(stops.map(\.label) == ["Password", "Show password", "Search", "Clear text"])
        #expect(stops[0].traits.contains(.secureTextField) && stops[1].traits.contains(.button))
        #expect(stops[2].value == "shoes")

        // Where the dump calls only the field an element, its labelled button is still a stop.
        let accessibleField = password
            .replacingOccurrences(of: #"height="44.0""#, with: #"height="44.0" accessible="true""#)
            .replacingOccurrences(of: #"height="32.0""#, with: #"height="32.0" accessible="false""#)
        try #require(accessibleField.contains(#"accessible="false""#))
        #expect(try Self.stops(DumpTestSupport.pageSource(accessibleField)).map(\.label) == ["Password", "Show password"])
    }

    @Test("the SwiftUI toggle shape, a labelled Switch around an unlabelled one, is one stop with its state")
    func toggleShape() throws {
        let toggle = Self.node("Switch", "Notifications", value: "1", frame: (16, 100, 358, 44), children: [
            Self.node("Switch", value: "1", frame: (310, 106, 51, 31)),
        ])
        // The same shape where XCTest calls only the inner switch an element.
        let innerAccessible = toggle.replacingOccurrences(of: #"height="44.0""#, with: #"height="44.0" accessible="false""#)
            .replacingOccurrences(of: #"height="31.0""#, with: #"height="31.0" accessible="true""#)
        try #require(innerAccessible.contains(#"accessible="true""#) && innerAccessible.contains(#"accessible="false""#))
        for xml in [toggle, innerAccessible] {
            let stops = try Self.stops(DumpTestSupport.pageSource(xml))
            #expect(stops.count == 1)
            #expect(stops.first?.label == "Notifications")
            #expect(stops.first?.isOn == true)
            #expect(stops.first?.traits.contains(.switch) == true)
        }
    }

    @Test("two elements with the same frame, type and label are one stop; same label elsewhere or another type are two")
    func duplicates() throws {
        let elements = [
            Self.node("Button", "Dictate", frame: (300, 100, 20, 22)),
            Self.node("Button", "Dictate", frame: (300, 100, 20, 22)),
            Self.node("Button", "Same label", frame: (16, 200, 200, 44)),
            Self.node("Button", "Same label", frame: (16, 268, 200, 44)),
            Self.node("StaticText", "Same label", frame: (16, 268, 200, 44)),
        ].joined(separator: "\n")
        let stops = try Self.stops(DumpTestSupport.pageSource(elements))
        #expect(stops.map(\.label) == ["Dictate", "Same label", "Same label", "Same label"])
        #expect(stops.map(\.kind) == [.button, .button, .button, .label])
    }
}
