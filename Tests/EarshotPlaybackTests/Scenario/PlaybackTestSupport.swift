import EarshotCore
import Foundation
@testable import EarshotPlayback

/// The repository's voices and samples, and one Korean speaker shared by the playback tests.
enum PlaybackTestSupport {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Scenario
        .deletingLastPathComponent() // EarshotPlaybackTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    static let library = VoiceLibrary(directory: repositoryRoot.appendingPathComponent("voices").path)
    static let scenariosDirectory = repositoryRoot.appendingPathComponent("samples/scenarios")
    static let screensDirectory = repositoryRoot.appendingPathComponent("samples/screens")

    static func speaker(_ voice: String = "ko") throws -> Speaker {
        try Speaker(voice: voice, library: library)
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-playback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
