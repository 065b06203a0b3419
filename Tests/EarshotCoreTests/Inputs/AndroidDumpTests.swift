import Foundation
import Testing
@testable import EarshotCore

/// Android dumps (Appium UiAutomator2 page source, `uiautomator dump`) read into the screen
/// model: every view a node with what the dump said of it, in the dump's tree and order.
@Suite("Android dumps read into the screen model")
struct AndroidDumpTests {
    static let corpus = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/corpora/android-dumps")
    static let signIn = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/android/uiautomator-dump-signin.xml")

    /// Every dump of the corpus with its number of views, counted by Python's xml.dom.minidom
    /// (every element under `<hierarchy>`), not by Earshot.
    static let viewCounts: [String: Int] = [
        "android1": 62, "appisnotresponding": 12, "connecteddevicesscreen": 31, "dateandtime_en": 53,
        "dateandtime_ja": 51, "flowtest": 19, "languages": 29, "networkandinternetscreen": 56,
        "nodeforrootelementnotfound": 1, "playstoregamesscreen": 93, "relativecoordinatetest": 29,
        "relativecoordinatetest2": 31, "relativemisc_check": 5, "relativemisc_radio": 6, "relativetest": 30,
        "securityscreen2": 32, "settingstopscreen": 79, "specialdata": 4,
    ]

    static func load(_ name: String) throws -> LoadedScreen {
        try ScreenLoader.load(path: corpus.appendingPathComponent("uiautomator-\(name).xml").path)
    }

    static func parse(_ text: String, file: String = "inline.xml") throws -> LoadedScreen {
        try ScreenLoader.parse(Data(text.utf8), file: file)
    }

    static func allNodes(_ screen: Screen) -> [AccessibilityNode] {
        var nodes: [AccessibilityNode] = []
        func walk(_ node: AccessibilityNode) {
            nodes.append(node)
            node.children.forEach(walk)
        }
        screen.roots.forEach(walk)
        return nodes
    }

    @Test("the corpus holds every dump this suite names, and nothing else")
    func corpusIsComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".xml") }
        #expect(Set(files) == Set(Self.viewCounts.keys.map { "uiautomator-\($0).xml" }))
    }

    @Test("every dump of the corpus loads by content, one node per view, each with what the dump said of it",
          arguments: viewCounts.keys.sorted())
    func corpusLoads(name: String) throws {
        let loaded = try Self.load(name)
        #expect(loaded.format == .uiautomator)
        #expect(loaded.screen.nodeCount == Self.viewCounts[name])
        let nodes = Self.allNodes(loaded.screen)
        #expect(nodes.allSatisfy { $0.android != nil && !($0.android?.className.isEmpty ?? true) })
        #expect(loaded.idLocations.count == nodes.count)
        for node in nodes {
            let location = try #require(loaded.idLocations[node.id])
            #expect(location.file.hasSuffix("uiautomator-\(name).xml") && location.line > 2, "\(node.id)")
        }
        #expect(loaded.notes.count == 1)
        #expect(loaded.notes.first?.hasPrefix("what this Appium page source cannot tell: sizes in dp") == true)
    }

    @Test("Network & internet: the back button, the Wi-Fi switch and the Airplane mode switch, exactly")
    func networkAndInternet() throws {
        let loaded = try Self.load("networkandinternetscreen")
        let screen = loaded.screen
        let up = try #require(screen.node("imageButton-Navigate-up"))
        #expect(up.kind == .button)
        #expect(up.label == "Navigate up" && up.text == nil)
        #expect(up.frame == Frame(x: 0, y: 66, width: 154, height: 154))
        #expect(up.android == AndroidView(className: "android.widget.ImageButton", packageName: "com.android.settings",
                                          contentDescription: "Navigate up", isClickable: true, isFocusable: true))
        #expect(loaded.idLocations["imageButton-Navigate-up"] == SourceLocation(file: Self.corpus.appendingPathComponent("uiautomator-networkandinternetscreen.xml").path, line: 8, column: 13))

        let wifi = try #require(screen.node("switchWidget"))
        #expect(wifi.kind == .switch && wifi.isOn == true)
        #expect(wifi.text == "ON" && wifi.label == "Wi\u{2011}Fi")
        #expect(wifi.identifier == "com.android.settings:id/switchWidget")
        #expect(wifi.frame == Frame(x: 860, y: 220, width: 220, height: 200))
        #expect(wifi.android == AndroidView(className: "android.widget.Switch", packageName: "com.android.settings",
                                            resourceID: "com.android.settings:id/switchWidget", text: "ON",
                                            contentDescription: "Wi\u{2011}Fi", isFocusable: true, isCheckable: true,
                                            isChecked: true))
        #expect(loaded.idLocations["switchWidget"]?.line == 34 && loaded.idLocations["switchWidget"]?.column == 27)

        // The second switch's resource id is taken already: class and text.
        let airplane = try #require(screen.node("switch_widget"))
        #expect(airplane.isOn == false && airplane.text == "OFF")
        #expect(airplane.frame == Frame(x: 908, y: 656, width: 128, height: 74))
        #expect(screen.parentID(of: "switchWidget") != nil, "the tree is kept: the switch sits in its row")
    }

    @Test("the tree is the dump's: children in the dump's order, wrappers kept")
    func treeKept() throws {
        let screen = try Self.load("relativemisc_radio").screen
        #expect(screen.roots.map(\.id) == ["frame1"])
        #expect(screen.ancestry(of: "checkNoAnswer") == ["frame1", "includeGender", "radioGroupGender", "checkNoAnswer"])
        let group = try #require(screen.node("radioGroupGender"))
        #expect(group.children.map(\.id) == ["checkMale", "checkFemale", "checkNoAnswer"])
        #expect(group.kind == .view)
        let male = try #require(screen.node("checkMale"))
        #expect(male.kind == .button && male.traits.contains(.selected) && male.text == "Male")
        #expect(screen.node("checkFemale")?.traits.contains(.selected) == false)
    }

    @Test("texts, descriptions and disabled views: Japanese Languages and Date & time")
    func textsAndStates() throws {
        let languages = try Self.load("languages").screen
        let japanese = try #require(languages.node("textView-日本語-日本"))
        #expect(japanese.kind == .label && japanese.text == "日本語 (日本)" && japanese.label == "Japanese (Japan)")
        #expect(japanese.frame == Frame(x: 66, y: 826, width: 838, height: 198))
        let date = try Self.load("dateandtime_ja")
        #expect(date.screen.language == "ja")
        let summary = try #require(date.screen.node("summary"))
        #expect(summary.text == "2023年12月15日" && summary.android?.isEnabled == false)
        #expect(summary.traits.contains(.notEnabled))
        #expect(date.notes.first?.hasSuffix("its language (its text is mostly ja, so it is read as ja, its words in the ja voice; --language TAG or none says otherwise)") == true)
        // A content description with line ends, written as &#10;, keeps them.
        let games = try Self.load("playstoregamesscreen").screen
        #expect(Self.allNodes(games).contains { $0.android?.contentDescription == "App: Gardenscapes\nCasual\nPuzzle\nStar rating: 4.3\n" })
    }

    @Test("the class names the view when the element's name says otherwise; a password field is a secure text field")
    func classAttributeWins() throws {
        let lone = try Self.load("nodeforrootelementnotfound").screen
        #expect(lone.roots.map(\.id) == ["frameLayout-1"])
        #expect(lone.roots.first?.android?.className == "android.widget.FrameLayout")
        let form = try Self.load("android1").screen
        let password = try #require(form.node("editText-password1"))
        #expect(password.kind == .secureTextField && password.android?.isPassword == true)
        #expect(password.identifier == "jp.co.app.android:id/textInputEditText")
    }

    @Test("the raw uiautomator dump (<node> elements) loads by content, with hints, states and frames")
    func rawDump() throws {
        let loaded = try ScreenLoader.load(path: Self.signIn.path)
        #expect(loaded.format == .uiautomator)
        #expect(loaded.screen.nodeCount == 13)
        #expect(loaded.screen.language == "ko")
        let note = try #require(loaded.notes.first)
        #expect(loaded.notes.count == 1)
        #expect(note.hasPrefix("what this uiautomator dump cannot tell: sizes in dp"))
        #expect(!note.contains("fields' hints"), "the dump has hint attributes")
        #expect(note.contains("headings (no heading attribute)"))
        let screen = loaded.screen
        #expect(screen.roots.map(\.id) == ["frameLayout-1"])
        #expect(screen.node("frameLayout-1")?.children.map(\.id) == ["toolbar", "form"])
        #expect(screen.node("form")?.kind == .scrollView)
        let back = try #require(screen.node("imageButton-뒤로-가기"))
        #expect(back.kind == .button && back.label == "뒤로 가기" && back.identifier == nil)
        #expect(back.frame == Frame(x: 0, y: 63, width: 147, height: 147))
        let email = try #require(screen.node("email"))
        #expect(email.kind == .textField && email.placeholder == "이메일" && email.text == nil)
        #expect(email.android?.hint == "이메일")
        let password = try #require(screen.node("password"))
        #expect(password.kind == .secureTextField && password.android?.isPassword == true && password.placeholder == "비밀번호")
        #expect(screen.node("remember")?.traits.contains(.selected) == true)
        let notifications = try #require(screen.node("notifications"))
        #expect(notifications.kind == .switch && notifications.isOn == false && notifications.android?.isCheckable == true)
        let signUp = try #require(screen.node("sign_up"))
        #expect(signUp.traits.contains(.notEnabled) && signUp.android?.isEnabled == false && signUp.android?.isFocusable == true)
        #expect(signUp.frame == Frame(x: 63, y: 1403, width: 954, height: 97))
        #expect(screen.node("logo")?.kind == .image)
        #expect(loaded.idLocations["sign_up"]?.line == 16 && loaded.idLocations["sign_up"]?.column == 9)
    }

    @Test("newer attributes: hint, heading, pane title, state description, importance and screen-reader focus")
    func newerAttributes() throws {
        let loaded = try Self.parse("""
        <hierarchy rotation="0" width="1080" height="2400">
          <android.widget.FrameLayout class="android.widget.FrameLayout" pane-title="결제" a11y-important="false" bounds="[0,0][1080,2400]" displayed="true">
            <android.widget.TextView class="android.widget.TextView" text="배송지" heading="true" screenReaderFocusable="true" bounds="[0,0][1080,100]" />
            <android.widget.Switch class="android.widget.Switch" text="기본 배송지" checkable="true" checked="true" state-description="사용 중" important-for-accessibility="yes" screen-reader-focusable="false" bounds="[0,100][1080,200]" />
            <android.widget.EditText class="android.widget.EditText" hint="메모" long-clickable="true" scrollable="false" selected="true" displayed="false" bounds="[0,200][1080,300]" />
          </android.widget.FrameLayout>
        </hierarchy>
        """)
        let nodes = Self.allNodes(loaded.screen)
        #expect(nodes.map { $0.android?.paneTitle } == ["결제", nil, nil, nil])
        #expect(nodes.map { $0.android?.isImportantForAccessibility } == [false, nil, true, nil])
        #expect(nodes.map { $0.android?.isScreenReaderFocusable } == [nil, true, false, nil])
        #expect(nodes[1].android?.isHeading == true && nodes[1].traits.contains(.header))
        #expect(nodes[2].android?.stateDescription == "사용 중" && nodes[2].isOn == true)
        let memo = nodes[3]
        #expect(memo.android?.hint == "메모" && memo.placeholder == "메모")
        #expect(memo.android?.isLongClickable == true && memo.android?.isSelected == true && memo.traits.contains(.selected))
        #expect(memo.android?.isDisplayed == false && memo.isHidden)
        let note = try #require(loaded.notes.first)
        for gone in ["fields' hints", "headings (", "pane titles", "state descriptions", "important for accessibility", "screen-reader focusable"] {
            #expect(!note.contains(gone), "\(gone): \(note)")
        }
        #expect(note.contains("what the app announces and its live regions"))
    }

    @Test("ids: the resource id's last part, else class and text or description, else class and a count; made unique")
    func ids() throws {
        let screen = try Self.parse("""
        <hierarchy rotation="0">
          <node class="android.widget.LinearLayout" resource-id="com.example:id/row" bounds="[0,0][10,10]">
            <node class="android.widget.TextView" resource-id="android:id/title" text="Wi-Fi" bounds="[0,0][10,10]" />
            <node class="android.widget.TextView" resource-id="android:id/title" text="Bluetooth" bounds="[0,0][10,10]" />
            <node class="android.widget.TextView" resource-id="android:id/title" text="Bluetooth" bounds="[0,0][10,10]" />
            <node class="android.widget.ImageView" content-desc="Back" bounds="[0,0][10,10]" />
            <node class="android.view.View" bounds="[0,0][10,10]" />
            <node class="android.view.View" bounds="[0,0][10,10]" />
            <node class="android.widget.ImageView" resource-id="" bounds="[0,0][10,10]" />
          </node>
        </hierarchy>
        """).screen
        #expect(screen.node("row")?.children.map(\.id) == ["title", "textView-Bluetooth", "textView-Bluetooth-2", "imageView-Back",
                                                           "view-1", "view-2", "imageView-1"])
    }

    @Test("detected by content: <hierarchy> is Android, XCUIElementType page source is not")
    func detection() throws {
        #expect(ScreenLoader.xmlFormat(Data(#"<?xml version="1.0"?><hierarchy rotation="0"><node class="a.B"/></hierarchy>"#.utf8)) == .uiautomator)
        #expect(ScreenLoader.xmlFormat(Data("\u{FEFF}\n<!-- dump -->\n<hierarchy>".utf8)) == .uiautomator)
        #expect(ScreenLoader.xmlFormat(Data(#"<AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>"#.utf8)) == .wdaXML)
        #expect(InputKind.of(try Data(contentsOf: Self.signIn), file: "x.xml") == .androidDump)
        #expect(InputKind.androidDump.isScreen && InputKind.androidDump.isRenderable)
        // A head cut inside a multi-byte character is still told.
        var long = Data("<hierarchy>".utf8)
        long.append(Data(String(repeating: "가", count: 4000).utf8))
        #expect(ScreenLoader.xmlFormat(long) == .uiautomator)
        // Forced as iOS page source, an Android dump is refused at its root.
        #expect(throws: DataFileError.self) {
            try ScreenLoader.parse(try Data(contentsOf: Self.signIn), file: "signin.xml", format: .wdaXML)
        }
    }

    @Test("malformed dumps are refused at the line and column of the fault", arguments: [
        ("<hierarchy>\n  <node class=\"a.B\" bounds=\"[0,0][10]\" />\n</hierarchy>", 2, 21, "bounds=\"[0,0][10]\" has a corner that is not two numbers"),
        ("<hierarchy>\n  <node class=\"a.B\" bounds=\"[0,0][x,10]\" />\n</hierarchy>", 2, 21, "has \"x\", which is not a whole number"),
        ("<hierarchy>\n  <node class=\"a.B\" bounds=\"[10,0][0,10]\" />\n</hierarchy>", 2, 21, "has its right or bottom edge before its left or top one"),
        ("<hierarchy>\n  <node class=\"a.B\" bounds=\"0,0,10,10\" />\n</hierarchy>", 2, 21, "is not two bracketed corners"),
        ("<hierarchy>\n  <node class=\"a.B\" bounds=\"[0,0][1,1]x\" />\n</hierarchy>", 2, 21, "has more after its two corners"),
        ("<hierarchy>\n  <node text=\"OK\" bounds=\"[0,0][10,10]\" />\n</hierarchy>", 2, 3, "a <node> without a class"),
        ("<hierarchy>\n  <node text=\"OK\" class=\"\" />\n</hierarchy>", 2, 19, "a <node> without a class"),
        ("<hierarchy>\n  <node class=\"a.B\"\n        clickable=\"yes\" />\n</hierarchy>", 3, 9, "clickable=\"yes\" is not true or false"),
        ("<hierarchy>\n  <node class=\"a.B\" a11y-important=\"maybe\" />\n</hierarchy>", 2, 21, "a11y-important=\"maybe\" is not true or false"),
        ("<hierarchy>\n</hierarchy>", 1, 1, "the <hierarchy> holds no views"),
        ("<hierarchy>\n  <node class=\"a.B\">\n    <hierarchy/>\n  </node>\n</hierarchy>", 3, 5, "a <hierarchy> inside the hierarchy"),
        ("<hierarchy>\n  <node class=\"a.B\">\n</hierarchy>", 3, 1, "malformed XML: the end tag </hierarchy> does not match the open element <node>"),
        // Located after the node that follows is read, past a reference and a line end inside a value, and after a
        // Korean text (a column counts characters, not bytes).
        ("<hierarchy>\n  <node text=\"설정 &amp; 정보\n요약\" class=\"a.B\"\n     bounds=\"[0,0][10]\" />\n</hierarchy>", 4, 6,
         "bounds=\"[0,0][10]\" has a corner that is not two numbers"),
        ("<hierarchy>\n<node class=\"a.B\" text=\"가&#xAC00;나\" checked=\"no\" />\n</hierarchy>", 2, 37, "checked=\"no\" is not true or false"),
        ("<hierarchy>\n  <node class=\"a.B\" bounds=\"[0,0][10,-5]\" />\n</hierarchy>", 2, 21, "has its right or bottom edge before its left or top one"),
        ("<hierarchy>\n  <node class=\"a.B\" bounds=\"[0,0][99999999999,10]\" />\n</hierarchy>", 2, 21, "has \"99999999999\", which is not a whole number"),
    ])
    func locatedErrors(text: String, line: Int, column: Int, words: String) throws {
        do {
            _ = try Self.parse(text, file: "bad.xml")
            Issue.record("no error for \(text)")
        } catch let error as DataFileError {
            #expect(error.location == SourceLocation(file: "bad.xml", line: line, column: column), "\(error)")
            #expect(error.message.contains(words), "\(error.message)")
        }
    }

    @Test("bounds as dumps write them and with spaces, a sign or leading zeros give the same frames")
    func boundsSpellings() throws {
        let loaded = try Self.parse("""
        <hierarchy>
          <node class="a.B" resource-id="x:id/plain" bounds="[0,66][1080,220]" />
          <node class="a.B" resource-id="x:id/spaced" bounds="[ 0, 66][1080 ,220 ]" />
          <node class="a.B" resource-id="x:id/signed" bounds="[+0,066][1080,+220]" />
          <node class="a.B" resource-id="x:id/negative" bounds="[-20,-10][0,0]" />
        </hierarchy>
        """, file: "bounds.xml")
        let expected = Frame(x: 0, y: 66, width: 1080, height: 154)
        for id in ["plain", "spaced", "signed"] { #expect(loaded.screen.node(id)?.frame == expected, "\(id)") }
        #expect(loaded.screen.node("negative")?.frame == Frame(x: -20, y: -10, width: 20, height: 10))
    }

    @Test("a root other than <hierarchy>, read as Android, is named")
    func wrongRoot() throws {
        do {
            _ = try UiAutomatorXMLParser.read(Data("<?xml version=\"1.0\"?>\n<node class=\"a.B\"/>".utf8), file: "x.xml")
            Issue.record("no error")
        } catch let error as DataFileError {
            #expect(error.location.line == 2 && error.message.contains("starts with <hierarchy>"), "\(error)")
        }
    }

    @Test("an Appium element without a class attribute takes its class from its name")
    func classFromElementName() throws {
        let screen = try Self.parse(#"<hierarchy><android.widget.Button text="OK" bounds="[1,2][11,22]"/></hierarchy>"#).screen
        let button = try #require(screen.roots.first)
        #expect(button.android?.className == "android.widget.Button" && button.kind == .button)
        #expect(button.id == "button-OK" && button.frame == Frame(x: 1, y: 2, width: 10, height: 20))
    }
    /// The reader matches names and reads flags, bounds and plain texts from the bytes; every
    /// other spelling goes the long way, and must read the same.
    @Test("values with references, line ends, decomposed text or other spellings read as written; names in any order")
    func valuesTheLongWay() throws {
        let loaded = try Self.parse("""
        <hierarchy>
          <node class="android.widget.TextView" text="설정 &amp; 정보&#10;요약" resource-id="x:id/first" checked="TRUE" enabled="false" bounds="[0,0][10,10]" />
          <node resource-id="x:id/second" bounds="[0,&#54;6][1080,220]" class="android.widget.TextView" content-desc="&#x1100;&#x1161;" enabled="False" extra="ignored" />
          <node class="android.widget.TextView" resource-id="x:id/third" text="Cafe\u{0301}" package="com.example.app" />
          <node class="android.widget.TextView" resource-id="x:id/fourth" text="" content-desc="plain" package="com.example.app" />
        </hierarchy>
        """, file: "long-way.xml")
        let first = try #require(loaded.screen.node("first")?.android)
        // A character reference stands for its character; a line end written as one stays.
        #expect(first.text == "설정 & 정보\n요약")
        #expect(first.isChecked && !first.isEnabled)
        #expect(loaded.screen.node("first")?.frame == Frame(x: 0, y: 0, width: 10, height: 10))
        let second = try #require(loaded.screen.node("second"))
        // Conjoining jamo written as references compose to one syllable (every input text is NFC).
        #expect(second.android?.contentDescription == "가")
        #expect(second.android?.isEnabled == false && second.android?.className == "android.widget.TextView")
        #expect(second.frame == Frame(x: 0, y: 66, width: 1080, height: 154))
        let third = try #require(loaded.screen.node("third")?.android)
        #expect(third.text == "Caf\u{E9}" && third.text?.unicodeScalars.count == 4)
        #expect(third.packageName == "com.example.app")
        let fourth = try #require(loaded.screen.node("fourth")?.android)
        #expect(fourth.text == nil && fourth.contentDescription == "plain" && fourth.packageName == "com.example.app")
    }
}
