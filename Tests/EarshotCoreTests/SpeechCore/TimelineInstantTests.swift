import Testing
@testable import EarshotCore

@Suite("Timeline time is whole nanoseconds: samples, seconds and sample indices convert exactly")
struct TimelineInstantTests {
    @Test("a sound's samples become nanoseconds rounded up, with no drift over an hour")
    func samplesToNanoseconds() {
        #expect(TimelineDuration.samples(22050, rate: 22050).nanoseconds == 1_000_000_000)
        // 1/22050 s = 45351.47... ns, 2/22050 s = 90702.94... ns: up, not to the nearest
        #expect(TimelineDuration.samples(1, rate: 22050).nanoseconds == 45352)
        #expect(TimelineDuration.samples(2, rate: 22050).nanoseconds == 90703)
        // 1/16000 s = 62500 ns exactly (not raised); 1/48000 s = 20833.33... ns
        #expect(TimelineDuration.samples(1, rate: 16000).nanoseconds == 62500)
        #expect(TimelineDuration.samples(1, rate: 48000).nanoseconds == 20834)
        // An hour and one sample: the whole seconds are exact, only the one sample rounds.
        #expect(TimelineDuration.samples(3600 * 22050 + 1, rate: 22050).nanoseconds == 3_600_000_045_352)
        #expect(TimelineDuration.samples(-5, rate: 22050) == .zero)
    }

    @Test("the sample an instant falls on is the one a sound's length leads to, for every count")
    func sampleIndexRoundTrips() {
        for rate in [16000, 22050, 44100, 48000] {
            for count in [0, 1, 2, 3, 7, 441, 22049, 22050, 22051, 1_234_567, 3600 * rate + 1] {
                let instant = TimelineInstant.zero + .samples(count, rate: rate)
                #expect(instant.sampleIndex(rate: rate) == count, "\(count) samples at \(rate) Hz")
            }
        }
        #expect(TimelineInstant(nanoseconds: -1).sampleIndex(rate: 22050) == 0)
    }

    @Test("a pause that ends half-way between two samples goes to the later one, as the exact time does")
    func halfSampleGoesLater() {
        // 0.05 s is 1102.5 samples at 22,050 Hz: after one sample the exact time is sample
        // 1103.5, which rounds (halves up) to 1104; a sound's length rounded to the nearest
        // nanosecond would have lost the half and given 1103.
        let afterOne = TimelineInstant.zero + .samples(1, rate: 22050) + .seconds(0.05)
        #expect(afterOne.sampleIndex(rate: 22050) == 1104)
        // A sound of 41089 samples, an earcon of 882 (0.04 s), the earcon gap: sample 43073.5.
        let chain = TimelineInstant.zero + .samples(41089, rate: 22050) + .samples(882, rate: 22050) + .seconds(0.05)
        #expect(chain.sampleIndex(rate: 22050) == 43074)
        // Two half samples make a whole one: then a 0.35 s delay (7717.5 samples) ends on sample 50791.
        #expect((chain + .seconds(0.35)).sampleIndex(rate: 22050) == 50791)
    }

    @Test("seconds come back to the same instant; lengths in seconds round to the nearest nanosecond")
    func secondsRoundTrip() {
        for nanoseconds: Int64 in [0, 1, 45351, 999_999_999, 1_000_000_001, 86_400_000_000_123, 864_000_000_000_001] {
            let instant = TimelineInstant(nanoseconds: nanoseconds)
            #expect(TimelineInstant(seconds: instant.seconds) == instant, "\(nanoseconds) ns")
        }
        #expect(TimelineDuration.seconds(0.1).nanoseconds == 100_000_000)
        #expect(TimelineDuration.seconds(0.75).nanoseconds == 750_000_000)
        #expect(TimelineDuration.seconds(1e-10) == .zero)
        #expect(TimelineDuration.seconds(.nan) == .zero)
        #expect(TimelineDuration.seconds(.infinity).nanoseconds == .max)
        #expect(TimelineInstant(seconds: .infinity) == .distantFuture)
    }

    @Test("sums saturate instead of trapping; differences are exact")
    func arithmetic() {
        let a = TimelineInstant(nanoseconds: 1_500_000_000)
        #expect(a + .seconds(0.25) == TimelineInstant(nanoseconds: 1_750_000_000))
        #expect(a - TimelineInstant(nanoseconds: 500_000_001) == TimelineDuration(nanoseconds: 999_999_999))
        #expect(TimelineInstant.distantFuture + .seconds(1) == .distantFuture)
        #expect(TimelineInstant(nanoseconds: .min) + .seconds(0.1) == TimelineInstant(nanoseconds: .min + 100_000_000))
        #expect(a.description == "1.500")
    }

    @Test("speech ending at the very instant of the next event counts as spoken in full, whatever the sum of lengths")
    func endAtEventInstantIsSpoken() {
        // Lengths that are not binary fractions of a second (one sample at 22,050 Hz, a tenth):
        // the end is a sum of integers, so an event scheduled at that sum finds it ended.
        let device = TimedDevice(speechDuration: 0.1, earconDuration: 1.0 / 22050)
        let bench = SpeechBench(device: device)
        let sound = ElementSpeech(text: "하나")
        bench.scheduler.schedule(.screenChanged(sound), at: .zero)
        // earcon (45351 ns) + earcon gap (62.5 ms) + speech (100 ms)
        let end = TimelineInstant.zero + .seconds(1.0 / 22050) + .seconds(0.0625) + .seconds(0.1)
        bench.scheduler.schedule(.announcement("둘"), at: end)
        bench.clock.runUntilIdle()
        let transcript = bench.scheduler.transcript
        #expect(transcript.fate("하나") == .spoken(start: (end - .seconds(0.1)).seconds, end: end.seconds))
        #expect(transcript.fate("둘")?.wasSpokenInFull == true)
    }
}
