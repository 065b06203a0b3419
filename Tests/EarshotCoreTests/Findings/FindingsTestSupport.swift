import Foundation
@testable import EarshotCore

/// Paths, profiles and inline screens the findings tests share.
enum FindingsTestSupport {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Findings
        .deletingLastPathComponent() // EarshotCoreTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    static let lintSamples = repositoryRoot.appendingPathComponent("samples/lint")

    static func linter(_ profile: String = "ko") throws -> ScreenLinter {
        try ScreenLinter(profile: try VoiceLibrary(directory: repositoryRoot.appendingPathComponent("voices").path)
            .profile(profile), reader: VoiceOver())
    }

    static func sample(_ name: String) throws -> Screen {
        try ScreenFile.load(path: lintSamples.appendingPathComponent("\(name).json").path)
    }

    /// A lint sample captured as page source (`samples/lint/NAME.xml`).
    static func dumpSample(_ name: String) throws -> Screen {
        try ScreenLoader.load(path: lintSamples.appendingPathComponent("\(name).xml").path).screen
    }

    /// A screen from inline JSON text: `{"elements": [...]}` around the given element list.
    static func screen(_ elements: String) throws -> Screen {
        try ScreenFile.parse(#"{"screen": "inline", "elements": [\#(elements)]}"#, file: "inline.json")
    }

    /// The findings of one code on a screen, with the Korean profile unless told otherwise.
    static func findings(_ code: FindingCode, in screen: Screen, profile: String = "ko") throws -> [Finding] {
        try linter(profile).findings(for: screen).filter { $0.code == code }
    }
}
