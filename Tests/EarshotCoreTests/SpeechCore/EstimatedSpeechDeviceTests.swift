import Foundation
import Testing
@testable import EarshotCore

@Suite("Durations estimated without a speech engine")
struct EstimatedSpeechDeviceTests {
    static let scenarios = ScreenTestSupport.repositoryRoot.appendingPathComponent("samples/scenarios")

    /// The sample scenarios that have a golden transcript, made with the engine.
    static let goldenScenarios: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
        return files.filter { $0.hasSuffix(".transcript.txt") }.map { String($0.dropLast(".transcript.txt".count)) }.sorted()
    }()

    /// What a readable transcript line says without its times: the text or earcon and its fate.
    static func wordsAndFates(_ transcript: String) -> [String] {
        transcript.split(separator: "\n").filter { !$0.hasPrefix("note: ") }.map { line in
            let text = line.drop { $0 != " " }.drop { $0 == " " }
            if text.hasPrefix("announcementDidFinish") { return String(text) }
            let parts = text.components(separatedBy: "  ")
            let fate = parts[1].components(separatedBy: " to ")[0].components(separatedBy: " at ")[0]
            return parts[0] + " " + fate
        }
    }

    @Test("counts syllables, Latin letters, words, digits, pauses and sentence breaks between words")
    func counts() {
        let counts = SpeechTextCounts("설정, 완료. Wi-Fi 3개, ")
        #expect(counts.syllable == 5)
        #expect(counts.latinLetter == 4)
        #expect(counts.latinSyllable == 2)
        #expect(counts.word == 5, "\"3개\" is one word")
        #expect(counts.digit == 1)
        #expect(counts.pause == 1, "the comma after the last word is no pause")
        #expect(counts.sentence == 1)
        #expect(SpeechTextCounts("مشاركة").otherLetter == 6)
        #expect(SpeechTextCounts("TV").latinSyllable == 1, "a word without vowels is one syllable")
    }

    @Test("the estimate follows the profile's coefficients and halves at twice the rate")
    func coefficients() throws {
        let estimate = try SpeechDurationEstimate(profile: ScreenTestSupport.profile("ko"))
        let text = "장바구니 담기, 버튼"
        let expected = estimate.utterance + 8 * estimate.syllable + 3 * estimate.word + estimate.pause
        #expect(abs(estimate.seconds(for: text, rate: 175) - expected) < 1e-9)
        #expect(abs(estimate.seconds(for: text, rate: 350) - expected / 2) < 1e-9)
        #expect(estimate.seconds(for: " , ", rate: 175) == 0)
    }

    @Test("a profile without the durationEstimate section is an error that names the file and the keys")
    func missingSection() throws {
        var profile = try ScreenTestSupport.profile("ko")
        profile.sections["durationEstimate"] = nil
        let error = try #require(throws: DataFileError.self) { try EstimatedSpeechDevice(profile: profile) }
        #expect(error.location.file == profile.path)
        #expect(error.message.contains("\"syllable\""))
    }

    @Test("the device estimates the normalized text: a number costs what its Korean reading costs")
    func normalizedText() throws {
        let device = try EstimatedSpeechDevice(profile: ScreenTestSupport.profile("ko"))
        let digits = Utterance(id: 1, text: "평점 4.8점", kind: .element, cause: "test", requestedAt: 0)
        let words = Utterance(id: 2, text: "평점 사 점 팔 점", kind: .element, cause: "test", requestedAt: 0)
        #expect(device.duration(of: digits) == device.duration(of: words))
        #expect(device.duration(of: digits) > .seconds(1))
        #expect(device.duration(of: digits) == .samples(device.sampleCount(of: digits), rate: 22050), "whole samples")
    }

    @Test("every sample scenario says the golden transcript's words with the same fates", arguments: goldenScenarios)
    func sampleScenario(name: String) throws {
        let profile = try ScreenTestSupport.profile("ko")
        let scenario = try ScenarioFile.load(path: Self.scenarios.appendingPathComponent(name + ".json").path)
        let result = try ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                        device: try EstimatedSpeechDevice(profile: profile)).run()
        let golden = try String(contentsOf: Self.scenarios.appendingPathComponent(name + ".transcript.txt"), encoding: .utf8)
        #expect(result.transcript.durationsEstimated)
        #expect(Self.wordsAndFates(result.transcript.readableText) == Self.wordsAndFates(golden))
    }

    @Test("each written form of an estimated transcript says so first; an engine-timed one does not")
    func estimateNote() throws {
        let profile = try ScreenTestSupport.profile("ko")
        let scenario = try ScenarioFile.load(path: Self.scenarios.appendingPathComponent("cart-immediate.json").path)
        let estimated = try ScenarioRunner(scenario: scenario, profile: profile, clock: VirtualClock(),
                                           device: try EstimatedSpeechDevice(profile: profile)).run().transcript
        let note = SpeechTranscript.estimatedDurationsNote
        #expect(estimated.readableText.hasPrefix("note: \(note)\n00:00.000  \"장바구니 담기, 버튼\"  spoken to "))
        #expect(estimated.jsonLines.hasPrefix(#"{"type":"note","durations":"estimated","text":"durations are estimated"#))
        #expect(estimated.webVTT.hasPrefix("WEBVTT\n\nNOTE \(note)\n\n"))
        var timed = estimated
        timed.durationsEstimated = false
        #expect(!timed.readableText.contains("note:") && !timed.jsonLines.contains("\"note\"") && !timed.webVTT.contains("NOTE"))
    }
}
