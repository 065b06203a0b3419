import EarshotCore
import Foundation

/// The repository's `scripts/` folder, which defines the JACK dummy backend (`jack-dummy.sh`)
/// and the ALSA PCM that plays into it (`alsa-jack.conf`).
///
/// The device tests and the live benchmark run from a checkout: the folder is looked for from
/// the running executable's folder upwards (`.build/debug/...`, `.build/release/...`), then in
/// the checkout this target was built from.
enum JackScripts {
    static let folder: String = {
        var folder = URL(fileURLWithPath: VoiceLibrary.executablePath()).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("scripts")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("jack-dummy.sh").path) {
                return candidate.path
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts").path
    }()

    /// A file of the folder: `jack-dummy.sh`, `alsa-jack.conf`.
    static func path(_ name: String) -> String { folder + "/" + name }
}

/// Runs a program to its end; its exit status and standard output (standard error dropped).
public func runToEnd(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
