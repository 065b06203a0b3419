import EarshotJack
import Foundation

// The JACK dummy server, jack_rec and the ALSA configuration that plays into JACK are in
// Sources/EarshotJack, shared with the live benchmark; what only the tests use is here.

extension AlsaJackConfiguration {
    /// A device that writes every sample it is sent, as raw bytes, to `path` (not paced in real
    /// time). alsa.conf's `file:'PATH',raw` PCM needs no entry of its own, but the file list
    /// must be installed before a process opens its first device.
    public static func fileDevice(path: String) -> String {
        precondition(installed)
        return "file:'\(path)',raw"
    }
}

/// Runs of non-zero samples, merging runs separated by fewer than `gap` zeros.
public func soundingRuns(_ samples: [Int16], gap: Int = 200) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    for (index, sample) in samples.enumerated() where sample != 0 {
        if let last = runs.last, index - last.upperBound < gap {
            runs[runs.count - 1] = last.lowerBound..<index + 1
        } else {
            runs.append(index..<index + 1)
        }
    }
    return runs
}

/// A sine tone, for tests that need sound whose every sample is non-zero on average.
public func tone(frequency: Double, seconds: Double, sampleRate: Int, amplitude: Double = 12_000) -> [Int16] {
    let count = Int(seconds * Double(sampleRate))
    return (0..<count).map { Int16(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(sampleRate))) }
}
