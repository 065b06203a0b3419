import Foundation
import Testing
@testable import EarshotCore

@Suite("Timing settings come from the voice profile")
struct TimingSettingsTests {
    /// The repository's voices folder, found from this file's path.
    static let voices = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices").path

    @Test("the Korean and English profiles give every timing value", arguments: ["ko", "en"])
    func profilesHaveTiming(name: String) throws {
        let profile = try VoiceLibrary(directory: Self.voices).profile(name)
        let timing = try TimingSettings(profile: profile, reader: VoiceOver())
        #expect(timing == TimingSettings(hintPause: 0.75, gestureWindow: 1.0, queueGap: 0.1, earconGap: 0.05))
    }

    @Test("a negative value is reported at its place with the valid range")
    func negativeValueIsRejected() throws {
        let text = "{\"hintPause\": 0.75, \"gestureWindow\": -1, \"queueGap\": 0.1, \"earconGap\": 0.05}"
        let node = try JSONDocument.parse(text, file: "v.json")
        let error = #expect(throws: DataFileError.self) { try TimingSettings(section: node) }
        #expect(error?.description == "v.json:1:38: error: \"gestureWindow\" is in seconds and must be from 0 to 10, found -1")
    }

    @Test("a misspelt key names the key it resembles")
    func misspeltKeyIsRejected() throws {
        let node = try JSONDocument.parse("{\"hintPuase\": 1}", file: "v.json")
        let error = #expect(throws: DataFileError.self) { try TimingSettings(section: node) }
        #expect(error?.message == "unknown key \"hintPuase\"; did you mean \"hintPause\"?")
    }

    @Test("a profile without a timing section is an error naming the file")
    func missingSectionIsRejected() throws {
        let profile = VoiceProfile(name: "x", language: "x", engine: .init(voice: "en"), path: "voices/x.json")
        let error = #expect(throws: DataFileError.self) { try TimingSettings(profile: profile, reader: VoiceOver()) }
        #expect(error?.location.file == "voices/x.json")
        #expect(error?.message.hasPrefix("missing \"timing\" section") == true)
    }
}
