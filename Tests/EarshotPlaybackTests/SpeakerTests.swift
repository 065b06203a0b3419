import EarshotCore
import EarshotPlayback
import EarshotSpeech
import Foundation
import Testing

@Suite("A speaker hands the engine normalized Korean")
struct SpeakerTests {
    static let voices = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("voices").path

    static func speaker(_ voice: String) throws -> Speaker {
        try Speaker(profile: try VoiceLibrary(directory: voices).profile(voice), engine: try SpeechEngine())
    }

    @Test("the phonemes of 평점 4.8점 contain the reading of the decimal point")
    func decimalPointIsRead() throws {
        let korean = try Self.speaker("ko")
        let point = try korean.engine.phonemes("점", settings: korean.profile.engine)
        let phonemes = try korean.phonemes("평점 4.8점")
        // 평점 사 점 팔 점: a stand-alone 점 is heard twice, for the decimal point and the unit
        // (in 평점 it is voiced and sounds otherwise).
        #expect(phonemes.components(separatedBy: point).count - 1 == 2, "\(phonemes) (점 is \(point))")
        let raw = try korean.engine.phonemes("평점 4.8점", settings: korean.profile.engine)
        #expect(raw.components(separatedBy: point).count - 1 < 2, "without normalization eSpeak drops the point: \(raw)")
    }

    @Test("the phonemes of 3개 start with those of 세, the native Korean number")
    func nativeCounterIsRead() throws {
        let korean = try Self.speaker("ko")
        let se = try korean.engine.phonemes("세", settings: korean.profile.engine)
        let phonemes = try korean.phonemes("3개")
        #expect(phonemes.hasPrefix(se), "\(phonemes) should start with \(se)")
    }

    @Test("the English voice hands the text over unchanged")
    func englishIsNotNormalized() throws {
        let english = try Self.speaker("en")
        #expect(english.engineText(for: "Rated 4.8, 3 items") == "Rated 4.8, 3 items")
    }
}
