import Foundation
import Testing

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Another team's package, depending on the `EarshotCore` product alone: it builds with no C
/// library, runs a scenario on a virtual clock with estimated durations, and prints what
/// VoiceOver says.
@Suite("Another package can use the core alone")
struct CoreConsumerTests {
    /// The consumer's manifest: the Earshot checkout by path, the `EarshotCore` product only.
    static func manifest(earshot: URL) -> String {
        """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "ShopDeskCheck",
            dependencies: [.package(path: "\(earshot.path)")],
            targets: [
                .executableTarget(
                    name: "ShopDeskCheck",
                    dependencies: [.product(name: "EarshotCore", package: "\(earshot.lastPathComponent)")]
                ),
            ]
        )

        """
    }

    /// The consumer's program: a screen and a script written inline, the bundled Korean voice.
    static let program = #####"""
        import EarshotCore

        let scenario = try ScenarioFile.parse(#"""
        {
          "screen": {
            "screen": "shop",
            "elements": [
              { "id": "title", "kind": "label", "text": "추천 상품", "traits": ["header"], "frame": [0, 0, 300, 40] },
              { "id": "add", "kind": "button", "text": "장바구니 담기", "frame": [0, 50, 300, 40] }
            ]
          },
          "steps": [
            { "gesture": "next" },
            { "gesture": "next" },
            { "gesture": "activate" },
            { "post": "announcement", "text": "장바구니에 담았습니다", "after": 0.05 }
          ]
        }
        """#, path: "shop.json")
        let profile = try VoiceLibrary(directory: CommandLine.arguments[1]).profile("ko")
        let runner = try ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                        device: try EstimatedSpeechDevice(profile: profile))
        print(try runner.run().transcript.readableText, terminator: "")

        """#####

    @Test("a package depending on the EarshotCore product alone builds, desk-checks without audio, and links no C library")
    func consumerPackage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-consumer-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("Sources/ShopDeskCheck")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.manifest(earshot: repositoryRoot).write(to: folder.appendingPathComponent("Package.swift"),
                                                         atomically: true, encoding: .utf8)
        try Self.program.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let build = try run(swiftExecutable(), ["build", "--package-path", folder.path,
                                                "--scratch-path", folder.appendingPathComponent(".build").path])
        try #require(build.status == 0, "swift build failed:\n\(build.output)")
        // Only the core was compiled: no other target of the package, not the built-in voices.
        #expect(build.output.contains("EarshotCore"))
        for other in ["EarshotVoices", "EarshotRender", "EarshotSpeech", "EarshotAudio", "CCrypto", "CEspeakNG", "CAlsa"] {
            #expect(!build.output.contains(other), "the consumer's build touched \(other)")
        }

        let binary = folder.appendingPathComponent(".build/debug/ShopDeskCheck")
        let output = try run(binary.path, [repositoryRoot.appendingPathComponent("voices").path])
        try #require(output.status == 0, "the consumer failed:\n\(output.output)")
        let lines = output.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "note: durations are estimated without a speech engine (docs/speech-engine.md, \"Estimated durations\"); times are approximate")
        #expect(lines.dropFirst().first?.hasPrefix("00:00.000  \"추천 상품, 머리말\"  spoken to 00:01.") == true, "\(lines)")
        #expect(output.output.contains("\"장바구니 담기, 버튼\"  spoken to "))
        #expect(output.output.contains("[activation sound]  spoken to "))
        #expect(output.output.contains("\"장바구니에 담았습니다\"  dropped: postedDuringGestureSpeech"))

        let linked = try run("/usr/bin/env", ["readelf", "-d", binary.path])
        try #require(linked.status == 0, "readelf failed:\n\(linked.output)")
        #expect(linked.output.contains("(NEEDED)"), "readelf listed no libraries:\n\(linked.output)")
        for library in ["libespeak-ng", "libasound", "libcrypto", "libssl"] {
            #expect(!linked.output.contains(library), "the consumer links \(library):\n\(linked.output)")
        }
    }

    /// The `swift` beside the toolchain running these tests, else the one on the PATH.
    func swiftExecutable() -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/swift") {
            return "\(folder)/swift"
        }
        return "/opt/swift/usr/bin/swift"
    }

    /// Runs a program to its end; its standard output and error together.
    func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
