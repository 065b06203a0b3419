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

    /// Runs the binary with `arguments`, the repository's voices and `environment` on top of ours.
    static func run(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil,
                    currentDirectory: URL? = nil) throws -> Result {
        try run(executable: binary.path, arguments: arguments, environment: binaryEnvironment(environment),
                input: input, currentDirectory: currentDirectory)
    }

    /// Runs `executable` with exactly `environment` (nothing inherited), `input` then end of file
    /// on its standard input, and waits for it.
    static func run(executable: String, arguments: [String], environment: [String: String], input: Data? = nil,
                    currentDirectory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
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

    /// A working folder with nothing of the repository in it, for a program that must not find
    /// the checkout's files (an installed binary).
    static let fileSystemRoot = URL(fileURLWithPath: "/")

    /// Starts the binary without waiting, for a test that signals it; what it prints on standard
    /// output goes to `output` and on standard error to `errors` when given, else nowhere.
    static func start(_ arguments: [String], currentDirectory: URL, environment: [String: String] = [:],
                      output: URL? = nil, errors: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = binaryEnvironment(environment)
        process.currentDirectoryURL = currentDirectory
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        if let errors {
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Our environment with the repository's voices and `environment` on top.
    static func binaryEnvironment(_ environment: [String: String]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        merged["EARSHOT_VOICES"] = repositoryRoot.appendingPathComponent("voices").path
        // The default voice follows the locale: the tests speak Korean, as Earshot does in the
        // C locale, whatever the locale of the machine running them (LocaleVoiceTests sets it).
        merged["LANG"] = "C.UTF-8"
        merged["LC_ALL"] = nil
        merged["LC_MESSAGES"] = nil
        for (key, value) in environment { merged[key] = value }
        return merged
    }

    /// Runs the tests' Python (the virtual environment scripts/test-python.sh makes) with
    /// `arguments`; a missing environment is an error that says how to make it.
    static func python(_ arguments: [String]) throws -> Result {
        let python = repositoryRoot.appendingPathComponent(".build/test-python/bin/python3").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw PythonMissing(path: python)
        }
        return try run(executable: python, arguments: arguments, environment: ProcessInfo.processInfo.environment)
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

    /// A temporary folder another user can reach: in the temporary directory when every folder
    /// above it lets others pass (the test script's does), else in /tmp (a `mktemp -d`
    /// TMPDIR is 0700, and a second user could not enter a folder inside it).
    static func sharedTemporaryFolder() throws -> URL {
        var parent = FileManager.default.temporaryDirectory.standardizedFileURL
        var passable = true
        var ancestor = parent
        while ancestor.path != "/" {
            var info = stat()
            if stat(ancestor.path, &info) != 0 || info.st_mode & S_IXOTH == 0 { passable = false }
            ancestor.deleteLastPathComponent()
        }
        if !passable { parent = URL(fileURLWithPath: "/tmp") }
        let url = parent.appendingPathComponent("earshot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Reads a pipe to its end on a background thread.
final class PipeReader: @unchecked Sendable {
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
