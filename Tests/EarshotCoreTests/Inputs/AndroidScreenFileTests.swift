import Foundation
import Testing
@testable import EarshotCore

/// The `android` object of a screen file's element: what an Android dump said of a view, written
/// by `earshot import` and read back unchanged.
@Suite("Screen files carry Android views")
struct AndroidScreenFileTests {
    static func dumps() throws -> [URL] {
        let corpus = AndroidDumpTests.corpus
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".xml") }.sorted()
        return files.map { corpus.appendingPathComponent($0) } + [AndroidDumpTests.signIn]
    }

    @Test("every Android dump written as a screen file reads back as the same screen, android views and all")
    func roundTrip() throws {
        let dumps = try Self.dumps()
        #expect(dumps.count == 19)
        for dump in dumps {
            let loaded = try ScreenLoader.load(path: dump.path)
            let text = ScreenFileWriter.text(of: loaded.screen, description: "test")
            let back = try ScreenLoader.parse(Data(text.utf8), file: "\(loaded.screen.name).json")
            #expect(back.format == .screen)
            #expect(back.screen == loaded.screen, "\(dump.lastPathComponent)")
            #expect(AndroidDumpTests.allNodes(back.screen).allSatisfy { $0.android != nil }, "\(dump.lastPathComponent)")
            #expect(Set(back.idLocations.keys) == Set(loaded.idLocations.keys))
        }
    }

    @Test("the android object is one line of camelCase keys; defaults are left out")
    func written() throws {
        var view = AndroidView(className: "android.widget.Switch", packageName: "com.android.settings",
                               resourceID: "android:id/switch_widget", text: "ON", contentDescription: "Wi-Fi",
                               isFocusable: true, isCheckable: true, isChecked: true, isEnabled: false,
                               isScreenReaderFocusable: false)
        let node = AccessibilityNode(id: "wifi", kind: .switch, frame: Frame(x: 0, y: 0, width: 10, height: 10), isOn: true,
                                     android: view)
        let members = ScreenFileWriter.members(of: node)
        #expect(members.last == #""android": {"class": "android.widget.Switch", "package": "com.android.settings", "resourceId": "android:id/switch_widget", "text": "ON", "contentDescription": "Wi-Fi", "focusable": true, "checkable": true, "checked": true, "enabled": false, "screenReaderFocusable": false}"#)
        view = AndroidView(className: "android.view.View")
        #expect(AndroidViewKeys.object(view) == #"{"class": "android.view.View"}"#)
        view.isDisplayed = false
        view.isImportantForAccessibility = true
        #expect(AndroidViewKeys.object(view) == #"{"class": "android.view.View", "displayed": false, "importantForAccessibility": true}"#)
    }

    @Test("every key is read")
    func everyKey() throws {
        let screen = try ScreenFile.parse(#"""
        { "elements": [ { "id": "v", "android": {
            "class": "android.widget.EditText", "package": "p", "resourceId": "p:id/v", "text": "t",
            "contentDescription": "d", "hint": "h", "stateDescription": "s", "paneTitle": "pane",
            "clickable": true, "longClickable": true, "focusable": true, "checkable": true, "checked": true,
            "selected": true, "enabled": false, "password": true, "focused": true, "scrollable": true, "heading": true,
            "displayed": false, "screenReaderFocusable": true, "importantForAccessibility": false,
            "collectionRowCount": 5, "collectionColumnCount": 1, "itemRowIndex": 2, "itemColumnIndex": 0 } } ] }
        """#, file: "all.json")
        let expected = AndroidView(className: "android.widget.EditText", packageName: "p", resourceID: "p:id/v", text: "t",
                                   contentDescription: "d", hint: "h", stateDescription: "s", paneTitle: "pane",
                                   isClickable: true, isLongClickable: true, isFocusable: true, isCheckable: true,
                                   isChecked: true, isSelected: true, isEnabled: false, isPassword: true, isFocused: true, isScrollable: true,
                                   isHeading: true, isDisplayed: false, isScreenReaderFocusable: true,
                                   isImportantForAccessibility: false, collectionRowCount: 5, collectionColumnCount: 1,
                                   itemRowIndex: 2, itemColumnIndex: 0)
        #expect(screen.node("v")?.android == expected)
        #expect(AndroidViewKeys.keys.count == 26)
        #expect(AndroidViewKeys.object(expected).components(separatedBy: "\": ").count - 1 == 26, "every key written")
        #expect(screen.node("v")?.kind == .view, "the android object changes nothing VoiceOver reads")
    }

    @Test("mistakes in the android object are located, with the nearest key", arguments: [
        (#"{"class": "android.widget.TextView", "contentDesc": "x"}"#, 1, 78, #"unknown key "contentDesc"; did you mean "contentDescription"?"#),
        (#"{"class": "android.widget.TextView", "clickble": true}"#, 1, 78, #"did you mean "clickable"?"#),
        (#"{"class": "android.widget.TextView", "content-desc": "x"}"#, 1, 78, #"unknown key "content-desc"; did you mean "contentDescription"?"#),
        (#"{"class": "android.widget.TextView", "enabeld": false}"#, 1, 78, #"unknown key "enabeld"; did you mean "enabled"?"#),
        (#"{"text": "x"}"#, 1, 41, #"missing required key "class""#),
        (#"{"class": ""}"#, 1, 51, "an Android view's class cannot be empty"),
        (#"{"class": "a.B", "checked": "yes"}"#, 1, 69, "expected true or false, found a string"),
        (#"{"class": 3}"#, 1, 51, "expected a string, found a number"),
        (#"{"class": "a.B", "itemRowIndex": -1}"#, 1, 74, #""itemRowIndex" must be 0 or more, not -1"#),
        (#""android.widget.TextView""#, 1, 41, "expected an object, found a string"),
    ])
    func located(android: String, line: Int, column: Int, words: String) throws {
        let text = #"{ "elements": [ { "id": "v", "android": "# + android + " } ] }"
        do {
            _ = try ScreenFile.parse(text, file: "bad.json")
            Issue.record("no error for \(android)")
        } catch let error as DataFileError {
            #expect(error.message.contains(words), "\(error.message)")
            #expect(error.location == SourceLocation(file: "bad.json", line: line, column: column), "\(error)")
        }
    }

    @Test("the Android views example in docs/screen-format.md is what import writes for the Wi-Fi switch")
    func documentedExample() throws {
        let doc = try String(contentsOf: ScreenTestSupport.repositoryRoot.appendingPathComponent("docs/screen-format.md"),
                             encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "## Android views\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let documented = try ScreenFile.element(try JSONDocument.parse(block, file: "docs/screen-format.md"))
        let imported = try AndroidDumpTests.load("networkandinternetscreen").screen.node("switchWidget")
        #expect(documented == imported)
    }

    @Test("an unknown element key near android is suggested")
    func misspeltAndroid() throws {
        #expect(throws: DataFileError.self) { try ScreenFile.parse(#"{ "elements": [ { "id": "v", "andriod": {} } ] }"#, file: "x.json") }
        do {
            _ = try ScreenFile.parse(#"{ "elements": [ { "id": "v", "andriod": {} } ] }"#, file: "x.json")
        } catch let error as DataFileError {
            #expect(error.message == #"unknown key "andriod"; did you mean "android"?"#)
        }
    }
}
