import EarshotCore
import EarshotPlayback
import Foundation

/// The repository's voices and samples, and one Korean speaker shared by the playback, check and
/// explore tests.
public enum PlaybackTestSupport {
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // EarshotTestSupport
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    public static let library = VoiceLibrary(directory: repositoryRoot.appendingPathComponent("voices").path)
    public static let scenariosDirectory = repositoryRoot.appendingPathComponent("samples/scenarios")
    public static let screensDirectory = repositoryRoot.appendingPathComponent("samples/screens")

    public static func speaker(_ voice: String = "ko") throws -> Speaker {
        try Speaker(voice: voice, library: library)
    }

    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-playback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
