import Foundation
import Testing

/// NVDA's M and E on a real page in Chromium, through the built binary (docs/web.md, section d):
/// samples/web/checkout.html holds its card form in an iframe ("Card payment") whose document
/// is read in place, so M finds the frame and says it entered with its name, E finds the edit
/// inside it, and shift+M from inside the frame goes back to its start, saying it again.
@Suite("M and E on a page with a frame, as NVDA moves through it", .serialized)
struct WebQuickNavigationTests {
    @Test("M, E and shift+M on samples/web/checkout.html, named by NVDA's keys")
    func frameKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-quicknav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = CLIRunner.repositoryRoot.appendingPathComponent("samples/web")
        for page in ["checkout.html", "checkout-card.html"] {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(page), to: folder.appendingPathComponent(page))
        }
        let scenario = folder.appendingPathComponent("frame-keys.json").path
        try """
            {
              "voice": "en",
              "screen": "checkout.html",
              "steps": [
                { "gesture": "nextFrame" },
                { "gesture": "nextFrame" },
                { "gesture": "nextEdit" },
                { "gesture": "previousFrame" },
                { "gesture": "previousEdit" }
              ]
            }
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", scenario])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(WebNavigationTests.moves(result.stdout).map(\.description) == [
            "m: main landmark Card payment frame Card details heading level 2",
            "m: no next frame",
            "e: Card number edit",
            "shift+m: Card payment frame Card details heading level 2",
            "shift+e: no previous edit field",
        ], "\(result.stdout)")
    }
}
