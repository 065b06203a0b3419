import Foundation
import Testing
@testable import EarshotCore

/// Work per input size for the costs that once grew with the square of the input: `compare`'s
/// alignment, and the unique ids of many elements with one label. Counted, not timed (the
/// times are earshot-bench's: docs/compare.md, docs/import.md).
@Suite("Alignment and id costs grow linearly", .serialized)
struct IdAndAlignmentCostTests {
    /// `count` stops "항목 N" and a capture that says every tenth differently.
    static func comparison(_ count: Int, differing every: Int = 10) -> CaptureComparison {
        let stops = (0..<count).map { EarshotUtterance(id: "b\($0)", text: "항목 \($0), 버튼") }
        let heard = (0..<count).map { $0 % every == 0 ? "다른 말 \($0)" : "항목 \($0) 버튼" }
        return CaptureComparison(capture: ScreenReaderCapture(utterances: heard), stops: stops)
    }

    @Test("compare fills an edit table that grows with the lines, not with their square")
    func compareCells() {
        var cells: [Int: Int] = [:]
        for count in [1000, 4000] {
            CaptureComparison.cellsFilled = 0
            let comparison = Self.comparison(count)
            cells[count] = CaptureComparison.cellsFilled
            #expect(comparison.agreed == count - count / 10)
            #expect(comparison.lines.filter { $0.verdict == .differ }.count == count / 10)
        }
        // A full table would be 1,002,001 and 16,008,001 cells.
        #expect(cells[1000]! <= 10 * 1000, "\(cells)")
        #expect(cells[4000]! <= 4 * cells[1000]! + 100, "\(cells)")
    }

    @Test("compare with no line in common pairs in order within a bounded table")
    func compareNothingInCommon() {
        var cells: [Int: Int] = [:]
        for count in [1000, 4000] {
            CaptureComparison.cellsFilled = 0
            let comparison = Self.comparison(count, differing: 1)
            cells[count] = CaptureComparison.cellsFilled
            #expect(comparison.agreed == 0)
            #expect(comparison.compared == count)
        }
        #expect(cells[4000]! <= 4 * CaptureComparison.tableLimit, "\(cells)")
    }

    @Test("one 200 KB line among 1,000 stops is normalized once")
    func compareLongLine() {
        let stops = (0..<1000).map { EarshotUtterance(id: "b\($0)", text: "항목 \($0), 버튼") }
        var heard = (0..<1000).map { "항목 \($0) 버튼" }
        heard[500] = String(repeating: "가나다라 ", count: 40_000)
        let comparison = CaptureComparison(capture: ScreenReaderCapture(utterances: heard), stops: stops)
        #expect(comparison.agreed == 999)
        #expect(comparison.lines.filter { $0.verdict == .differ }.map(\.stop) == [501])
    }

    /// A uiautomator dump of `count` buttons all labelled "Same".
    static func sameLabelDump(_ count: Int) -> Data {
        var xml = #"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" clickable="false" enabled="true" focusable="false" bounds="[0,0][1080,2400]">"#
        for index in 0..<count {
            xml += #"<node index="\#(index)" text="Same" resource-id="" class="android.widget.Button" package="p" content-desc="" clickable="true" enabled="true" focusable="true" bounds="[0,\#(index % 2000)][1080,\#(index % 2000 + 1)]" />"#
        }
        return Data((xml + "</node></hierarchy>").utf8)
    }

    @Test("ids of many Android views with one label take at most two look-ups each (a search from -2 took N²/2)")
    func androidSameLabel() throws {
        for count in [1000, 4000] {
            let dump = try UiAutomatorXMLParser.read(Self.sameLabelDump(count), file: "same.xml")
            var builder = AndroidScreenBuilder()
            let screen = try builder.screen(from: dump, defaultName: "same")
            #expect(screen.nodeCount == count + 1)
            #expect(builder.idLocations["button-Same-\(count)"] != nil)
            #expect(builder.idProbes <= 2 * (count + 1), "\(builder.idProbes) look-ups for \(count + 1) views")
        }
    }

    @Test("ids of many iOS elements with one label take at most two look-ups each, and a taken suffix is still skipped")
    func iosSameLabel() throws {
        for count in [1000, 4000] {
            var xml = #"<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" enabled="true" visible="true" x="0" y="0" width="390" height="844"><XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">"#
            // An element whose own identifier is what the third "Same" would get.
            xml += #"<XCUIElementTypeButton type="XCUIElementTypeButton" name="button-Same-3" label="Other" enabled="true" visible="true" x="0" y="0" width="10" height="1"/>"#
            for index in 0..<count {
                xml += #"<XCUIElementTypeButton type="XCUIElementTypeButton" label="Same" enabled="true" visible="true" x="\#(index % 300)" y="\#(index / 300 + 2)" width="10" height="1"/>"#
            }
            xml += "</XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>"
            let dump = try PageSourceXMLParser.read(Data(xml.utf8), file: "same.xml")
            var interpreter = DumpInterpreter()
            _ = try interpreter.screen(from: dump, defaultName: "same")
            let ids = Set(interpreter.idLocations.keys)
            #expect(ids.contains("button-Same") && ids.contains("button-Same-2") && ids.contains("button-Same-3") && ids.contains("button-Same-\(count + 1)"),
                    "\(ids.filter { $0.hasPrefix("button-Same") }.count) ids")
            #expect(interpreter.idProbes <= 2 * count + 10, "\(interpreter.idProbes) look-ups for \(count) elements")
        }
    }
}
