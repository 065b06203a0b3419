import EarshotCore
import Foundation
import Testing
@testable import EarshotReport

/// A screen drawing outlines a stop reached but covered (`focus.covered`) and shades its cover,
/// and lists the finding in words after the stops; a screen without the cover shows neither.
@Suite("Covered stops on a screen drawing")
struct CoveredDrawingTests {
    static func html(_ fixture: String) throws -> String {
        let library = VoiceLibrary(directory: repositoryRoot.appendingPathComponent("voices").path)
        let profile = try library.profile("en")
        let loaded = try ScreenLoader.load(path: repositoryRoot.appendingPathComponent(fixture).path)
        let generator = try DescriptionGenerator(profile: profile, readerNamed: ScreenReaders.natural(for: loaded.screen))
        return ScreenDrawing(screen: loaded.screen, generator: generator).html(key: "s", title: "Cart")
    }

    @Test("the banner over the Checkout button: one covered group, the finding listed; without the banner, none")
    func drawn() throws {
        let covered = try Self.html("Tests/Fixtures/ios/banner-over-button.xml")
        #expect(covered.components(separatedBy: #"<g class="covered""#).count - 1 == 1)
        #expect(covered.contains(#"<rect class="cover""#))
        #expect(covered.contains("<code>focus.covered</code> (error): &quot;Checkout, Button&quot; is reached and read"))
        let clear = try Self.html("Tests/Fixtures/ios/button-without-banner.xml")
        #expect(!clear.contains(#"class="covered""#))
    }
}
