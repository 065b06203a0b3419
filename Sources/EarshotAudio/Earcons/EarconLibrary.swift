import EarshotCore
import Foundation

/// The earcons of one voice profile, ready to mix at the speech sample rate: synthesized from
/// their definitions when the library is made.
public struct EarconLibrary: Sendable {
    public let sampleRate: Int
    public let definitions: [EarconName: EarconDefinition]
    private let buffers: [EarconName: PCMBuffer]

    /// Loads the profile's `earcons` section and renders every earcon at `sampleRate` (the
    /// speech rate, 22050 Hz for eSpeak NG).
    public init(profile: VoiceProfile, sampleRate: Int) throws {
        try self.init(definitions: try EarconDefinition.decodeAll(profile: profile), sampleRate: sampleRate)
    }

    public init(definitions: [EarconDefinition], sampleRate: Int) throws {
        self.sampleRate = sampleRate
        var byName: [EarconName: EarconDefinition] = [:]
        var buffers: [EarconName: PCMBuffer] = [:]
        for definition in definitions {
            byName[definition.name] = definition
            buffers[definition.name] = EarconSynthesizer.render(definition, sampleRate: sampleRate)
        }
        self.definitions = byName
        self.buffers = buffers
    }

    /// The sound of `name`, or nil if the library has no such earcon.
    public func buffer(for name: EarconName) -> PCMBuffer? {
        buffers[name]
    }

    /// Length of `name` in seconds (0 if the library has no such earcon).
    public func duration(of name: EarconName) -> Double {
        buffers[name]?.duration ?? 0
    }
}
