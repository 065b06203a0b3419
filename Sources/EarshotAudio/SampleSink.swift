import EarshotCore

/// Where speech goes, in order: a WAV file being written (`WAVStreamWriter`) or the sound card
/// (`AlsaSink`). The speak loop (a text, the hint pause, the hint) is written once, over this
/// (`Speaker.speak(_:hint:hintPause:into:)`), for `speak`, `read` and every file they write.
public protocol SampleSink: AnyObject {
    /// Takes the next samples, at the sink's sample rate.
    func receive(_ samples: UnsafeBufferPointer<Int16>) throws
}

extension SampleSink {
    /// Takes `seconds` of silence at `sampleRate`.
    public func receiveSilence(seconds: Double, sampleRate: Int) throws {
        try PCMBuffer.silence(seconds: seconds, sampleRate: sampleRate).samples.withUnsafeBufferPointer { try receive($0) }
    }
}

extension WAVStreamWriter: SampleSink {
    public func receive(_ samples: UnsafeBufferPointer<Int16>) throws { try append(samples) }
}

extension AlsaSink: SampleSink {
    /// Queued to play after what was queued before; never blocks.
    public func receive(_ samples: UnsafeBufferPointer<Int16>) { enqueue(Array(samples)) }
}
