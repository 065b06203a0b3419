import EarshotCore
import EarshotJack
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotAudio

/// The sink on ALSA's `jack` PCM into a JACK server on the dummy backend, which is paced in
/// real time like a sound card; `jack_rec` records the sink's JACK port sample-accurately.
/// Serialized: the tests share one JACK server and measure time.
@Suite("ALSA sink on JACK (paced)", .serialized)
struct AlsaSinkJackTests {
    let rate = 22050

    func openSink(_ name: String, onEvent: (@Sendable (AlsaSink.Event) -> Void)? = nil) throws -> (AlsaSink, port: String) {
        try JackDummyServer.ensureRunning()
        let client = "earshot-\(name)-\(getpid())"
        let sink = try AlsaSink(device: AlsaJackConfiguration.jackDevice(client: client), sampleRate: rate, periodMilliseconds: 10, onEvent: onEvent)
        let port = client + ":out_000"
        try #require(JackDummyServer.waitForPort(port), "the sink's JACK port \(port) appears")
        return (sink, port)
    }

    func milliseconds(_ frames: Int) -> Double { Double(frames) * 1000 / Double(rate) }

    @Test("speech interrupted at 0.5 s is heard up to the interrupt and is silent from at most 50 ms after it to the end")
    func interruptLeavesSilence() throws {
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let speech = try koreanSpeech(seconds: 2, folder: folder)
        try #require(speech.samples.count == 2 * rate && speech.sampleRate == rate)
        let (sink, port) = try openSink("interrupt")
        defer { sink.close() }
        let recording = try JackRecording.start(port: port, seconds: 3, path: folder + "/out.wav")

        let startFrame = sink.status().framesWritten
        let enqueued = ContinuousClock.now
        sink.enqueue(speech.samples)
        Thread.sleep(until: Date(timeIntervalSinceNow: 0.5 - (ContinuousClock.now - enqueued).seconds))
        let heardAtInterrupt = Int(sink.status().framesPlayed - startFrame)
        let interruptCalled = ContinuousClock.now
        sink.interrupt()
        let interruptTook = (ContinuousClock.now - interruptCalled).seconds * 1000
        let recorded = try recording.finish().samples

        // Find the speech in the recording by its first loud sample, and check it is the speech.
        let speechOnset = try #require(firstLoud(speech.samples))
        let recordedOnset = try #require(firstLoud(recorded), "the speech is in the recording")
        let offset = recordedOnset - speechOnset
        let checked = speechOnset..<min(speechOnset + 2000, heardAtInterrupt)
        let mismatches = checked.filter { abs(Int(recorded[offset + $0]) - Int(speech.samples[$0])) > 2 }
        #expect(mismatches.isEmpty, "the recording holds the speech's own samples")

        // About 0.5 s: on a loaded machine the sleep can wake late and the dummy backend catches
        // up on late cycles back to back, so a little more may have played; what follows is
        // measured from the frames actually played at the interrupt.
        #expect(heardAtInterrupt > rate * 35 / 100 && heardAtInterrupt <= rate * 65 / 100,
                "about 0.5 s of speech was heard before the interrupt (\(milliseconds(heardAtInterrupt)) ms)")
        let beforeInterrupt = PCMBuffer(sampleRate: rate, samples: Array(recorded[max(0, offset)..<offset + heardAtInterrupt]))
        #expect(beforeInterrupt.rms() > 500, "the speech is heard until the interrupt")

        let lastSound = try #require(recorded.lastIndex { $0 != 0 })
        let soundAfterInterrupt = (lastSound - offset) - heardAtInterrupt
        // Frames JACK had already taken when interrupt() was called still play (at most one JACK
        // period, 256 frames); anything after them would be the sink's fault.
        print("interrupt: returned after \(interruptTook) ms; \(soundAfterInterrupt) frames (\(milliseconds(soundAfterInterrupt)) ms) recorded past the last frame JACK had taken; period \(sink.periodFrames) frames, buffer \(sink.bufferFrames)")
        #expect(soundAfterInterrupt <= rate * 50 / 1000, "silent from at most 50 ms after the interrupt")
        #expect(recorded.count - (offset + heardAtInterrupt) > rate * 2, "the recording goes on 2 s past the interrupt, all silent")
    }

    @Test("a chunk enqueued after the device ran dry (an underrun) still plays, with silence in the gap")
    func recoversFromUnderrun() throws {
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let (sink, port) = try openSink("underrun")
        defer { sink.close() }
        let recording = try JackRecording.start(port: port, seconds: 2, path: folder + "/out.wav")
        let first = tone(frequency: 440, seconds: 0.2, sampleRate: rate)
        let second = tone(frequency: 880, seconds: 0.3, sampleRate: rate)
        sink.enqueue(first)
        Thread.sleep(forTimeInterval: 0.6)
        sink.enqueue(second)
        try sink.drain()
        #expect(sink.status().underruns >= 1, "the gap was an underrun")
        let recorded = try recording.finish().samples

        let runs = soundingRuns(recorded)
        try #require(runs.count == 2, "two sounds and nothing between or after them: \(runs)")
        // A sine's zero crossings may trim a sample or two at either end.
        #expect(abs(runs[0].count - first.count) <= 2)
        #expect(abs(runs[1].count - second.count) <= 2)
        let gap = runs[1].lowerBound - runs[0].upperBound
        #expect(gap > rate * 3 / 10 && gap < rate * 6 / 10, "the gap is about 0.4 s, was \(milliseconds(gap)) ms")
        let secondStart = runs[1].lowerBound
        let recordedSecond = Array(recorded[secondStart..<secondStart + 1000])
        let mismatches = (0..<1000).filter { abs(Int(recordedSecond[$0]) - Int(second[$0 + (second[0] == 0 ? 1 : 0)])) > 2 }
        #expect(mismatches.count < 10, "the second chunk's samples are played as sent")
    }

    @Test("drain returns when the queued audio has been heard, about its duration after enqueueing")
    func drainWaitsForPlayback() throws {
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let (sink, _) = try openSink("drain")
        defer { sink.close() }
        let started = ContinuousClock.now
        sink.enqueue(tone(frequency: 440, seconds: 0.5, sampleRate: rate))
        try sink.drain()
        let elapsed = (ContinuousClock.now - started).seconds
        #expect(elapsed >= 0.48 && elapsed < 1.0, "drain took \(elapsed) s for 0.5 s of audio")
        #expect(sink.status().framesPlayed >= Int64(rate / 2))
    }

    @Test("the first sample is handed to ALSA at once and heard within 40 ms, also right after an interrupt")
    func firstSampleLatency() throws {
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        let starts = Locked<[Int: (frame: Int64, time: ContinuousClock.Instant)]>([:])
        let (sink, _) = try openSink("latency") { event in
            if case .chunkStarted(let id, let frame, let time) = event { starts.withLock { $0[id] = (frame, time) } }
        }
        defer { sink.close() }

        func measure(_ label: String) throws -> (toWrite: Double, toHeard: Double) {
            let sound = tone(frequency: 660, seconds: 0.3, sampleRate: rate)
            let enqueued = ContinuousClock.now
            let id = sink.enqueue(sound)
            var heard: ContinuousClock.Instant?
            while ContinuousClock.now - enqueued < .milliseconds(300) {
                if let start = starts.withLock({ $0[id] }), sink.status().framesPlayed > start.frame {
                    heard = .now
                    break
                }
                usleep(500)
            }
            let start = try #require(starts.withLock { $0[id] })
            let heardAt = try #require(heard, "\(label): the chunk is being played")
            let result = ((start.time - enqueued).seconds * 1000, (heardAt - enqueued).seconds * 1000)
            print("first-sample latency (\(label)): enqueue to snd_pcm_writei \(result.0) ms, enqueue to played \(result.1) ms")
            return result
        }

        let idle = try measure("idle device")
        #expect(idle.toWrite < 10)
        #expect(idle.toHeard < 40)
        Thread.sleep(forTimeInterval: 0.1)
        sink.interrupt()
        let afterInterrupt = try measure("right after an interrupt")
        #expect(afterInterrupt.toWrite < 10)
        #expect(afterInterrupt.toHeard < 40, "the silence written by the interrupt is taken back, not waited for")
    }

    @Test("a JACK PCM without a format converter cannot take 16-bit samples: an unsupported-parameters error, exit 69, that suggests plug:")
    func unsupportedFormat() throws {
        let jack = try JackDummyServer.reserve()
        defer { jack.release() }
        try JackDummyServer.ensureRunning()
        _ = AlsaJackConfiguration.installed
        // The system's `jack` PCM takes float samples only and has two channels.
        let error = #expect(throws: AudioDeviceError.self) { try AlsaSink(device: "jack", sampleRate: rate) }
        #expect(error?.kind == .unsupportedParameters)
        #expect(error?.category == .unavailable)
        #expect(error?.description.contains("cannot select 16-bit little-endian samples: Invalid argument") == true)
        #expect(error?.description.contains("try --device plug:jack") == true)
        // The advice works: `plug` converts to float and copies mono to both ports.
        let converted = try AlsaSink(device: "plug:jack", sampleRate: rate)
        converted.close()
    }
}
