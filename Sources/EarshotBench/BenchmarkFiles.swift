import EarshotCore
import Foundation

/// Where the benchmarks find what they run and read: the `earshot` binary of the same build,
/// the repository they were built from, and the folders a file is looked for in.
enum BenchmarkFiles {
    /// The folder of this executable (symbolic links resolved) and the five above it, nearest first.
    static var executableFolders: [URL] {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var folders: [URL] = []
        for _ in 0..<6 {
            folders.append(folder)
            folder.deleteLastPathComponent()
        }
        return folders
    }

    /// The `earshot` binary built beside this one, which the benchmarks run as a user would.
    static func earshotBinary() throws -> String {
        let path = executableFolders[0].appendingPathComponent("earshot").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw FileIOError(path: path, reason: "the earshot binary is not built beside earshot-bench (swift build -c release)")
        }
        return path
    }

    /// The repository this benchmark was built from, by this source file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
