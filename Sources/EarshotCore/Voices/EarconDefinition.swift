import Foundation

/// The shape of one earcon, from the voice profile's `earcons` section: sine tones placed in
/// time, shaped by a shared attack and release, or a WAV file that replaces them.
///
/// All times are in seconds, frequencies in hertz, gains from 0 to 1 of full scale, e.g.
/// `"pageScroll": { "tones": [{ "frequency": 650, "start": 0, "duration": 0.067, "gain": 0.4 }],
/// "attack": 0.005, "release": 0.03 }`. `"file": "sounds/bonk.wav"` (relative to the profile's
/// folder; mono 16-bit PCM at the speech rate) replaces the tones with a recording.
///
/// The shape is data the core reads (an earcon's length is part of the timeline even when nothing
/// is played, `EstimatedSpeechDevice`); the audio layer turns it into sound.
public struct EarconDefinition: Sendable, Equatable {
    public var name: EarconName
    public var tones: [EarconTone]
    /// Rise time of each tone from silence, seconds.
    public var attack: Double
    /// Fall time of each tone back to silence, seconds.
    public var release: Double
    /// A WAV file that replaces the synthesized sound, as an absolute path (the profile gives it
    /// relative to its own folder).
    public var file: String?
    /// Where the definition (or its `file` key) was written, for errors about it.
    public var location: SourceLocation?

    public init(name: EarconName, tones: [EarconTone], attack: Double, release: Double, file: String? = nil,
                location: SourceLocation? = nil) {
        self.name = name
        self.tones = tones
        self.attack = attack
        self.release = release
        self.file = file
        self.location = location
    }

    /// Length of the synthesized sound: the end of its last tone.
    public var duration: Double {
        tones.map { $0.start + $0.duration }.max() ?? 0
    }

    /// Samples of the synthesized sound at `sampleRate`: the end of its last tone, to the
    /// nearest sample. The synthesizer makes exactly this many.
    public func toneSampleCount(sampleRate: Int) -> Int {
        tones.map { Self.sampleCount(seconds: $0.start + $0.duration, sampleRate: sampleRate) }.max() ?? 0
    }

    /// `seconds` at `sampleRate`, to the nearest sample: how the synthesizer places tones.
    public static func sampleCount(seconds: Double, sampleRate: Int) -> Int {
        Int((seconds * Double(sampleRate)).rounded())
    }

    /// Keys of one earcon object.
    public static let keys = ["tones", "attack", "release", "file"]
    /// Keys of one tone object.
    public static let toneKeys = ["frequency", "start", "duration", "gain"]
    /// Tones must be audible and below the Nyquist frequency of the 22050 Hz speech rate.
    public static let frequencyRange: ClosedRange<Double> = 20...10_000

    /// The profile's own `earcons` section (VoiceOver's sounds): one object per name in
    /// `EarconName.all`, each required, no other names.
    public static func profileEarcons(profile: VoiceProfile) throws -> [EarconDefinition] {
        guard let node = profile.sections["earcons"] else {
            throw DataFileError(
                "missing \"earcons\" section; expected an object defining \(EarconName.all.map { "\"\($0)\"" }.joined(separator: ", "))",
                at: SourceLocation(file: profile.path, line: 1, column: 1))
        }
        let folder = URL(fileURLWithPath: profile.path).deletingLastPathComponent().path
        return try decodeAll(section: node, relativeTo: folder)
    }

    /// Reads an `earcons` object defining each of `names` and no other; `file` paths are taken
    /// relative to `folder`. `missing` words the error for a name not defined, given the list.
    public static func decodeAll(section node: JSONNode, names: [EarconName] = EarconName.all, relativeTo folder: String,
                                 missing: (_ name: EarconName, _ names: String) -> String = { name, names in
                                     "missing earcon \"\(name)\"; the \"earcons\" section must define \(names)"
                                 }) throws -> [EarconDefinition] {
        let keys = names.map(\.rawValue)
        let object = try node.object(allowing: keys)
        return try names.map { name in
            guard let member = object[name.rawValue] else {
                throw DataFileError(missing(name, keys.joined(separator: ", ")), at: object.location)
            }
            return try decode(name: name, node: member, relativeTo: folder)
        }
    }

    /// Reads one earcon object.
    public static func decode(name: EarconName, node: JSONNode, relativeTo folder: String) throws -> EarconDefinition {
        let object = try node.object(allowing: keys)
        func ranged(_ reader: JSONObjectFields, _ key: String, _ range: ClosedRange<Double>, unit: String,
                    required: Bool = true) throws -> Double {
            guard let value = try reader.double(key) else {
                if required { _ = try reader.required(key) }
                return 0
            }
            guard range.contains(value) else {
                throw DataFileError("\"\(key)\" must be from \(plain(range.lowerBound)) to \(plain(range.upperBound)) \(unit), found \(plain(value))",
                                    at: reader[key]!.location)
            }
            return value
        }
        var file: String?
        var location = object.location
        if let path = try object.string("file") {
            file = path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
            location = object["file"]!.location
        }
        var tones: [EarconTone] = []
        if let items = try object.array("tones") {
            for item in items {
                let tone = try item.object(allowing: toneKeys)
                tones.append(EarconTone(
                    frequency: try ranged(tone, "frequency", frequencyRange, unit: "Hz"),
                    start: try ranged(tone, "start", 0...5, unit: "seconds"),
                    duration: try ranged(tone, "duration", 0.001...5, unit: "seconds"),
                    gain: try ranged(tone, "gain", 0...1, unit: "of full scale")))
            }
        }
        if tones.isEmpty && file == nil {
            throw DataFileError("earcon \"\(name)\" needs \"tones\" (a list of {frequency, start, duration, gain}) or a \"file\"",
                                at: object.location)
        }
        return EarconDefinition(
            name: name, tones: tones,
            attack: try ranged(object, "attack", 0...1, unit: "seconds", required: !tones.isEmpty),
            release: try ranged(object, "release", 0...1, unit: "seconds", required: !tones.isEmpty),
            file: file, location: location)
    }
}

/// One sine tone of an earcon.
public struct EarconTone: Sendable, Equatable {
    /// Hertz.
    public var frequency: Double
    /// Offset from the start of the earcon, seconds.
    public var start: Double
    /// Seconds.
    public var duration: Double
    /// Peak amplitude, 0 to 1 of full scale.
    public var gain: Double

    public init(frequency: Double, start: Double, duration: Double, gain: Double) {
        self.frequency = frequency
        self.start = start
        self.duration = duration
        self.gain = gain
    }
}

/// A number as a person writes it: `20000`, not `20000.0`.
private func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
