import EarshotAudio
import EarshotCore
import EarshotSpeech
import Foundation

/// Plays the speech scheduler's decisions as they are made: speech streamed from the engine into
/// an ALSA sink while it is synthesized, earcons from the profile's library, and silence at once
/// when the scheduler cuts an utterance.
///
/// `start` and `stop` run inside the timeline's executor, so they only hand work over: one worker
/// thread synthesizes (each engine buffer goes to the sink as soon as it exists, so the first
/// sample reaches ALSA a few milliseconds after the event) and then watches the sink until the
/// device has played the utterance's last frame, when it reports the end with the finished
/// handler (`bind(to:)` makes that `SpeechScheduler.deviceFinished(utteranceID:)`). `stop`
/// cancels the synthesis (it ends within one engine buffer) and interrupts the sink; an utterance
/// stopped before its synthesis began is never synthesized.
///
/// The scheduler plays one utterance at a time and waits for its end before the next, so the
/// sink holds at most one utterance and its end is the sink's last frame written.
public final class LiveSpeechDevice: SpeechDevice, @unchecked Sendable {
    /// What the device did, for progress output and latency measurement.
    public enum Event: Sendable, Equatable {
        /// The utterance's first samples were handed to the sink as chunk `chunkID` (the id
        /// `AlsaSink.Event.chunkStarted` reports when ALSA takes them) at `time`.
        case firstChunkEnqueued(utteranceID: Int, chunkID: Int, time: ContinuousClock.Instant)
        /// Samples of the utterance handed to the sink as chunk `chunkID`, in playing order: what
        /// is heard unless the utterance is cut (for recording a session, or checking one).
        case chunkEnqueued(utteranceID: Int, chunkID: Int, samples: [Int16])
        /// The device played the utterance's last frame and reported the end.
        case finished(utteranceID: Int)
        /// The utterance was cut: synthesis cancelled and the sink interrupted at `time`.
        case stopped(utteranceID: Int, time: ContinuousClock.Instant)
        /// The engine or the earcon library could not give the utterance's audio; its end is
        /// reported at once so playback goes on.
        case failed(utteranceID: Int, message: String)
    }

    public let speaker: Speaker
    public let earcons: EarconLibrary
    public let sink: AlsaSink

    /// A piece of work for the worker: one utterance and how to call it off.
    private final class Job {
        let utterance: Utterance
        let cancellation = SynthesisCancellation()
        /// Guarded by the device's lock.
        var cancelled = false

        init(_ utterance: Utterance) { self.utterance = utterance }
    }

    private let onEvent: (@Sendable (Event) -> Void)?
    // Guarded by `condition`'s lock. The worker enqueues into the sink under this lock too, so a
    // cut utterance never reaches the sink after `stop` interrupted it.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var current: Job?
    private var finishedHandler: (@Sendable (Int) -> Void)?
    private var closed = false
    private var workerRunning = false

    /// Plays through `sink`, whose sample rate must be the speaker's (and the earcons'). `onEvent`
    /// hears what the device does, on its worker thread or the scheduler's caller.
    ///
    /// Call `close()` when done: the worker thread keeps the device alive until then.
    public init(speaker: Speaker, earcons: EarconLibrary, sink: AlsaSink,
                onEvent: (@Sendable (Event) -> Void)? = nil) {
        precondition(sink.sampleRate == speaker.sampleRate && earcons.sampleRate == speaker.sampleRate,
                     "the sink, the speaker and the earcons must share one sample rate")
        self.speaker = speaker
        self.earcons = earcons
        self.sink = sink
        self.onEvent = onEvent
        workerRunning = true
        let thread = Thread { [self] in runWorker() }
        thread.name = "earshot.live-speech"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Reports each utterance's natural end to `scheduler` (held weakly, so the scheduler may own
    /// this device).
    public func bind(to scheduler: SpeechScheduler) {
        setFinishedHandler { [weak scheduler] id in scheduler?.deviceFinished(utteranceID: id) }
    }

    /// Calls `handler` with the utterance id when an utterance has been played to its end (from
    /// the worker thread, never while the device is locked or from inside the timeline's executor).
    public func setFinishedHandler(_ handler: @escaping @Sendable (Int) -> Void) {
        condition.withLock { finishedHandler = handler }
    }

    /// Stops the worker: the utterance playing is cut and nothing more is played. The sink stays
    /// open (its owner closes it). Later calls do nothing.
    public func close() {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        closed = true
        for job in jobs + [current].compactMap({ $0 }) {
            job.cancelled = true
            job.cancellation.cancel()
        }
        jobs.removeAll()
        sink.interrupt()
        condition.broadcast()
        while workerRunning { condition.wait() }
    }

    // MARK: - SpeechDevice

    public func start(_ utterance: Utterance, at time: TimelineInstant) throws -> TimelineDuration? {
        if let failure = sink.status().failure { throw failure }
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { throw LiveDeviceClosed() }
        jobs.append(Job(utterance))
        condition.broadcast()
        return nil
    }

    public func stop(_ utterance: Utterance, at time: TimelineInstant) {
        condition.lock()
        for job in jobs + [current].compactMap({ $0 }) where job.utterance.id == utterance.id {
            job.cancelled = true
            job.cancellation.cancel()
        }
        jobs.removeAll { $0.cancelled }
        // Even when the utterance already ended, its last period may still be sounding.
        sink.interrupt()
        let stoppedAt = ContinuousClock.now
        condition.broadcast()
        condition.unlock()
        onEvent?(.stopped(utteranceID: utterance.id, time: stoppedAt))
    }

    // MARK: - Worker

    private func runWorker() {
        while let job = nextJob() {
            play(job)
            condition.withLock { current = nil }
        }
        condition.withLock {
            workerRunning = false
            condition.broadcast()
        }
    }

    private func nextJob() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !closed { condition.wait() }
        guard !closed else { return nil }
        let job = jobs.removeFirst()
        current = job
        return job
    }

    private func play(_ job: Job) {
        let id = job.utterance.id
        var enqueuedAny = false
        /// Hands samples to the sink unless the job was cut meanwhile.
        func enqueue(_ samples: [Int16]) {
            guard !samples.isEmpty else { return }
            condition.lock()
            guard !job.cancelled else {
                condition.unlock()
                return
            }
            let chunkID = sink.enqueue(samples)
            let first = !enqueuedAny
            enqueuedAny = true
            condition.unlock()
            if first { onEvent?(.firstChunkEnqueued(utteranceID: id, chunkID: chunkID, time: .now)) }
            onEvent?(.chunkEnqueued(utteranceID: id, chunkID: chunkID, samples: samples))
        }

        if let name = job.utterance.earcon {
            if let buffer = earcons.buffer(for: name) {
                enqueue(buffer.samples)
            } else {
                onEvent?(.failed(utteranceID: id, message: "the voice profile has no earcon \"\(name)\""))
            }
        } else {
            do {
                _ = try speaker.synthesize(job.utterance.spoken, cancellation: job.cancellation) { chunk in
                    enqueue(chunk.samples)
                }
            } catch {
                onEvent?(.failed(utteranceID: id, message: "\(error)"))
            }
        }
        if enqueuedAny {
            guard waitUntilPlayed(job) else { return }
        } else if condition.withLock({ job.cancelled }) {
            return
        }
        let handler = condition.withLock { finishedHandler }
        onEvent?(.finished(utteranceID: id))
        handler?(id)
    }

    /// Waits until the device has played the job's last frame; false if it was cut first.
    ///
    /// ALSA's jack plugin may leave the last few frames counted as unplayed until the device
    /// runs dry (seen: 3 frames, for seconds), so when the count stops moving within the last
    /// couple of periods, the utterance has ended.
    private func waitUntilPlayed(_ job: Job) -> Bool {
        var endFrame: Int64?
        let rate = Double(sink.sampleRate)
        let stallTolerance = Int64(sink.periodFrames * 2)
        let stallTime = Duration.milliseconds(max(30, Int(sink.periodMilliseconds * 3)))
        var lastPlayed: (frame: Int64, since: ContinuousClock.Instant)?
        while true {
            let status = sink.status()
            if status.failure != nil { return !condition.withLock { job.cancelled } }
            var wait: Double
            if status.queuedFrames > 0 {
                // Still waiting to go into the device buffer: look again as room frees up.
                wait = min(Double(status.queuedFrames) / rate, 0.01)
            } else {
                // Everything is in the device: the job's audio is the last written.
                let end = endFrame ?? status.framesWritten
                endFrame = end
                let unplayed = end - status.framesPlayed
                if unplayed <= 0 { return !condition.withLock { job.cancelled } }
                let now = ContinuousClock.now
                if let last = lastPlayed, last.frame == status.framesPlayed {
                    if unplayed <= stallTolerance && now - last.since >= stallTime {
                        return !condition.withLock { job.cancelled }
                    }
                } else {
                    lastPlayed = (status.framesPlayed, now)
                }
                wait = min(Double(unplayed) / rate, 0.02)
            }
            wait = max(wait, 0.002)
            condition.lock()
            if !job.cancelled { _ = condition.wait(until: Date(timeIntervalSinceNow: wait)) }
            let cancelled = job.cancelled
            condition.unlock()
            if cancelled { return false }
        }
    }
}

/// `start` after `LiveSpeechDevice.close()`: the utterance is dropped as a device failure.
public struct LiveDeviceClosed: Error, CustomStringConvertible {
    public var description: String { "the live speech device is closed" }
}
