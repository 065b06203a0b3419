import Foundation
import Testing
@testable import EarshotCore

/// WebDriverAgent's JSON source from older servers (before about 2019) and Appium's UIAutomation
/// driver: the tree in `{"value": {"tree": …}}`, UIAutomation type names, `rect` as origin and
/// size, `visible` / `enabled` (docs/import.md, "WebDriverAgent JSON"). Written from the rule
/// (WebDriverAgent's FBElementTypeTransformer, Appium's source tests), not a capture.
@Suite("Older WebDriverAgent JSON source")
struct LegacyWDAJSONTests {
    static let legacy = """
        {"sessionId": "1", "status": 0, "value": {"tree": {
          "type": "UIAApplication", "name": "Settings", "label": "Settings", "visible": true, "enabled": true,
          "rect": {"origin": {"x": 0, "y": 0}, "size": {"width": 375, "height": 667}},
          "children": [{"type": "UIAWindow", "visible": true, "enabled": true,
            "rect": {"origin": {"x": 0, "y": 0}, "size": {"width": 375, "height": 667}},
            "children": [
              {"type": "UIANavigationBar", "name": "General", "visible": true, "enabled": true,
               "rect": {"origin": {"x": 0, "y": 20}, "size": {"width": 375, "height": 44}},
               "children": [{"type": "UIAStaticText", "name": "General", "label": "General", "visible": true, "enabled": true,
                             "rect": {"origin": {"x": 155, "y": 32}, "size": {"width": 65, "height": 20}}}]},
              {"type": "UIATableView", "visible": true, "enabled": true,
               "rect": {"origin": {"x": 0, "y": 64}, "size": {"width": 375, "height": 603}},
               "children": [
                 {"type": "UIATableCell", "name": "About", "label": "About", "visible": true, "enabled": true,
                  "rect": {"origin": {"x": 0, "y": 99}, "size": {"width": 375, "height": 44}}},
                 {"type": "UIATableCell", "name": "Software Update", "label": "Software Update", "visible": true, "enabled": true,
                  "rect": {"origin": {"x": 0, "y": 143}, "size": {"width": 375, "height": 44}}}
               ]}
            ]}]
        }}}
        """

    @Test("the value.tree wrapper, UIA type names, origin-and-size rects and visible/enabled read as today's source does")
    func readsLegacyForm() throws {
        let loaded = try DumpTestSupport.parse(Self.legacy, file: "old.json")
        let stops = FocusOrder(screen: loaded.screen, for: try DescriptionGenerator(profile: try ScreenTestSupport.profile("ko"), reader: VoiceOver())).stops
        #expect(stops.map(\.label) == ["General", "About", "Software Update"])
        let about = try #require(stops.first { $0.label == "About" })
        #expect(about.frame == Frame(x: 0, y: 99, width: 375, height: 44))
        let spoken = try DumpTestSupport.spoken(loaded.screen)
        #expect(spoken[0].hasPrefix("General"))
        // The same tree as today's form (XCUIElementType names, x/y/width/height, isVisible) reads the same.
        var modern = String(Self.legacy.dropLast())
            .replacingOccurrences(of: #"{"sessionId": "1", "status": 0, "value": {"tree": {"#, with: #"{"value": {"#)
            .replacingOccurrences(of: "UIATableCell", with: "XCUIElementTypeCell").replacingOccurrences(of: "UIATableView", with: "Table")
            .replacingOccurrences(of: "\"UIA", with: "\"")
            .replacingOccurrences(of: "\"visible\"", with: "\"isVisible\"").replacingOccurrences(of: "\"enabled\"", with: "\"isEnabled\"")
        modern = modern.replacing(/\{"origin": \{"x": (\d+), "y": (\d+)\}, "size": \{"width": (\d+), "height": (\d+)\}\}/) { match in
            #"{"x": \#(match.1), "y": \#(match.2), "width": \#(match.3), "height": \#(match.4)}"#
        }
        #expect(!modern.contains("origin") && !modern.contains("UIA") && !modern.contains("tree"))
        let today = try DumpTestSupport.parse(modern, file: "new.json")
        #expect(try DumpTestSupport.spoken(today.screen) == spoken)
    }

    @Test("UIAutomation names map as WebDriverAgent maps them")
    func typeNames() {
        #expect(WebDriverAgentJSONParser.xcuiType(uiaType: "UIATableCell") == "Cell")
        #expect(WebDriverAgentJSONParser.xcuiType(uiaType: "UIACollectionCell") == "Cell")
        #expect(WebDriverAgentJSONParser.xcuiType(uiaType: "UIAElement") == "Other")
        #expect(WebDriverAgentJSONParser.xcuiType(uiaType: "UIASecureTextField") == "SecureTextField")
    }

    @Test("a wrapper with neither a node nor a tree is not taken for this format")
    func notLegacy() throws {
        #expect(!WebDriverAgentJSONParser.recognises(try JSONDocument.parse(#"{"value": {"tree": {"hello": 1}}}"#, file: "x.json")))
        #expect(WebDriverAgentJSONParser.recognises(try JSONDocument.parse(Self.legacy, file: "x.json")))
    }
}
