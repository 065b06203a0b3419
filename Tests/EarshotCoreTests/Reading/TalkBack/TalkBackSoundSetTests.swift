import Foundation
import Testing
@testable import EarshotCore

/// TalkBack's sound set (voices/sounds/talkback.json; docs/talkback.md, "TalkBack's sounds in
/// Earshot"): read from the profile, every mistake located, and the scheduler's sounds follow the
/// reader.
@Suite("TalkBack's sound set")
struct TalkBackSoundSetTests {
    static let source = ScreenTestSupport.repositoryRoot.appendingPathComponent("voices/sounds/talkback.json")

    /// The shipped sound set with `change` applied to its text, written to a file.
    static func variant(_ change: (String) -> String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-sounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("talkback.json").path
        try change(try String(contentsOf: Self.source, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("the profile's reader picks the sounds: VoiceOver's four earcons, or the sound set's for TalkBack")
    func soundsFollowTheReader() throws {
        let profile = try ScreenTestSupport.profile("ko")
        #expect(try TimingSettings(profile: profile, reader: VoiceOver()).sounds == .voiceOver)
        #expect(try TimingSettings(profile: profile, reader: try VoiceOver(profile: profile)).sounds == .voiceOver)
        let sounds = try TimingSettings(profile: profile, reader: try TalkBack(profile: profile)).sounds
        #expect(sounds.activation == .tick && sounds.screenChanged == .windowState && sounds.boundary == nil)
        #expect(sounds.focusActionable == .focusActionable && sounds.enterScrollable == .chimeUp)
        let names = try EarconDefinition.decodeAll(profile: profile).map(\.name)
        // The device holds every reader's sounds: NVDA's mode sounds too (voices/sounds/nvda.json).
        #expect(Set(names) == Set(EarconName.all + EarconName.talkBack + EarconName.nvda))
    }

    @Test("mistakes in a sound set are located with what was meant", arguments: [
        ("\"tick\": {", "\"tock\": {", "unknown key \"tock\""),
        ("\"activation\": \"tick\"", "\"activation\": \"tik\"", "unknown sound \"tik\"; did you mean \"tick\"?"),
        ("    \"boundary\": null,\n", "", "missing \"boundary\" in \"play\""),
    ])
    func located(old: String, new: String, words: String) throws {
        let path = try Self.variant { $0.replacingOccurrences(of: old, with: new) }
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        do {
            _ = try TalkBackSoundSet.load(path: path)
            Issue.record("no error for \(new)")
        } catch let error as DataFileError {
            #expect(error.message.contains(words), "\(error.message)")
            #expect(error.location.file == path && error.location.line > 1, "\(error)")
        }
    }

    @Test("a profile without a sound set says how to add one when read as TalkBack")
    func missingSection() throws {
        var profile = try ScreenTestSupport.profile("ko")
        profile.sections["talkbackSounds"] = nil
        #expect(throws: DataFileError.self) { try TimingSettings(profile: profile, reader: try TalkBack(profile: profile)) }
        do {
            _ = try TalkBackSoundSet.load(profile: profile)
        } catch let error as DataFileError {
            #expect(error.message.contains("add \"talkbackSounds\": \"sounds/talkback.json\""), "\(error.message)")
        }
        // VoiceOver does not need it, and the device then holds VoiceOver's earcons, and NVDA's
        // mode sounds, which the profile names apart (`nvdaSounds`).
        #expect(try TimingSettings(profile: profile, reader: try VoiceOver(profile: profile)).sounds == .voiceOver)
        #expect(try EarconDefinition.decodeAll(profile: profile).map(\.name).sorted() == (EarconName.all + EarconName.nvda).sorted())
    }
}
