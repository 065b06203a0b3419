import EarshotCore
import Foundation

/// The earcons of one voice profile, ready to mix at the speech sample rate: synthesized from
/// their definitions, or read from the WAV file a definition names instead.
///
/// Everything is rendered when the library is made, so a bad file is reported at load time, not
/// in the middle of playback.
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
            if let file = definition.file {
                buffers[definition.name] = try Self.readOverride(file, for: definition, sampleRate: sampleRate)
            } else {
                buffers[definition.name] = EarconSynthesizer.render(definition, sampleRate: sampleRate)
            }
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

    /// Length of `name` in samples (0 if the library has no such earcon).
    public func sampleCount(of name: EarconName) -> Int {
        buffers[name]?.samples.count ?? 0
    }

    /// Reads a replacement WAV file, which must already be at the speech rate: Earshot does not
    /// resample, so a mismatch is reported with the conversion to make. Errors point at the
    /// profile's `file` key.
    private static func readOverride(_ path: String, for definition: EarconDefinition, sampleRate: Int) throws -> PCMBuffer {
        func fail(_ message: String) -> Error {
            guard let location = definition.location else { return FileIOError(path: path, reason: message) }
            return DataFileError(message, at: location)
        }
        let buffer: PCMBuffer
        do {
            buffer = try WAVFile.read(path: path)
        } catch {
            throw fail("earcon \"\(definition.name)\" file cannot be used: \(error)")
        }
        guard buffer.sampleRate == sampleRate else {
            throw fail("earcon \"\(definition.name)\" file \(path) is at \(buffer.sampleRate) Hz; earcons play at the speech rate of \(sampleRate) Hz (convert with `sox IN.wav -r \(sampleRate) -c 1 -b 16 OUT.wav`)")
        }
        return buffer
    }
}
