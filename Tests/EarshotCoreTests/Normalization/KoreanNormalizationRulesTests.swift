import Foundation
import Testing
@testable import EarshotCore

@Suite("Korean normalization rules come from data")
struct KoreanNormalizationRulesTests {
    /// Writes a Korean profile and its rules file (the shipped rules after `edit`) into `folder`.
    func writeProfile(in folder: String, editingRules edit: (String) -> String) throws -> VoiceProfile {
        let shippedRules = try String(contentsOfFile: NormalizationFixtures.koreanRulesPath, encoding: .utf8)
        let shippedProfile = try String(contentsOfFile: NormalizationFixtures.voicesDirectory + "/ko.json", encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/normalization", withIntermediateDirectories: true)
        try edit(shippedRules).write(toFile: folder + "/normalization/ko.json", atomically: true, encoding: .utf8)
        try shippedProfile.write(toFile: folder + "/ko.json", atomically: true, encoding: .utf8)
        return try VoiceProfile.load(path: folder + "/ko.json")
    }

    /// The error the edited rules give, with the 1-based line of the first line containing `marker`.
    func errorAfterEditing(_ edit: @escaping (String) -> String, markerLine marker: String) throws -> (DataFileError?, Int) {
        try NormalizationFixtures.withTemporaryDirectory { folder in
            let profile = try writeProfile(in: folder, editingRules: edit)
            let edited = try String(contentsOfFile: folder + "/normalization/ko.json", encoding: .utf8)
            let line = edited.components(separatedBy: "\n").firstIndex { $0.contains(marker) }.map { $0 + 1 } ?? -1
            let error = #expect(throws: DataFileError.self) { try profile.textNormalizer() }
            return (error, line)
        }
    }

    @Test("a counter added to a copy of the data takes native numbers without code changes")
    func addedCounterTakesEffect() throws {
        let shipped = try NormalizationFixtures.koreanNormalizer()
        #expect(shipped.normalize("사과 3바구니") == "사과 삼 바구니")
        let edited = try NormalizationFixtures.withTemporaryDirectory { folder in
            try writeProfile(in: folder) { rules in
                rules.replacingOccurrences(of: "\"native\": [", with: "\"native\": [\n      \"바구니\",")
            }.textNormalizer()
        }
        #expect(edited?.normalize("사과 3바구니") == "사과 세 바구니")
        #expect(edited?.normalize("20바구니") == "스무 바구니")
    }

    @Test("a unit reading changed in the data is what the normalizer reads")
    func changedUnitReadingTakesEffect() throws {
        let edited = try NormalizationFixtures.withTemporaryDirectory { folder in
            try writeProfile(in: folder) { rules in
                rules.replacingOccurrences(of: "\"GB\": \"기가바이트\"", with: "\"GB\": \"기가\"")
            }.textNormalizer()
        }
        #expect(edited?.normalize("64GB") == "육십사 기가")
    }

    @Test("the shipped profile names its rules by a path relative to the profile file")
    func relativePathIsResolved() throws {
        let profile = try NormalizationFixtures.profile("ko")
        guard case .string(let path)? = profile.sections["normalization"]?.value else {
            Issue.record("the Korean profile's normalization section is not a path")
            return
        }
        #expect(path == "normalization/ko.json")
        #expect(try profile.textNormalizer()?.normalize("3개") == "세 개")
    }

    @Test("rules written inline in the profile work like a rules file")
    func inlineRulesWork() throws {
        let rules = try String(contentsOfFile: NormalizationFixtures.koreanRulesPath, encoding: .utf8)
        let profileText = "{\"engine\": {\"voice\": \"ko\"},\n\"normalization\": \(rules)}"
        let normalizer = try NormalizationFixtures.withTemporaryDirectory { folder in
            try profileText.write(toFile: folder + "/inline.json", atomically: true, encoding: .utf8)
            return try VoiceProfile.load(path: folder + "/inline.json").textNormalizer()
        }
        #expect(normalizer?.normalize("1~3개") == "한 개에서 세 개")
    }

    @Test("malformed JSON in the rules file is reported with its line and column")
    func malformedJSONHasPosition() throws {
        let (error, line) = try errorAfterEditing({
            $0.replacingOccurrences(of: "\"nativeMax\": 99,", with: "\"nativeMax\": 99")
        }, markerLine: "\"decimalPoint\"")
        #expect(error?.location.file.hasSuffix("normalization/ko.json") == true)
        #expect(error?.location.line == line)
        #expect(error?.location.column == 5)
        #expect(error?.message.contains("expected ','") == true)
    }

    @Test("a value out of range names its key, line and column")
    func outOfRangeValueHasPosition() throws {
        let (error, line) = try errorAfterEditing({
            $0.replacingOccurrences(of: "\"nativeMax\": 99,", with: "\"nativeMax\": 120,")
        }, markerLine: "\"nativeMax\"")
        #expect(error?.location.line == line)
        #expect(error?.location.column == 18)
        #expect(error?.message == "\"nativeMax\" must be from 1 to 99, found 120")
    }

    @Test("a misspelt section key suggests the valid one")
    func misspeltKeySuggestsValid() throws {
        let (error, line) = try errorAfterEditing({
            $0.replacingOccurrences(of: "\"native\": [", with: "\"nativ\": [")
        }, markerLine: "\"nativ\"")
        #expect(error?.location.line == line)
        #expect(error?.message == "unknown key \"nativ\"; did you mean \"native\"?")
    }

    @Test("a counter listed as both native and Sino-Korean is an error at the second listing")
    func duplicateCounterIsAnError() throws {
        let (error, line) = try errorAfterEditing({
            $0.replacingOccurrences(of: "\"sino\": [", with: "\"sino\": [\"개\", ")
        }, markerLine: "\"sino\": [")
        #expect(error?.location.line == line)
        #expect(error?.message == "counter \"개\" is listed twice (already native)")
    }

    @Test("a digit list of the wrong length says how many words it needs")
    func wrongDigitCountIsAnError() throws {
        let (error, line) = try errorAfterEditing({
            $0.replacingOccurrences(of: "\"영\", \"일\",", with: "\"일\",")
        }, markerLine: "\"sinoDigits\"")
        #expect(error?.location.line == line)
        #expect(error?.message == "\"sinoDigits\" must list 10 words (for 0 to 9), found 9")
    }

    @Test("a missing rules file is reported at the profile's normalization key")
    func missingRulesFileIsReported() throws {
        let error = try NormalizationFixtures.withTemporaryDirectory { folder in
            let text = "{\n  \"engine\": {\"voice\": \"ko\"},\n  \"normalization\": \"nowhere/ko.json\"\n}"
            try text.write(toFile: folder + "/ko.json", atomically: true, encoding: .utf8)
            let profile = try VoiceProfile.load(path: folder + "/ko.json")
            return #expect(throws: DataFileError.self) { try profile.textNormalizer() }
        }
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 20)
        #expect(error?.message.contains("nowhere/ko.json") == true)
    }
}

@Suite("Voices without normalization keep the engine's reading")
struct IdentityNormalizationTests {
    @Test("the English profile has no normalization and its text reaches the engine unchanged")
    func englishIsIdentity() throws {
        let english = try NormalizationFixtures.profile("en")
        #expect(try english.textNormalizer() == nil)
        let text = "Rated 4.8 stars, 3 items, USB, 010-1234-5678, ₩12,000"
        #expect(try english.textNormalizerOrIdentity().normalize(text) == text)
    }

    @Test("the Korean profile's normalization changes numbers")
    func koreanIsNotIdentity() throws {
        let korean = try NormalizationFixtures.profile("ko")
        #expect(try korean.textNormalizerOrIdentity().normalize("3개") != "3개")
    }
}
