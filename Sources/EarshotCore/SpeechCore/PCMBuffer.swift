/// Mono 16-bit PCM audio in memory: what the speech engine produces, earcons are synthesized
/// into, WAV files hold and the ALSA sink plays.
public struct PCMBuffer: Sendable, Equatable {
    public var sampleRate: Int
    public var samples: [Int16]

    public init(sampleRate: Int, samples: [Int16] = []) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// Length in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// Silence of the given length.
    public static func silence(seconds: Double, sampleRate: Int) -> PCMBuffer {
        PCMBuffer(sampleRate: sampleRate, samples: [Int16](repeating: 0, count: sampleCount(seconds: seconds, sampleRate: sampleRate)))
    }

    /// The sample index nearest to a time in seconds.
    public func sampleIndex(at seconds: Double) -> Int {
        Self.sampleCount(seconds: seconds, sampleRate: sampleRate)
    }

    /// The number of samples nearest to `seconds`: the one place a time becomes a sample count.
    /// Inputs are bounded where they are read (a scenario's times to a day); this conversion
    /// still cannot trap: negative and NaN give 0, and it stops at 2^40 samples (about 1.6 years
    /// at 22,050 Hz).
    public static func sampleCount(seconds: Double, sampleRate: Int) -> Int {
        let samples = (seconds * Double(sampleRate)).rounded()
        guard samples > 0 else { return 0 }
        return Int(min(samples, 1_099_511_627_776))
    }

    /// Root mean square level of a range, 0 to 32768.
    public func rms(in range: Range<Int>? = nil) -> Double {
        let range = range ?? 0..<samples.count
        guard !range.isEmpty else { return 0 }
        var sum = 0.0
        for i in range { sum += Double(samples[i]) * Double(samples[i]) }
        return (sum / Double(range.count)).squareRoot()
    }
}
