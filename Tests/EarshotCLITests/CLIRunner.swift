import Foundation

/// Runs the built `earshot` binary, as a user would, and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output's bytes (a WAV written to `-`).
        var data = Data()
    }

    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary `swift build` / `swift test` put beside the test bundle.
    static let binary: URL = {
        let bundleFolder = Bundle.main.bundleURL
        let candidates = [
            bundleFolder.appendingPathComponent("earshot"),
            bundleFolder.deletingLastPathComponent().appendingPathComponent("earshot"),
            repositoryRoot.appendingPathComponent(".build/debug/earshot"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    static func run(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil,
                    currentDirectory: URL? = nil) throws -> Result {
        let process = prepared(arguments, environment: environment, currentDirectory: currentDirectory)
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        // Read stderr on another thread so a chatty process cannot block on a full pipe.
        let errorReader = PipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), data: outData)
    }

    /// Starts the binary without waiting, for a test that signals it; what it prints is discarded.
    static func start(_ arguments: [String], currentDirectory: URL, environment: [String: String] = [:]) throws -> Process {
        let process = prepared(arguments, environment: environment, currentDirectory: currentDirectory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The binary with `arguments`, the repository's voices and `environment` on top of ours.
    private static func prepared(_ arguments: [String], environment: [String: String], currentDirectory: URL?) -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["EARSHOT_VOICES"] = repositoryRoot.appendingPathComponent("voices").path
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        return process
    }

    /// Runs the tests' Python (the virtual environment scripts/test-python.sh makes) with
    /// `arguments`; a missing environment is an error that says how to make it.
    static func python(_ arguments: [String]) throws -> Result {
        let python = repositoryRoot.appendingPathComponent(".build/test-python/bin/python3").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw PythonMissing(path: python)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errorReader = PipeReader(err.fileHandleForReading)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = errorReader.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self),
                      stderr: String(decoding: errors, as: UTF8.self), data: data)
    }

    struct PythonMissing: Error, CustomStringConvertible {
        var path: String
        var description: String { "no \(path): run scripts/test-python.sh (scripts/test.sh does)" }
    }

    /// A fresh temporary folder for one test.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Reads a pipe to its end on a background thread.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
