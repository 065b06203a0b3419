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
        PCMBuffer(sampleRate: sampleRate, samples: [Int16](repeating: 0, count: Int((seconds * Double(sampleRate)).rounded())))
    }

    /// The sample index nearest to a time in seconds.
    public func sampleIndex(at seconds: Double) -> Int {
        Int((seconds * Double(sampleRate)).rounded())
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
