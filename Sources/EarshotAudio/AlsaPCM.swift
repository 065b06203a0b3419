import CAlsa
#if canImport(Glibc)
import Glibc
#endif

/// The one owner of an ALSA playback handle (`snd_pcm_t`), and the only Swift file that sees
/// the C API: each call goes through a small method, and a negative return becomes an
/// `AudioDeviceError` carrying `snd_strerror`'s message and the device name.
///
/// The handle is opened non-blocking: no call here ever waits for the device, so the sink's
/// feeder thread can hold its lock around every call and an interruption never waits behind a
/// blocked write. Not thread-safe by itself; `AlsaSink` serialises all use.
final class AlsaPCM {
    /// What a non-blocking write achieved.
    enum WriteOutcome: Equatable {
        /// This many frames were copied into the device buffer (possibly fewer than offered).
        case wrote(Int)
        /// The device buffer is full; wait and try again.
        case full
        /// The device ran dry (underrun) or was suspended; `recover()` prepares it again.
        case needsRecovery(code: Int32)
    }

    /// The coarse device states the sink cares about.
    enum State: Equatable {
        case prepared, running, underrun, other
    }

    let device: String
    let sampleRate: Int
    /// Frames per period, as the device chose it.
    let periodFrames: Int
    /// Frames the device buffer holds.
    let bufferFrames: Int
    private var handle: OpaquePointer?

    /// Opens `device` for mono S16_LE playback at `sampleRate`, asking for periods of
    /// `periodMicroseconds` and a buffer of `periods` periods.
    init(device: String, sampleRate: Int, periodMicroseconds: Int, periods: Int) throws {
        earshot_alsa_silence_error_output()
        self.device = device
        self.sampleRate = sampleRate
        var opened: OpaquePointer?
        try Self.check(snd_pcm_open(&opened, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK), device: device, "open the device", kind: Self.openErrorKind)
        guard let opened else {
            throw AudioDeviceError(kind: .deviceNotFound, device: device, operation: "open the device", alsaMessage: "no handle returned", code: -ENODEV)
        }
        handle = opened
        do {
            (periodFrames, bufferFrames) = try Self.configure(opened, device: device, sampleRate: sampleRate, periodMicroseconds: periodMicroseconds, periods: periods)
        } catch {
            snd_pcm_close(opened)
            handle = nil
            throw error
        }
    }

    deinit { close() }

    /// Sets the hardware parameters (format, rate, period, buffer) and the software ones
    /// (start as soon as one frame is written); returns the period and buffer the device chose.
    private static func configure(_ pcm: OpaquePointer, device: String, sampleRate: Int, periodMicroseconds: Int, periods: Int) throws -> (period: Int, buffer: Int) {
        func check(_ result: Int32, _ operation: String) throws {
            try Self.check(result, device: device, operation, kind: { $0 == -EINVAL ? .unsupportedParameters : .ioFailed })
        }
        var hw: OpaquePointer?
        try check(snd_pcm_hw_params_malloc(&hw), "allocate hardware parameters")
        defer { snd_pcm_hw_params_free(hw) }
        try check(snd_pcm_hw_params_any(pcm, hw), "read the device's hardware parameters")
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "select interleaved read/write access")
        try check(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), "select 16-bit little-endian samples")
        try check(snd_pcm_hw_params_set_channels(pcm, hw, 1), "select one channel (mono)")
        try check(snd_pcm_hw_params_set_rate(pcm, hw, UInt32(sampleRate), 0), "set the sample rate to \(sampleRate) Hz")
        var periodTime = UInt32(periodMicroseconds)
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_period_time_near(pcm, hw, &periodTime, &direction), "set a period of \(periodMicroseconds / 1000) ms")
        var periodCount = UInt32(periods)
        try check(snd_pcm_hw_params_set_periods_near(pcm, hw, &periodCount, &direction), "set a buffer of \(periods) periods")
        try check(snd_pcm_hw_params(pcm, hw), "apply the hardware parameters")
        var period: snd_pcm_uframes_t = 0
        var buffer: snd_pcm_uframes_t = 0
        try check(snd_pcm_hw_params_get_period_size(hw, &period, &direction), "read the period size")
        try check(snd_pcm_hw_params_get_buffer_size(hw, &buffer), "read the buffer size")

        var sw: OpaquePointer?
        try check(snd_pcm_sw_params_malloc(&sw), "allocate software parameters")
        defer { snd_pcm_sw_params_free(sw) }
        try check(snd_pcm_sw_params_current(pcm, sw), "read the software parameters")
        // Start on the first frame: a short utterance must play even if it never fills a period.
        try check(snd_pcm_sw_params_set_start_threshold(pcm, sw, 1), "set the start threshold")
        try check(snd_pcm_sw_params_set_avail_min(pcm, sw, period), "set the wake-up threshold")
        // When the audio runs out, a sound card plays on until its next period interrupt notices
        // the underrun: without this, that would be whatever the ring held a buffer earlier.
        // Silence size = boundary asks ALSA to overwrite every played frame with silence.
        var boundary: snd_pcm_uframes_t = 0
        try check(snd_pcm_sw_params_get_boundary(sw, &boundary), "read the ring boundary")
        try check(snd_pcm_sw_params_set_silence_threshold(pcm, sw, 0), "set the silence threshold")
        try check(snd_pcm_sw_params_set_silence_size(pcm, sw, boundary), "fill played frames with silence")
        try check(snd_pcm_sw_params(pcm, sw), "apply the software parameters")
        return (Int(period), Int(buffer))
    }

    /// Copies up to `samples.count` frames into the device buffer without waiting.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws -> WriteOutcome {
        guard let handle, let base = samples.baseAddress, !samples.isEmpty else { return .wrote(0) }
        let result = snd_pcm_writei(handle, base, snd_pcm_uframes_t(samples.count))
        if result >= 0 { return .wrote(Int(result)) }
        let code = Int32(result)
        switch code {
        case -EAGAIN: return .full
        case -EPIPE, -ESTRPIPE: return .needsRecovery(code: code)
        default: throw error(code, "write samples", kind: .ioFailed)
        }
    }

    /// Brings the device back from an underrun or suspend so writing can go on.
    func recover(from code: Int32) throws {
        guard let handle else { return }
        try check(snd_pcm_recover(handle, code, 1), "recover from an underrun")
    }

    /// Frames that can be written now without waiting.
    func available() throws -> Int {
        guard let handle else { return 0 }
        let result = snd_pcm_avail(handle)
        if result >= 0 { return Int(result) }
        if Int32(result) == -EPIPE || Int32(result) == -ESTRPIPE { return bufferFrames }
        throw error(Int32(result), "query the free buffer space", kind: .ioFailed)
    }

    /// Frames written but not yet audible, or 0 when the device is not playing.
    ///
    /// `snd_pcm_avail_delay` brings the device position up to date first: some plugins (jack)
    /// report a stale `snd_pcm_delay` until then, and notice an underrun only then.
    func delay() -> Int {
        guard let handle else { return 0 }
        var available: snd_pcm_sframes_t = 0
        var frames: snd_pcm_sframes_t = 0
        guard snd_pcm_avail_delay(handle, &available, &frames) == 0, state == .running else { return 0 }
        return max(0, Int(frames))
    }

    var state: State {
        guard let handle else { return .other }
        switch snd_pcm_state(handle) {
        case SND_PCM_STATE_PREPARED: return .prepared
        case SND_PCM_STATE_RUNNING: return .running
        case SND_PCM_STATE_XRUN: return .underrun
        default: return .other
        }
    }

    /// Starts playback of what is buffered (used when less than the start threshold was written).
    func start() throws {
        guard let handle else { return }
        try check(snd_pcm_start(handle), "start playback")
    }

    /// Stops at once and discards everything buffered (snd_pcm_drop), then prepares the device
    /// for the next write.
    func dropAndPrepare() throws {
        guard let handle else { return }
        try check(snd_pcm_drop(handle), "stop playback")
        try check(snd_pcm_prepare(handle), "prepare the device after stopping")
    }

    /// Frames already written that the device has not started to play and may be taken back;
    /// 0 when the device is not running.
    func rewindable() -> Int {
        guard let handle else { return 0 }
        // Bring the position (and underrun detection) up to date before asking.
        guard snd_pcm_avail(handle) >= 0, state == .running else { return 0 }
        return max(0, Int(snd_pcm_rewindable(handle)))
    }

    /// Takes back up to `frames` written frames that have not been played; returns how many.
    func rewind(_ frames: Int) -> Int {
        guard let handle, frames > 0 else { return 0 }
        return max(0, Int(snd_pcm_rewind(handle, snd_pcm_uframes_t(frames))))
    }

    func close() {
        guard let handle else { return }
        snd_pcm_close(handle)
        self.handle = nil
    }

    // MARK: - Errors

    private func check(_ result: Int32, _ operation: String, kind: AudioDeviceError.Kind = .ioFailed) throws {
        try Self.check(result, device: device, operation, kind: { _ in kind })
    }

    private func error(_ code: Int32, _ operation: String, kind: AudioDeviceError.Kind) -> AudioDeviceError {
        Self.error(code, device: device, operation, kind: kind)
    }

    private static func check(_ result: Int32, device: String, _ operation: String, kind: (Int32) -> AudioDeviceError.Kind) throws {
        if result < 0 { throw error(result, device: device, operation, kind: kind(result)) }
    }

    private static func error(_ code: Int32, device: String, _ operation: String, kind: AudioDeviceError.Kind) -> AudioDeviceError {
        AudioDeviceError(kind: kind, device: device, operation: operation, alsaMessage: String(cString: snd_strerror(code)), code: code)
    }

    /// Open failures: an unknown PCM name gives ENOENT (or ENODEV/ENXIO for a missing card),
    /// a device held by another program EBUSY (EAGAIN in non-blocking mode).
    private static func openErrorKind(_ code: Int32) -> AudioDeviceError.Kind {
        switch code {
        case -ENOENT, -ENODEV, -ENXIO: .deviceNotFound
        case -EBUSY, -EAGAIN: .deviceBusy
        case -EINVAL: .unsupportedParameters
        default: .ioFailed
        }
    }
}
