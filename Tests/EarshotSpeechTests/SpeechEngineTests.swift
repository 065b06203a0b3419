import EarshotCore
import Foundation
import Testing
@testable import EarshotSpeech

let korean = VoiceProfile.Engine(voice: "ko")
let english = VoiceProfile.Engine(voice: "en-us")

/// Seconds of audio and its level, for readable expectations.
extension Synthesis {
    var seconds: Double { audio.duration }
    var level: Double { audio.rms() }
}

@Suite("Speech engine synthesis")
struct SpeechEngineTests {
    let engine: SpeechEngine

    init() throws { engine = try SpeechEngine() }

    @Test("the engine runs at eSpeak NG's 22050 Hz")
    func sampleRate() {
        #expect(engine.sampleRate == 22050)
    }

    @Test("Korean trait words become audible speech of plausible length")
    func koreanSpeech() throws {
        let result = try engine.synthesize("버튼, 선택됨", settings: korean)
        #expect(result.audio.sampleRate == 22050)
        #expect(result.level > 500)
        #expect(result.seconds > 0.3 && result.seconds < 3)
        #expect(!result.wasCancelled)
        #expect(result.words.map(\.word) == ["버튼", "선택됨"])
    }

    @Test("an English word in the en-us voice becomes audible speech of plausible length")
    func englishSpeech() throws {
        let result = try engine.synthesize("Selected", settings: english)
        #expect(result.level > 500)
        #expect(result.seconds > 0.3 && result.seconds < 3)
        #expect(result.words.map(\.word) == ["Selected"])
    }

    @Test("mixed English and Korean text is spoken in full")
    func mixedSpeech() throws {
        let result = try engine.synthesize("Apple 선택됨", settings: korean)
        #expect(result.level > 500)
        #expect(result.seconds > 0.3 && result.seconds < 3)
        #expect(result.words.map(\.word) == ["Apple", "선택됨"])
    }

    @Test("word boundaries count Characters and increase inside the audio, each over spoken sound")
    func wordBoundaries() throws {
        // The emoji is several Unicode scalars but one Character: offsets after it must count it once.
        let text = "Apple 선택됨, 👍🏽 버튼 끝"
        let result = try engine.synthesize(text, settings: korean)
        let characters = Array(text)
        for word in result.words {
            #expect(String(characters[word.characterRange]) == word.word)
        }
        let spoken = result.words.filter { $0.word.unicodeScalars.first!.properties.isAlphabetic }
        #expect(spoken.map(\.word) == ["Apple", "선택됨", "버튼", "끝"])
        #expect(spoken.map(\.characterOffset) == [0, 6, 13, 16])
        let offsets = result.words.map(\.sampleOffset)
        #expect(offsets == offsets.sorted())
        #expect(Set(offsets).count == offsets.count, "two words start at the same sample: \(offsets)")
        #expect(offsets.allSatisfy { $0 >= 0 && $0 < result.audio.samples.count })
        // The stretch from each spoken word to the next boundary holds speech, not silence.
        let ends = offsets.dropFirst() + [result.audio.samples.count]
        for (word, end) in zip(result.words, ends) where spoken.contains(word) {
            #expect(result.audio.rms(in: word.sampleOffset..<end) > 300, "\(word.word) is silent")
        }
    }

    @Test("chunks arrive as engine buffers of at most 60 ms and add up to the whole audio")
    func streamedChunks() throws {
        var chunks: [SynthesisChunk] = []
        let result = try engine.synthesize("공지사항 123번째 글, 작성자 사용자42", settings: korean) { chunks.append($0) }
        #expect(chunks.count > 5)
        #expect(chunks.first?.startSample == 0)
        let largest = chunks.map(\.samples.count).max() ?? 0
        // eSpeak may write one sample past its 60 ms buffer before it notices the end.
        #expect(largest <= 22050 * 60 / 1000 + 1, "a chunk of \(largest) samples")
        #expect(chunks.flatMap(\.samples) == result.audio.samples)
        #expect(chunks.flatMap(\.words) == result.words)
        var next = 0
        for chunk in chunks {
            #expect(chunk.startSample == next)
            next += chunk.samples.count
        }
    }

    @Test("rate, volume and word gap of the settings change the speech")
    func settingsApply() throws {
        let text = "무선 청소기 상세 정보"
        let slow = try engine.synthesize(text, settings: .init(voice: "ko", rate: 120))
        let fast = try engine.synthesize(text, settings: .init(voice: "ko", rate: 350))
        #expect(fast.seconds < slow.seconds * 0.6)
        let quiet = try engine.synthesize(text, settings: .init(voice: "ko", volume: 40))
        let loud = try engine.synthesize(text, settings: .init(voice: "ko", volume: 160))
        #expect(quiet.level < loud.level * 0.5)
        let wide = try engine.synthesize(text, settings: .init(voice: "ko", wordGap: 30))
        let normal = try engine.synthesize(text, settings: korean)
        #expect(wide.seconds > normal.seconds + 0.3)
    }

    @Test("an empty text gives silent audio and no words")
    func emptyText() throws {
        let result = try engine.synthesize("", settings: korean)
        #expect(result.audio.samples.allSatisfy { $0 == 0 })
        #expect(result.words.isEmpty)
    }
}
