import EarshotCore

/// An audio device that cannot be opened, configured or written: names the device, what was
/// being done and ALSA's own message.
public struct AudioDeviceError: UserFacingError, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No PCM of that name, or no card behind it.
        case deviceNotFound
        /// Another program holds the device.
        case deviceBusy
        /// The device cannot play mono 16-bit PCM at the requested rate or period.
        case unsupportedParameters
        /// A write, start or stop failed on an open device.
        case ioFailed
        /// The device stopped taking audio (its sound server died): unavailable, like a
        /// missing device.
        case stopped
    }

    public var kind: Kind
    /// The ALSA PCM name, e.g. `default` or `hw:0,0`.
    public var device: String
    /// What was being done, e.g. "open", "set the sample rate to 22050 Hz".
    public var operation: String
    /// ALSA's message (snd_strerror), e.g. "Device or resource busy".
    public var alsaMessage: String
    /// The negative errno ALSA returned.
    public var code: Int32

    public init(kind: Kind, device: String, operation: String, alsaMessage: String, code: Int32) {
        self.kind = kind
        self.device = device
        self.operation = operation
        self.alsaMessage = alsaMessage
        self.code = code
    }

    public var category: ErrorCategory {
        switch kind {
        case .deviceNotFound, .deviceBusy, .unsupportedParameters, .stopped: .unavailable
        case .ioFailed: .io
        }
    }

    public var description: String {
        let advice = switch kind {
        case .deviceNotFound: "no such audio device; list the devices with `aplay -L` and pass one with --device NAME"
        case .deviceBusy: "the audio device is in use by another program; close it or pass another with --device NAME"
        case .unsupportedParameters: "the audio device cannot play mono 16-bit PCM this way; try --device plug:\(device) or `default`"
        case .ioFailed: "the audio device failed while playing"
        case .stopped: "the audio device stopped playing; start its sound server again or pass another with --device NAME"
        }
        return "audio device \"\(device)\": error: cannot \(operation): \(alsaMessage) (\(advice))"
    }
}
