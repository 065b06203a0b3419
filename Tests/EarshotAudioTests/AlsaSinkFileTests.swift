import EarshotCore
import EarshotJack
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotAudio

/// The sink on ALSA's `file` PCM (a `null` device that also writes every frame to a file): not
/// paced in real time, so these tests check the exact samples sent, not timing.
@Suite("ALSA sink on a file PCM")
struct AlsaSinkFileTests {
    /// Samples with no zeros and no repeats within a chunk, so a lost or repeated frame shows.
    func ramp(_ count: Int, from start: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: ((start + $0 * 37) % 60_000) - 30_000) | 1 }
    }

    @Test("every sample enqueued reaches the device in order, byte for byte, with nothing added")
    func capturedBytesEqualSamplesSent() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let capture = folder + "/out.raw"
        let chunks = [ramp(5000, from: 0), ramp(333, from: 1), ramp(17_000, from: 2)]
        let sink = try AlsaSink(device: AlsaJackConfiguration.fileDevice(path: capture), sampleRate: 22050)
        for chunk in chunks { sink.enqueue(chunk) }
        try sink.drain()
        sink.close()

        let captured = try readRawSamples(path: capture)
        #expect(captured.count == chunks.map(\.count).reduce(0, +))
        #expect(captured == chunks.flatMap { $0 })
    }

    @Test("a stream of many small chunks arrives whole and in order")
    func manyChunks() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let capture = folder + "/out.raw"
        let chunks = (0..<60).map { ramp(97 + $0 * 13, from: $0) }
        let sink = try AlsaSink(device: AlsaJackConfiguration.fileDevice(path: capture), sampleRate: 22050)
        for chunk in chunks { sink.enqueue(chunk) }
        try sink.drain()
        #expect(sink.status().queuedFrames == 0)
        sink.close()
        #expect(try readRawSamples(path: capture) == chunks.flatMap { $0 })
    }

    @Test("an event handler may close the sink from the feeder thread without hanging")
    func closeFromEventHandler() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let box = Locked<AlsaSink?>(nil)
        let closed = Locked(false)
        let sink = try AlsaSink(device: AlsaJackConfiguration.fileDevice(path: folder + "/out.raw"), sampleRate: 22050) { event in
            if case .chunkStarted = event, let sink = box.withLock({ $0 }) {
                sink.close()
                closed.withLock { $0 = true }
            }
        }
        box.withLock { $0 = sink }
        sink.enqueue(ramp(500, from: 3))
        let end = Date(timeIntervalSinceNow: 2)
        while !closed.withLock({ $0 }) && Date() < end { usleep(1000) }
        #expect(closed.withLock { $0 })
        sink.enqueue(ramp(500, from: 4))
        try sink.drain()
        box.withLock { $0 = nil }
    }

    @Test("the sink reports a period of at most 20 ms and a buffer of several periods")
    func reportsPeriod() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let sink = try AlsaSink(device: AlsaJackConfiguration.fileDevice(path: folder + "/out.raw"), sampleRate: 22050, periodMilliseconds: 10)
        defer { sink.close() }
        #expect(sink.periodFrames > 0)
        #expect(sink.periodMilliseconds <= 20)
        #expect(sink.bufferFrames >= 2 * sink.periodFrames)
        #expect(sink.bufferMilliseconds == Double(sink.bufferFrames) * 1000 / 22050)
    }

    @Test("each chunk's first sample is reported with its frame on the device timeline")
    func reportsChunkStarts() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let starts = Locked<[Int: Int64]>([:])
        let sink = try AlsaSink(device: AlsaJackConfiguration.fileDevice(path: folder + "/out.raw"), sampleRate: 22050) { event in
            if case .chunkStarted(let id, let frame, _) = event { starts.withLock { $0[id] = frame } }
        }
        let first = sink.enqueue(PCMBuffer(sampleRate: 22050, samples: ramp(1000, from: 0)))
        let second = sink.enqueue(ramp(2000, from: 5))
        try sink.drain()
        sink.close()
        let captured = try readRawSamples(path: folder + "/out.raw")
        let reported = starts.withLock { $0 }
        #expect(reported[first] == 0)
        let secondStart = try #require(reported[second])
        #expect(Array(captured[Int(secondStart)..<Int(secondStart) + 2000]) == ramp(2000, from: 5))
        #expect(sink.status().framesWritten >= 3000)
    }

    @Test("a device name that does not exist is an AudioDeviceError with exit code 69 naming the device and ALSA's reason")
    func unknownDevice() throws {
        _ = AlsaJackConfiguration.installed
        let error = #expect(throws: AudioDeviceError.self) {
            try AlsaSink(device: "earshot_no_such_device", sampleRate: 22050)
        }
        #expect(error?.kind == .deviceNotFound)
        #expect(error?.category == .unavailable)
        #expect(error?.device == "earshot_no_such_device")
        #expect(error?.alsaMessage == "No such file or directory")
        #expect(error?.description.hasPrefix("audio device \"earshot_no_such_device\": error: cannot open the device: No such file or directory") == true)
    }

    @Test("after close, enqueue is ignored and close again does nothing")
    func closeIsFinal() throws {
        let folder = try makeTemporaryFolder()
        defer { removeFolder(folder) }
        let capture = folder + "/out.raw"
        let sink = try AlsaSink(device: AlsaJackConfiguration.fileDevice(path: capture), sampleRate: 22050)
        sink.enqueue(ramp(100, from: 0))
        try sink.drain()
        sink.close()
        sink.enqueue(ramp(100, from: 9))
        sink.close()
        try sink.drain()
        #expect(try readRawSamples(path: capture) == ramp(100, from: 0))
    }
}
