import Testing
@testable import EarshotCore

// Times below follow from the bench: speech lasts 1 s unless a table says otherwise, earcons
// 0.25 s, earconGap 0.0625 s, queueGap 0.125 s, hintPause 0.75 s, gestureWindow 1 s.

@Suite("The speech scheduler decides what is heard, cut and dropped")
struct SpeechSchedulerTests {
    // MARK: Gesture speech and announcements (seed: announcements)

    @Test("an announcement posted 0.05 s after activation is dropped")
    func announcementDuringReReadIsDropped() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .activated(elementSpeech("찜하기, 버튼, 선택됨", id: "like"), gesture: "double tap")),
            (0.05, .announcement("찜 목록에 추가됨")),
        ])
        #expect(transcript.earconFate(.activation) == .spoken(start: 0, end: 0.25))
        #expect(transcript.fate("찜하기, 버튼, 선택됨") == .spoken(start: 0.3125, end: 1.3125))
        #expect(transcript.fate("찜 목록에 추가됨") == .dropped(at: 0.05, reason: .postedDuringGestureSpeech))
        #expect(transcript.announcementResults == [
            AnnouncementResult(utteranceID: 3, text: "찜 목록에 추가됨", wasSuccessful: false, time: 0.05),
        ])
        #expect(transcript.entry(text: "찜하기, 버튼, 선택됨")?.utterance.elementID == "like")
    }

    @Test("an announcement posted after the re-read ends is spoken")
    func announcementAfterReReadIsSpoken() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .activated(elementSpeech("찜하기, 버튼, 선택됨"), gesture: "double tap")),
            (1.5, .announcement("찜 목록에 추가됨")),
        ])
        #expect(transcript.fate("찜하기, 버튼, 선택됨") == .spoken(start: 0.3125, end: 1.3125))
        #expect(transcript.fate("찜 목록에 추가됨") == .spoken(start: 1.5, end: 2.5))
        #expect(transcript.announcementResults.map(\.wasSuccessful) == [true])
        #expect(transcript.announcementResults.first?.time == 2.5)
    }

    @Test("an announcement posted within the gesture window after a short re-read is dropped")
    func announcementWithinGestureWindowIsDropped() {
        let bench = SpeechBench(device: TimedDevice(durations: ["켬": 0.25]))
        let transcript = bench.run([
            (0, .activated(elementSpeech("켬"), gesture: "double tap")),
            (0.75, .announcement("알림이 켜졌습니다")),
            (1.0, .announcement("설정이 저장되었습니다")),
        ])
        #expect(transcript.fate("켬") == .spoken(start: 0.3125, end: 0.5625))
        #expect(transcript.fate("알림이 켜졌습니다") == .dropped(at: 0.75, reason: .postedWithinGestureWindow))
        // Exactly one window after the gesture the announcement gets through.
        #expect(transcript.fate("설정이 저장되었습니다") == .spoken(start: 1.0, end: 2.0))
    }

    @Test("a queued announcement posted during the re-read waits for it and is spoken")
    func queuedAnnouncementWaitsForCurrentSpeech() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .activated(elementSpeech("찜하기, 버튼, 선택됨"), gesture: "double tap")),
            (0.05, .announcement("찜 목록에 추가됨", queued: true)),
        ])
        #expect(transcript.fate("찜하기, 버튼, 선택됨") == .spoken(start: 0.3125, end: 1.3125))
        #expect(transcript.fate("찜 목록에 추가됨") == .spoken(start: 1.4375, end: 2.4375))
        #expect(transcript.announcementResults.map(\.wasSuccessful) == [true])
    }

    @Test("a default announcement interrupts speech the app caused")
    func defaultAnnouncementInterruptsAppSpeech() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("다운로드 시작")),
            (0.5, .announcement("다운로드 완료")),
        ])
        #expect(transcript.fate("다운로드 시작")
            == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 2, cause: "announcement")))
        #expect(transcript.fate("다운로드 완료") == .spoken(start: 0.5, end: 1.5))
        #expect(transcript.announcementResults.map(\.wasSuccessful) == [false, true])
        #expect(bench.device.log == ["start #1 at 0.000", "stop #1 at 0.500", "start #2 at 0.500"])
    }

    @Test("a swipe cuts an announcement and reports it unsuccessful")
    func swipeCutsAnnouncement() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("새 메시지 3개")),
            (0.5, .focusMoved(elementSpeech("받은편지함, 버튼"), gesture: "swipe right")),
        ])
        #expect(transcript.fate("새 메시지 3개")
            == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 2, cause: "focus move (swipe right)")))
        #expect(transcript.fate("받은편지함, 버튼") == .spoken(start: 0.5, end: 1.5))
        #expect(transcript.announcementResults == [
            AnnouncementResult(utteranceID: 1, text: "새 메시지 3개", wasSuccessful: false, time: 0.5),
        ])
    }

    @Test("a focus move drops queued announcements and cuts the current one")
    func focusMoveDropsQueue() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("하나")),
            (0.25, .announcement("둘", queued: true)),
            (0.5, .focusMoved(elementSpeech("셋"), gesture: "swipe left")),
        ])
        #expect(transcript.fate("하나")
            == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 3, cause: "focus move (swipe left)")))
        #expect(transcript.fate("둘") == .dropped(at: 0.5, reason: .replacedByUserGesture))
        #expect(transcript.fate("셋") == .spoken(start: 0.5, end: 1.5))
        #expect(transcript.announcementResults.map(\.wasSuccessful) == [false, false])
    }

    @Test("an event at the instant speech ends does not cut it off")
    func eventAtEndDoesNotCut() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .focusMoved(elementSpeech("확인, 버튼"), gesture: "swipe right")),
            (1.0, .announcement("완료")),
        ])
        #expect(transcript.fate("확인, 버튼") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("완료") == .spoken(start: 1, end: 2))
        #expect(bench.device.log == ["start #1 at 0.000", "start #2 at 1.000"])
    }

    // MARK: Hints

    @Test("the hint follows its element after the hint pause")
    func hintFollowsAfterPause() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .focusMoved(elementSpeech("음량, 조절 가능", hint: "값을 조절하려면 한 손가락으로 위 또는 아래로 쓸어넘기십시오."),
                            gesture: "swipe right")),
        ])
        #expect(transcript.fate("음량, 조절 가능") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("값을 조절하려면 한 손가락으로 위 또는 아래로 쓸어넘기십시오.") == .spoken(start: 1.75, end: 2.75))
        #expect(transcript.entry(text: "값을 조절하려면 한 손가락으로 위 또는 아래로 쓸어넘기십시오.")?.utterance.kind == .hint)
    }

    @Test("an element's id and language are carried to its speech and its hint")
    func elementIdentityIsCarried() {
        let transcript = SpeechBench().run([
            (0, .focusMoved(elementSpeech("Settings, Button", id: "settings", hint: "Double tap to open.", language: "en"),
                            gesture: "swipe right")),
        ])
        #expect(transcript.entries.map(\.utterance.elementID) == ["settings", "settings"])
        #expect(transcript.entries.map(\.utterance.language) == ["en", "en"])
        #expect(transcript.jsonLines.contains(#""element":"settings","language":"en","gesture":true"#))
    }

    @Test("a new event during the hint pause cancels the hint")
    func newEventCancelsHint() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .focusMoved(elementSpeech("알림, 스위치 버튼, 끔", hint: "설정을 끄거나 켜려면 이중 탭 하십시오."), gesture: "swipe right")),
            (1.25, .announcement("업데이트 있음", queued: true)),
        ])
        #expect(transcript.fate("알림, 스위치 버튼, 끔") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("설정을 끄거나 켜려면 이중 탭 하십시오.") == .dropped(at: 1.25, reason: .cancelledByNewEvent))
        #expect(transcript.fate("업데이트 있음") == .spoken(start: 1.25, end: 2.25))
    }

    @Test("a new event while the element is spoken cancels its hint even if the element goes on")
    func queuedEventDuringElementCancelsHint() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .focusMoved(elementSpeech("검색, 텍스트 필드", hint: "편집하려면 이중 탭 하십시오."), gesture: "touch")),
            (0.5, .announcement("결과 10개", priority: .low)),
        ])
        #expect(transcript.fate("검색, 텍스트 필드") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("편집하려면 이중 탭 하십시오.") == .dropped(at: 0.5, reason: .cancelledByNewEvent))
        #expect(transcript.fate("결과 10개") == .spoken(start: 1.125, end: 2.125))
    }

    @Test("a hint is dropped when its element is cut off")
    func hintDroppedWhenElementCut() {
        let bench = SpeechBench()
        bench.scheduler.handle(.focusMoved(elementSpeech("하나", hint: "힌트"), gesture: "swipe right"))
        bench.clock.advance(to: 0.5)
        bench.scheduler.handle(.screenChanged(nil))
        bench.clock.runUntilIdle()
        let transcript = bench.scheduler.transcript
        #expect(transcript.fate("힌트") == .dropped(at: 0.5, reason: .cancelledByNewEvent))
        #expect(transcript.fate("하나") == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 3, cause: "screenChanged")))
    }

    // MARK: screenChanged and layoutChanged

    @Test("screenChanged plays its earcon before the first element and drops pending speech")
    func screenChangedEarconThenElement() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("불러오는 중")),
            (0.25, .announcement("잠시만 기다려 주세요", priority: .low)),
            (0.5, .screenChanged(elementSpeech("상품 상세, 머리말", id: "title"))),
        ])
        #expect(transcript.fate("불러오는 중")
            == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 3, cause: "screenChanged")))
        #expect(transcript.fate("잠시만 기다려 주세요") == .dropped(at: 0.5, reason: .screenChanged))
        #expect(transcript.earconFate(.screenChanged) == .spoken(start: 0.5, end: 0.75))
        #expect(transcript.fate("상품 상세, 머리말") == .spoken(start: 0.8125, end: 1.8125))
        #expect(transcript.entries.map(\.utterance.id) == [1, 2, 3, 4])
        #expect(transcript.announcementResults.map(\.wasSuccessful) == [false, false])
    }

    @Test("screenChanged cuts the re-read after an activation that opened a new screen")
    func screenChangedCutsReRead() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .activated(elementSpeech("상품 보기, 버튼"), gesture: "double tap")),
            (0.5, .screenChanged(elementSpeech("상품 상세"))),
        ])
        #expect(transcript.fate("상품 보기, 버튼")
            == .cut(start: 0.3125, at: 0.5, by: Interruption(utteranceID: 3, cause: "screenChanged")))
        #expect(transcript.fate("상품 상세") == .spoken(start: 0.8125, end: 1.8125))
    }

    @Test("layoutChanged with nil changes nothing")
    func layoutChangedNilChangesNothing() {
        let steps: [(Double, SpeechEvent)] = [
            (0, .focusMoved(elementSpeech("더 보기, 버튼", hint: "펼치려면 이중 탭 하십시오."), gesture: "swipe right")),
        ]
        let without = SpeechBench().run(steps)
        let with = SpeechBench().run(steps + [(0.5, .layoutChanged(.none)), (1.25, .layoutChanged(.none))])
        #expect(with.entries == without.entries)
        #expect(with.fate("펼치려면 이중 탭 하십시오.") == .spoken(start: 1.75, end: 2.75))
        #expect(with.events.count == 3)
    }

    @Test("layoutChanged with a string speaks it like an announcement, without announcementDidFinish")
    func layoutChangedStringIsSpokenLikeAnnouncement() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .screenChanged(elementSpeech("목록"))),
            (0.5, .layoutChanged(.text("항목 3개 더 불러옴"))),
        ])
        #expect(transcript.earconFate(.screenChanged) == .spoken(start: 0, end: 0.25))
        #expect(transcript.fate("목록")
            == .cut(start: 0.3125, at: 0.5, by: Interruption(utteranceID: 3, cause: "layoutChanged")))
        #expect(transcript.fate("항목 3개 더 불러옴") == .spoken(start: 0.5, end: 1.5))
        #expect(transcript.entry(text: "항목 3개 더 불러옴")?.utterance.kind == .layoutString)
        #expect(transcript.announcementResults.isEmpty)
    }

    @Test("layoutChanged with a string is dropped while gesture speech plays, like an announcement")
    func layoutChangedStringDroppedDuringGestureSpeech() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .focusMoved(elementSpeech("필터, 버튼"), gesture: "swipe right")),
            (0.5, .layoutChanged(.text("필터 적용됨"))),
        ])
        #expect(transcript.fate("필터, 버튼") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("필터 적용됨") == .dropped(at: 0.5, reason: .postedDuringGestureSpeech))
    }

    @Test("layoutChanged with an element moves focus there, cutting speech and dropping what waits")
    func layoutChangedElementMovesFocus() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("하나")),
            (0.25, .announcement("둘", queued: true)),
            (0.5, .layoutChanged(.element(elementSpeech("오류: 이메일을 입력하세요", id: "error")))),
        ])
        #expect(transcript.fate("하나")
            == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 3, cause: "layoutChanged")))
        #expect(transcript.fate("둘") == .dropped(at: 0.5, reason: .layoutChanged))
        #expect(transcript.fate("오류: 이메일을 입력하세요") == .spoken(start: 0.5, end: 1.5))
        #expect(transcript.earconFate(.screenChanged) == nil)
    }

    // MARK: pageScrolled and boundaries

    @Test("a repeated pageScrolled string is a boundary and plays the boundary earcon")
    func repeatedPageScrollIsBoundary() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .pageScrolled("3페이지 중 2페이지")),
            (2, .pageScrolled("3페이지 중 3페이지")),
            (4, .pageScrolled("3페이지 중 3페이지")),
        ])
        let pages = transcript.entries.map { "\($0.utterance.kind) \($0.utterance.text): \($0.fate)" }
        #expect(pages == [
            "earcon pageScroll pageScroll: spoken 0.000-0.250",
            "pageScroll 3페이지 중 2페이지: spoken 0.313-1.313",
            "earcon pageScroll pageScroll: spoken 2.000-2.250",
            "pageScroll 3페이지 중 3페이지: spoken 2.313-3.313",
            "earcon boundary boundary: spoken 4.000-4.250",
            "pageScroll 3페이지 중 3페이지: dropped at 4.000: same page position as the last pageScrolled: a boundary",
        ])
    }

    @Test("swiping past the last element plays the boundary earcon and cuts current speech")
    func boundaryEarconCutsSpeech() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .focusMoved(elementSpeech("마지막 항목"), gesture: "swipe right")),
            (0.5, .boundaryReached(gesture: "swipe right")),
        ])
        #expect(transcript.fate("마지막 항목")
            == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 2, cause: "boundary (swipe right)")))
        #expect(transcript.earconFate(.boundary) == .spoken(start: 0.5, end: 0.75))
    }

    // MARK: iOS 17 priorities

    @Test("a high-priority announcement cannot be interrupted by a default announcement")
    func highPriorityIsNotInterruptedByDefault() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("결제 실패", priority: .high)),
            (0.5, .announcement("장바구니 갱신됨")),
        ])
        #expect(transcript.fate("결제 실패") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("장바구니 갱신됨") == .spoken(start: 1.125, end: 2.125))
        #expect(transcript.announcementResults.map(\.wasSuccessful) == [true, true])
    }

    @Test("screenChanged waits for a high-priority announcement but drops what was queued")
    func screenChangedWaitsForHighPriority() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("결제 실패", priority: .high)),
            (0.25, .announcement("다시 시도하세요", queued: true)),
            (0.5, .screenChanged(elementSpeech("결제"))),
        ])
        #expect(transcript.fate("결제 실패") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("다시 시도하세요") == .dropped(at: 0.5, reason: .screenChanged))
        #expect(transcript.earconFate(.screenChanged) == .spoken(start: 1.125, end: 1.375))
        #expect(transcript.fate("결제") == .spoken(start: 1.4375, end: 2.4375))
    }

    @Test("a user gesture interrupts even a high-priority announcement")
    func gestureInterruptsHighPriority() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("결제 실패", priority: .high)),
            (0.5, .focusMoved(elementSpeech("확인, 버튼"), gesture: "swipe right")),
        ])
        #expect(transcript.fate("결제 실패")
            == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 2, cause: "focus move (swipe right)")))
        #expect(transcript.fate("확인, 버튼") == .spoken(start: 0.5, end: 1.5))
    }

    @Test("a high-priority announcement interrupts gesture speech")
    func highPriorityInterruptsGestureSpeech() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .focusMoved(elementSpeech("보내기, 버튼"), gesture: "swipe right")),
            (0.5, .announcement("연결 끊김", priority: .high)),
        ])
        #expect(transcript.fate("보내기, 버튼")
            == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: 2, cause: "announcement high")))
        #expect(transcript.fate("연결 끊김") == .spoken(start: 0.5, end: 1.5))
    }

    @Test("a low-priority announcement waits for current and queued speech")
    func lowPriorityQueues() {
        let bench = SpeechBench()
        let transcript = bench.run([
            (0, .announcement("하나")),
            (0.25, .announcement("둘", queued: true)),
            (0.5, .announcement("셋", priority: .low)),
        ])
        #expect(transcript.fate("하나") == .spoken(start: 0, end: 1))
        #expect(transcript.fate("둘") == .spoken(start: 1.125, end: 2.125))
        #expect(transcript.fate("셋") == .spoken(start: 2.25, end: 3.25))
    }

    // MARK: Device reports and session end

    @Test("a device failure drops that utterance and the next one plays")
    func deviceFailureDropsUtterance() {
        let device = TimedDevice()
        device.failingTexts = ["깨진 텍스트"]
        let bench = SpeechBench(device: device)
        let transcript = bench.run([
            (0, .announcement("깨진 텍스트")),
            (0.25, .announcement("정상", queued: true)),
        ])
        #expect(transcript.fate("깨진 텍스트") == .dropped(at: 0, reason: .deviceFailed("engine refused the text")))
        #expect(transcript.fate("정상") == .spoken(start: 0.25, end: 1.25))
    }

    @Test("a device that reports the end later ends the utterance at the report")
    func deviceReportsEndLater() {
        let device = TimedDevice()
        device.reportsEndLater = true
        let bench = SpeechBench(device: device)
        bench.scheduler.handle(.announcement("하나"))
        bench.scheduler.handle(.announcement("둘", queued: true))
        bench.clock.advance(to: 0.75)
        #expect(bench.scheduler.currentUtterance?.text == "하나")
        bench.scheduler.deviceFinished(utteranceID: 1)
        bench.clock.advance(to: 0.875)
        let transcript = bench.scheduler.transcript
        #expect(transcript.fate("하나") == .spoken(start: 0, end: 0.75))
        #expect(bench.scheduler.currentUtterance?.text == "둘")
        #expect(transcript.unfinished.map(\.text) == ["둘"])
    }

    @Test("ending the session gives every utterance a fate")
    func endSessionDecidesEverything() {
        let bench = SpeechBench()
        bench.scheduler.handle(.announcement("하나"))
        bench.scheduler.handle(.announcement("둘", queued: true))
        bench.clock.advance(to: 0.5)
        bench.scheduler.endSession()
        let transcript = bench.scheduler.transcript
        #expect(transcript.fate("하나") == .cut(start: 0, at: 0.5, by: Interruption(utteranceID: nil, cause: "session end")))
        #expect(transcript.fate("둘") == .dropped(at: 0.5, reason: .sessionEnded))
        #expect(transcript.unfinished.isEmpty)
        #expect(bench.scheduler.isIdle)
    }

    @Test("the observer hears starts, fates and announcementDidFinish in order")
    func observerHearsRecords() {
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let log = Log()
        let clock = VirtualClock()
        let scheduler = SpeechScheduler(clock: clock, device: TimedDevice(), timing: SpeechBench.timing) { record in
            switch record {
            case .started(let u, let time): log.lines.append("start \(u.text) \(formatTime(time))")
            case .finished(let entry): log.lines.append("\(entry.utterance.text): \(entry.fate)")
            case .announcementDidFinish(let result): log.lines.append("didFinish \(result.wasSuccessful)")
            }
        }
        scheduler.schedule(.announcement("하나"), at: 0)
        scheduler.schedule(.announcement("둘"), at: 0.5)
        clock.runUntilIdle()
        #expect(log.lines == [
            "start 하나 0.000",
            "하나: cut 0.000-0.500 by #2 (announcement)",
            "didFinish false",
            "start 둘 0.500",
            "둘: spoken 0.500-1.500",
            "didFinish true",
        ])
    }

    // MARK: Determinism

    @Test("the same input twice gives identical transcripts")
    func sameInputSameTranscript() {
        let steps: [(Double, SpeechEvent)] = [
            (0, .screenChanged(elementSpeech("홈", hint: "힌트"))),
            (0.5, .announcement("환영합니다", queued: true)),
            (1.0, .focusMoved(elementSpeech("검색, 버튼", hint: "검색하려면 이중 탭 하십시오."), gesture: "swipe right")),
            (1.0, .announcement("동시에 게시됨")),
            (2.5, .activated(elementSpeech("검색, 버튼, 선택됨"), gesture: "double tap")),
            (2.55, .announcement("검색 열림")),
            (4.0, .pageScrolled("2페이지 중 1페이지")),
            (6.0, .pageScrolled("2페이지 중 1페이지")),
            (6.1, .announcement("끝", priority: .high)),
            (6.2, .layoutChanged(.text("갱신됨"))),
        ]
        let first = SpeechBench(), second = SpeechBench()
        let a = first.run(steps), b = second.run(steps)
        #expect(a == b)
        #expect(a.description == b.description)
        #expect(first.device.log == second.device.log)
        #expect(a.unfinished.isEmpty)
        #expect(a.entries.count == 16)
        #expect(a.announcementResults.map(\.wasSuccessful) == [false, false, false, true])
        #expect(a.spokenTexts == ["검색, 버튼", "검색, 버튼, 선택됨", "2페이지 중 1페이지", "끝"])
    }
}
