import EarshotCore
import Testing
@testable import EarshotSpeech

@Suite("Phonemes")
struct PhonemeTests {
    @Test("Korean words have distinct non-empty phonemes with no Hangul left")
    func koreanWords() throws {
        let engine = try SpeechEngine()
        let button = try engine.phonemes("버튼", settings: korean)
        let selected = try engine.phonemes("선택됨", settings: korean)
        #expect(!button.isEmpty)
        #expect(!selected.isEmpty)
        #expect(button != selected)
        #expect(!(button + selected).unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
    }

    @Test("every clause of a text is translated and clauses are joined with a space")
    func clauses() throws {
        let engine = try SpeechEngine()
        let both = try engine.phonemes("버튼, 선택됨", settings: korean)
        let button = try engine.phonemes("버튼", settings: korean)
        let selected = try engine.phonemes("선택됨", settings: korean)
        #expect(both == button + " " + selected)
    }

    @Test("the voice of the settings chooses the language, and IPA can be asked for")
    func voiceAndAlphabet() throws {
        let engine = try SpeechEngine()
        let asKorean = try engine.phonemes("Apple", settings: korean)
        let asEnglish = try engine.phonemes("Apple", settings: english)
        #expect(asKorean.contains("(en)"))
        #expect(!asEnglish.contains("("))
        let ipa = try engine.phonemes("Apple", settings: english, ipa: true)
        #expect(ipa.contains("æ"))
        #expect(ipa != asEnglish)
    }
}
