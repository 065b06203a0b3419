import Synchronization

/// Stops a running synthesis from any thread.
///
/// eSpeak NG's own `espeak_Cancel` does not stop a synthesis in synchronous mode; the engine
/// checks this flag each time eSpeak hands over a buffer and aborts from its callback, so a
/// synthesis stops within one engine buffer (60 ms of audio) after `cancel()`.
public final class SynthesisCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Requests the stop; later calls do nothing more.
    public func cancel() {
        flag.store(true, ordering: .releasing)
    }

    public var isCancelled: Bool { flag.load(ordering: .acquiring) }
}
