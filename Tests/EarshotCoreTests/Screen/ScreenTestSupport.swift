import Foundation
@testable import EarshotCore

/// Paths and profiles the screen tests share, found from this file's place in the repository.
enum ScreenTestSupport {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Screen
        .deletingLastPathComponent() // EarshotCoreTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    static let samplesDirectory = repositoryRoot.appendingPathComponent("samples/screens")

    static func profile(_ name: String) throws -> VoiceProfile {
        try VoiceLibrary(directory: repositoryRoot.appendingPathComponent("voices").path).profile(name)
    }

    static func generator(_ name: String = "ko") throws -> DescriptionGenerator {
        try DescriptionGenerator(profile: try profile(name), reader: VoiceOver())
    }

    /// A screen from inline JSON text: `{"elements": [...]}` around the given element list.
    static func screen(_ elements: String, direction: String = "ltr") throws -> Screen {
        try ScreenFile.parse(#"{"layoutDirection": "\#(direction)", "elements": [\#(elements)]}"#, file: "inline.json")
    }

    /// The spoken text of every stop, in order, with the Korean profile unless told otherwise.
    static func spoken(_ screen: Screen, profile: String = "ko") throws -> [String] {
        let generator = try generator(profile)
        return FocusOrder(screen: screen).stops.map { generator.describe($0).text }
    }

    static func stopIDs(_ screen: Screen) -> [String] {
        FocusOrder(screen: screen).stops.map(\.id)
    }
}
