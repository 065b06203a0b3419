import Foundation
import Testing
@testable import EarshotCore

/// An `XCUIElementTypePopUpButton` is a button that opens a menu (docs/import.md, "Traits and
/// words"): VoiceOver says its pop-up button words, whatever other trait the dump lists with it
/// (a header), and never a plain `Button` beside them. The dump
/// `Tests/Fixtures/ios/pop-up-buttons.xml` is written from that rule.
@Suite("Pop-up buttons in iOS dumps")
struct DumpPopUpButtonTests {
    static let path = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/ios/pop-up-buttons.xml")

    @Test("a pop-up button carrying the header trait says the pop-up button words and the heading word; one carrying Button says the pop-up button words alone",
          arguments: [("ko", "팝업 버튼", "머리말", "버튼"), ("en", "Pop-up button", "Heading", "Button")])
    func popUpButton(voice: String, popUp: String, heading: String, button: String) throws {
        let screen = try ScreenLoader.load(path: Self.path.path).screen
        let said = try DumpTestSupport.spoken(screen, profile: voice)
        let sort = try #require(said.first { $0.hasPrefix("Sort") })
        #expect(sort.contains(popUp))
        #expect(sort.contains(heading))
        let more = try #require(said.first { $0.hasPrefix("More") })
        #expect(more == "More, \(popUp)")
        // An ordinary button keeps its word.
        #expect(said.contains("New Note, \(button)"))
        // The plain button word is never said beside the pop-up button's.
        for line in [sort, more] {
            #expect(!line.components(separatedBy: ", ").contains(button))
        }
    }
}
