import Foundation
import Testing
@testable import EarshotCore

/// Tables and lists on a saved tree, no browser: what NVDA says entering a table ("table with 3
/// rows and 3 columns", `getControlFieldSpeech` and `_rowAndColumnCountText` in speech.py at
/// 00235ec1), a cell's coordinates and headers when they change (`getPropertiesSpeech`), the
/// table navigation keys and their edge (`_tableMovementScriptHelper`, documentBase.py at
/// 059ee3ed), T (browseMode.py at 0057dd93), and a list item's marker (docs/web.md, section f).
@Suite("NVDA reads tables and list markers")
struct NVDATableTests {
    /// A paragraph, a table captioned "Deliveries" (a header row Day, Seoul, Busan; rows Monday
    /// and Tuesday with their row headers), a paragraph.
    static func page() throws -> Screen {
        func cell(_ id: String, _ role: String, _ text: String, dom: String? = nil) -> [WebPageTree.Node] {
            [.init(id: id, role: role, name: text, children: [id + "t"], domID: dom),
             .init(id: id + "t", role: "StaticText", name: text)]
        }
        var nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Deliveries", children: ["2", "3", "20"]),
            .init(id: "2", role: "paragraph", children: ["2t"]), .init(id: "2t", role: "StaticText", name: "Intro"),
            .init(id: "3", role: "table", name: "Deliveries", children: ["4", "5", "8"], tag: "table", domID: "deliveries"),
            .init(id: "4", role: "caption", children: ["4t"]), .init(id: "4t", role: "StaticText", name: "Deliveries"),
            .init(id: "5", role: "rowgroup", children: ["6"]),
            .init(id: "6", role: "row", children: ["h1", "h2", "h3"]),
            .init(id: "8", role: "rowgroup", children: ["9", "10"]),
            .init(id: "9", role: "row", children: ["r1", "c11", "c12"]),
            .init(id: "10", role: "row", children: ["r2", "c21", "c22"]),
            .init(id: "20", role: "paragraph", children: ["20t"]), .init(id: "20t", role: "StaticText", name: "After"),
        ]
        nodes += cell("h1", "columnheader", "Day") + cell("h2", "columnheader", "Seoul") + cell("h3", "columnheader", "Busan")
        nodes += cell("r1", "rowheader", "Monday") + cell("c11", "cell", "9:00", dom: "mon-seoul") + cell("c12", "cell", "14:00")
        nodes += cell("r2", "rowheader", "Tuesday") + cell("c21", "cell", "10:00") + cell("c22", "cell", "closed", dom: "tue-busan")
        let tree = WebPageTree(url: "file:///deliveries.html", title: "Deliveries", language: "en", viewport: (800, 600),
                               browser: nil, refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "deliveries")
    }

    static func reading(_ screen: Screen, voice: String = "en") throws -> (navigator: FocusNavigator, stops: [FocusStop]) {
        let profile = try ScreenTestSupport.profile(voice)
        let generator = try DescriptionGenerator(profile: profile, reader: try NVDA(profile: profile))
        let navigator = FocusNavigator(screen: screen, generator: generator)
        return (navigator, navigator.stops)
    }

    @Test("the grid: the table's size, each cell's row and column, its headers without itself")
    func grid() throws {
        let screen = try Self.page()
        let table = try #require(screen.node("deliveries")?.web)
        #expect(table.tableSize == WebTableSize(rows: 3, columns: 3))
        let cell = try #require(screen.node("mon-seoul")?.web?.tableCell)
        #expect(cell == WebTableCell(tableID: "deliveries", row: 2, column: 2, rowHeader: "Monday", columnHeader: "Seoul"))
        let header = try #require(screen.node("columnheader-2")?.web?.tableCell)
        #expect(header.columnHeader == nil && header.row == 1 && header.column == 2)
    }

    @Test("down arrow: the table's size on entering, then each cell's changed coordinates and headers, out of table on leaving")
    func browseMode() throws {
        var (navigator, _) = try Self.reading(try Self.page())
        var said: [String] = []
        for _ in 0..<12 { if let text = navigator.next().speech?.text { said.append(text) } }
        #expect(said == [
            "Intro",
            "table with 3 rows and 3 columns Deliveries",
            "row 1 column 1 Day",
            "column 2 Seoul",
            "column 3 Busan",
            "row 2 Day column 1 Monday",
            "Seoul column 2 9:00",
            "Busan column 3 14:00",
            "row 3 Day column 1 Tuesday",
            "Seoul column 2 10:00",
            "Busan column 3 closed",
            "out of table After",
        ], "\(said)")
    }

    @Test("control+alt+arrows: only the coordinate that changed with its header; Edge of table at the edge, focus staying")
    func tableKeys() throws {
        var (navigator, _) = try Self.reading(try Self.page())
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "9:00" }?.id))
        #expect(navigator.moveInTable(.nextColumn).speech?.text == "Busan column 3 14:00")
        #expect(navigator.moveInTable(.nextRow).speech?.text == "Tuesday row 3 closed")
        // At the edge NVDA says so, then reads the cell it stays in again (`_tableFindNewCell`,
        // `_tableMovementScriptHelper`).
        let edge = navigator.moveInTable(.nextRow)
        #expect(edge.isBoundary && edge.speech?.text == "Edge of table closed")
        #expect(navigator.focusedStop?.label == "closed")
        #expect(navigator.moveInTable(.nextColumn).speech?.text == "Edge of table closed")
        #expect(navigator.moveInTable(.previousColumn).speech?.text == "Seoul column 2 10:00")
        #expect(navigator.moveInTable(.previousRow).speech?.text == "Monday row 2 9:00")
        #expect(navigator.moveInTable(.previousRow).speech?.text == "row 1 Seoul")
        #expect(navigator.moveInTable(.previousRow).speech?.text == "Edge of table Seoul")
    }

    @Test("outside a table the keys say Not in a table cell")
    func notInTable() throws {
        var (navigator, _) = try Self.reading(try Self.page())
        _ = navigator.next()
        let refused = navigator.moveInTable(.nextColumn)
        #expect(refused.isBoundary && refused.speech?.text == "Not in a table cell")
    }

    @Test("T: the table's name, role and size, then its first line; no next table past the last")
    func quickNavigation() throws {
        var (navigator, _) = try Self.reading(try Self.page())
        #expect(navigator.jump(to: .table, forward: true).speech?.text == "Deliveries table with 3 rows and 3 columns Deliveries")
        let none = navigator.jump(to: .table, forward: true)
        #expect(none.isBoundary && none.speech?.text == "no next table")
        #expect(navigator.jump(to: .table, forward: false).speech?.text == "no previous table")
    }

    @Test("Korean: the size, the cell coordinates, the edge and T in NVDA's Korean words (nvda.po at ecee988e)")
    func korean() throws {
        var (navigator, _) = try Self.reading(try Self.page(), voice: "ko")
        _ = navigator.next()
        let refused = navigator.moveInTable(.nextColumn)
        #expect(refused.isBoundary && refused.speech?.text == "표 셀이 아님")
        #expect(navigator.jump(to: .table, forward: true).speech?.text == "Deliveries 표 행 3개, 열 3개 Deliveries")
        #expect(navigator.jump(to: .table, forward: true).speech?.text == "다음 표 없음")
        #expect(navigator.jump(to: .table, forward: false).speech?.text == "이전 표 없음")
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "9:00" }?.id))
        #expect(navigator.moveInTable(.nextRow).speech?.text == "Tuesday 3행 10:00")
        #expect(navigator.moveInTable(.nextRow).speech?.text == "표 가장자리 10:00")
    }

    /// A table of shifts whose cells span (`spans.html` of the web fixtures, as its tree is
    /// saved): a header row Day, Morning, Afternoon, Evening; Monday a row header of two rows;
    /// Ana two columns, Ben; Cho, Dee two rows and two columns; Friday, Eve.
    static func spans() throws -> Screen {
        func cell(_ id: String, _ role: String, _ text: String, rows: Int = 1, columns: Int = 1) -> [WebPageTree.Node] {
            var properties: [String: WebProperty] = [:]
            if rows != 1 { properties["domRowSpan"] = .number(Double(rows)) }
            if columns != 1 { properties["domColSpan"] = .number(Double(columns)) }
            return [.init(id: id, role: role, name: text, properties: properties, children: [id + "t"], tag: role == "cell" ? "td" : "th",
                          domID: id),
                    .init(id: id + "t", role: "StaticText", name: text)]
        }
        var nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Shifts", children: ["3", "20"]),
            .init(id: "3", role: "table", name: "Shifts", children: ["4", "5", "6", "7", "8"], tag: "table", domID: "shifts"),
            .init(id: "4", role: "caption", children: ["4t"]), .init(id: "4t", role: "StaticText", name: "Shifts"),
            .init(id: "5", role: "row", children: ["day", "morning", "afternoon", "evening"]),
            .init(id: "6", role: "row", children: ["monday", "ana", "ben"]),
            .init(id: "7", role: "row", children: ["cho", "dee"]),
            .init(id: "8", role: "row", children: ["friday", "eve"]),
            .init(id: "20", role: "paragraph", children: ["20t"]), .init(id: "20t", role: "StaticText", name: "After"),
        ]
        nodes += cell("day", "columnheader", "Day") + cell("morning", "columnheader", "Morning")
            + cell("afternoon", "columnheader", "Afternoon") + cell("evening", "columnheader", "Evening")
        nodes += cell("monday", "rowheader", "Monday", rows: 2) + cell("ana", "cell", "Ana", columns: 2) + cell("ben", "cell", "Ben")
        nodes += cell("cho", "cell", "Cho") + cell("dee", "cell", "Dee", rows: 2, columns: 2)
        nodes += cell("friday", "rowheader", "Friday") + cell("eve", "cell", "Eve")
        let tree = WebPageTree(url: "file:///spans.html", title: "Shifts", language: "en", viewport: (800, 600),
                               browser: nil, refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "spans")
    }

    @Test("cells that span: each placed as HTML places it, with its spans, its headers those of its first row and column")
    func spanGrid() throws {
        let screen = try Self.spans()
        #expect(screen.node("shifts")?.web?.tableSize == WebTableSize(rows: 4, columns: 4))
        func cell(_ id: String) -> WebTableCell? { screen.node(id)?.web?.tableCell }
        #expect(cell("monday") == WebTableCell(tableID: "shifts", row: 2, column: 1, rowSpan: 2, columnHeader: "Day"))
        #expect(cell("ana") == WebTableCell(tableID: "shifts", row: 2, column: 2, columnSpan: 2, rowHeader: "Monday", columnHeader: "Morning"))
        #expect(cell("ben") == WebTableCell(tableID: "shifts", row: 2, column: 4, rowHeader: "Monday", columnHeader: "Evening"))
        // Row 3 begins in column 2: Monday spans into its first.
        #expect(cell("cho") == WebTableCell(tableID: "shifts", row: 3, column: 2, rowHeader: "Monday", columnHeader: "Morning"))
        #expect(cell("dee") == WebTableCell(tableID: "shifts", row: 3, column: 3, rowSpan: 2, columnSpan: 2, rowHeader: "Monday",
                                            columnHeader: "Afternoon"))
        #expect(cell("eve") == WebTableCell(tableID: "shifts", row: 4, column: 2, rowHeader: "Friday", columnHeader: "Morning"))
    }

    @Test("down arrow through cells that span: a row or column said again when its span changed, through its last one, and through row and column for a cell spanning both")
    func spanSpeech() throws {
        var (navigator, _) = try Self.reading(try Self.spans())
        var said: [String] = []
        for _ in 0..<13 { if let text = navigator.next().speech?.text { said.append(text) } }
        #expect(said == [
            "table with 4 rows and 4 columns Shifts",
            "row 1 column 1 Day",
            "column 2 Morning",
            "column 3 Afternoon",
            "column 4 Evening",
            "row 2 through 3 Day column 1 Monday",
            "Monday row 2 Morning column 2 through 3 Ana",
            "Evening column 4 Ben",
            "Monday row 3 Morning column 2 Cho",
            "Monday row 3 Afternoon column 3 through row 4 column 4 Dee",
            "row 4 Day column 1 Friday",
            "Morning column 2 Eve",
            "out of table After",
        ], "\(said)")
    }

    @Test("control+alt+arrows over cells that span: past a span's end, into a cell covering the place, the row or column a run of moves keeps, and Edge of table where NVDA finds no cell")
    func spanKeys() throws {
        var (navigator, _) = try Self.reading(try Self.spans())
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "Day" }?.id))
        func move(_ direction: TableDirection) -> String? { navigator.moveInTable(direction).speech?.text }
        #expect(move(.nextRow) == "row 2 through 3 Monday")
        #expect(move(.nextColumn) == "Monday row 2 Morning column 2 through 3 Ana")
        // Past Ana's two columns.
        #expect(move(.nextColumn) == "Evening column 4 Ben")
        // Row 3, column 4 is Dee's, which starts in column 3.
        #expect(move(.nextRow) == "Monday row 3 Afternoon column 3 through row 4 column 4 Dee")
        #expect(move(.nextRow) == "Edge of table Dee")
        // Up from Dee in the column the run came down: Ben's, not Ana's (`_TableSelection`).
        #expect(move(.previousRow) == "Monday row 2 Evening column 4 Ben")
        #expect(move(.previousColumn) == "Morning column 2 through 3 Ana")
        #expect(move(.previousColumn) == "row 2 through 3 Day column 1 Monday")
        // Down past Monday's two rows.
        #expect(move(.nextRow) == "row 4 Friday")
        #expect(move(.nextRow) == "Edge of table Friday")
        #expect(move(.nextColumn) == "Morning column 2 Eve")
        // Row 4, column 3 is Dee's, from row 3: NVDA's search forward finds no cell there.
        #expect(move(.nextColumn) == "Edge of table Eve")
        // Left from Cho into Monday's second row.
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "Cho" }?.id))
        #expect(move(.previousColumn) == "row 2 through 3 Day column 1 Monday")
    }

    @Test("Korean: a span's words from NVDA's Korean catalogue (nvda.po at ecee988e)")
    func spanKorean() throws {
        var (navigator, _) = try Self.reading(try Self.spans(), voice: "ko")
        _ = navigator.focus(try #require(navigator.stops.first { $0.label == "Day" }?.id))
        #expect(navigator.moveInTable(.nextRow).speech?.text == "2행 3행까지 Monday")
        #expect(navigator.moveInTable(.nextColumn).speech?.text == "Monday 2행 Morning 2열 3열까지 Ana")
        #expect(navigator.moveInTable(.nextColumn).speech?.text == "Evening 4열 Ben")
        #expect(navigator.moveInTable(.nextRow).speech?.text == "Monday 3행 Afternoon 3열 4행 4열 까지 Dee")
    }

    /// A list of two items, the second a link, as Chromium gives it: each item's marker a
    /// `ListMarker` before its content.
    static func list() throws -> Screen {
        let nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "List", children: ["2"]),
            .init(id: "2", role: "list", children: ["3", "4"], tag: "ul"),
            .init(id: "3", role: "listitem", children: ["3m", "3t"], tag: "li"),
            .init(id: "3m", role: "ListMarker", name: "• ", tag: "::marker"),
            .init(id: "3t", role: "StaticText", name: "Apple"),
            .init(id: "4", role: "listitem", children: ["4m", "4a"], tag: "li"),
            .init(id: "4m", role: "ListMarker", name: "• ", tag: "::marker"),
            .init(id: "4a", role: "link", name: "Pears", properties: ["focusable": .bool(true)], children: ["4t"]),
            .init(id: "4t", role: "StaticText", name: "Pears"),
        ]
        let tree = WebPageTree(url: "file:///list.html", title: "List", language: "en", viewport: (800, 600), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "list")
    }

    @Test("a list item's marker starts its line: the bullet before the text and before a link")
    func listMarkers() throws {
        var (navigator, stops) = try Self.reading(try Self.list())
        #expect(stops.count == 2)
        #expect(navigator.next().speech?.text == "list with 2 items • Apple")
        #expect(navigator.next().speech?.text == "• link Pears")
    }
}
