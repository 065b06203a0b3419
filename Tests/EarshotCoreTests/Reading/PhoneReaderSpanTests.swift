import Foundation
import Testing
@testable import EarshotCore

/// Cells spanning rows and columns under the phone readers, on saved trees with no browser
/// (docs/mobile-web.md, "Cells that span under the phone readers"): VoiceOver says a cell's
/// spans before its place (its first row and column), TalkBack takes no spanning cell for a
/// header and says no row (column) of a cell spanning them all; later cells keep the places
/// HTML gives them, headers are those of a cell's first row and column.
@Suite("The phone readers read cells that span rows and columns")
struct PhoneReaderSpanTests {
    /// Each stop's words on a swipe from the stop before, under `reader`, by the stop's id.
    static func said(_ screen: Screen, reader: String, voice: String) throws -> [String: String] {
        let profile = try ScreenTestSupport.profile(voice)
        let phone: any ScreenReader = reader == "talkback" ? try TalkBack(profile: profile) : try VoiceOver(profile: profile)
        let generator = try DescriptionGenerator(profile: profile, reader: phone)
        var said: [String: String] = [:]
        var previous: FocusStop?
        for stop in phone.stops(of: screen) {
            said[stop.id] = generator.describe(stop, after: previous).text
            previous = stop
        }
        return said
    }

    /// A rota: a header Day and one, Shift, spanning two columns; Monday's row; a cell spanning
    /// the whole third row; Wednesday's row (`Tests/Fixtures/web/spans-wide.html`, as saved).
    static func rota() throws -> Screen {
        func cell(_ id: String, _ role: String, _ text: String, columns: Int = 1) -> [WebPageTree.Node] {
            let properties: [String: WebProperty] = columns == 1 ? [:] : ["domColSpan": .number(Double(columns))]
            return [.init(id: id, role: role, name: text, properties: properties, children: [id + "t"], tag: role == "cell" ? "td" : "th",
                          domID: id),
                    .init(id: id + "t", role: "StaticText", name: text)]
        }
        var nodes: [WebPageTree.Node] = [
            .init(id: "1", role: "RootWebArea", name: "Rota", children: ["rota"]),
            .init(id: "rota", role: "table", name: "Rota", children: ["r1", "r2", "r3", "r4"], tag: "table", domID: "rota"),
            .init(id: "r1", role: "row", children: ["day", "shift"]),
            .init(id: "r2", role: "row", children: ["monday", "ana", "ben"]),
            .init(id: "r3", role: "row", children: ["closed"]),
            .init(id: "r4", role: "row", children: ["wednesday", "cho", "dee"]),
        ]
        nodes += cell("day", "columnheader", "Day") + cell("shift", "columnheader", "Shift", columns: 2)
        nodes += cell("monday", "rowheader", "Monday") + cell("ana", "cell", "Ana") + cell("ben", "cell", "Ben")
        nodes += cell("closed", "cell", "Closed Tuesday", columns: 3)
        nodes += cell("wednesday", "rowheader", "Wednesday") + cell("cho", "cell", "Cho") + cell("dee", "cell", "Dee")
        let tree = WebPageTree(url: "file:///spans-wide.html", title: "Rota", language: "en", viewport: (412, 915), browser: nil,
                               refused: [], nodes: nodes)
        return try WebPageInterpreter.screen(from: tree, defaultName: "rota")
    }

    @Test("VoiceOver, English: a spanning cell says its spans before its first row and column, with the header over its first column; later cells keep HTML's places")
    func voiceOverEnglish() throws {
        let shifts = try Self.said(try NVDATableTests.spans(), reader: "voiceover", voice: "en")
        #expect(shifts["monday"] == "Day, Monday, row header, spans 2 rows, row 2, column 1")
        #expect(shifts["ana"] == "Morning, Ana, spans 2 columns, row 2, column 2")
        #expect(shifts["ben"] == "Evening, Ben, row 2, column 4")
        #expect(shifts["cho"] == "Morning, Cho, row 3, column 2")
        #expect(shifts["dee"] == "Afternoon, Dee, spans 2 rows, spans 2 columns, row 3, column 3")
        let rota = try Self.said(try Self.rota(), reader: "voiceover", voice: "en")
        #expect(rota["shift"]?.hasPrefix("Shift, column header, spans 2 columns, row 1, column 2") == true, "\(rota)")
        #expect(rota["closed"] == "Day, Closed Tuesday, spans 3 columns, row 3, column 1")
        // A cell under the spanning header has it for its column's header, in either column.
        #expect(rota["ben"] == "Shift, Ben, row 2, column 3")
    }

    @Test("VoiceOver, Korean: the span words of the Korean profile (Earshot's choice)")
    func voiceOverKorean() throws {
        let shifts = try Self.said(try NVDATableTests.spans(), reader: "voiceover", voice: "ko")
        #expect(shifts["dee"] == "Afternoon, Dee, 행 2개에 걸침, 열 2개에 걸침, 3행, 3열")
        let rota = try Self.said(try Self.rota(), reader: "voiceover", voice: "ko")
        #expect(rota["closed"] == "Day, Closed Tuesday, 열 3개에 걸침, 3행, 1열")
    }

    @Test("TalkBack, English: a header spanning rows or columns heads nothing, so the cells beside or under it say their row or column; a cell spanning every column says no column")
    func talkBackEnglish() throws {
        let shifts = try Self.said(try NVDATableTests.spans(), reader: "talkback", voice: "en")
        // Monday spans two rows: no row header (getTableHeadingType), so it says its own row.
        #expect(shifts["monday"] == "Monday, row header, Row 2, Day", "\(shifts)")
        // Cho's row has no header now: "Row 3", not "Monday".
        #expect(shifts["cho"] == "Cho, Row 3, Morning", "\(shifts)")
        let rota = try Self.said(try Self.rota(), reader: "talkback", voice: "en")
        #expect(rota["shift"] == "Shift, column header, Column 2", "\(rota)")
        #expect(rota["ana"] == "Ana, Column 2", "\(rota)")
        #expect(rota["ben"] == "Ben, Column 3", "\(rota)")
        #expect(rota["closed"] == "Closed Tuesday, Row 3", "\(rota)")
        #expect(rota["cho"] == "Cho, Column 2", "\(rota)")
    }

    @Test("TalkBack, Korean: the same rules with TalkBack's Korean row and column words")
    func talkBackKorean() throws {
        let rota = try Self.said(try Self.rota(), reader: "talkback", voice: "ko")
        #expect(rota["ana"] == "Ana, 2열", "\(rota)")
        #expect(rota["closed"] == "Closed Tuesday, 3행", "\(rota)")
    }

    @Test("TalkBack's index rule: none for an item spanning the whole collection, else its own")
    func indexRule() {
        #expect(CollectionPlace.index(0, span: 3, of: 3) == nil)
        #expect(CollectionPlace.index(2, span: 1, of: 3) == 2)
        #expect(CollectionPlace.index(nil, span: 1, of: 3) == nil)
        #expect(CollectionPlace.index(1, span: 2, of: nil) == 1)
    }
}
