import Foundation
@testable import EarshotCore

/// Paths into the repository for tests that read the shipped voice profiles.
enum NormalizationFixtures {
    /// The repository's `voices` folder, found from this source file's place.
    static var voicesDirectory: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("voices").path
    }

    static var koreanRulesPath: String { voicesDirectory + "/normalization/ko.json" }

    static func profile(_ name: String) throws -> VoiceProfile {
        try VoiceLibrary(directory: voicesDirectory).profile(name)
    }

    /// The Korean normalizer as the shipped Korean profile builds it.
    static func koreanNormalizer() throws -> any TextNormalizer {
        guard let normalizer = try profile("ko").textNormalizer() else {
            throw DataFileError("the Korean profile names no normalization", at: SourceLocation(file: "ko.json", line: 1, column: 1))
        }
        return normalizer
    }

    /// A temporary folder removed when the closure returns.
    static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("earshot-normalization-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder.path)
    }
}
