import EarshotAudio
import EarshotCore
import EarshotJack
import EarshotSpeech
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotPlayback

/// The live device on real parts: eSpeak NG, the profile's earcons and ALSA, either into the JACK
/// dummy backend (paced in real time, recorded sample-accurately by `jack_rec`) or into a file
/// PCM (every sample sent, unpaced). Serialized: the JACK tests share one server and measure time.
@Suite("Live speech device", .serialized)
struct LiveSpeechDeviceTests {
    static let rate = 22050
    static let longText = "안녕하세요. 오늘은 날씨가 정말 좋네요. 산책하러 나갈까요? 공원에 가면 꽃이 많이 피었을 거예요."

    /// Everything the device and the sink reported, in order.
    final class Log: Sendable {
        let deviceEvents = Locked<[LiveSpeechDevice.Event]>([])
        let chunkStarts = Locked<[Int: (frame: Int64, time: ContinuousClock.Instant)]>([:])
        let records = Locked<[SpeechRecord]>([])

        func firstChunk(of utteranceID: Int) -> Int? {
            deviceEvents.withLock { events in
                events.lazy.compactMap { event -> Int? in
                    if case .firstChunkEnqueued(utteranceID, let chunk, _) = event { return chunk }
                    return nil
                }.first
            }
        }

        /// The samples the device handed to the sink for `utteranceID`.
        func samples(of utteranceID: Int) -> [Int16] {
            deviceEvents.withLock { events in
                events.flatMap { event -> [Int16] in
                    if case .chunkEnqueued(utteranceID, _, let samples) = event { return samples }
                    return []
                }
            }
        }

        func finished() -> [Int] {
            deviceEvents.withLock { events in
                events.compactMap { event in
                    if case .finished(let id) = event { return id }
                    return nil
                }
            }
        }
    }

    /// Wraps the live device to note how much the sink had played when the scheduler cut an
    /// utterance, read just before the device stops it.
    final class StopProbe: SpeechDevice, @unchecked Sendable {
        let inner: LiveSpeechDevice
        let playedAtStop = Locked<[Int: Int64]>([:])

        init(_ inner: LiveSpeechDevice) { self.inner = inner }

        func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? {
            try inner.start(utterance, at: time)
        }

        func stop(_ utterance: Utterance, at time: TimelineInstant) {
            let played = inner.sink.status().framesPlayed
            playedAtStop.withLock { $0[utterance.id] = played }
            inner.stop(utterance, at: time)
        }
    }

    let profile: VoiceProfile
    let speaker: Speaker
    let earcons: EarconLibrary

    init() throws {
        profile = try VoiceLibrary(directory: packageRoot + "/voices").profile("ko")
        speaker = try Speaker(profile: profile, engine: try SpeechEngine())
        earcons = try EarconLibrary(profile: profile, sampleRate: speaker.sampleRate)
    }

    func openJackSink(_ name: String, log: Log) throws -> (AlsaSink, port: String) {
        try JackDummyServer.ensureRunning()
        let client = "earshot-live-\(name)-\(getpid())"
        let sink = try AlsaSink(device: AlsaJackConfiguration.jackDevice(client: client), sampleRate: Self.rate,
                                periodMilliseconds: 10) { event in
            if case .chunkStarted(let id, let frame, let time) = event {
                log.chunkStarts.withLock { $0[id] = (frame, time) }
            }
        }
        let port = client + ":out_000"
        try #require(JackDummyServer.waitForPort(port), "the sink's JACK port \(port) appears")
        return (sink, port)
    }

    func waitUntilIdle(_ scheduler: SpeechScheduler, clock: LiveClock, after time: TimelineInstant, limit: TimelineInstant) {
        while clock.now < limit && !(clock.now > time && scheduler.isIdle) {
            usleep(10_000)
        }
    }

    /// Index just past the last loud sample of `sound`.
    func lastLoud(_ sound: [Int16]) -> Int {
        (sound.lastIndex { abs(Int($0)) > 200 } ?? -1) + 1
    }

    @Test("a focus move cuts the playing announcement: the recording is silent within 30 ms of the scheduled interruption, then the element plays in full")
    func interruptionSilencesWithin30Milliseconds() throws {
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        // eSpeak NG varies a few samples from one synthesis to the next: this one only chooses
        // the cut; the device's own samples are what the recording is checked against.
        let preview = try speaker.synthesize(Self.longText).audio.samples
        // Cut where the announcement is loud, so leftover sound could not hide in a pause.
        let cutSample = try #require(stride(from: Self.rate / 2, to: Self.rate, by: 256).first { start in
            PCMBuffer(sampleRate: Self.rate, samples: preview).rms(in: start..<start + Self.rate / 20) > 1500
        })
        let cutDelay = Double(cutSample) / Double(Self.rate)

        let log = Log()
        let (sink, port) = try openJackSink("cut", log: log)
        defer { sink.close() }
        let live = LiveSpeechDevice(speaker: speaker, earcons: earcons, sink: sink) { event in
            log.deviceEvents.withLock { $0.append(event) }
        }
        defer { live.close() }
        let probe = StopProbe(live)
        let clock = LiveClock(label: "earshot.test-live-cut")
        let scheduler = try SpeechScheduler(clock: clock, device: probe, profile: profile, reader: VoiceOver()) { record in
            log.records.withLock { $0.append(record) }
        }
        live.bind(to: scheduler)
        let recording = try JackRecording.start(port: port, seconds: 5, path: folder + "/out.wav")

        let origin = clock.now
        scheduler.handle(.announcement(Self.longText))
        // The element starts as soon as the announcement's audio starts being heard + cutDelay.
        while log.firstChunk(of: 1).flatMap({ id in log.chunkStarts.withLock { $0[id] } }) == nil, clock.now < origin + .seconds(1) {
            usleep(1_000)
        }
        let scheduledCut = clock.now + .seconds(cutDelay)
        scheduler.schedule(.focusMoved(ElementSpeech(elementID: "next", text: "다음 상품, 버튼"), gesture: "swipe right"),
                           at: scheduledCut)
        waitUntilIdle(scheduler, clock: clock, after: scheduledCut, limit: origin + .seconds(4))
        let transcript = scheduler.transcript
        let recorded = try recording.finish().samples
        let announcement = log.samples(of: 1)
        let element = log.samples(of: 2)

        // The decisions: the announcement cut by the focus move, the element spoken in full.
        let cut = try #require(transcript.fate(of: 1))
        guard case .cut(_, let cutAt, let by) = cut else {
            Issue.record("the announcement was not cut: \(cut)")
            return
        }
        #expect(by.utteranceID == 2)
        #expect(transcript.fate(of: 2)?.wasSpokenInFull == true, "\(transcript)")
        let lateness = (cutAt - scheduledCut.seconds) * 1000

        // The recording: the announcement's own samples up to the cut, nothing of it after.
        let foundAnnouncement = locate(announcement, in: recorded)
        let announcementAt = try #require(foundAnnouncement, "the announcement is in the recording")
        let startFrame = try #require(log.firstChunk(of: 1).flatMap { id in log.chunkStarts.withLock { $0[id]?.frame } })
        let playedAtStop = try #require(probe.playedAtStop.withLock { $0[1] })
        let heardAtStop = Int(playedAtStop - startFrame)
        // A period the loaded machine lost or padded (an underrun on a CI runner's two cores) is
        // allowed for and printed: what is judged is where the announcement stops, not the load.
        let announcementHeard = heardEndAllowingGlitches(of: announcement, in: recorded, at: announcementAt, maxShift: Self.rate / 2)
        if !announcementHeard.shifts.isEmpty { print("live interruption: the announcement's recording realigned by \(announcementHeard.shifts) frames (machine glitches)") }
        let heardUntil = announcementHeard.recordedEnd - announcementAt
        // Both in the recording's frames (JACK's clock), which a glitch shifts alike.
        let leftover = max(0, heardUntil - heardAtStop)
        // Frames JACK had taken by the stop are output within one JACK period (256 frames).
        let jackPeriod = 256
        let silentAfter = lateness + Double(leftover + jackPeriod) * 1000 / Double(Self.rate)
        print("live interruption: stop \(String(format: "%.1f", lateness)) ms after the scheduled time, \(leftover) frames recorded past the frames JACK had taken, silent at most \(String(format: "%.1f", silentAfter)) ms after the scheduled interruption")
        #expect(heardAtStop > cutSample * 8 / 10 && heardAtStop < cutSample + Self.rate / 10,
                "about \(cutDelay) s of the announcement was heard before the cut (\(heardAtStop) frames)")
        #expect(heardUntil >= heardAtStop - jackPeriod, "the announcement is heard up to the cut")
        #expect(silentAfter <= 30, "silent within 30 ms of the scheduled interruption (was \(silentAfter) ms)")

        // Then the element, whole, and silence after it.
        let foundElement = locate(element, in: recorded, from: announcementHeard.recordedEnd)
        let elementAt = try #require(foundElement, "the element is in the recording after the announcement")
        let elementHeard = heardEndAllowingGlitches(of: element, in: recorded, at: elementAt, maxShift: Self.rate / 2)
        if !elementHeard.shifts.isEmpty { print("live interruption: the element's recording realigned by \(elementHeard.shifts) frames (machine glitches)") }
        #expect(elementHeard.end >= lastLoud(element) - 32, "the element is heard to its end (\(elementHeard.end) of \(element.count) samples)")
        let gap = Double(elementAt + (firstLoud(element) ?? 0) - announcementHeard.recordedEnd) / Double(Self.rate)
        #expect(gap < 0.15, "the element follows the cut at once (gap \(gap) s)")
        let soundAfter = recorded[min(recorded.count, elementHeard.recordedEnd + (element.count - elementHeard.end))...].contains { $0 != 0 }
        #expect(!soundAfter, "silence after the element")
        #expect(log.finished() == [2], "only the element is reported as played to its end")
    }

    @Test("an activation plays its earcon, then the element, each reported finished when its last frame is played")
    func earconThenElementPlayToTheirEnds() throws {
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let earcon = try #require(earcons.buffer(for: .activation)).samples
        let log = Log()
        let (sink, port) = try openJackSink("full", log: log)
        defer { sink.close() }
        let live = LiveSpeechDevice(speaker: speaker, earcons: earcons, sink: sink) { event in
            log.deviceEvents.withLock { $0.append(event) }
        }
        defer { live.close() }
        let clock = LiveClock(label: "earshot.test-live-full")
        let scheduler = try SpeechScheduler(clock: clock, device: live, profile: profile, reader: VoiceOver())
        live.bind(to: scheduler)
        let recording = try JackRecording.start(port: port, seconds: 5, path: folder + "/out.wav")

        let origin = clock.now
        scheduler.handle(.activated(ElementSpeech(elementID: "like", text: "찜하기, 버튼, 선택됨"), gesture: "double tap"))
        waitUntilIdle(scheduler, clock: clock, after: origin, limit: origin + .seconds(4))
        let transcript = scheduler.transcript
        let recorded = try recording.finish().samples
        let element = log.samples(of: 2)

        #expect(log.finished() == [1, 2])
        guard case .spoken(let earconStart, let earconEnd) = transcript.fate(of: 1),
              case .spoken(let elementStart, let elementEnd) = transcript.fate(of: 2) else {
            Issue.record("both should be spoken in full: \(transcript)")
            return
        }
        let earconLength = Double(earcon.count) / Double(Self.rate)
        let elementLength = Double(element.count) / Double(Self.rate)
        print("live ends: earcon \(earconEnd - earconStart) s for \(earconLength) s of sound, element \(elementEnd - elementStart) s for \(elementLength) s")
        // The end is reported once JACK has taken the last frame, which it outputs within one
        // JACK period (11.6 ms): about the audio's own length, never much before it.
        #expect(earconEnd - earconStart >= earconLength - 0.012 && earconEnd - earconStart < earconLength + 0.08)
        #expect(elementEnd - elementStart >= elementLength - 0.012 && elementEnd - elementStart < elementLength + 0.08)
        #expect(elementStart - earconEnd >= scheduler.timing.earconGap - 0.001)

        let foundEarcon = locate(earcon, in: recorded)
        let earconAt = try #require(foundEarcon, "the earcon is in the recording")
        let foundElement = locate(element, in: recorded, from: earconAt + earcon.count)
        let elementAt = try #require(foundElement, "then the element")
        let earconHeard = heardEnd(of: earcon, in: recorded, at: earconAt)
        let elementHeard = heardEndAllowingGlitches(of: element, in: recorded, at: elementAt, maxShift: Self.rate / 2)
        if !elementHeard.shifts.isEmpty { print("live ends: the element's recording realigned by \(elementHeard.shifts) frames (machine glitches)") }
        #expect(earconHeard >= lastLoud(earcon) - 32, "the earcon is heard whole")
        #expect(elementHeard.end >= lastLoud(element) - 32, "the element is heard whole (\(elementHeard.end) of \(element.count) samples)")
        let gap = Double(elementAt - (earconAt + earcon.count)) / Double(Self.rate)
        #expect(gap >= scheduler.timing.earconGap - 0.005 && gap < scheduler.timing.earconGap + 0.1,
                "the earcon gap is kept in sound too (was \(gap) s)")
    }

    @Test("an utterance stopped before its synthesis began is never played; the next one is, and nothing else reaches the sink")
    func stopBeforeSynthesisPlaysNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        _ = AlsaJackConfiguration.installed
        let path = folder + "/out.raw"
        let sink = try AlsaSink(device: AlsaJackConfiguration.fileDevice(path: path), sampleRate: Self.rate)
        let log = Log()
        let live = LiveSpeechDevice(speaker: speaker, earcons: earcons, sink: sink) { event in
            log.deviceEvents.withLock { $0.append(event) }
        }
        let finished = Locked<[Int]>([])
        live.setFinishedHandler { id in finished.withLock { $0.append(id) } }

        // Keep the process's engine busy, so the device's synthesis cannot begin.
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let busy = Thread { [speaker] in
            var first = true
            _ = try? speaker.synthesize("엔진을 잠시 붙잡아 둡니다.") { _ in
                if first {
                    first = false
                    holding.signal()
                    release.wait()
                }
            }
        }
        busy.start()
        holding.wait()

        func utterance(_ id: Int, _ text: String) -> Utterance {
            Utterance(id: id, text: text, kind: .element, cause: "test", requestedAt: 0)
        }
        let waiting = utterance(1, "기다리다 잘린 말")
        let queued = utterance(2, "줄 서 있다 잘린 말")
        let last = utterance(3, "끝까지 들리는 말")
        #expect(try live.start(waiting, at: .zero) == nil, "the live device reports ends itself")
        Thread.sleep(forTimeInterval: 0.05)
        let stopStarted = ContinuousClock.now
        live.stop(waiting, at: TimelineInstant(seconds: 0.05))
        #expect(try live.start(queued, at: TimelineInstant(seconds: 0.05)) == nil)
        live.stop(queued, at: TimelineInstant(seconds: 0.05))
        let stopTook = (ContinuousClock.now - stopStarted).seconds
        #expect(stopTook < 0.01, "stop returns at once while the engine is busy (\(stopTook) s)")
        #expect(try live.start(last, at: TimelineInstant(seconds: 0.05)) == nil)
        release.signal()

        let deadline = Date(timeIntervalSinceNow: 5)
        while finished.withLock({ $0.isEmpty }) && Date() < deadline { usleep(5_000) }
        try sink.drain()
        live.close()
        sink.close()

        #expect(finished.withLock { $0 } == [3])
        #expect(log.firstChunk(of: 1) == nil && log.firstChunk(of: 2) == nil, "the cut utterances never reached the sink")
        let expected = log.samples(of: 3)
        // The interrupts wrote silence; the rest of the file is the last utterance, sample for sample.
        let written = try readRawSamples(path: path)
        let sound = Array(written.drop { $0 == 0 })
        let expectedSound = Array(expected.drop { $0 == 0 })
        let startsWithLast = sound.starts(with: expectedSound)
        let soundAfter = sound.dropFirst(expectedSound.count).contains { $0 != 0 }
        #expect(startsWithLast, "the file holds the last utterance's samples (\(sound.count) sounding samples, expected \(expectedSound.count))")
        #expect(!soundAfter, "only silence after it")
    }
}

