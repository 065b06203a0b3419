import EarshotAudio
import EarshotCore
import Foundation

/// `jack_rec` recording one JACK output port to a WAV file, sample-accurately.
public struct JackRecording {
    public let process: Process
    public let path: String

    /// Starts recording `port` for `seconds` (jack_rec takes whole seconds) and waits until jack_rec is connected to it.
    public static func start(port: String, seconds: Int, path: String) throws -> JackRecording {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/jack_rec")
        process.arguments = ["-f", path, "-d", String(seconds), port]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Generous: on a loaded machine jack_lsp itself takes a while.
        let end = Date(timeIntervalSinceNow: 15)
        while Date() < end {
            if JackDummyServer.connections(of: port).contains(where: { $0.hasPrefix("jackrec:") }) {
                return JackRecording(process: process, path: path)
            }
            usleep(10_000)
        }
        process.terminate()
        throw FileIOError(path: path, reason: "jack_rec did not connect to \(port)")
    }

    /// Waits for the recording to end and reads it.
    public func finish() throws -> PCMBuffer {
        process.waitUntilExit()
        return try WAVFile.read(path: path)
    }
}

/// Index of the first sample louder than `threshold`.
public func firstLoud(_ samples: some RandomAccessCollection<Int16>, threshold: Int16 = 200) -> Int? {
    samples.firstIndex { abs(Int($0)) > Int(threshold) }.map { samples.distance(from: samples.startIndex, to: $0) }
}

/// Recording index of sample 0 of `sound`, found by its first loud samples after `from`: the
/// 400 samples from its onset, each equal within 2 (the float round trip through JACK).
public func locate(_ sound: [Int16], in recorded: [Int16], from: Int = 0) -> Int? {
    guard let onset = firstLoud(sound) else { return nil }
    let probe = 400
    var index = from + onset
    while index + probe < recorded.count, onset + probe < sound.count {
        if abs(Int(recorded[index])) > 200,
           (0..<probe).allSatisfy({ abs(Int(recorded[index + $0]) - Int(sound[onset + $0])) <= 2 }) {
            return index - onset
        }
        index += 1
    }
    return nil
}

/// Index in `sound` just past the last loud stretch of it that the recording holds at
/// `offset`: 32 samples in a row equal within 2 (the float round trip through JACK), so a
/// lone sample of other sound that happens to agree does not count.
public func heardEnd(of sound: [Int16], in recorded: [Int16], at offset: Int) -> Int {
    let window = 32
    var end = 0
    var run = 0
    var loudInRun = false
    for index in 0..<sound.count where offset + index >= 0 && offset + index < recorded.count {
        let sample = recorded[offset + index]
        if abs(Int(sample) - Int(sound[index])) <= 2 {
            run += 1
            if abs(Int(sample)) > 200 { loudInRun = true }
            if run >= window && loudInRun && abs(Int(sample)) > 200 { end = index + 1 }
        } else {
            run = 0
            loudInRun = false
        }
    }
    return end
}

/// What of `sound` the recording holds from `offset` on, allowing for frames the machine lost
/// or inserted under load: a JACK period of silence when the player fell behind (an underrun),
/// or frames jack_rec's writer dropped. Where the recording stops agreeing with the sound, the
/// next 64 samples of the sound are looked for within `maxShift` frames either side, and the
/// walk goes on there. `end` is as `heardEnd`'s (index in `sound`), `recordedEnd` the recording's
/// index just past it, and `shifts` the realignments, each a glitch of the machine, not of what
/// was scheduled.
public func heardEndAllowingGlitches(of sound: [Int16], in recorded: [Int16], at offset: Int,
                                     maxShift: Int) -> (end: Int, recordedEnd: Int, shifts: [Int]) {
    let window = 32, probe = 64
    func agrees(_ soundIndex: Int, _ recordedIndex: Int) -> Bool {
        recordedIndex >= 0 && recordedIndex < recorded.count && abs(Int(recorded[recordedIndex]) - Int(sound[soundIndex])) <= 2
    }
    var shift = 0, end = 0, recordedEnd = offset, run = 0, loudInRun = false
    var shifts: [Int] = []
    var index = 0
    while index < sound.count, offset + shift + index < recorded.count {
        let at = offset + shift + index
        if agrees(index, at) {
            run += 1
            if abs(Int(recorded[at])) > 200 { loudInRun = true }
            if run >= window && loudInRun && abs(Int(recorded[at])) > 200 {
                end = index + 1
                recordedEnd = at + 1
            }
            index += 1
            continue
        }
        run = 0
        loudInRun = false
        // Realign past this sample: the recording has frames inserted (the sound's next loud
        // stretch is found later in it) or frames dropped (the recording goes on with a later
        // part of the sound). If neither holds within `maxShift`, the recording holds no more
        // of the sound.
        guard let loud = (index + 1..<sound.count).first(where: { abs(Int(sound[$0])) > 200 }),
              loud + probe <= sound.count else { break }
        let expected = offset + shift + loud
        if let inserted = (0...maxShift).first(where: { delta in (0..<probe).allSatisfy { agrees(loud + $0, expected + delta + $0) } }) {
            if inserted > 0 { shifts.append(inserted) }
            shift += inserted
            index = loud
            continue
        }
        let next = at + 1
        guard next + probe <= recorded.count, (next..<next + probe).contains(where: { abs(Int(recorded[$0])) > 200 }) else { break }
        let dropped = (1...maxShift).first { delta in
            index + 1 + delta + probe <= sound.count && (0..<probe).allSatisfy { agrees(index + 1 + delta + $0, next + $0) }
        }
        guard let delta = dropped else { break }
        shifts.append(-delta)
        shift -= delta
        index += 1 + delta
    }
    return (end, recordedEnd, shifts)
}
