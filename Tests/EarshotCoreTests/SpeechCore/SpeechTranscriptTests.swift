import Foundation
import Testing
@testable import EarshotCore

@Suite("The transcript records every decision readably and as JSON Lines")
struct SpeechTranscriptTests {
    static let steps: [(Double, SpeechEvent)] = [
        (0, .announcement("\"저장\" 완료")),
        (0.5, .focusMoved(elementSpeech("닫기, 버튼", id: "close"), gesture: "swipe right")),
        (0.75, .announcement("늦은 알림")),
    ]

    @Test("the text transcript gives each utterance's fate with times and causes")
    func textTranscript() {
        let transcript = SpeechBench().run(Self.steps)
        #expect(transcript.description == """
            #1 announcement "\"저장\" 완료" [announcement, requested 0.000]: cut 0.000-0.500 by #2 (focus move (swipe right))
            #2 element "닫기, 버튼" [focus move (swipe right), requested 0.500]: spoken 0.500-1.500
            #3 announcement "늦은 알림" [announcement, requested 0.750]: dropped at 0.750: posted while speech caused by a user gesture was playing
            0.500 announcementDidFinish "\"저장\" 완료" wasSuccessful: false
            0.750 announcementDidFinish "늦은 알림" wasSuccessful: false
            """)
    }

    @Test("an event's source is stamped on its utterances")
    func sourceIsRecorded() {
        let bench = SpeechBench()
        bench.scheduler.schedule(.announcement("저장됨"), at: 0, source: "scenario step 2")
        bench.clock.runUntilIdle()
        let transcript = bench.scheduler.transcript
        #expect(transcript.entries.first?.utterance.source == "scenario step 2")
        #expect(transcript.entries.first?.description
            == "#1 announcement \"저장됨\" [announcement, scenario step 2, requested 0.000]: spoken 0.000-1.000")
        #expect(transcript.jsonLines.contains(#""cause":"announcement","source":"scenario step 2","requestedAt":0.000000"#))
        #expect(transcript.events.map(\.description) == ["0.000 announcement \"저장됨\" priority default [scenario step 2]"])
    }

    @Test("JSON Lines give one parsable object per utterance and per announcementDidFinish")
    func jsonLines() throws {
        let lines = SpeechBench().run(Self.steps).jsonLines.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"type":"utterance","id":1,"kind":"announcement","text":"\"저장\" 완료","priority":"default","queued":false,"element":null,"gesture":false,"cause":"announcement","requestedAt":0.000000,"fate":"cut","start":0.000000,"end":0.500000,"cutBy":2,"cutCause":"focus move (swipe right)"}"#)
        #expect(lines[3] == #"{"type":"announcementDidFinish","id":1,"text":"\"저장\" 완료","wasSuccessful":false,"time":0.500000}"#)
        for (index, line) in lines.enumerated() {
            let object = try JSONDocument.parse(line, file: "line \(index + 1)")
                .object(allowing: ["type", "id", "kind", "earcon", "text", "priority", "queued", "element", "gesture",
                                   "language", "cause", "source", "requestedAt", "fate", "start", "end", "cutBy", "cutCause", "at", "reason",
                                   "reasonText", "wasSuccessful", "time"])
            #expect(try object.requiredString("type").isEmpty == false)
        }
        let dropped = try JSONDocument.parse(lines[2], file: "l3").object(allowing: [
            "type", "id", "kind", "text", "priority", "queued", "element", "gesture", "cause", "source", "requestedAt", "fate",
            "at", "reason", "reasonText"])
        #expect(try dropped.string("reason") == "postedDuringGestureSpeech")
        #expect(try dropped.double("at") == 0.75)
    }
}
