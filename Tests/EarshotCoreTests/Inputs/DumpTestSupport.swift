import Foundation
@testable import EarshotCore

/// Paths and helpers the dump tests share: the bundled real dumps, the corpus they were copied
/// from, and read-outs as plain lines.
enum DumpTestSupport {
    static let dumps = ScreenTestSupport.repositoryRoot.appendingPathComponent("samples/dumps")
    static let formats = dumps.appendingPathComponent("formats")
    /// The corpus of real dumps, copied into the repository with their sources and licences.
    static let corpus = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/corpora/ios-dumps")

    static func load(_ name: String, in folder: URL = dumps) throws -> LoadedScreen {
        try ScreenLoader.load(path: folder.appendingPathComponent(name).path)
    }

    /// A dump given as text (page source XML or JSON), read as if from `file`.
    static func parse(_ text: String, file: String = "inline.xml", format: ScreenInputFormat? = nil) throws -> LoadedScreen {
        try ScreenLoader.parse(Data(text.utf8), file: file, format: format)
    }

    /// What each stop says, in order.
    static func spoken(_ screen: Screen, profile: String = "ko") throws -> [String] {
        try ScreenTestSupport.spoken(screen, profile: profile)
    }

    /// Page source XML around the given elements: an application with one full-screen window.
    static func pageSource(_ elements: String, attributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Test" label="Test" enabled="true" visible="true" x="0" y="0" width="390" height="844"\(attributes)>
          <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
        \(elements)
          </XCUIElementTypeWindow>
        </XCUIElementTypeApplication>
        """
    }
}
