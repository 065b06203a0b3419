import Foundation
import Testing
@testable import EarshotCore

/// An invisible control under an app's own non-modal overlay is still reached by VoiceOver
/// (docs/import.md, "Reachable or not"): WebDriverAgent's `visible` is a hit test, and only a
/// modal confines VoiceOver. The dumps in `Tests/Fixtures/ios/` are written from that rule: a
/// banner (`Other`) drawn over a `Checkout` button (`banner-over-button.xml`), the same banner
/// inside a `Sheet` (`sheet-over-button.xml`); in both an `Old promo` button is invisible with
/// nothing over it (hidden).
@Suite("Controls under an overlay in iOS dumps")
struct DumpOverlayTests {
    static func spoken(_ name: String, voice: String) throws -> [String] {
        let path = ScreenTestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/ios/\(name).xml").path
        return try DumpTestSupport.spoken(try ScreenLoader.load(path: path).screen, profile: voice)
    }

    @Test("a button under a non-modal banner is reached and read; a hidden one with nothing over it is not",
          arguments: [("ko", "버튼"), ("en", "Button")])
    func underBanner(voice: String, button: String) throws {
        let said = try Self.spoken("banner-over-button", voice: voice)
        #expect(said.contains("Checkout, \(button)"))
        #expect(said.contains("Dismiss, \(button)"))
        #expect(!said.contains { $0.hasPrefix("Old promo") })
    }

    @Test("the same button under a sheet, a modal, is not reached")
    func underSheet() throws {
        let said = try Self.spoken("sheet-over-button", voice: "en")
        #expect(!said.contains { $0.hasPrefix("Checkout") })
        #expect(said.contains("Dismiss, Button"))
    }
}
