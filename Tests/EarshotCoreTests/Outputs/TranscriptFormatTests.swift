import Foundation
import Testing
@testable import EarshotCore

@Suite("Transcripts are written as readable text, JSON Lines and WebVTT")
struct TranscriptFormatTests {
    /// Touch the button, double tap, an announcement dropped, a queued one spoken, a swipe that cuts it.
    static func sample() throws -> SpeechTranscript {
        try ScenarioTestSupport.run("""
            { "gesture": "touch", "x": 10, "y": 60 },
            { "gesture": "activate" },
            { "post": "announcement", "text": "담았습니다", "after": 0.05 },
            { "post": "announcement", "text": "<1개> & 더", "queue": true },
            { "gesture": "next", "at": 2.9 }
            """).transcript
    }

    @Test("the readable text has one line per utterance in time order: time, words, fate, cause")
    func readableText() throws {
        let text = try Self.sample().readableText
        #expect(text == """
            00:00.000  "담기, 버튼"  spoken to 00:01.000  (focus move (touch 10 60), line 9)
            00:01.000  [activation sound]  spoken to 00:01.250  (activation (double tap), line 10)
            00:01.050  "담았습니다"  dropped: postedDuringGestureSpeech  (announcement, line 11)
            00:01.050  announcementDidFinish "담았습니다" wasSuccessful: false
            00:01.300  "담기, 버튼"  spoken to 00:02.300  (activation (double tap), line 10)
            00:02.400  "<1개> & 더"  cut at 00:02.900 by focus move (swipe right)  (announcement queued, line 12)
            00:02.900  announcementDidFinish "<1개> & 더" wasSuccessful: false
            00:02.900  "장바구니, 0개, 버튼"  spoken to 00:03.900  (focus move (swipe right), line 13)

            """)
    }

    @Test("WebVTT has a header and one cue per sound that played, in start order, with escaped text")
    func webVTT() throws {
        let vtt = try Self.sample().webVTT
        #expect(vtt == """
            WEBVTT

            1
            00:00:00.000 --> 00:00:01.000
            담기, 버튼

            2
            00:00:01.000 --> 00:00:01.250
            [activation sound]

            3
            00:00:01.300 --> 00:00:02.300
            담기, 버튼

            5
            00:00:02.400 --> 00:00:02.900
            &lt;1개&gt; &amp; 더

            6
            00:00:02.900 --> 00:00:03.900
            장바구니, 0개, 버튼

            """)
        #expect(webVTTTime(3725.5) == "01:02:05.500")
    }

    @Test("JSON Lines carry the engine's text beside the original, and the announcement reports")
    func jsonLines() throws {
        let lines = try Self.sample().jsonLines { "engine:" + $0.text }.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines[3].contains(#""text":"담았습니다","engineText":"engine:담았습니다""#))
        #expect(lines[3].contains(#""fate":"dropped","at":1.050000,"reason":"postedDuringGestureSpeech""#))
        #expect(lines[6].hasPrefix(#"{"type":"announcementDidFinish","id":4,"text":"담았습니다","wasSuccessful":false"#))
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
    }

    @Test("the format follows the file name's extension")
    func formatFromExtension() {
        #expect(TranscriptFormat(path: "a/b.TXT") == .text)
        #expect(TranscriptFormat(path: "b.jsonl") == .jsonLines)
        #expect(TranscriptFormat(path: "b.vtt") == .webVTT)
        #expect(TranscriptFormat(path: "b.srt") == nil)
        #expect(clockTime(61.2345) == "01:01.235")
        #expect(clockTime(3600) == "01:00:00.000")
    }
}
