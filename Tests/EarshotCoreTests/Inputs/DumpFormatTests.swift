import Foundation
import Testing
@testable import EarshotCore

/// The three dump formats, recognised by content, and the edge cases of reading them.
@Suite("Dump formats and their edge cases")
struct DumpFormatTests {
    @Test("WebDriverAgent JSON and idb JSON built from the tools' documentation read as the equivalent page source")
    func formatsAgree() throws {
        let xml = try DumpTestSupport.load("keyboards.page-source.xml", in: DumpTestSupport.formats)
        let wda = try DumpTestSupport.load("keyboards.wda.json", in: DumpTestSupport.formats)
        let idb = try DumpTestSupport.load("keyboards.idb.json", in: DumpTestSupport.formats)
        #expect((xml.format, wda.format, idb.format) == (.wdaXML, .wdaJSON, .idbJSON))
        let expected = try DumpTestSupport.spoken(xml.screen)
        #expect(expected == ["General, 뒤로 버튼", "Keyboards, 머리말", "Search, 검색 필드", "Keyboards, 3, 버튼",
                             "ALL KEYBOARDS, 머리말", "Auto-Correction, 스위치 버튼, 끔", "About Dictation and Privacy… 링크"])
        #expect(try DumpTestSupport.spoken(wda.screen) == expected)
        #expect(try DumpTestSupport.spoken(idb.screen) == expected)
        #expect(wda.screen.name == "Settings" && idb.screen.name == "Settings")
    }

    @Test("page source with and without the AppiumAUT wrapper reads the same")
    func wrapper() throws {
        let inner = DumpTestSupport.pageSource(#"<XCUIElementTypeButton type="XCUIElementTypeButton" name="ok" label="확인" enabled="true" visible="true" x="10" y="100" width="80" height="40"/>"#)
        let bare = try DumpTestSupport.parse(inner)
        let wrapped = try DumpTestSupport.parse(inner.replacingOccurrences(of: "?>\n", with: "?>\n<AppiumAUT>") + "</AppiumAUT>")
        #expect(try DumpTestSupport.spoken(bare.screen) == ["확인, 버튼"])
        #expect(try DumpTestSupport.spoken(wrapped.screen) == ["확인, 버튼"])
        #expect(bare.screen.node("ok") != nil, "a name unlike the label is the identifier, used as the id")
    }

    @Test("the status bar is left out with a note; an alert's window is modal")
    func statusBarAndAlert() throws {
        let xml = """
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" enabled="true" visible="true" x="0" y="0" width="390" height="844">
          <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
            <XCUIElementTypeButton type="XCUIElementTypeButton" name="삭제" label="삭제" enabled="true" visible="true" x="10" y="100" width="80" height="40"/>
          </XCUIElementTypeWindow>
          <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
            <XCUIElementTypeAlert type="XCUIElementTypeAlert" name="삭제할까요?" label="삭제할까요?" enabled="true" visible="true" x="60" y="350" width="270" height="150">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="삭제할까요?" label="삭제할까요?" value="삭제할까요?" enabled="true" visible="true" x="80" y="370" width="230" height="22"/>
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="취소" label="취소" enabled="true" visible="true" x="60" y="450" width="135" height="44"/>
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="확인" label="확인" enabled="true" visible="true" x="195" y="450" width="135" height="44"/>
            </XCUIElementTypeAlert>
          </XCUIElementTypeWindow>
          <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
            <XCUIElementTypeStatusBar type="XCUIElementTypeStatusBar" enabled="true" visible="true" x="0" y="0" width="390" height="47">
              <XCUIElementTypeOther type="XCUIElementTypeOther" name="9:41" label="9:41" enabled="true" visible="true" x="20" y="10" width="50" height="20"/>
            </XCUIElementTypeStatusBar>
          </XCUIElementTypeWindow>
        </XCUIElementTypeApplication>
        """
        let loaded = try DumpTestSupport.parse(xml)
        #expect(try DumpTestSupport.spoken(loaded.screen) == ["삭제할까요?", "취소, 버튼", "확인, 버튼"])
        #expect(loaded.notes.contains { $0.hasPrefix("the status bar (2 nodes) is not in the swipe order") })
    }

    @Test("a text field reads its placeholder when empty; a text repeating its label is read once; a selected button")
    func valuesAndPlaceholders() throws {
        let xml = DumpTestSupport.pageSource("""
            <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="이메일 주소" label="" enabled="true" visible="true" x="16" y="100" width="358" height="40" placeholderValue="이메일 주소"/>
            <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="kim@example.com" label="이메일" enabled="true" visible="true" x="16" y="150" width="358" height="40" placeholderValue="이메일 주소"/>
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="안내" name="안내" label="안내" enabled="true" visible="true" x="16" y="200" width="100" height="20"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" value="1" name="찜하기" label="찜하기" enabled="true" visible="true" x="16" y="250" width="60" height="40"/>
        """)
        #expect(try DumpTestSupport.spoken(try DumpTestSupport.parse(xml).screen)
                == ["이메일 주소, 텍스트 필드", "이메일, kim@example.com, 텍스트 필드", "안내", "찜하기, 버튼, 선택됨"])
    }

    @Test("an unknown element type and an unknown trait are notes, not failures")
    func unknownNames() throws {
        let xml = DumpTestSupport.pageSource(#"""
            <XCUIElementTypeHologram type="XCUIElementTypeHologram" name="x" label="홀로그램" enabled="true" visible="true" accessible="true" x="0" y="100" width="50" height="50" traits="Button, Sparkly"/>
        """#)
        let loaded = try DumpTestSupport.parse(xml)
        #expect(try DumpTestSupport.spoken(loaded.screen) == ["홀로그램, 버튼"])
        #expect(loaded.notes.contains("unknown element type \"Hologram\"; read as Other"))
        #expect(loaded.notes.contains("unknown trait \"Sparkly\"; ignored"))
    }

    @Test("malformed XML is told in words at the line and column where the fault starts", arguments: [
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=\"a\">\n</XCUIElementTypeApplication>", 3, 1,
         "the end tag </XCUIElementTypeApplication> does not match the open element <XCUIElementTypeButton> from line 2, column 3"),
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=a/>\n</XCUIElementTypeApplication>", 2, 32,
         "the value of the attribute label is not in quotes"),
        ("<XCUIElementTypeApplication>\n\n  <XCUIElementTypeButton label=\"Q&A\"/>\n</XCUIElementTypeApplication>", 3, 34,
         "'&' that does not start an entity reference (escape it as &amp;)"),
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=\"&nbsp;\"/>\n</XCUIElementTypeApplication>", 2, 33,
         "an undeclared entity &nbsp;"),
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=\"a<b\"/>\n</XCUIElementTypeApplication>", 2, 34,
         "'<' inside the value of the attribute label"),
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=\"a\" label=\"b\"/>\n</XCUIElementTypeApplication>", 2, 36,
         "the attribute label is given twice"),
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=\"never closed/>\n", 3, 1,
         "the value of the attribute label from line 2, column 32 is not closed"),
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=\"a\">\n", 3, 1,
         "the element <XCUIElementTypeButton> from line 2, column 3 is not closed at the end of the file"),
        ("<XCUIElementTypeApplication/>\n<XCUIElementTypeApplication/>", 2, 1, "a second root element"),
        ("<XCUIElementTypeApplication/>\ntrailing words", 2, 1, "text after the end of the document"),
        ("<XCUIElementTypeApplication>\n  <!-- a comment never closed\n</XCUIElementTypeApplication>", 3, 30,
         "a comment from line 2, column 3 is not closed"),
        ("<XCUIElementTypeApplication>\n  <XCUIElementTypeButton label=\"a\"label=\"b\"/>\n</XCUIElementTypeApplication>", 2, 35,
         "a space is missing before an attribute"),
        ("<XCUIElementTypeApplication>\n  < XCUIElementTypeButton/>\n</XCUIElementTypeApplication>", 2, 4,
         "an element name (after '<') is missing (found ' ')"),
    ])
    func malformedXML(text: String, line: Int, column: Int, words: String) throws {
        let error = try #require(throws: DataFileError.self) { try DumpTestSupport.parse(text, file: "bad.xml") }
        #expect((error.location.line, error.location.column) == (line, column), "\(error)")
        #expect(error.message.contains(words), "\(error)")
        #expect(error.message.hasPrefix("malformed XML: "), "\(error)")
        #expect(!error.message.contains("error "), "no parser error number: \(error)")
    }

    @Test("a DOCTYPE (and so any entity declaration, internal or external) is refused before anything is read")
    func doctypeRefused() throws {
        for doctype in ["<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>",
                        "<!DOCTYPE x SYSTEM \"file:///etc/passwd\">", "<!DOCTYPE x [<!ENTITY e SYSTEM \"http://example.com/x\">]>"] {
            let text = "<?xml version=\"1.0\"?>\n\(doctype)\n<XCUIElementTypeApplication label=\"&b;\"/>"
            let error = try #require(throws: DataFileError.self) { try DumpTestSupport.parse(text, file: "x.xml", format: .wdaXML) }
            #expect(error.message.contains("a DOCTYPE or other declaration"), "\(error)")
            #expect((error.location.line, error.location.column) == (2, 1))
        }
    }

    @Test("references and white space in attribute values read as XML says")
    func attributeValues() throws {
        let xml = DumpTestSupport.pageSource(#"""
            <XCUIElementTypeButton type="XCUIElementTypeButton" label='Q&amp;A &lt;&#x1F600;&#65;&gt; &quot;x&quot;' enabled="true" visible="true" x="0" y="100" width="50" height="50"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" label="두
            줄	탭" enabled="true" visible="true" x="0" y="200" width="50" height="50"/>
        """#)
        #expect(try DumpTestSupport.spoken(try DumpTestSupport.parse(xml).screen) == ["Q&A <😀A> \"x\", 버튼", "두     줄 탭, 버튼"])
    }

    @Test("page source over libxml2's 10 MB limits reads: 40,000 rows (about 12 MB), and a 20 MB attribute")
    func largePageSource() throws {
        var rows = ""
        rows.reserveCapacity(13_000_000)
        for index in 0..<40_000 {
            rows += #"<XCUIElementTypeCell type="XCUIElementTypeCell" name="row-\#(index)" label="행 \#(index) 설명이 조금 긴 줄입니다" enabled="true" visible="true" accessible="true" x="0" y="\#(index * 44)" width="390" height="44" traits="Button"><XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="행 \#(index)" enabled="true" visible="true" x="0" y="\#(index * 44)" width="390" height="44"/></XCUIElementTypeCell>"# + "\n"
        }
        let xml = DumpTestSupport.pageSource(#"<XCUIElementTypeTable type="XCUIElementTypeTable" enabled="true" visible="true" x="0" y="0" width="390" height="844">"# + rows + "</XCUIElementTypeTable>")
        #expect(xml.utf8.count > 10_500_000)
        let loaded = try DumpTestSupport.parse(xml)
        #expect(FocusOrder(screen: loaded.screen).count == 40_000)
        let long = String(repeating: "가나다라마바사아자차", count: 700_000)  // 21 MB of UTF-8
        let one = DumpTestSupport.pageSource(#"<XCUIElementTypeButton type="XCUIElementTypeButton" label="\#(long)" enabled="true" visible="true" x="0" y="100" width="50" height="50"/>"#)
        let stops = FocusOrder(screen: try DumpTestSupport.parse(one).screen).stops
        #expect(stops.count == 1 && stops[0].label?.count == long.count)
    }

    @Test("malformed JSON and wrong shapes name the line and column")
    func malformedJSON() throws {
        let broken = try #require(throws: DataFileError.self) {
            try DumpTestSupport.parse("{\n  \"type\": \"Application\",\n  \"rect\": {\"x\": 0,, \"y\": 0}\n}", file: "bad.json")
        }
        #expect((broken.location.line, broken.location.column) == (3, 19), "\(broken)")
        let shape = try #require(throws: DataFileError.self) {
            try DumpTestSupport.parse("{\"type\": \"Application\", \"rect\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1},\n \"children\": [\n   {\"type\": \"Button\", \"isEnabled\": \"maybe\"}]}", file: "bad.json")
        }
        #expect((shape.location.line, shape.location.column) == (3, 36), "\(shape)")
    }

    @Test("a file that is no known dump says which formats were tried")
    func unknownFormat() throws {
        let error = try #require(throws: DataFileError.self) { try DumpTestSupport.parse(#"{"hello": 1}"#, file: "x.json") }
        for name in ["Earshot screen file", "WebDriverAgent JSON source", "idb ui describe-all JSON", "WebDriverAgent page source", "Android uiautomator XML", "--format"] {
            #expect(error.message.contains(name), "\(error)")
        }
        let html = try #require(throws: DataFileError.self) { try DumpTestSupport.parse("<html><body/></html>", file: "x.html") }
        #expect(html.message.contains("the root element is <html>"))
    }

    @Test("50,000 nodes and 60 levels read without trouble; nesting past the limit is an error, not a crash")
    func largeAndDeep() throws {
        var rows = ""
        for index in 0..<25_000 {
            rows += #"<XCUIElementTypeCell type="XCUIElementTypeCell" name="r\#(index)" label="행 \#(index)" enabled="true" visible="true" x="0" y="\#(index * 44)" width="390" height="44"><XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="행 \#(index)" enabled="true" visible="true" x="0" y="\#(index * 44)" width="390" height="44"/></XCUIElementTypeCell>"#
        }
        let big = try DumpTestSupport.parse(DumpTestSupport.pageSource(#"<XCUIElementTypeTable type="XCUIElementTypeTable" enabled="true" visible="true" x="0" y="0" width="390" height="844">\#(rows)</XCUIElementTypeTable>"#))
        #expect(FocusOrder(screen: big.screen).count == 25_000)

        func nested(_ depth: Int) -> String {
            let open = String(repeating: #"<XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="0" width="390" height="844">"#, count: depth)
            let close = String(repeating: "</XCUIElementTypeOther>", count: depth)
            return DumpTestSupport.pageSource(open + #"<XCUIElementTypeButton type="XCUIElementTypeButton" label="깊다" enabled="true" visible="true" x="0" y="0" width="10" height="10"/>"# + close)
        }
        #expect(try DumpTestSupport.spoken(try DumpTestSupport.parse(nested(60)).screen) == ["깊다, 버튼"])
        let tooDeep = try #require(throws: DataFileError.self) { try DumpTestSupport.parse(nested(300)) }
        #expect(tooDeep.message.contains("nested deeper than"), "\(tooDeep)")
    }

    @Test("idb's flat list gets its containers back from frames: tabs count n of m")
    func idbFlatTabs() throws {
        let json = """
        [{"type": "Application", "AXLabel": "앱", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "enabled": true},
         {"type": "StaticText", "AXLabel": "홈", "frame": {"x": 16, "y": 100, "width": 100, "height": 30}, "enabled": true, "traits": ["StaticText", "Header"]},
         {"type": "TabGroup", "AXLabel": null, "frame": {"x": 0, "y": 760, "width": 390, "height": 84}, "enabled": true},
         {"type": "Button", "subrole": "TabButton", "AXLabel": "홈", "AXValue": null, "frame": {"x": 0, "y": 760, "width": 195, "height": 50}, "enabled": true, "traits": ["Button", "Selected"]},
         {"type": "Button", "subrole": "TabButton", "AXLabel": "설정", "frame": {"x": 195, "y": 760, "width": 195, "height": 50}, "enabled": true, "help": "설정을 엽니다", "custom_actions": [], "traits": ["Button"]}]
        """
        let loaded = try DumpTestSupport.parse(json, file: "app.json")
        #expect(loaded.format == .idbJSON)
        #expect(try DumpTestSupport.spoken(loaded.screen) == ["홈, 머리말", "홈, 탭, 2개 중 1번째, 선택됨", "설정, 탭, 2개 중 2번째"])
        #expect(FocusOrder(screen: loaded.screen).stops.last?.hint == "설정을 엽니다", "idb's help is the hint")
    }
}
