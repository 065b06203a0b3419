import Foundation
import Testing
@testable import EarshotCore

/// The screen file format: what it accepts, and errors that name file, line and column.
@Suite("Screen files parse with errors that point into the file")
struct ScreenFileTests {
    func parseError(_ text: String) -> DataFileError? {
        #expect(throws: DataFileError.self) { try ScreenFile.parse(text, file: "screen.json") }
    }

    @Test("an unknown element key names its line and column and the nearest valid key")
    func unknownKey() {
        let error = parseError("{\"elements\": [\n  {\"id\": \"a\", \"lable\": \"x\"}\n]}")
        #expect(error?.description == "screen.json:2:15: error: unknown key \"lable\"; did you mean \"label\"?")
        #expect(error?.category == .badData)
    }

    @Test("an unknown trait names its place and suggests the nearest valid trait")
    func unknownTrait() {
        let error = parseError("{\"elements\": [\n  {\"id\": \"a\", \"kind\": \"button\",\n   \"traits\": [\"isButon\"]}\n]}")
        #expect(error?.description == "screen.json:3:15: error: unknown trait \"isButon\"; did you mean \"isButton\"?")
    }

    @Test("a duplicate id names its place and where the id was first used")
    func duplicateID() {
        let text = """
        {"elements": [
          {"id": "card", "children": [
            {"id": "card", "kind": "label", "text": "x"}
          ]}
        ]}
        """
        let error = parseError(text)
        #expect(error?.description == "screen.json:3:12: error: duplicate id \"card\" (first used at line 2, column 10)")
    }

    @Test("a value of the wrong type says what was expected and what was found")
    func wrongType() {
        let error = parseError("{\"elements\": [{\"id\": \"a\", \"hidden\": \"yes\"}]}")
        #expect(error?.description == "screen.json:1:37: error: expected true or false, found a string")
        let frame = parseError("{\"elements\": [{\"id\": \"a\", \"frame\": [0, 0, 10]}]}")
        #expect(frame?.message == "a frame is [x, y, width, height] (4 numbers), found 3 items")
        #expect(frame?.location.column == 36)
    }

    @Test("malformed JSON reports the line and column of the fault")
    func malformedJSON() {
        let error = parseError("{\"elements\": [\n  {\"id\": \"a\",}\n]}")
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 14)
        #expect(error?.message == "expected a quoted key")
    }

    @Test("an unknown kind or grouping suggests the nearest valid one")
    func unknownKindAndGrouping() {
        let kind = parseError(#"{"elements": [{"id": "a", "kind": "buton"}]}"#)
        #expect(kind?.message.hasPrefix("unknown kind \"buton\"; did you mean \"button\"?") == true)
        let grouping = parseError(#"{"elements": [{"id": "a", "grouping": "combined"}]}"#)
        #expect(grouping?.message.hasPrefix("unknown grouping \"combined\"; did you mean \"combine\"?") == true)
    }

    @Test("an explicit order may only name the container's own descendants")
    func explicitOrderMustNameDescendants() {
        let error = parseError("""
        {"elements": [
          {"id": "box", "accessibilityElements": ["inside", "outsde"], "children": [{"id": "inside", "kind": "label", "text": "a"}]},
          {"id": "outside", "kind": "label", "text": "b"}
        ]}
        """)
        #expect(error?.message == "accessibilityElements of \"box\" names \"outsde\", which is not inside it")
        #expect(error?.location.line == 2)
    }

    @Test("an adjustable index outside its values is an error naming the valid range")
    func adjustableIndexRange() {
        let error = parseError(#"{"elements": [{"id": "s", "adjustable": {"values": ["a", "b"], "index": 2}}]}"#)
        #expect(error?.message == "index 2 is out of range: 2 values, valid 0 to 1")
    }

    @Test("UIKit and SwiftUI trait spellings mean the same traits")
    func traitSpellings() throws {
        let screen = try ScreenFile.parse("""
        {"elements": [
          {"id": "a", "kind": "label", "text": "a", "traits": ["button", "selected", "notEnabled", "header"]},
          {"id": "b", "kind": "label", "text": "b", "traits": ["isButton", "isSelected", "disabled", "isHeader"]}
        ]}
        """, file: "s.json")
        let stops = FocusOrder(screen: screen).stops
        #expect(stops[0].traits == stops[1].traits)
        #expect(stops[0].traits.contains(.notEnabled))
    }

    @Test("a file's top level gives the screen name, direction and language")
    func topLevel() throws {
        let screen = try ScreenFile.parse(#"{"screen": "설정", "layoutDirection": "rtl", "language": "ar", "elements": []}"#,
                                          file: "x/settings.json")
        #expect(screen.name == "설정")
        #expect(screen.layoutDirection == .rtl)
        #expect(screen.language == "ar")
        let unnamed = try ScreenFile.parse(#"{"elements": []}"#, file: "x/settings.json")
        #expect(unnamed.name == "settings")
    }

    @Test("the annotated example in docs/screen-format.md parses and reads as the document says")
    func documentedExampleParses() throws {
        let doc = try String(contentsOf: ScreenTestSupport.repositoryRoot.appendingPathComponent("docs/screen-format.md"),
                             encoding: .utf8)
        let blocks = doc.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let example = try #require(blocks.first)
        let screen = try ScreenFile.parse(example, file: "docs/screen-format.md")
        let readBlock = doc.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "```")[0]
        let report = ReadReport(screen: screen, generator: try ScreenTestSupport.generator())
        #expect(report.text == readBlock)
    }
}
