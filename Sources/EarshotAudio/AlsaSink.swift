import EarshotCore
import Foundation

/// Plays mono 16-bit PCM on an ALSA device from its own feeder thread, and stops at once when
/// interrupted.
///
/// `enqueue` never blocks: samples wait in a queue that a dedicated thread hands to the device
/// as room frees up in its buffer, recovering from underruns (a gap between utterances is one).
/// `interrupt` discards the queue and everything the device holds and leaves true silence.
/// Every call may come from any thread; one lock guards the queue and the device, and no ALSA
/// call ever waits for the device, so the lock is only held for short moments.
///
/// A device that takes no audio for `stallLimit` (one second) while audio waits for it has
/// stopped (a JACK or PulseAudio server that died, a hung driver): the sink fails with an
/// `AudioDeviceError` (exit 69) instead of waiting for ever, both while feeding and in `drain`.
///
/// Positions are counted in device frames since the sink opened ("frames written"); an
/// `Event.chunkStarted` gives the frame where each enqueued chunk begins and `status()` the frame
/// being heard now, so a caller can tell which sample of which chunk is audible.
public final class AlsaSink: Sendable {
    /// Something the feeder thread did, reported to the `onEvent` handler on the feeder thread.
    public enum Event: Sendable, Equatable {
        /// The first sample of chunk `id` was handed to `snd_pcm_writei` at `time` (taken as the
        /// call was made); it is frame `frame` of the device timeline.
        case chunkStarted(id: Int, frame: Int64, time: ContinuousClock.Instant)
        /// The device ran dry before more samples came and was prepared again.
        case underrunRecovered(frame: Int64)
        /// The device failed; queued audio was discarded and later chunks are ignored.
        case failed(AudioDeviceError)
    }

    /// What the device is doing, for latency measurement and progress tracking.
    public struct Status: Sendable, Equatable {
        /// Frames handed to the device since it opened; frames discarded by `interrupt` are not counted.
        public var framesWritten: Int64
        /// Frames written but not yet audible (`snd_pcm_delay`); 0 when the device is idle.
        public var delayFrames: Int
        /// Frames enqueued but not yet handed to the device.
        public var queuedFrames: Int
        /// Underruns recovered from so far.
        public var underruns: Int
        /// The error that stopped the sink, if any.
        public var failure: AudioDeviceError?

        /// The device frame being heard now: frames the device has taken from its buffer (on
        /// JACK, the frames JACK has copied, which it outputs within one JACK period).
        public var framesPlayed: Int64 { framesWritten - Int64(delayFrames) }
    }

    /// The ALSA PCM name given at opening, e.g. `default`.
    public let device: String
    public let sampleRate: Int
    /// Frames per period the device chose (the requested period where the device allows).
    public let periodFrames: Int
    /// Frames the device buffer holds.
    public let bufferFrames: Int
    /// The period the device chose, in milliseconds.
    public var periodMilliseconds: Double { Double(periodFrames) * 1000 / Double(sampleRate) }
    /// The device buffer, in milliseconds: the most audio that is ever in flight.
    public var bufferMilliseconds: Double { Double(bufferFrames) * 1000 / Double(sampleRate) }

    private let feeder: Feeder

    /// How long the device may take no audio while audio waits before the sink fails.
    public static let stallLimit = Duration.seconds(1)

    /// Opens `device` for mono 16-bit playback at `sampleRate` with periods of about
    /// `periodMilliseconds` (the device may choose another size) and a buffer of four periods.
    ///
    /// Throws `AudioDeviceError` when the device does not exist, is busy or cannot play this format.
    /// Call `close()` when done; releasing the sink also closes it, but an `onEvent` handler that
    /// holds the sink strongly keeps it alive.
    public init(
        device: String = "default",
        sampleRate: Int,
        periodMilliseconds: Int = 10,
        onEvent: (@Sendable (Event) -> Void)? = nil
    ) throws {
        precondition(sampleRate > 0 && periodMilliseconds > 0, "sample rate and period must be positive")
        let pcm = try AlsaPCM(device: device, sampleRate: sampleRate, periodMicroseconds: periodMilliseconds * 1000, periods: 4)
        self.device = device
        self.sampleRate = sampleRate
        periodFrames = pcm.periodFrames
        bufferFrames = pcm.bufferFrames
        feeder = Feeder(pcm: pcm, onEvent: onEvent)
        feeder.start()
    }

    deinit { feeder.close() }

    /// Queues samples to play after everything queued before; returns the chunk's id, which
    /// `Event.chunkStarted` reports. Never blocks. Empty chunks are ignored.
    @discardableResult
    public func enqueue(_ samples: [Int16]) -> Int {
        feeder.enqueue(samples)
    }

    /// Queues a buffer; its sample rate must be the sink's (resampling is not the sink's job).
    @discardableResult
    public func enqueue(_ buffer: PCMBuffer) -> Int {
        precondition(buffer.sampleRate == sampleRate, "a \(buffer.sampleRate) Hz buffer enqueued on a \(sampleRate) Hz sink")
        return feeder.enqueue(buffer.samples)
    }

    /// Stops at once: discards the queue and the device buffer and leaves silence.
    public func interrupt() {
        feeder.interrupt()
    }

    /// Blocks until everything queued has been heard; throws the device failure if one stopped it.
    public func drain() throws {
        try feeder.drain()
    }

    /// Stops playback (anything not yet heard is discarded: call `drain()` first to hear it),
    /// ends the feeder thread and releases the device. Later calls do nothing.
    public func close() {
        feeder.close()
    }

    public func status() -> Status {
        feeder.status()
    }
}

/// The queue, the device and the thread that moves samples from one to the other.
///
/// All mutable state is guarded by `condition`'s lock, which is why the type is
/// `@unchecked Sendable`; ALSA is only called with the lock held.
private final class Feeder: @unchecked Sendable {
    private struct Chunk {
        var id: Int
        var samples: [Int16]
        var offset = 0
    }

    private let condition = NSCondition()
    private let pcm: AlsaPCM
    private let onEvent: (@Sendable (AlsaSink.Event) -> Void)?
    private var queue: [Chunk] = []
    private var queueHead = 0
    private var queuedFrames = 0
    private var nextChunkID = 0
    private var framesWritten: Int64 = 0
    /// Where the last enqueued sample handed to the device ends; `drain` waits for it to be heard.
    private var audioEndFrame: Int64 = 0
    /// The silence written after the last interrupt, while nothing has followed it.
    private var trailingSilence: Range<Int64>?
    /// Silence still to write after an interrupt so that the whole device buffer is cleared.
    private var silenceOwed = 0
    private var underruns = 0
    private var failure: AudioDeviceError?
    private var events: [AlsaSink.Event] = []
    private var closing = false
    private var closed = false
    private var feederRunning = false
    private var feederThread: Thread?
    /// When the device last took audio (a write, room freed, a frame played), and what it
    /// reported then: for telling a slow device from a stopped one.
    private var lastProgress = ContinuousClock.now
    private var lastAvailable = -1
    private var lastPlayed: Int64 = -1

    init(pcm: AlsaPCM, onEvent: (@Sendable (AlsaSink.Event) -> Void)?) {
        self.pcm = pcm
        self.onEvent = onEvent
    }

    func start() {
        feederRunning = true
        let thread = Thread { [self] in run() }
        thread.name = "earshot.alsa-feeder"
        thread.qualityOfService = .userInteractive
        feederThread = thread
        thread.start()
    }

    func enqueue(_ samples: [Int16]) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let id = nextChunkID
        nextChunkID += 1
        guard !samples.isEmpty, !closing, failure == nil else { return id }
        queue.append(Chunk(id: id, samples: samples))
        queuedFrames += samples.count
        condition.broadcast()
        return id
    }

    func interrupt() {
        condition.lock()
        defer { condition.unlock() }
        queue.removeAll()
        queueHead = 0
        queuedFrames = 0
        guard !closing, failure == nil else { return }
        stopDevice()
        condition.broadcast()
    }

    func drain() throws {
        condition.lock()
        defer { condition.unlock() }
        while !closing, failure == nil {
            if queueHead < queue.count {
                condition.wait()
                continue
            }
            // The silence written behind the audio need not be waited for.
            let played = framesWritten - Int64(pcm.delay())
            let unheard = audioEndFrame - played
            guard unheard > 0, pcm.state == .running else { break }
            if played != lastPlayed {
                lastPlayed = played
                lastProgress = .now
            } else if ContinuousClock.now - lastProgress > AlsaSink.stallLimit {
                fail(stalled())
                break
            }
            let wait = min(seconds(frames: Int(unheard)), 0.25)
            _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
        }
        if let failure { throw failure }
    }

    func close() {
        condition.lock()
        defer { condition.unlock() }
        closing = true
        queue.removeAll()
        queueHead = 0
        queuedFrames = 0
        condition.broadcast()
        // An event handler may close the sink from the feeder thread itself, which then ends
        // once the handler returns; waiting for it there would wait forever.
        if Thread.current != feederThread {
            while feederRunning { condition.wait() }
        }
        if !closed {
            if failure == nil { try? pcm.dropAndPrepare() }
            pcm.close()
            closed = true
        }
    }

    func status() -> AlsaSink.Status {
        condition.lock()
        defer { condition.unlock() }
        return AlsaSink.Status(
            framesWritten: framesWritten,
            delayFrames: closing ? 0 : pcm.delay(),
            queuedFrames: queuedFrames,
            underruns: underruns,
            failure: failure
        )
    }

    // MARK: - Feeder thread

    private func run() {
        condition.lock()
        while !closing {
            let deadline = step()
            let pending = events
            events.removeAll()
            if !pending.isEmpty, let onEvent {
                // The handler may call back into the sink: never run it under the lock.
                condition.unlock()
                for event in pending { onEvent(event) }
                condition.lock()
                continue
            }
            switch deadline {
            case .now: continue
            case .whenSignalled: condition.wait()
            case .at(let date): _ = condition.wait(until: date)
            }
        }
        feederRunning = false
        feederThread = nil  // the thread holds this object: break the cycle
        condition.broadcast()
        condition.unlock()
    }

    private enum Wake {
        case now, whenSignalled, at(Date)
    }

    /// Hands the next piece of the queue (or of the silence an interrupt owes) to the device;
    /// says when to look again.
    private func step() -> Wake {
        guard failure == nil else { return .whenSignalled }
        do {
            if queueHead < queue.count { return try writeAudio() }
            if queueHead > 0 {
                queue.removeAll(keepingCapacity: true)
                queueHead = 0
            }
            if silenceOwed > 0 { return try writeSilence() }
        } catch let error as AudioDeviceError {
            fail(error)
        } catch {
            fail(AudioDeviceError(kind: .ioFailed, device: pcm.device, operation: "play", alsaMessage: "\(error)", code: 0))
        }
        return .whenSignalled
    }

    private func writeAudio() throws -> Wake {
        if queue[queueHead].offset == 0 { takeBackTrailingSilence() }
        let chunk = queue[queueHead]
        let handedOver = ContinuousClock.now
        let outcome = try chunk.samples.withUnsafeBufferPointer { all in
            try pcm.write(UnsafeBufferPointer(rebasing: all[chunk.offset...]))
        }
        switch outcome {
        case .wrote(let count):
            if count > 0 { lastProgress = .now }
            if chunk.offset == 0 && count > 0 {
                events.append(.chunkStarted(id: chunk.id, frame: framesWritten, time: handedOver))
            }
            framesWritten += Int64(count)
            audioEndFrame = framesWritten
            queuedFrames -= count
            queue[queueHead].offset += count
            if queue[queueHead].offset == chunk.samples.count {
                queueHead += 1
                // A long stream never empties the queue: let go of played chunks now and then.
                if queueHead >= 16 {
                    queue.removeFirst(queueHead)
                    queueHead = 0
                }
                condition.broadcast()
            }
            return .now
        case .full:
            return try waitForRoom()
        case .needsRecovery(let code):
            try pcm.recover(from: code)
            underruns += 1
            events.append(.underrunRecovered(frame: framesWritten))
            return .now
        }
    }

    /// Writes the silence an interrupt owes, as much as fits (see `stopDevice`).
    private func writeSilence() throws -> Wake {
        let silence = [Int16](repeating: 0, count: silenceOwed)
        let outcome = try silence.withUnsafeBufferPointer { try pcm.write($0) }
        switch outcome {
        case .wrote(let count):
            let start = trailingSilence?.lowerBound ?? framesWritten
            framesWritten += Int64(count)
            trailingSilence = start..<framesWritten
            silenceOwed -= count
            return .now
        case .full:
            return try waitForRoom()
        case .needsRecovery:
            // Already silent: the device ran dry, and the next write recovers it.
            silenceOwed = 0
            return .whenSignalled
        }
    }

    /// Room in the device buffer comes back a period at a time: look again when about one
    /// period is free.
    private func waitForRoom() throws -> Wake {
        let free = try pcm.available()
        if free != lastAvailable {
            lastAvailable = free
            lastProgress = .now
        } else if ContinuousClock.now - lastProgress > AlsaSink.stallLimit {
            throw stalled()
        }
        let missing = max(pcm.periodFrames - free, pcm.periodFrames / 4, 1)
        return .at(Date(timeIntervalSinceNow: seconds(frames: missing)))
    }

    /// Stops the device at once and leaves it silent and ready for the next write.
    ///
    /// `snd_pcm_drop` alone is not enough on every backend: ALSA's jack plugin then stops
    /// calling its process callback and JACK keeps replaying the port's last period (an echo
    /// that lasts until the next write). Writing silence at once restarts the callback, which
    /// then copies only zeros; a whole buffer of it, because the plugin copies whole JACK periods
    /// from the ring, stale frames past the last one written included.
    private func stopDevice() {
        framesWritten -= Int64(pcm.delay())
        audioEndFrame = framesWritten
        trailingSilence = nil
        silenceOwed = pcm.bufferFrames
        do {
            try pcm.dropAndPrepare()
            _ = try writeSilence()
        } catch let error as AudioDeviceError {
            fail(error)
        } catch {
            fail(AudioDeviceError(kind: .ioFailed, device: pcm.device, operation: "stop playback", alsaMessage: "\(error)", code: 0))
        }
    }

    /// Takes back the silence written by the last interrupt that has not been played yet, so
    /// the next chunk starts without waiting behind it (a buffer of it would delay the next
    /// utterance by the whole buffer time).
    private func takeBackTrailingSilence() {
        silenceOwed = 0
        guard let silence = trailingSilence else { return }
        trailingSilence = nil
        guard framesWritten == silence.upperBound else { return }
        let unplayed = min(pcm.rewindable(), Int(silence.upperBound - silence.lowerBound))
        framesWritten -= Int64(pcm.rewind(unplayed))
    }

    private func stalled() -> AudioDeviceError {
        AudioDeviceError(kind: .stopped, device: pcm.device, operation: "play",
                         alsaMessage: "it took no audio for 1 s", code: 0)
    }

    private func fail(_ error: AudioDeviceError) {
        failure = error
        queue.removeAll()
        queueHead = 0
        queuedFrames = 0
        events.append(.failed(error))
        condition.broadcast()
    }

    private func seconds(frames: Int) -> TimeInterval {
        Double(frames) / Double(pcm.sampleRate)
    }
}
