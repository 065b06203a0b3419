import EarshotCore
import Foundation

/// Turns an earcon definition into samples: sine tones with raised-cosine attack and release,
/// summed, and scaled down if their sum would pass the headroom limit, so earcons never clip.
///
/// Pure and deterministic: the same definition and rate give the same samples.
public enum EarconSynthesizer {
    /// The loudest an earcon may peak, as a fraction of full scale, leaving headroom for mixing.
    public static let peakLimit = 0.9

    public static func render(_ definition: EarconDefinition, sampleRate: Int) -> PCMBuffer {
        let rate = Double(sampleRate)
        let total = definition.toneSampleCount(sampleRate: sampleRate)
        var mix = [Double](repeating: 0, count: total)
        for tone in definition.tones {
            let first = sampleCount(tone.start * rate)
            let count = min(sampleCount(tone.duration * rate), total - first)
            guard count > 0 else { continue }
            // Attack and release each take at most half the tone, so short tones still rise and fall.
            let attack = min(sampleCount(definition.attack * rate), count / 2)
            let release = min(sampleCount(definition.release * rate), count / 2)
            let step = 2 * Double.pi * tone.frequency / rate
            for i in 0..<count {
                var envelope = 1.0
                if i < attack { envelope = raisedCosine(Double(i) / Double(attack)) }
                let fromEnd = count - 1 - i
                if fromEnd < release { envelope = min(envelope, raisedCosine(Double(fromEnd) / Double(release))) }
                mix[first + i] += tone.gain * envelope * sin(step * Double(i))
            }
        }
        let peak = mix.reduce(0) { max($0, abs($1)) }
        let scale = peak > peakLimit ? peakLimit / peak : 1
        let samples = mix.map { Int16(($0 * scale * 32767).rounded()) }
        return PCMBuffer(sampleRate: sampleRate, samples: samples)
    }

    /// 0 at 0, 1 at 1, with zero slope at both ends (no click).
    private static func raisedCosine(_ x: Double) -> Double {
        0.5 - 0.5 * cos(Double.pi * x)
    }

    private static func sampleCount(_ samples: Double) -> Int {
        Int(samples.rounded())
    }
}
