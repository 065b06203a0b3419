import Foundation
import Testing
@testable import EarshotCore

/// Checks normalized text through the real eSpeak NG command line (`espeak-ng -v ko -x -q`),
/// which prints the phonemes it would speak.
@Suite("Normalized Korean text gives eSpeak NG the phonemes VoiceOver's reading needs")
struct KoreanNormalizerEngineTests {
    func phonemes(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // `--` keeps a leading minus in the text from being taken as an option.
        process.arguments = ["espeak-ng", "-v", "ko", "-x", "-q", "--", text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "espeak-ng failed; is it installed (scripts/setup.sh)?")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func occurrences(of part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    @Test("평점 4.8점 normalized speaks 점 twice: the decimal point and the counter")
    func decimalPointIsSpoken() throws {
        let normalizer = try NormalizationFixtures.koreanNormalizer()
        let point = try phonemes("점")
        #expect(!point.isEmpty)
        #expect(occurrences(of: point, in: try phonemes("평점 4.8점")) < 2)
        let spoken = try phonemes(normalizer.normalize("평점 4.8점"))
        // 평점 itself ends in 점 but eSpeak joins it into the word; the two spoken alone are the
        // point and the counter.
        #expect(occurrences(of: " " + point, in: spoken) == 2, "phonemes: \(spoken)")
    }

    @Test("3개 normalized starts with the phonemes of 세")
    func nativeNumberIsSpoken() throws {
        let normalizer = try NormalizationFixtures.koreanNormalizer()
        let se = try phonemes("세")
        #expect(!(try phonemes("3개")).hasPrefix(se))
        #expect(try phonemes(normalizer.normalize("3개")).hasPrefix(se))
    }

    @Test("₩12,000 normalized has no English switch and ends with 원")
    func wonSignIsKorean() throws {
        let normalizer = try NormalizationFixtures.koreanNormalizer()
        #expect(try phonemes("₩12,000").contains("(en)"))
        let spoken = try phonemes(normalizer.normalize("₩12,000"))
        #expect(!spoken.contains("(en)"))
        #expect(spoken.hasSuffix(try phonemes("원")))
    }
}
