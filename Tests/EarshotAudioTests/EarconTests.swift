import EarshotCore
import EarshotTestSupport
import Foundation
import Testing
@testable import EarshotAudio

/// The repository's voices folder, found from this file's path.
private let voicesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("voices").path

private let speechRate = 22050

/// Power of one frequency in a stretch of samples (Goertzel), normalised by its length.
private func power(of frequency: Double, in samples: ArraySlice<Int16>, sampleRate: Int) -> Double {
    let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
    var previous = 0.0, beforePrevious = 0.0
    for sample in samples {
        let current = Double(sample) + coefficient * previous - beforePrevious
        beforePrevious = previous
        previous = current
    }
    let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
    return power / Double(samples.count * samples.count)
}

/// Frequency estimated from sign changes: a sine crosses zero twice per cycle.
private func zeroCrossingFrequency(_ samples: ArraySlice<Int16>, sampleRate: Int) -> Double {
    var crossings = 0
    var previous = samples.first ?? 0
    for sample in samples.dropFirst() {
        if (previous < 0) != (sample < 0) { crossings += 1 }
        previous = sample
    }
    return Double(crossings) / 2 / (Double(samples.count) / Double(sampleRate))
}

@Suite("Earcons are synthesized from the voice profile")
struct EarconTests {
    static func koLibrary(sampleRate: Int = speechRate) throws -> EarconLibrary {
        try EarconLibrary(profile: try VoiceLibrary(directory: voicesFolder).profile("ko"), sampleRate: sampleRate)
    }

    @Test("the profiles define every earcon the scheduler plays, VoiceOver's and (through the sound sets) TalkBack's and NVDA's", arguments: ["ko", "en"])
    func profilesDefineAllEarcons(name: String) throws {
        let library = try EarconLibrary(profile: try VoiceLibrary(directory: voicesFolder).profile(name),
                                        sampleRate: speechRate)
        #expect(library.definitions.keys.sorted() == (EarconName.all + EarconName.talkBack + EarconName.nvda).sorted())
        #expect(library.definitions[.screenChanged]?.tones.map(\.frequency) == [740, 1175])
    }

    @Test("each earcon is audible and lasts its defined length to the sample", arguments: EarconName.all + EarconName.talkBack + EarconName.nvda)
    func earconIsAudibleWithExactLength(name: EarconName) throws {
        let library = try Self.koLibrary()
        let buffer = try #require(library.buffer(for: name))
        let definition = try #require(library.definitions[name])
        #expect(buffer.sampleRate == speechRate)
        #expect(abs(Double(buffer.samples.count) - definition.duration * Double(speechRate)) <= 1)
        #expect(buffer.rms() > 3000)
        #expect(library.duration(of: name) == buffer.duration)
    }

    @Test("the core's earcon lengths, used without audio, are the sounds' lengths", arguments: ["ko", "en"])
    func coreLengthsMatchSounds(name: String) throws {
        var profile = try VoiceLibrary(directory: voicesFolder).profile(name)
        let library = try EarconLibrary(profile: profile, sampleRate: speechRate)
        for earcon in EarconName.all {
            #expect(try EstimatedSpeechDevice(profile: profile).earconLengths[earcon] == library.duration(of: earcon), "\(earcon)")
        }
        // A recorded file that replaces the tones: its length is the file's.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-earcon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bonk.wav").path
        try WAVFile.write(PCMBuffer(sampleRate: speechRate, samples: [Int16](repeating: 1000, count: 1234)), to: file)
        let tone = #"{ "tones": [{ "frequency": 740, "start": 0, "duration": 0.1, "gain": 0.45 }], "attack": 0.005, "release": 0.03 }"#
        profile.sections["earcons"] = try JSONDocument.parse(
            #"{ "screenChanged": \#(tone), "boundary": { "file": "\#(file)" }, "activation": \#(tone), "pageScroll": \#(tone) }"#,
            file: profile.path)
        let replaced = try EarconLibrary(profile: profile, sampleRate: speechRate)
        #expect(replaced.duration(of: .boundary) == 1234.0 / Double(speechRate))
        #expect(try EstimatedSpeechDevice(profile: profile).earconLengths[.boundary] == replaced.duration(of: .boundary))
    }

    @Test("the lengths follow the earcons measured in TalkBack's open sounds")
    func lengthsFollowMeasurements() throws {
        let library = try Self.koLibrary()
        #expect(library.buffer(for: .screenChanged)?.samples.count == 4631)  // 0.21 s: TalkBack's ~210 ms
        #expect(library.buffer(for: .pageScroll)?.samples.count == 1477)  // 0.067 s: ~67 ms scroll tone
        #expect(library.buffer(for: .activation)?.samples.count == 882)  // 0.04 s: 20–50 ms click
        #expect(library.buffer(for: .boundary)?.samples.count == 1985)  // 0.09 s
    }

    @Test("every tone's dominant frequency is the one defined", arguments: EarconName.all)
    func toneFrequencyMatchesDefinition(name: EarconName) throws {
        let library = try Self.koLibrary()
        let buffer = try #require(library.buffer(for: name))
        let definition = try #require(library.definitions[name])
        for tone in definition.tones {
            // The steady middle of the tone, away from attack and release.
            let first = Int(((tone.start + definition.attack) * Double(speechRate)).rounded())
            let last = Int(((tone.start + tone.duration - definition.release) * Double(speechRate)).rounded())
            let middle = buffer.samples[first..<last]
            let estimate = zeroCrossingFrequency(middle, sampleRate: speechRate)
            #expect(abs(estimate - tone.frequency) / tone.frequency < 0.06,
                    "\(name) tone \(tone.frequency) Hz measured \(estimate) Hz")
            let onTone = power(of: tone.frequency, in: middle, sampleRate: speechRate)
            for off in [tone.frequency * 0.7, tone.frequency * 1.4] {
                #expect(onTone > 20 * power(of: off, in: middle, sampleRate: speechRate))
            }
        }
    }

    @Test("the screen-change earcon is two tones, low then high, with a gap")
    func screenChangeIsBoopBeep() throws {
        let buffer = try #require(try Self.koLibrary().buffer(for: .screenChanged))
        let boop = buffer.samples[400..<1800], beep = buffer.samples[2800..<4200]
        #expect(power(of: 740, in: boop, sampleRate: speechRate) > 20 * power(of: 1175, in: boop, sampleRate: speechRate))
        #expect(power(of: 1175, in: beep, sampleRate: speechRate) > 20 * power(of: 740, in: beep, sampleRate: speechRate))
        // 0.100 to 0.110 s is silent between the tones.
        #expect(buffer.rms(in: 2206..<2425) == 0)
    }

    @Test("earcons start and end in silence and peak below full scale", arguments: EarconName.all)
    func earconsDoNotClickOrClip(name: EarconName) throws {
        let buffer = try #require(try Self.koLibrary().buffer(for: name))
        #expect(buffer.samples.first.map { abs(Int($0)) } == 0)
        #expect(buffer.samples.last.map { abs(Int($0)) }! < 200)
        let peak = buffer.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak < 32767)
        #expect(peak > 0)
    }

    @Test("overlapping loud tones are scaled under the headroom limit instead of clipping")
    func overlappingTonesDoNotClip() throws {
        let definition = EarconDefinition(name: EarconName("chord"), tones: [
            EarconTone(frequency: 440, start: 0, duration: 0.1, gain: 1),
            EarconTone(frequency: 660, start: 0, duration: 0.1, gain: 1),
        ], attack: 0.005, release: 0.005)
        let buffer = EarconSynthesizer.render(definition, sampleRate: speechRate)
        let peak = buffer.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak == Int((EarconSynthesizer.peakLimit * 32767).rounded()))
    }

    @Test("rendering is deterministic to the byte")
    func renderingIsDeterministic() throws {
        let first = try Self.koLibrary(), second = try Self.koLibrary()
        for name in EarconName.all {
            #expect(first.buffer(for: name) == second.buffer(for: name))
        }
    }

    @Test("earcons render at the requested sample rate")
    func rendersAtRequestedRate() throws {
        let buffer = try #require(try Self.koLibrary(sampleRate: 44100).buffer(for: .pageScroll))
        #expect(buffer.sampleRate == 44100)
        #expect(buffer.samples.count == 2955)
        let estimate = zeroCrossingFrequency(buffer.samples[300..<1600], sampleRate: 44100)
        #expect(abs(estimate - 650) < 30)
    }

    @Test("a missing earcon is reported with the names the section must define")
    func missingEarconIsReported() throws {
        let node = try JSONDocument.parse("{\n \"boundary\": {\"tones\": [{\"frequency\": 330, \"start\": 0, \"duration\": 0.09, \"gain\": 0.5}], \"attack\": 0, \"release\": 0}\n}",
                                          file: "v.json")
        let error = #expect(throws: DataFileError.self) { try EarconDefinition.decodeAll(section: node, relativeTo: ".") }
        #expect(error?.description == "v.json:1:1: error: missing earcon \"screenChanged\"; the \"earcons\" section must define screenChanged, boundary, activation, pageScroll")
    }

    @Test("a misspelt earcon name and an out-of-range frequency are reported at their place")
    func badEarconDataIsReported() throws {
        let misspelt = try JSONDocument.parse("{\"boundry\": {}}", file: "v.json")
        let nameError = #expect(throws: DataFileError.self) { try EarconDefinition.decodeAll(section: misspelt, relativeTo: ".") }
        #expect(nameError?.message == "unknown key \"boundry\"; did you mean \"boundary\"?")

        let tooHigh = try JSONDocument.parse("{\"tones\": [{\"frequency\": 20000, \"start\": 0, \"duration\": 0.1, \"gain\": 0.5}], \"attack\": 0, \"release\": 0}",
                                             file: "v.json")
        let rangeError = #expect(throws: DataFileError.self) {
            try EarconDefinition.decode(name: .boundary, node: tooHigh, relativeTo: ".")
        }
        #expect(rangeError?.description == "v.json:1:26: error: \"frequency\" must be from 20 to 10000 Hz, found 20000")
    }

    // MARK: WAV file override

    /// A profile in a fresh folder whose `boundary` earcon names `file`, with a WAV written there.
    static func profileWithOverride(file: String, wav: PCMBuffer?) throws -> (VoiceProfile, folder: String) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("earshot-earcons-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sounds", withIntermediateDirectories: true)
        if let wav { try WAVFile.write(wav, to: folder + "/sounds/bonk.wav") }
        let tone = #"{ "tones": [{ "frequency": 650, "start": 0, "duration": 0.05, "gain": 0.4 }], "attack": 0.005, "release": 0.01 }"#
        let text = """
            {
              "engine": { "voice": "en" },
              "earcons": {
                "screenChanged": \(tone),
                "boundary": { "file": "\(file)" },
                "activation": \(tone),
                "pageScroll": \(tone)
              }
            }
            """
        let path = folder + "/custom.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (try VoiceProfile.load(path: path), folder)
    }

    @Test("a WAV file named by the profile replaces the synthesized earcon, sample for sample")
    func wavFileOverridesEarcon() throws {
        let samples = (0..<1000).map { Int16(truncatingIfNeeded: ($0 * 37) % 2000 - 1000) }
        let recorded = PCMBuffer(sampleRate: speechRate, samples: samples)
        let (profile, folder) = try Self.profileWithOverride(file: "sounds/bonk.wav", wav: recorded)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let library = try EarconLibrary(profile: profile, sampleRate: speechRate)
        #expect(library.definitions[.boundary]?.file == folder + "/sounds/bonk.wav")
        #expect(library.buffer(for: .boundary) == recorded)
        #expect(library.buffer(for: .pageScroll)?.samples.count == 1103)
    }

    @Test("a WAV override at another sample rate is reported at the profile's file key with the fix")
    func wavOverrideAtWrongRateIsReported() throws {
        let (profile, folder) = try Self.profileWithOverride(
            file: "sounds/bonk.wav", wav: PCMBuffer(sampleRate: 44100, samples: [0, 100, 0]))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: DataFileError.self) { try EarconLibrary(profile: profile, sampleRate: speechRate) }
        #expect(error?.location == SourceLocation(file: folder + "/custom.json", line: 5, column: 27))
        #expect(error?.message == "earcon \"boundary\" file \(folder)/sounds/bonk.wav is at 44100 Hz; earcons play at the speech rate of 22050 Hz (convert with `sox IN.wav -r 22050 -c 1 -b 16 OUT.wav`)")
    }

    @Test("a missing WAV override is reported at the profile's file key")
    func missingWavOverrideIsReported() throws {
        let (profile, folder) = try Self.profileWithOverride(file: "sounds/missing.wav", wav: nil)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: DataFileError.self) { try EarconLibrary(profile: profile, sampleRate: speechRate) }
        #expect(error?.location.line == 5)
        #expect(error?.message.hasPrefix("earcon \"boundary\" file cannot be used: \(folder)/sounds/missing.wav: error:") == true)
    }
}
