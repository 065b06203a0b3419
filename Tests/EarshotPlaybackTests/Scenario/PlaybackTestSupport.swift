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

    /// A scenario of repeated product-list walks with announcements, at least `seconds` long
    /// when spoken: swipes, a cutting swipe, a dropped, a spoken and a queued announcement, a
    /// screenChanged and a read-all in every round.
    static func longScenarioText(rounds: Int) -> String {
        let round = """
            { "gesture": "first" },
            { "gesture": "next" },
            { "post": "announcement", "text": "새 상품이 추가되었습니다", "after": 0.5 },
            { "gesture": "next", "after": 0.4 },
            { "gesture": "activate" },
            { "post": "announcement", "text": "찜 목록에 추가했습니다", "after": 0.05 },
            { "post": "announcement", "text": "찜 목록을 확인하세요", "queue": true, "after": 0.05 },
            { "gesture": "next" },
            { "gesture": "next" },
            { "gesture": "next" },
            { "post": "screenChanged", "after": 0.3 },
            { "gesture": "readAll" },
            { "pause": 1.5 }
            """
        let steps = Array(repeating: round, count: rounds).joined(separator: ",\n")
        return #"{ "screen": "../screens/product-list.json", "steps": [\#(steps)] }"#
    }
}
